import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::user-group.user-group');
