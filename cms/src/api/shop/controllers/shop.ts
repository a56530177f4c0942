/** Thin: reads the body with zod, lets the shop service look things up, answers in the spec's shapes. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { findStudent } from '../../../http/auth';
import { localeOf } from '../../../http/messages';
import { idList, idParam } from '../../../lib/input-fields';
import { parseInput } from '../../../lib/input';
import { guardCouponGuess } from '../lib/coupon-guesses';
import type { Ctx } from '../../../http/ctx';

/** At most this many ids in one lookup: a cart is far smaller. */
const MAX_IDS = 100;

const PromotionParams = z.object({ id: idParam });

export const PricingPlanLookupSchema = z.object({ courseID: idList(MAX_IDS) });
export const CouponIdsLookupSchema = z.object({ couponID: idList(MAX_IDS) });
export const CouponCodeLookupSchema = z.object({ coupon_code: z.string().trim().min(1).max(64) });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const shop = () => strapi.service('api::shop.shop');
  const viewer = async (ctx: Ctx) => shop().viewer((await findStudent(strapi, ctx))?.id ?? null);

  return {
    async howToBuy(ctx: Ctx) {
      ctx.body = { success: true, ...(await shop().howToBuy()) };
    },

    async promotions(ctx: Ctx) {
      ctx.body = { success: true, data: await shop().activePromotions({ viewer: await viewer(ctx), now: new Date() }) };
    },

    async promotion(ctx: Ctx) {
      const { id } = parseInput(PromotionParams, ctx.params);
      ctx.body = { success: true, data: await shop().promotionDetail({ id, viewer: await viewer(ctx), now: new Date() }) };
    },

    async pricingPlans(ctx: Ctx) {
      const { courseID } = parseInput(PricingPlanLookupSchema, ctx.request.body ?? {});
      const student = await findStudent(strapi, ctx);
      const data = await strapi.service('api::course-page.course-page').plansForCourses({ courseIds: courseID, viewerId: student?.id ?? null, now: new Date() });
      ctx.body = { success: true, data };
    },

    async couponsByIds(ctx: Ctx) {
      const { couponID } = parseInput(CouponIdsLookupSchema, ctx.request.body ?? {});
      ctx.body = { success: true, data: await shop().couponsByIds({ ids: couponID, viewer: await viewer(ctx), now: new Date() }) };
    },

    async couponByCode(ctx: Ctx) {
      const { coupon_code } = parseInput(CouponCodeLookupSchema, ctx.request.body ?? {});
      const student = await findStudent(strapi, ctx);
      const coupon = await guardCouponGuess(strapi, ctx, student?.id ?? null, async () =>
        shop().couponByCode({ code: coupon_code, viewer: await shop().viewer(student?.id ?? null), now: new Date() }),
      );
      ctx.body = { success: true, data: [coupon] };
    },

    async paymentMethods(ctx: Ctx) {
      ctx.body = { success: true, data: await shop().paymentMethods(localeOf(ctx)) };
    },

    async bankTransferMethod(ctx: Ctx) {
      ctx.body = { success: true, data: await shop().bankTransferMethod(localeOf(ctx)) };
    },

    async bankAccounts(ctx: Ctx) {
      ctx.body = { success: true, data: await shop().bankAccounts() };
    },

    async originBanks(ctx: Ctx) {
      ctx.body = { success: true, data: await shop().originBanks() };
    },
  };
};
