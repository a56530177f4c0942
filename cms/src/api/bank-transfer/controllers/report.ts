/**
 * Thin: finds the order the caller may report on, checks the report in the spec's
 * order with the shared schema, lets the service file it, answers the spec's shape.
 */
import type { Core } from '@strapi/strapi';
import { translatorFor } from '../../../lib/texts';
import { notFound } from '../../../lib/errors';
import { localeOf } from '../../../http/messages';
import { parseReport, reportOrderId } from '../lib/payloads';
import type { ReportableOrder } from '../services/report';
import type { Ctx } from '../../../http/ctx';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const reports = () => strapi.service('api::bank-transfer.report');

  async function file(ctx: Ctx, access: { studentId: number } | { orderToken: string }) {
    const t = await translatorFor(strapi, localeOf(ctx));
    const body = ctx.request.body ?? {};
    const order = (await reports().findReportableOrder({ orderId: reportOrderId(body, t), ...access, t })) as ReportableOrder;
    const payload = parseReport(body, { netAmount: order.netAmount, slipRequired: order.slipRequired, defaultContactName: order.defaultContactName }, t);
    const result = await reports().file({ order, payload, t });
    ctx.status = 201;
    ctx.body = { success: true, orderPaymentId: result.orderPaymentId, order_token: result.order_token };
  }

  return {
    /** POST /private/payment/report: the signed-in student's own order. */
    async filePrivate(ctx: Ctx) {
      await file(ctx, { studentId: ctx.state.student!.id });
    },

    /** POST /public/payment/report: no session; the order's token is the proof (ADR 070). */
    async filePublic(ctx: Ctx) {
      const token = (ctx.request.body as { order_token?: unknown } | undefined)?.order_token;
      if (typeof token !== 'string' || token.trim() === '') throw notFound();
      await file(ctx, { orderToken: token.trim() });
    },
  };
};
