import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::payment-report.payment-report');
