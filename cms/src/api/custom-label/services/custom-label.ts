import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::custom-label.custom-label');
