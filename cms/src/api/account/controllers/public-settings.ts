/** Thin: the public lists the registration form and the storefront are built from, as `{ success, data }`. */
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../http/ctx';
import { localeOf } from '../../../http/messages';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => strapi.service('api::account.public-settings');
  return {
    /** GET /api/user/group → `data: [{ id, name, is_default }]`. */
    async userGroups(ctx: Ctx) {
      ctx.body = { success: true, data: await service().listUserGroups() };
    },

    /** GET /public/customlabel → `data: [{ id, type_label, label, order_label, required, item_list }]`. */
    async customLabels(ctx: Ctx) {
      ctx.body = { success: true, data: await service().listCustomLabels(localeOf(ctx)) };
    },

    /** GET /api/setting/site/into/1 → `data: { title, auto_cancel, layout, switches... }`. */
    async siteSettings(ctx: Ctx) {
      ctx.body = { success: true, data: await service().publicSiteSettings() };
    },
  };
};
