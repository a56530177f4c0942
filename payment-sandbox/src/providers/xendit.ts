/**
 * Xendit: invoices (`/v2/invoices`, hosted page at `invoice_url`) and the
 * Payment Request API with PromptPay QR codes (`/payment_requests`, with
 * `idempotency-key`, and the test-mode `/payments/simulate`). Callbacks carry
 * the static `x-callback-token`.
 */
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { newId, safeEqual } from '../lib/crypto';
import { billPaymentQr, decimalToMinor, minorToDecimal } from '../lib/formats';
import { decisionPage, type Payable } from '../lib/html';
import { deliver, html, json, type Delivery, type Reply, type SandboxRequest } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';

export type XenditKeys = { secretKey: string; callbackToken: string };

const BUSINESS_ID = '5f27a14a9bf05c73dd040bc8';
/** PromptPay: 1.00 to 700,000.00 THB. */
const PROMPTPAY_MIN = 100;
const PROMPTPAY_MAX = 70_000_000;

type Invoice = Record<string, unknown> & { id: string; status: string; amount: number; currency: string; description: string };
type PaymentRequest = Record<string, unknown> & { id: string; status: string; amount: number; currency: string; reference_id: string; description: string };

const xenditError = (status: number, error_code: string, message: string): Reply => json(status, { error_code, message });

