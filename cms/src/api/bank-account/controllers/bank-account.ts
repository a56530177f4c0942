import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::bank-account.bank-account');
