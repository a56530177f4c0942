/** Shipping for physical products: the shop's shipping methods and the student's own delivery addresses. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/shipping/fees', handler: 'api::shipping.shipping.listFees', access: 'public' },
  { method: 'GET', path: '/private/shipping/addresses', handler: 'api::shipping.shipping.listAddresses', access: 'student' },
  { method: 'POST', path: '/private/shipping/addresses', handler: 'api::shipping.shipping.saveAddress', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
