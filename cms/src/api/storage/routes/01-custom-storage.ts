/** Uploads and the storage status, at the old client's paths. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/api/home/test_upload', handler: 'api::storage.storage.upload', access: 'public' },
  { method: 'GET', path: '/api/storage/details', handler: 'api::storage.storage.details', access: 'shop_admin' },
  { method: 'GET', path: '/private/uploads', handler: 'api::storage.storage.listOwn', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
