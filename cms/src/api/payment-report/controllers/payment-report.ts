import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::payment-report.payment-report');
