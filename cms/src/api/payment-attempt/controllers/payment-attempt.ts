import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::payment-attempt.payment-attempt');
