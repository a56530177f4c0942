/**
 * PayPal: client-credentials OAuth, Orders v2 create / get / capture (each
 * POST honours `PayPal-Request-Id` by replaying its first answer) and the
 * buyer's approval page. Decline is the case PayPal warns about: the buyer
 * approves but the funding is declined at capture, so the capture's own status
 * is DECLINED inside an order.
 */
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { newId, safeEqual } from '../lib/crypto';
import { decimalToMinor } from '../lib/formats';
import { decisionPage, type Payable } from '../lib/html';
import { html, json, type Reply, type SandboxRequest } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';

export type PayPalKeys = { clientId: string; clientSecret: string };

type Order = {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<Record<string, unknown> & { amount: { currency_code: string; value: string }; payments?: { captures: unknown[] } }>;
  payer?: Record<string, unknown>;
  create_time: string;
  update_time: string;
  /** Sandbox state, not part of the answer. */
  returnUrl?: string;
  cancelUrl?: string;
  declineAtCapture?: boolean;
};

const paypalError = (status: number, name: string, issue: string, description: string): Reply =>
  json(status, { name, message: description, debug_id: newId('', 6), details: [{ issue, description }] });

export function createPayPalSandbox(keys: PayPalKeys = DEMO_KEYS.paypal) {
  return (context: ProviderContext): Provider => {
    const accessTokens = new Set<string>();
    const orders = new Map<string, Order>();
    /** PayPal-Request-Id → the first answer, replayed for any repeat. */
    const replies = new Map<string, Reply>();

    const view = (order: Order) => {
      const { returnUrl: _r, cancelUrl: _c, declineAtCapture: _d, ...visible } = order;
      return {
        ...visible,
        links: [
          { href: `${context.publicUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
          { href: `${context.publicUrl}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
          { href: `${context.publicUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
        ],
      };
    };

    const payable = (order: Order): Payable => ({
      reference: order.id,
      provider: 'PayPal',
      amountMinor: decimalToMinor(order.purchase_units[0].amount.value) ?? 0,
      currency: order.purchase_units[0].amount.currency_code,
      description: String(order.purchase_units[0].description ?? ''),
      status: order.status,
      settled: order.status !== 'CREATED',
      details: { Payer: 'sandbox-buyer@example.com' },
    });

    /** Bearer-token guard plus the PayPal-Request-Id replay for POSTs. */
    const api =
      (handler: (request: SandboxRequest) => Reply) =>
      (request: SandboxRequest): Reply => {
        const token = /^Bearer (.+)$/.exec(request.header('authorization') ?? '')?.[1];
        if (!token || !accessTokens.has(token)) return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
        const requestId = request.method === 'POST' ? request.header('paypal-request-id') : undefined;
        const replayed = requestId && replies.get(requestId);
        if (replayed) return replayed;
        const reply = handler(request);
        if (requestId && reply.status < 500) replies.set(requestId, reply);
        return reply;
      };

    function oauth(request: SandboxRequest): Reply {
      const [id, secret] = Buffer.from((request.header('authorization') ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      if (!safeEqual(id ?? '', keys.clientId) || !safeEqual(secret ?? '', keys.clientSecret)) {
        return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      if (request.form().grant_type !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
      const token = newId('A21AA', 24);
      accessTokens.add(token);
      return json(200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-SANDBOX', expires_in: 32400, nonce: newId('', 8) });
    }

    function createOrder(request: SandboxRequest): Reply {
      const body = request.json() as {
        intent?: string;
        purchase_units?: Order['purchase_units'];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      } | null;
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== 'CAPTURE' || !unit) return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent CAPTURE and purchase_units are required');
      const { currency_code: currency, value } = unit.amount ?? {};
      if (!/^[A-Z]{3}$/.test(currency ?? '') || !/^\d+(\.\d{2})?$/.test(value ?? '')) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', 'amount.value must be a decimal string with 2 decimals');
      }
      const now = new Date().toISOString();
      const order: Order = {
        id: newId('', 8).toUpperCase() + 'SBX' + newId('', 3).toUpperCase(),
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [{ ...unit }],
        create_time: now,
        update_time: now,
        returnUrl: body.payment_source?.paypal?.experience_context?.return_url,
        cancelUrl: body.payment_source?.paypal?.experience_context?.cancel_url,
      };
      orders.set(order.id, order);
      return json(201, view(order));
    }

    function capture(request: SandboxRequest): Reply {
      const order = orders.get(request.params.id);
      if (!order) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      if (order.status === 'COMPLETED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      if (order.status !== 'APPROVED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
      const unit = order.purchase_units[0];
      order.status = 'COMPLETED';
      order.update_time = new Date().toISOString();
      unit.payments = {
        captures: [
          {
            id: newId('', 8).toUpperCase() + 'CAP',
            status: order.declineAtCapture ? 'DECLINED' : 'COMPLETED',
            amount: unit.amount,
            final_capture: true,
            custom_id: unit.custom_id,
            invoice_id: unit.invoice_id,
            create_time: order.update_time,
          },
        ],
      };
      return json(201, view(order));
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: [] }> {
      const order = orders.get(reference) as Order;
      order.status = 'APPROVED';
      order.declineAtCapture = decision === 'decline';
      order.payer = { payer_id: 'SANDBOXPAYER01', email_address: 'sandbox-buyer@example.com', name: { given_name: 'Sandbox', surname: 'Buyer' } };
      const browser: BrowserStep = order.returnUrl
        ? { kind: 'redirect', url: `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=SANDBOXPAYER01` }
        : { kind: 'none', message: 'Approved. The merchant captures the payment now.' };
      return { status: order.status, browser, notifications: [] };
    }

    return {
      title: 'PayPal',
      baseUrls: SANDBOX_BASE_PATHS.paypal,
      list: () => [...orders.values()].map(payable),
      find: (reference) => {
        const order = orders.get(reference);
        return order && payable(order);
      },
      settle,
      routes: [
        ['POST', '/v1/oauth2/token', oauth],
        ['POST', '/v2/checkout/orders', api(createOrder)],
        [
          'GET',
          '/v2/checkout/orders/:id',
          api((request) => {
            const order = orders.get(request.params.id);
            return order ? json(200, view(order)) : paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
          }),
        ],
        ['POST', '/v2/checkout/orders/:id/capture', api(capture)],
        [
          'GET',
          '/checkoutnow',
          (request) => {
            const order = orders.get(request.query.get('token') ?? '');
            return order ? html(decisionPage(payable(order))) : paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Unknown order token.');
          },
        ],
      ],
    };
  };
}
