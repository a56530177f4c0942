/**
 * The bodies of the payment calls (spec section 7). Only what names the order
 * and what the provider needs from the browser is read: amounts, currencies,
 * e-mails and redirect URLs the old client sends are ignored, because the order
 * decides the amount and the CMS decides where the buyer returns.
 */
import { z } from 'zod';
import { badRequest } from '../../../lib/errors';

/** An order id as the old client sends it: a number or digits (leading zeros kept by the card screen's path). */
const orderIdField = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .pipe(z.string().regex(/^\d{1,15}$/))
  .transform(Number)
  .pipe(z.number().int().positive());

/** `orderId`, or `order_id` where the old client named it so. */
function withOrderId<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess(
    (body) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
      const fields = body as Record<string, unknown>;
      return { ...fields, orderId: fields.orderId ?? fields.order_id };
    },
    z.object({ orderId: orderIdField, ...shape }),
  );
}

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** POST /api/payment/2c2p/payment/link, /installment/link, /qr-code/link; /api/payment/scb/qrcode/create; /api/xendit(/promptpay); /api/paysolutions; /api/paypal/orders; the bank-transfer start. */
export const OrderPaymentSchema = withOrderId({});

/** The 2C2P link of an installment order: optional periods to offer, e.g. "3,6". */
export const InstallmentLinkSchema = withOrderId({
  installmentPeriod: z
    .string()
    .trim()
    .regex(/^\d{1,2}(,\d{1,2})*$/)
    .optional(),
});

/** The 2C2P 9.9 card hand-off: the card as `my2c2p` encrypted it in the browser; the card number never reaches us. */
export const TwoC2pCardSchema = withOrderId({
  encryptedCardInfo: z.string().trim().min(1).max(8192),
  maskedCardInfo: optionalText(32),
  expMonthCardInfo: optionalText(2),
  expYearCardInfo: optionalText(4),
  cardholderName: optionalText(255),
});

/** POST /api/omise/creditcard: the one-time card token Omise.js made with the public key. */
export const OmiseCardSchema = withOrderId({
  omise_token: z
    .string()
    .trim()
    .regex(/^tokn_\w{1,64}$/),
});

/** A PayPal order id in a path. */
export const PAYPAL_ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

type Issue = { path: PropertyKey[]; message: string };
type Parser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } } };

/** Parses a body; anything that does not fit is 400 VALIDATION_ERROR naming the fields, before any service runs. */
export function parsePayload<T>(schema: Parser<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  throw badRequest('VALIDATION_ERROR', undefined, { errors });
}
