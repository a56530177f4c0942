/**
 * The order paperwork calls (ADRs 197 and 198): the buyer's withholding certificate, naming an
 * upload of theirs, and the shop's cancellation of a paid order with the reason printed on the
 * credit note. Used by the storefront's forms and by the CMS's controllers alike.
 */
import { z } from 'zod';
import type { Translate } from '../texts/index.js';

/** Longest cancellation reason: it is printed on the credit note. */
export const CANCEL_REASON_MAX_LENGTH = 500;

/** POST /private/orders/{orderId}/withholding-certificate: a stored upload name (server-made, hex and an extension). */
export const WithholdingCertificatePayloadSchema = z.object({ fileName: z.string().regex(/^[0-9a-f]{32}\.[a-z0-9]{2,5}$/) }).strict();

/** POST /private/admin/orders/{orderId}/cancel, with the form's message for a missing reason. */
export function buildCancelPaidOrderSchema(t?: Translate) {
  const required = t ? t('admin_orders_cancel_reason_required') : undefined;
  return z.object({ reason: z.string({ message: required }).trim().min(1, { message: required }).max(CANCEL_REASON_MAX_LENGTH) });
}

export const CancelPaidOrderSchema = buildCancelPaidOrderSchema();
