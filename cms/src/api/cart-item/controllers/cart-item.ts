import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::cart-item.cart-item');
