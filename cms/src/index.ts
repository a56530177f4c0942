import type { Core } from '@strapi/strapi';
import { seedDemo } from './seed';

export default {
  register(/* { strapi }: { strapi: Core.Strapi } */) {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    if (process.env.SEED_DEMO !== 'false') {
      await seedDemo(strapi, { reset: false });
    }
  },
};
