/** Uploads and the storage status, at the old client's paths; private files; the administrator's picture lists. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/public/uploads/ticket', handler: 'api::storage.storage.ticket', access: 'public' },
  { method: 'POST', path: '/api/home/test_upload', handler: 'api::storage.storage.upload', access: 'public' },
  { method: 'GET', path: '/api/storage/details', handler: 'api::storage.storage.details', access: 'shop_admin' },
  { method: 'GET', path: '/private/uploads', handler: 'api::storage.storage.listOwn', access: 'student' },
  { method: 'GET', path: '/private/files/:name', handler: 'api::storage.storage.file', access: 'student' },
  { method: 'GET', path: '/private/admin/pictures', handler: 'api::storage.pictures.list', access: 'shop_admin' },
  { method: 'GET', path: '/private/admin/pictures/:type/:id', handler: 'api::storage.pictures.find', access: 'shop_admin' },
  { method: 'PUT', path: '/private/admin/pictures/:type/:id', handler: 'api::storage.pictures.save', access: 'shop_admin' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
