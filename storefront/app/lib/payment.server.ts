/**
 * The payment of one order from the /pay/{orderId} screen: the order and its method, the
 * start of the method's payment through the CMS call of spec section 7 (the CMS prices
 * the order, talks to the provider and answers the adapter's browser step), and the
 * order's payment status for the screen's polling. The student's token stays here.
 */
import { PAYMENT_METHOD_IDS as M } from '@sala/shared/constants';
import { z } from 'zod';
import type { BrowserStep, PayOrder } from '~/models/payment/types';
import { orderAmountsFromWire } from '~/models/orders/amounts';
import { getEnv } from '~/env.server';
import { callJson, getOrderForPayment, getPaymentMethods, postJson, type CallOptions } from './cms.server';
import { getSessionStudent, hasSessionCookie } from './session.server';

type Options = CallOptions & { jwt: string };

/** The order as the payment screen shows it, with the CMS's totals in minor units. */
export async function loadPayOrder(orderId: number, options: Options): Promise<{ order: PayOrder; wire: Awaited<ReturnType<typeof getOrderForPayment>> }> {
  const [order, methods] = await Promise.all([
    getOrderForPayment(orderId, options),
    // the method's name only: a list that cannot be read leaves the screen without it
    getPaymentMethods(options).catch(() => []),
  ]);
  const amounts = orderAmountsFromWire(order);
  const method = methods.find((candidate) => candidate.id === order.payment_method_id) ?? null;
  const view: PayOrder = {
    id: order.id,
    token: order.order_token,
    status: order.payment_status,
    currency: order.currency_code,
    priceAmount: amounts.priceAmount,
    discountAmount: amounts.discountAmount,
    shippingFeeAmount: amounts.shippingFeeAmount,
    withholdingAmount: amounts.withholdingAmount,
    vatAmount: amounts.vatAmount,
    vatMode: amounts.vatMode,
    vatBasisPoints: amounts.vatBasisPoints,
    beforeVatAmount: amounts.beforeVatAmount,
    netAmount: amounts.netAmount,
    paymentMethodId: order.payment_method_id,
    paymentMethodName: method?.name ?? null,
    email: order.email,
  };
  return { order: view, wire: order };
}

const AttemptSchema = z.looseObject({ attemptId: z.union([z.number(), z.string()]), status: z.string(), expires_at: z.string().nullable().optional() });
const ok = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject({ success: z.literal(true), attempt: AttemptSchema.optional(), ...shape });

const RedirectLinkSchema = ok({ result: z.looseObject({ webPaymentUrl: z.string().url() }) });
const TwoC2pQrSchema = ok({ result: z.looseObject({ qrImage: z.string().min(1), expiresAt: z.string().nullable().optional() }) });
const TwoC2pCardSchema = ok({ result: z.looseObject({ action: z.string().url(), fields: z.record(z.string(), z.string()) }) });
const ScbQrSchema = ok({
  status: z.looseObject({ code: z.number() }),
  data: z.looseObject({ qrImage: z.string().min(1), qrRawData: z.string().nullable().optional(), expiresAt: z.string().nullable().optional() }),
});
const OmiseCardSchema = ok({ status: z.string(), charges: z.looseObject({ id: z.string(), authorize_uri: z.string().nullable().optional() }) });
const OmisePromptPaySchema = ok({ QrcodeUrl: z.looseObject({ image: z.looseObject({ download_uri: z.string().min(1) }) }), expiresAt: z.string().nullable().optional() });
const XenditInvoiceSchema = ok({ data: z.looseObject({ invoice_url: z.string().url() }) });
const XenditQrSchema = ok({ data: z.looseObject({ qrImage: z.string().min(1), qr_string: z.string().nullable().optional(), expiresAt: z.string().nullable().optional() }) });
const PaySolutionsSchema = ok({ data: z.looseObject({ action: z.string().url(), fields: z.record(z.string(), z.union([z.string(), z.number()])) }) });
const PayPalSchema = ok({ id: z.string(), clientId: z.string().optional(), currency: z.string().optional(), approveUrl: z.string().nullable().optional() });
const BankTransferSchema = ok({ data: z.looseObject({ amount: z.string(), currency_code: z.string(), accounts: z.array(z.unknown()) }) });

