import type { Core } from '@strapi/strapi';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // An admin-panel call (admin JWT, not the content API): Strapi's API routers are always content-API ones.
    strapi.server.routes({
      type: 'admin',
      prefix: '/sala-admin',
      routes: [{ method: 'GET', path: '/at-a-glance', handler: 'api::dashboard.dashboard.atAGlance', config: { policies: ['admin::isAuthenticatedAdmin'] } }],
    } as never);
  },
};
