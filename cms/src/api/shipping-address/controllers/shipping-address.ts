import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::shipping-address.shipping-address');
