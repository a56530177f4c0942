import type { StrapiApp } from '@strapi/strapi/admin';

/**
 * The Strapi admin's customisation: its languages, custom fields, entry actions and home
 * widgets. Each feature keeps its code in a folder of its own beside this file and adds a line here.
 */
export default {
  config: {
    locales: ['th'],
    // no call to GitHub for Strapi's release news: editors cannot upgrade the CMS from the admin
    notifications: { releases: false },
  },
  register(app: StrapiApp) {
    void app;
  },
  bootstrap(app: StrapiApp) {
    void app;
  },
};
