import type { Core } from '@strapi/strapi';
import { registerPaymentSecrets } from './lib/secrets';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerPaymentSecrets(strapi);
  },
};
