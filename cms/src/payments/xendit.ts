/**
 * Xendit: method 11 (invoice: the buyer pays on `invoice_url`) and method 12
 * (PromptPay through the Payment Request API: a QR string we render).
 * Callbacks carry the static `x-callback-token`; after checking it we re-read
 * the invoice or payment request and trust only that.
 */
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@sala/shared/constants';
import { compare, parseMajor, toMajorNumber } from '@sala/shared/money';
import { hasCurrency, headerOf, jsonBodyOf, moneyFromMajor, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { attemptReference, baseUrlOf, cancelUrlOf, requireUrl, type HostPair } from './config';
import { safeEqual } from './crypto';
import { basicAuth, callProvider, describeRefusal } from './http';
import { qrDataUrl } from './promptpay';
import { PaymentError, type BrowserAction, type CallbackRequest, type InquiryResult, type PaymentAdapter, type PaymentConfig, type PaymentOrder } from './types';

/** Test and live share the host; the key decides. */
const API_HOSTS: HostPair = ['https://api.xendit.co', 'https://api.xendit.co'];
/** PromptPay limits (docs.xendit.co/docs/qr-promptpay). */
const PROMPTPAY_MINIMUM = parseMajor('1.00');
const PROMPTPAY_MAXIMUM = parseMajor('700000.00');

type Invoice = { id?: string; external_id?: string; status?: string; amount?: number; paid_amount?: number; currency?: string; invoice_url?: string; payment_id?: string };
type PaymentRequest = {
  id?: string;
  reference_id?: string;
  status?: string;
  amount?: number;
  currency?: string;
  payment_method?: { qr_code?: { channel_properties?: { qr_string?: string; expires_at?: string } } };
};

function headers(config: PaymentConfig, idempotencyKey?: string): Record<string, string> {
  const result: Record<string, string> = { authorization: basicAuth(config.applicationId2) };
  // The header name xendit-node sends for its `idempotencyKey` option.
  if (idempotencyKey) result['idempotency-key'] = idempotencyKey;
  return result;
}

function api(config: PaymentConfig): string {
  return baseUrlOf(config, 'api', API_HOSTS);
}

function statusOfInvoice(invoice: Invoice): InquiryResult {
  const status = invoice.status ?? '';
  const outcome = status === 'PAID' || status === 'SETTLED' ? 'approved' : status === 'EXPIRED' ? 'rejected' : 'pending';
  const amount = moneyFromMajor(outcome === 'approved' ? (invoice.paid_amount ?? invoice.amount) : invoice.amount, invoice.currency);
  if (outcome === 'approved') return paidStatus(String(invoice.id), amount, hasCurrency(invoice.currency), invoice.payment_id ?? null, invoice);
  return paymentStatus(String(invoice.id), outcome, amount, invoice.payment_id ?? null, invoice);
}

function statusOfPaymentRequest(request: PaymentRequest): InquiryResult {
  const status = request.status ?? '';
  const outcome = status === 'SUCCEEDED' ? 'approved' : ['FAILED', 'EXPIRED', 'CANCELED', 'VOIDED'].includes(status) ? 'rejected' : 'pending';
  const amount = moneyFromMajor(request.amount, request.currency);
  if (outcome === 'approved') return paidStatus(String(request.id), amount, hasCurrency(request.currency), null, request);
  return paymentStatus(String(request.id), outcome, amount, null, request);
}

/** The invoice or payment request a callback names, read without verifying it. */
function referenceOf(request: CallbackRequest): string | null {
  const body = jsonBodyOf(request);
  if (!body) return null;
  if (typeof body.event === 'string') {
    const id = (body.data as { payment_request_id?: unknown } | undefined)?.payment_request_id;
    return typeof id === 'string' && id ? id : null;
  }
  return typeof body.id === 'string' && body.id ? body.id : null;
}

async function getInvoice(id: string, config: PaymentConfig): Promise<InquiryResult> {
  const response = await callProvider(`${api(config)}/v2/invoices/${encodeURIComponent(id)}`, { headers: headers(config) });
  return response.status === 200 ? statusOfInvoice(response.json as Invoice) : { ok: false, reason: describeRefusal('Xendit invoice', response) };
}

async function getPaymentRequest(id: string, config: PaymentConfig): Promise<InquiryResult> {
  const response = await callProvider(`${api(config)}/payment_requests/${encodeURIComponent(id)}`, { headers: headers(config) });
  return response.status === 200 ? statusOfPaymentRequest(response.json as PaymentRequest) : { ok: false, reason: describeRefusal('Xendit payment request', response) };
}

type Start = (order: PaymentOrder, config: PaymentConfig) => Promise<{ providerReference: string; browser: BrowserAction }>;

function xenditAdapter(methodId: PaymentMethodId, start: Start, inquire: PaymentAdapter['inquire']): PaymentAdapter {
  return {
    methodId,
    provider: 'xendit',
    startPayment: (order, config) => start(order, config),

    /** Invoice callbacks and Payments API events (`payment.succeeded`, ...) may reach either method's endpoint. */
    async verifyCallback(request, config) {
      if (!config.webhookSecret) return refuse('Xendit callback token is not configured');
      const token = headerOf(request, 'x-callback-token');
      if (!token || !safeEqual(token, config.webhookSecret)) return refuse('Xendit callback token does not match');
      const body = jsonBodyOf(request);
      if (!body) return refuse('Xendit callback is not JSON');
      if (typeof body.event === 'string') {
        const data = (body.data ?? {}) as { payment_request_id?: unknown };
        if (typeof data.payment_request_id !== 'string') return refuse(`Xendit event ${body.event} names no payment request`, { status: 200, contentType: 'text/plain', body: 'ignored' });
        return withReply(await getPaymentRequest(data.payment_request_id, config));
      }
      if (typeof body.id !== 'string') return refuse('Xendit callback names no invoice');
      return withReply(await getInvoice(body.id, config));
    },

    referenceOf,
    inquire,
  };
}

export const xenditInvoiceAdapter = xenditAdapter(
  PAYMENT_METHOD_IDS.XENDIT_INVOICE,
  async (order, config) => {
    const response = await callProvider(`${api(config)}/v2/invoices`, {
      headers: headers(config),
      json: {
        external_id: attemptReference(order),
        amount: toMajorNumber(order.amount),
        currency: order.amount.currency,
        description: order.description,
        payer_email: order.email,
        customer: { given_names: order.name, email: order.email },
        success_redirect_url: requireUrl(config, 'returnUrl', order),
        failure_redirect_url: cancelUrlOf(config, order),
        metadata: { order_id: order.id, order_token: order.token },
      },
    });
    const invoice = response.json as (Invoice & { error_code?: string; message?: string }) | null;
    if (response.status !== 200 || !invoice?.id || !invoice.invoice_url) {
      throw new PaymentError('PROVIDER_REJECTED', invoice?.message ?? describeRefusal('Xendit invoice', response), invoice?.error_code);
    }
    return { providerReference: invoice.id, browser: { kind: 'redirect', url: invoice.invoice_url } };
  },
  getInvoice,
);

export const xenditPromptPayAdapter = xenditAdapter(
  PAYMENT_METHOD_IDS.XENDIT_PROMPTPAY,
  async (order, config) => {
    if (order.amount.currency !== 'THB') throw new PaymentError('UNSUPPORTED_CURRENCY', 'PromptPay carries THB only');
    if (compare(order.amount, PROMPTPAY_MINIMUM) < 0) throw new PaymentError('BELOW_MINIMUM', 'Xendit PromptPay needs at least 1.00 THB');
    if (compare(order.amount, PROMPTPAY_MAXIMUM) > 0) throw new PaymentError('ABOVE_MAXIMUM', 'Xendit PromptPay takes at most 700,000.00 THB');
    const referenceId = attemptReference(order);
    const response = await callProvider(`${api(config)}/payment_requests`, {
      headers: headers(config, referenceId),
      json: {
        reference_id: referenceId,
        amount: toMajorNumber(order.amount),
        currency: 'THB',
        country: 'TH',
        description: order.description,
        metadata: { order_id: order.id, order_token: order.token },
        payment_method: { type: 'QR_CODE', reusability: 'ONE_TIME_USE', qr_code: { channel_code: 'PROMPTPAY' } },
      },
    });
    const created = response.json as (PaymentRequest & { error_code?: string; message?: string }) | null;
    const qr = created?.payment_method?.qr_code?.channel_properties;
    if ((response.status !== 200 && response.status !== 201) || !created?.id || !qr?.qr_string) {
      throw new PaymentError('PROVIDER_REJECTED', created?.message ?? describeRefusal('Xendit payment request', response), created?.error_code);
    }
    return {
      providerReference: created.id,
      browser: { kind: 'qr', imageDataUrl: await qrDataUrl(qr.qr_string), payload: qr.qr_string, expiresAt: qr.expires_at ?? null },
    };
  },
  getPaymentRequest,
);
