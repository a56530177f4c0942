/** Thin: parse with the shared order schema, let the service price and place it, shape the spec's response. */
import type { Core } from '@strapi/strapi';
import { OrderPayloadSchema } from '@sala/shared/schemas';
import { requestSettings } from '../../../http/auth';
import { localeOf } from '../../../http/messages';
import { parseBody, parseId } from '../lib/payload';
import { z } from 'zod';
import { parseInput } from '../../../lib/input';
import { guardCouponGuess } from '../../shop/lib/coupon-guesses';

/** Paging as the spec's lists do it (10 a page by default, at most 40); a token narrows to one order. */
const OwnOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(40).default(10),
  order_token: z.string().trim().min(1).max(64).optional(),
});
import type { OrderServiceApi } from '../services/order';
import type { ReorderServiceApi } from '../services/reorder';
import type { StudentCtx } from '../../../http/ctx';
import { translatorFor } from '../../../lib/texts';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => strapi.service('api::checkout.order') as OrderServiceApi;

  return {
    /** POST /private/cart/order: `{ success, orderId, order_detail }`; a free order that needs approval also carries `msg`. */
    async create(ctx: StudentCtx) {
      const payload = parseBody(OrderPayloadSchema, ctx.request.body);
      // the guard read the site settings of this request: the order prices with the same row
      const settings = await requestSettings(strapi, ctx);
      const place = () => orders().place({ buyer: ctx.state.student, payload, settings });
      // an order that names a code is a guess like a look-up: it counts when the code gives nothing
      const placed = payload.coupon_code?.length ? await guardCouponGuess(strapi, ctx, ctx.state.student.id, place) : await place();
      ctx.status = 201;
      ctx.body = {
        success: true,
        orderId: placed.orderId,
        order_detail: placed.order_detail,
        ...(placed.needApproval ? { need_approval: true, msg: (await translatorFor(strapi, localeOf(ctx)))('need_approval') } : {}),
      };
    },

    /**
     * POST /private/orders/:orderId/retry: the order to pay after a payment that did not go through
     * (docs/decisions/178) → `{ success, orderId, reused, order_detail? }`. Only the order id is read
     * from the request; the selections are the stored order's and every total is priced again.
     */
    async retry(ctx: StudentCtx) {
      const orderId = parseId(ctx.params.orderId, { inPath: true });
      const settings = await requestSettings(strapi, ctx);
      const retried = await (strapi.service('api::checkout.reorder') as ReorderServiceApi).retryOwnOrder({ buyer: ctx.state.student, orderId, settings });
      ctx.status = retried.reused ? 200 : 201;
      ctx.body = { success: true, orderId: retried.orderId, reused: retried.reused, ...(retried.placed ? { order_detail: retried.placed.order_detail } : {}) };
    },

    /** POST /public/cart/deleteorder { order_id }: the caller's unpaid order is cancelled. */
    async cancel(ctx: StudentCtx) {
      const body = (ctx.request.body ?? {}) as { order_id?: unknown };
      const result = await orders().cancelOwnUnpaidOrder(ctx.state.student.id, parseId(body.order_id));
      ctx.body = { success: true, ...result };
    },

    /** GET /private/orders?page=1&pageSize=10[&order_token=...]: the caller's own orders → `{ success, data, pagination }`. */
    async list(ctx: StudentCtx) {
      const query = parseInput(OwnOrdersQuerySchema, ctx.query);
      const { data, total } = await orders().listOwnOrders(ctx.state.student.id, { page: query.page, pageSize: query.pageSize, orderToken: query.order_token });
      ctx.body = { success: true, data, pagination: { page: query.page, pageSize: query.pageSize, total } };
    },

    /** GET /private/orders/:orderId */
    async show(ctx: StudentCtx) {
      const detail = await orders().findOwnOrder(ctx.state.student.id, parseId(ctx.params.orderId, { inPath: true }));
      ctx.body = { success: true, ...detail };
    },

    /** GET /private/payments/methods/order/:orderId */
    async showForPayment(ctx: StudentCtx) {
      const detail = await orders().findOwnOrderForPayment(ctx.state.student.id, parseId(ctx.params.orderId, { inPath: true }));
      ctx.body = { success: true, ...detail };
    },
  };
};
