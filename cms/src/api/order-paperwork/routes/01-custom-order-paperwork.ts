/** The order paperwork after payment (docs/decisions/197, 198). Registered from register() by http/routes.ts. */
import type { CustomRoute } from '../../../http/routes';

const handler = (name: string) => `api::order-paperwork.paperwork.${name}`;

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/private/orders/:orderId/withholding-certificate', handler: handler('attachCertificate'), access: 'student' },
  { method: 'GET', path: '/private/orders/:orderId/documents/credit-note', handler: handler('creditNote'), access: 'student' },
  { method: 'GET', path: '/private/admin/orders', handler: handler('adminList'), access: 'shop_admin' },
  { method: 'POST', path: '/private/admin/orders/:orderId/cancel', handler: handler('adminCancel'), access: 'shop_admin' },
  { method: 'GET', path: '/private/admin/orders/:orderId/documents/credit-note', handler: handler('adminCreditNote'), access: 'shop_admin' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
