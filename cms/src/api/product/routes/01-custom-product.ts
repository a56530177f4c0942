/** The product list and the product page, at the old client's paths. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/product', handler: 'api::product.product-page.listProducts', access: 'public' },
  { method: 'GET', path: '/public/products/:id/:n', handler: 'api::product.product-page.productDetail', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
