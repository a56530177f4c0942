import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::origin-bank.origin-bank');
