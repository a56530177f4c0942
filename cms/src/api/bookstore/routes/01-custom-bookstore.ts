/** The hand-off of a cart of books to the external book retailer (spec section 7). */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'POST', path: '/api/bookstore/cart', handler: 'api::bookstore.bookstore.handOffCart', access: 'student' },
  // every book of the caller's own cart, built from its rows (docs/decisions/184)
  { method: 'POST', path: '/api/bookstore/cart/mine', handler: 'api::bookstore.bookstore.handOffMyCart', access: 'student' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
