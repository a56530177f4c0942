/**
 * The public catalogue, at the old client's paths outside /api. Strapi keeps `prefix: ''`
 * routes under /api, so `customRoutes` is registered from register() (see http/routes.ts).
 */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/courses', handler: 'api::catalog.catalog.listCourses', access: 'public' },
  { method: 'GET', path: '/public/texts', handler: 'api::catalog.catalog.listTexts', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