export type StartedPayment = { browser: BrowserStep; attemptId: number | string | null };

/** Where a started payment's attempt is; the screen keeps it to tell its own attempt's status. */
function attemptOf(answer: { attempt?: z.infer<typeof AttemptSchema> }): number | string | null {
  return answer.attempt?.attemptId ?? null;
}

const dataUrl = (image: string) => (image.startsWith('data:') ? image : `data:image/png;base64,${image}`);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Starts the payment of the student's own unpaid order with its chosen method. `extra` is
 * what the buyer entered first (method 8 `token`, method 3 `encryptedCardInfo` and
 * `cardholderName`, method 10 `installmentPeriod`). Refusals come back as CmsApiError
 * with the spec's code (payment_fail, MINIMUM_AMOUNT, ORDER_STATE_CONFLICT, ...).
 */
export async function startPayment(args: {
  orderId: number;
  methodId: number;
  extra?: Record<string, string>;
  jwt: string;
  locale?: CallOptions['locale'];
  signal?: AbortSignal;
}): Promise<StartedPayment> {
  const { orderId, methodId, extra = {}, jwt } = args;
  // Providers answer in seconds; a QR fetched server-side (2C2P) takes two calls.
  const options: Options = { jwt, locale: args.locale, signal: args.signal, timeoutMs: 20_000 };
  const body = { orderId };
  switch (methodId) {
    case M.BANK_TRANSFER: {
      const answer = await postJson('/api/payment/bank-transfer', BankTransferSchema, body, options);
      return { browser: { kind: 'modal', data: answer.data }, attemptId: attemptOf(answer) };
    }
    case M.PAYPAL: {
      const answer = await postJson('/api/paypal/orders', PayPalSchema, body, options);
      return {
        browser: { kind: 'modal', data: { orderId: answer.id, clientId: answer.clientId ?? '', currency: answer.currency ?? null, approveUrl: answer.approveUrl ?? null } },
        attemptId: attemptOf(answer),
      };
    }
    case M.TWOC2P_CARD: {
      const encryptedCardInfo = text(extra.encryptedCardInfo);
      if (encryptedCardInfo) {
        const answer = await postJson('/api/payment/2c2p/creditcard', TwoC2pCardSchema, { ...body, encryptedCardInfo, cardholderName: text(extra.cardholderName) || undefined }, options);
        return { browser: { kind: 'form', action: answer.result.action, fields: answer.result.fields }, attemptId: attemptOf(answer) };
      }
      const answer = await postJson('/api/payment/2c2p/payment/link', RedirectLinkSchema, body, options);
      return { browser: { kind: 'redirect', url: answer.result.webPaymentUrl }, attemptId: attemptOf(answer) };
    }
    case M.TWOC2P_INSTALLMENT: {
      const installmentPeriod = text(extra.installmentPeriod) || undefined;
      const answer = await postJson('/api/payment/2c2p/installment/link', RedirectLinkSchema, { ...body, installmentPeriod }, options);
      return { browser: { kind: 'redirect', url: answer.result.webPaymentUrl }, attemptId: attemptOf(answer) };
    }
    case M.TWOC2P_QR: {
      const answer = await postJson('/api/payment/2c2p/qr-code/link', TwoC2pQrSchema, body, options);
      return { browser: { kind: 'qr', imageDataUrl: dataUrl(answer.result.qrImage), payload: null, expiresAt: answer.result.expiresAt ?? null }, attemptId: attemptOf(answer) };
    }
    case M.SCB_QR: {
      const answer = await postJson('/api/payment/scb/qrcode/create', ScbQrSchema, body, options);
      // Spec section 4: the bank QR succeeded only when the status code is 1000.
      if (answer.status.code !== 1000) throw new PaymentStartError('payment_fail');
      return {
        browser: { kind: 'qr', imageDataUrl: dataUrl(answer.data.qrImage), payload: answer.data.qrRawData ?? null, expiresAt: answer.data.expiresAt ?? null },
        attemptId: attemptOf(answer),
      };
    }
    case M.OMISE_CARD: {
      const answer = await postJson('/api/omise/creditcard', OmiseCardSchema, { ...body, omise_token: text(extra.token) || text(extra.omise_token) }, options);
      if (answer.status === 'successful') return { browser: { kind: 'done', status: 'approved' }, attemptId: attemptOf(answer) };
      if (!answer.charges.authorize_uri) throw new PaymentStartError('payment_fail');
      return { browser: { kind: 'redirect', url: answer.charges.authorize_uri }, attemptId: attemptOf(answer) };
    }
    case M.OMISE_PROMPTPAY: {
      const answer = await postJson('/api/omise/promptpay', OmisePromptPaySchema, body, options);
      return { browser: { kind: 'qr', imageDataUrl: dataUrl(answer.QrcodeUrl.image.download_uri), payload: null, expiresAt: answer.expiresAt ?? null }, attemptId: attemptOf(answer) };
    }
    case M.XENDIT_INVOICE: {
      const answer = await postJson('/api/xendit', XenditInvoiceSchema, body, options);
      return { browser: { kind: 'redirect', url: answer.data.invoice_url }, attemptId: attemptOf(answer) };
    }
    case M.XENDIT_PROMPTPAY: {
      const answer = await postJson('/api/xendit/promptpay', XenditQrSchema, body, options);
      return { browser: { kind: 'qr', imageDataUrl: dataUrl(answer.data.qrImage), payload: answer.data.qr_string ?? null, expiresAt: answer.data.expiresAt ?? null }, attemptId: attemptOf(answer) };
    }
    case M.PAYSOLUTIONS: {
      const answer = await postJson('/api/paysolutions', PaySolutionsSchema, body, options);
      const fields = Object.fromEntries(Object.entries(answer.data.fields).map(([name, value]) => [name, String(value)]));
      return { browser: { kind: 'form', action: answer.data.action, fields }, attemptId: attemptOf(answer) };
    }
    default:
      throw new PaymentStartError('NO_PAYMENT_METHOD');
  }
}

