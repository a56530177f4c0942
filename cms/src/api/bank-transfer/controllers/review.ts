/** Thin: the shop admin's review calls; parse, let the review service decide, answer the spec's shape. */
import type { Core } from '@strapi/strapi';
import { translatorFor } from '../../../lib/texts';
import { localeOf } from '../../../http/messages';
import { ApprovalPayloadSchema, RejectionPayloadSchema, ReportListQuerySchema, SlipRefusalListQuerySchema, parseInput } from '../lib/payloads';
import type { Ctx } from '../../../http/ctx';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const review = () => strapi.service('api::bank-transfer.review');
  const reviewer = (ctx: Ctx) => ({ id: ctx.state.student!.id, username: ctx.state.student!.username });

  return {
    /** POST /private/orders/payment/approved → `{ success, order_token }`. */
    async approve(ctx: Ctx) {
      const payload = parseInput(ApprovalPayloadSchema, ctx.request.body, await translatorFor(strapi, localeOf(ctx)));
      const result = await review().approve({
        reportId: payload.order_payment_id,
        orderId: payload.order_id,
        paymentMethodId: payload.payment_method_id,
        reviewer: reviewer(ctx),
      });
      ctx.body = { success: true, order_token: result.order_token };
    },

    /** POST /private/orders/payment/rejected → `{ success, order_token }`. */
    async reject(ctx: Ctx) {
      const payload = parseInput(RejectionPayloadSchema, ctx.request.body, await translatorFor(strapi, localeOf(ctx)));
      const result = await review().reject({ reportId: payload.order_payment_id, orderId: payload.order_id, reason: payload.reason, reviewer: reviewer(ctx) });
      ctx.body = { success: true, order_token: result.order_token };
    },

    /** GET /private/payments/reports?status=pending&page=1&pageSize=10 → `{ success, data, pagination }`. */
    async list(ctx: Ctx) {
      const query = parseInput(ReportListQuerySchema, ctx.query, await translatorFor(strapi, localeOf(ctx)));
      const { data, total } = await review().list(query);
      ctx.body = { success: true, data, pagination: { page: query.page, pageSize: query.pageSize, total } };
    },

    /** GET /private/payments/slip-refusals?page=1&pageSize=20 → `{ success, data, pagination }` (ADR 205). */
    async slipRefusals(ctx: Ctx) {
      const query = parseInput(SlipRefusalListQuerySchema, ctx.query, await translatorFor(strapi, localeOf(ctx)));
      const { data, total } = await review().listSlipRefusals(query);
      ctx.body = { success: true, data, pagination: { page: query.page, pageSize: query.pageSize, total } };
    },
  };
};
