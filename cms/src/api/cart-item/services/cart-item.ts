import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::cart-item.cart-item');
