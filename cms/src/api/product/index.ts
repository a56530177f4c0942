import type { Core } from '@strapi/strapi';
import { registerSlugMiddleware } from '../course/utils/slug-middleware';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerSlugMiddleware(strapi, 'api::product.product', 'product');
  },
};
