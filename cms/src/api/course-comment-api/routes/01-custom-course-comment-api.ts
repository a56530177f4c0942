/** Questions and comments under a course page: the list for everyone, posting for students. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/course/:id/comments', handler: 'api::course-comment-api.course-comment-api.list', access: 'public' },
  { method: 'POST', path: '/public/course/:id/comments', handler: 'api::course-comment-api.course-comment-api.create', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
