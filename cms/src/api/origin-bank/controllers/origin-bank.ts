import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::origin-bank.origin-bank');
