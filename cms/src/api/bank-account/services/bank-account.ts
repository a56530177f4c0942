import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::bank-account.bank-account');
