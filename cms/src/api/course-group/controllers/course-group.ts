import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::course-group.course-group');