export function createXenditSandbox(keys: XenditKeys = DEMO_KEYS.xendit) {
  return (context: ProviderContext): Provider => {
    const invoices = new Map<string, Invoice>();
    const requests = new Map<string, PaymentRequest>();
    const idempotent = new Map<string, Reply>();

    const authorized = (handler: (request: SandboxRequest) => Reply | Promise<Reply>) => (request: SandboxRequest) => {
      const user = Buffer.from((request.header('authorization') ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')[0];
      if (!safeEqual(user, keys.secretKey)) return xenditError(401, 'INVALID_API_KEY', 'API key is invalid');
      return handler(request);
    };

    const payable = (item: Invoice | PaymentRequest): Payable => ({
      reference: item.id,
      provider: 'Xendit',
      amountMinor: decimalToMinor(item.amount) ?? 0,
      currency: item.currency,
      description: item.description,
      status: item.status,
      settled: item.status !== 'PENDING',
      details: invoices.has(item.id) ? { Product: 'Invoice' } : { Product: 'PromptPay QR' },
    });

    function createInvoice(request: SandboxRequest): Reply {
      const body = request.json() ?? {};
      const amountMinor = decimalToMinor(body.amount as number);
      if (typeof body.external_id !== 'string' || amountMinor === null || amountMinor <= 0) {
        return xenditError(400, 'API_VALIDATION_ERROR', 'external_id and a positive amount are required');
      }
      const id = newId('', 12);
      const now = new Date();
      const invoice: Invoice = {
        id,
        external_id: body.external_id,
        user_id: BUSINESS_ID,
        status: 'PENDING',
        merchant_name: 'Sala Sandbox',
        amount: Number(minorToDecimal(amountMinor)),
        payer_email: body.payer_email,
        description: String(body.description ?? ''),
        expiry_date: new Date(now.getTime() + Number(body.invoice_duration ?? 86400) * 1000).toISOString(),
        invoice_url: `${context.publicUrl}/web/${id}`,
        currency: String(body.currency ?? 'IDR'),
        success_redirect_url: body.success_redirect_url,
        failure_redirect_url: body.failure_redirect_url,
        metadata: body.metadata ?? null,
        created: now.toISOString(),
        updated: now.toISOString(),
      };
      invoices.set(id, invoice);
      return json(200, invoice);
    }

    function createPaymentRequest(request: SandboxRequest): Reply {
      const key = request.header('idempotency-key');
      const replay = key && idempotent.get(key);
      if (replay) return replay;
      const body = request.json() ?? {};
      const method = (body.payment_method ?? {}) as { type?: string; qr_code?: { channel_code?: string } };
      const amountMinor = decimalToMinor(body.amount as number);
      if (method.type !== 'QR_CODE' || method.qr_code?.channel_code !== 'PROMPTPAY' || body.currency !== 'THB') {
        return xenditError(400, 'API_VALIDATION_ERROR', 'only QR_CODE PROMPTPAY in THB is simulated');
      }
      if (amountMinor === null || amountMinor < PROMPTPAY_MIN || amountMinor > PROMPTPAY_MAX) {
        return xenditError(400, 'API_VALIDATION_ERROR', 'amount must be between 1.00 and 700000.00 THB');
      }
      const now = new Date();
      const id = newId('pr-', 12);
      const created: PaymentRequest = {
        id,
        business_id: BUSINESS_ID,
        reference_id: String(body.reference_id ?? ''),
        currency: 'THB',
        amount: Number(minorToDecimal(amountMinor)),
        country: 'TH',
        description: String(body.description ?? ''),
        metadata: body.metadata ?? null,
        status: 'PENDING',
        capture_method: 'AUTOMATIC',
        payment_method: {
          id: newId('pm-', 12),
          type: 'QR_CODE',
          reusability: 'ONE_TIME_USE',
          status: 'ACTIVE',
          qr_code: {
            channel_code: 'PROMPTPAY',
            channel_properties: {
              qr_string: billPaymentQr('099400016550100', id.replace(/\W/g, '').slice(-20).toUpperCase(), minorToDecimal(amountMinor)),
              expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
            },
          },
        },
        actions: [],
        created: now.toISOString(),
        updated: now.toISOString(),
      };
      requests.set(id, created);
      const reply = json(201, created);
      if (key) idempotent.set(key, reply);
      return reply;
    }

    async function callback(body: unknown): Promise<Delivery[]> {
      if (!context.options.callbackUrl) return [];
      return [await deliver(context.options.callbackUrl, JSON.stringify(body), { 'content-type': 'application/json', 'x-callback-token': keys.callbackToken })];
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: Delivery[] }> {
      const now = new Date().toISOString();
      const invoice = invoices.get(reference);
      if (invoice) {
        // An invoice is not declined: a failed attempt lets the buyer retry until it expires.
        Object.assign(
          invoice,
          decision === 'approve'
            ? { status: 'PAID', paid_amount: invoice.amount, paid_at: now, payment_method: 'CREDIT_CARD', payment_channel: 'CREDIT_CARD', payment_id: newId('', 12), updated: now }
            : { status: 'EXPIRED', updated: now },
        );
        const notifications = await callback({ ...invoice, is_high: false, created: invoice.created, updated: now });
        const target = invoice[decision === 'approve' ? 'success_redirect_url' : 'failure_redirect_url'];
        return {
          status: invoice.status,
          browser: typeof target === 'string' ? { kind: 'redirect', url: target } : { kind: 'none', message: `Invoice ${invoice.status}.` },
          notifications,
        };
      }
      const paymentRequest = requests.get(reference) as PaymentRequest;
      Object.assign(paymentRequest, { status: decision === 'approve' ? 'SUCCEEDED' : 'FAILED', updated: now, ...(decision === 'decline' ? { failure_code: 'PAYMENT_DECLINED' } : {}) });
      const notifications = await callback({
        event: decision === 'approve' ? 'payment.succeeded' : 'payment.failed',
        business_id: BUSINESS_ID,
        created: now,
        data: {
          id: newId('py-', 12),
          payment_request_id: paymentRequest.id,
          reference_id: paymentRequest.reference_id,
          currency: paymentRequest.currency,
          amount: paymentRequest.amount,
          country: 'TH',
          status: paymentRequest.status,
          payment_method: paymentRequest.payment_method,
          ...(decision === 'decline' ? { failure_code: 'PAYMENT_DECLINED' } : {}),
          created: paymentRequest.created,
          updated: now,
        },
      });
      return { status: paymentRequest.status, browser: { kind: 'none', message: `PromptPay payment ${paymentRequest.status}.` }, notifications };
    }

    const find = (reference: string) => invoices.get(reference) ?? requests.get(reference);

    return {
      title: 'Xendit',
      baseUrls: SANDBOX_BASE_PATHS.xendit,
      list: () => [...invoices.values(), ...requests.values()].map(payable),
      find: (reference) => {
        const item = find(reference);
        return item && payable(item);
      },
      settle,
      routes: [
        ['POST', '/v2/invoices', authorized(createInvoice)],
        [
          'GET',
          '/v2/invoices',
          authorized((request) =>
            json(
              200,
              [...invoices.values()].filter((invoice) => invoice.external_id === request.query.get('external_id')),
            ),
          ),
        ],
        [
          'GET',
          '/v2/invoices/:id',
          authorized((request) => {
            const invoice = invoices.get(request.params.id);
            return invoice ? json(200, invoice) : xenditError(404, 'INVOICE_NOT_FOUND_ERROR', 'Could not find invoice');
          }),
        ],
        ['POST', '/payment_requests', authorized(createPaymentRequest)],
        [
          'GET',
          '/payment_requests/:id',
          authorized((request) => {
            const paymentRequest = requests.get(request.params.id);
            return paymentRequest ? json(200, paymentRequest) : xenditError(404, 'DATA_NOT_FOUND', 'Payment request not found');
          }),
        ],
        [
          'POST',
          '/payment_requests/:id/payments/simulate',
          authorized(async (request) => {
            const paymentRequest = requests.get(request.params.id);
            if (!paymentRequest) return xenditError(404, 'DATA_NOT_FOUND', 'Payment request not found');
            if (paymentRequest.status === 'PENDING') await settle(paymentRequest.id, 'approve');
            return json(200, { status: 'PENDING', message: 'Payment simulation is being processed' });
          }),
        ],
        [
          'GET',
          '/web/:id',
          (request) => {
            const invoice = invoices.get(request.params.id);
            return invoice ? html(decisionPage(payable(invoice))) : xenditError(404, 'INVOICE_NOT_FOUND_ERROR', 'Could not find invoice');
          },
        ],
      ],
    };
  };
}