/** A start the storefront itself refuses (an unknown method, a bank QR without code 1000). */
export class PaymentStartError extends Error {
  constructor(readonly code: string) {
    super(`payment not started: ${code}`);
    this.name = 'PaymentStartError';
  }
}

const PaymentStatusSchema = z.looseObject({
  success: z.literal(true),
  payment_status: z.string(),
  attempts: z
    .array(z.looseObject({ attemptId: z.union([z.number(), z.string()]), status: z.string() }))
    .optional()
    .default([]),
});

/** GET /private/orders/:orderId/payment-status: the CMS asks the provider about pending attempts, then answers the order's status. */
export async function readPaymentStatus(orderId: number, options: Options): Promise<{ orderStatus: string; attempts: { attemptId: number | string; status: string }[] }> {
  const answer = await callJson(`/private/orders/${orderId}/payment-status`, PaymentStatusSchema, { timeoutMs: 15_000, ...options });
  return { orderStatus: answer.payment_status, attempts: answer.attempts.map((attempt) => ({ attemptId: attempt.attemptId, status: attempt.status })) };
}

/** The methods that show a QR on our page and wait for the payment there. */
export const QR_METHOD_IDS: readonly number[] = [M.SCB_QR, M.OMISE_PROMPTPAY, M.XENDIT_PROMPTPAY, M.TWOC2P_QR];

/**
 * What the browser needs to join the student's real-time room: the channel's address and the
 * user id. Never a token: the page asks /realtime/ticket for a short-lived ticket (ADR 157).
 */
export type RealtimeSessionData = { url: string | null; userId: number };

/**
 * The real-time session of a signed-in student, for the root loader; null for a visitor
 * (visitors open no channel). `url` null lets the browser use the page's own origin, which forwards /socket.io.
 */
export async function realtimeSessionOf(request: Request): Promise<RealtimeSessionData | null> {
  if (!hasSessionCookie(request)) return null;
  const student = await getSessionStudent(request);
  if (!student?.userId || !student.jwt) return null;
  return { url: getEnv().REALTIME_PUBLIC_URL ?? null, userId: student.userId };
}
