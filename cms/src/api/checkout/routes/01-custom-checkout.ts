/**
 * The cart and order calls of the old client (spec section 7) at their own paths,
 * plus POST /private/cart to put a course in the cart. Registered from register()
 * by http/routes.ts.
 */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/private/cart', handler: 'api::checkout.cart.list', access: 'student' },
  { method: 'POST', path: '/private/cart', handler: 'api::checkout.cart.add', access: 'student' },
  { method: 'GET', path: '/private/cart/ordercourse', handler: 'api::checkout.cart.ownedCourses', access: 'student' },
  { method: 'POST', path: '/public/cart/deleteitem', handler: 'api::checkout.cart.clear', access: 'student' },
  { method: 'GET', path: '/public/cart/:userId', handler: 'api::checkout.cart.listByUser', access: 'student' },
  { method: 'POST', path: '/private/cart/order', handler: 'api::checkout.order.create', access: 'student' },
  { method: 'POST', path: '/public/cart/deleteorder', handler: 'api::checkout.order.cancel', access: 'student' },
  { method: 'GET', path: '/private/orders', handler: 'api::checkout.order.list', access: 'student' },
  { method: 'POST', path: '/private/orders/:orderId/retry', handler: 'api::checkout.order.retry', access: 'student' },
  { method: 'GET', path: '/private/orders/:orderId', handler: 'api::checkout.order.show', access: 'student' },
  { method: 'GET', path: '/private/payments/methods/order/:orderId', handler: 'api::checkout.order.showForPayment', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
