/** Thin: the admin's abilities say which parts of the glance it gets (ADR 171). */
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../http/ctx';

type Ability = { can: (action: string, subject: string) => boolean };
const READ = 'plugin::content-manager.explorer.read';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async atAGlance(ctx: Ctx) {
    const ability = (ctx.state as { userAbility?: Ability }).userAbility;
    const may = (uid: string) => Boolean(ability?.can(READ, uid));
    const parts = { orders: may('api::order.order'), reports: may('api::payment-report.payment-report'), courses: may('api::course.course') };
    const data = await strapi.service('api::dashboard.dashboard').atAGlance({ now: new Date(), parts });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { data };
  },
});
