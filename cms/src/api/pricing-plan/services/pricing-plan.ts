import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::pricing-plan.pricing-plan');
