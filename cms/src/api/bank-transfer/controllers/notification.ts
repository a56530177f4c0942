/** Thin: POST /api/send/to/email/paymentorder → `{ success: true }` once both mails are sent. */
import type { Core } from '@strapi/strapi';
import { translatorFor } from '../../../lib/texts';
import { localeOf } from '../../../http/messages';
import { PaymentMailPayloadSchema, parseInput } from '../lib/payloads';
import type { Ctx } from '../../../http/ctx';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async sendPaymentOrder(ctx: Ctx) {
    const payload = parseInput(PaymentMailPayloadSchema, ctx.request.body, await translatorFor(strapi, localeOf(ctx)));
    await strapi.service('api::bank-transfer.notifications').sendPaymentReported({ orderId: payload.orderId, studentId: ctx.state.student!.id });
    ctx.body = { success: true };
  },
});
