import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::payment-attempt.payment-attempt');
