import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::shipping-fee.shipping-fee');
