/** Thin: who is calling, what they sent (parsed with the shared schema), the service's answer. */
import type { Core } from '@strapi/strapi';
import { OrderCourseLineSchema, OrderProductLineSchema } from '@sala/shared/schemas';
import { forbidden } from '../../../lib/errors';
import { parseBody, parseId } from '../lib/payload';
import type { StudentCtx } from '../../../http/ctx';
import { localeOf } from '../../../http/messages';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const cart = () => strapi.service('api::checkout.cart');

  return {
    /** GET /public/cart/:userId: only the caller's own cart. */
    async listByUser(ctx: StudentCtx) {
      const userId = parseId(ctx.params.userId, { inPath: true });
      if (userId !== ctx.state.student.id) throw forbidden('PERMISSION_DENIED');
      ctx.body = { success: true, data: await cart().list(userId, localeOf(ctx)) };
    },

    /** GET /private/cart */
    async list(ctx: StudentCtx) {
      ctx.body = { success: true, data: await cart().list(ctx.state.student.id, localeOf(ctx)) };
    },

    /**
     * POST /private/cart { course_id, pricingplan_id? } or { product_id, quantity }: the whole
     * cart after the change.
     */
    async add(ctx: StudentCtx) {
      const body = ctx.request.body as { product_id?: unknown } | undefined;
      if (body && typeof body === 'object' && body.product_id !== undefined) {
        const product = parseBody(OrderProductLineSchema, body);
        ctx.body = { success: true, data: await cart().addProduct({ userId: ctx.state.student.id, productId: product.product_id, quantity: product.quantity, locale: localeOf(ctx) }) };
        return;
      }
      const line = parseBody(OrderCourseLineSchema, ctx.request.body);
      const data = await cart().add({ userId: ctx.state.student.id, courseId: line.course_id, pricingPlanId: line.pricingplan_id ?? null, locale: localeOf(ctx) });
      ctx.body = { success: true, data };
    },

    /** POST /public/cart/deleteitem { user_id }: user_id must be the caller. */
    async clear(ctx: StudentCtx) {
      const body = (ctx.request.body ?? {}) as { user_id?: unknown };
      const userId = parseId(body.user_id);
      if (userId !== ctx.state.student.id) throw forbidden('PERMISSION_DENIED');
      ctx.body = { success: true, deleted: await cart().clear(userId) };
    },

    /** GET /private/cart/ordercourse: courseID and priceplan_id of every course the caller owns. */
    async ownedCourses(ctx: StudentCtx) {
      ctx.body = { success: true, data: await cart().ownedCourses(ctx.state.student.id) };
    },
  };
};
