import type { Core } from '@strapi/strapi';
import { registerSlugMiddleware } from './utils/slug-middleware';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerSlugMiddleware(strapi, 'api::course.course', 'course');
  },
};
