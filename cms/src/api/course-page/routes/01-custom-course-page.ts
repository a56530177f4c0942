/** The course page and storefront address resolution, at the old client's paths. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/courses/:slug/:flag', handler: 'api::course-page.course-page.courseDetail', access: 'public' },
  { method: 'POST', path: '/public/course/cate/pathname', handler: 'api::course-page.course-page.resolvePath', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
