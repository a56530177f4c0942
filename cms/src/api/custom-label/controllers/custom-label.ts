import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::custom-label.custom-label');
