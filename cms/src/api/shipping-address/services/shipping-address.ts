import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::shipping-address.shipping-address');
