import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::pricing-plan.pricing-plan');
