/** The course page, storefront address resolution and the products, at the old client's paths. */
import type { CustomRoute } from '../../../http/routes';

export const customRoutes: CustomRoute[] = [
  { method: 'GET', path: '/public/courses/:slug/:flag', handler: 'api::course-page.course-page.courseDetail', access: 'public' },
  { method: 'POST', path: '/public/course/cate/pathname', handler: 'api::course-page.course-page.resolvePath', access: 'public' },
  { method: 'GET', path: '/public/product', handler: 'api::course-page.course-page.listProducts', access: 'public' },
  { method: 'GET', path: '/public/products/:id/:n', handler: 'api::course-page.course-page.productDetail', access: 'public' },
];

// Strapi loads every file in routes/ as a content-API router; this one adds nothing under /api.
export default { routes: [] };
