/** Thin: POST /api/send/to/email/paymentorder → `{ success: true }` once both mails are sent. */
import type { Core } from '@strapi/strapi';
import { createTranslator } from '@sala/shared/texts';
import type { Student } from '../../../http/auth';
import { localeOf } from '../../../http/messages';
import { PaymentMailPayloadSchema, parseInput } from '../lib/payloads';

type Ctx = { request: { body?: unknown }; state: { student?: Student | null }; query: Record<string, unknown>; body: unknown; get(name: string): string };

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async sendPaymentOrder(ctx: Ctx) {
    const payload = parseInput(PaymentMailPayloadSchema, ctx.request.body, createTranslator(localeOf(ctx)));
    await strapi.service('api::bank-transfer.notifications').sendPaymentReported({ orderId: payload.orderId, studentId: ctx.state.student!.id });
    ctx.body = { success: true };
  },
});
