import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::payment-method.payment-method');
