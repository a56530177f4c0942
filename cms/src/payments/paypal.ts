/**
 * Method 2, PayPal Orders v2. The server creates the order (client-credentials
 * token, `PayPal-Request-Id` for idempotency), the buyer approves in PayPal's
 * window, and the server captures. Only a capture whose own status is
 * COMPLETED, for the order's amount and currency, is an approval: PayPal warns
 * that a COMPLETED order can hold a declined capture.
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { toMajorString } from '@sala/shared/money';
import { fieldsOf, hasCurrency, jsonReply, moneyFromMajor, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { baseUrlOf, cancelUrlOf, requireUrl, tokenCacheKey, type HostPair } from './config';
import { basicAuth, callProvider, describeRefusal, type ProviderResponse } from './http';
import { PaymentError, type InquiryResult, type PaymentAdapter, type PaymentConfig } from './types';

const API_HOSTS: HostPair = ['https://api-m.sandbox.paypal.com', 'https://api-m.paypal.com'];
/** Tokens are reused until a minute before they expire. */
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

type Amount = { currency_code?: string; value?: string };
type Capture = { id?: string; status?: string; amount?: Amount };
type PayPalOrder = {
  id?: string;
  status?: string;
  links?: Array<{ rel?: string; href?: string }>;
  purchase_units?: Array<{ amount?: Amount; custom_id?: string; payments?: { captures?: Capture[] } }>;
};
type PayPalError = { name?: string; message?: string; details?: Array<{ issue?: string }> };

async function accessToken(config: PaymentConfig): Promise<string> {
  const api = baseUrlOf(config, 'api', API_HOSTS);
  const cacheKey = tokenCacheKey(api, config);
  const cached = tokenCache.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const response = await callProvider(`${api}/v1/oauth2/token`, {
    headers: { authorization: basicAuth(config.applicationId1, config.applicationId2) },
    form: { grant_type: 'client_credentials' },
  });
  const body = response.json as { access_token?: string; expires_in?: number } | null;
  if (!body?.access_token) throw new PaymentError('MISCONFIGURED', describeRefusal('PayPal OAuth', response));
  tokenCache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 });
  return body.access_token;
}

/**
 * GET an order, or POST with a `PayPal-Request-Id` (PayPal keeps it 6 hours and
 * replays the first answer). A refused token is dropped and fetched once more.
 */
async function callOrders(config: PaymentConfig, path: string, post?: { requestId: string; json: unknown }, retry = true): Promise<ProviderResponse> {
  const api = baseUrlOf(config, 'api', API_HOSTS);
  const headers: Record<string, string> = { authorization: `Bearer ${await accessToken(config)}`, prefer: 'return=representation' };
  if (post) headers['paypal-request-id'] = post.requestId;
  const response = await callProvider(`${api}/v2/checkout/orders${path}`, { method: post ? 'POST' : 'GET', headers, json: post?.json });
  if (response.status !== 401 || !retry) return response;
  tokenCache.delete(tokenCacheKey(api, config));
  return callOrders(config, path, post, false);
}

/** The status of an order as PayPal holds it; an uncaptured approval is still pending. */
function statusOfOrder(order: PayPalOrder, orderId: string): InquiryResult {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture) return paymentStatus(orderId, order.status === 'VOIDED' ? 'rejected' : 'pending', null, null, order);
  const amount = moneyFromMajor(capture.amount?.value, capture.amount?.currency_code);
  if (capture.status === 'COMPLETED') {
    if (!hasCurrency(capture.amount?.currency_code)) return paidStatus(orderId, null, false, capture.id ?? null, order);
    const ordered = moneyFromMajor(unit?.amount?.value, unit?.amount?.currency_code);
    if (!amount || !ordered || amount.amount !== ordered.amount || amount.currency !== ordered.currency) {
      return { ok: false, reason: `PayPal order ${orderId}: captured amount differs from the order amount` };
    }
    return paymentStatus(orderId, 'approved', amount, capture.id ?? null, order);
  }
  return paymentStatus(orderId, capture.status === 'PENDING' ? 'pending' : 'rejected', amount, capture.id ?? null, order);
}

async function inquire(orderId: string, config: PaymentConfig): Promise<InquiryResult> {
  const response = await callOrders(config, `/${encodeURIComponent(orderId)}`);
  if (response.status !== 200) return { ok: false, reason: describeRefusal('PayPal order', response) };
  return statusOfOrder(response.json as PayPalOrder, orderId);
}

/** Captures an approved order once (the request id makes a repeat return the first capture) and reads the result. */
async function captureAndRead(orderId: string, config: PaymentConfig): Promise<InquiryResult> {
  const current = await inquire(orderId, config);
  if (!current.ok || (current.raw as PayPalOrder).status !== 'APPROVED') return current;
  const response = await callOrders(config, `/${encodeURIComponent(orderId)}/capture`, { requestId: `capture-${orderId}`, json: {} });
  if (response.status === 200 || response.status === 201) return statusOfOrder(response.json as PayPalOrder, orderId);
  const issue = (response.json as PayPalError | null)?.details?.[0]?.issue;
  if (issue === 'INSTRUMENT_DECLINED') return paymentStatus(orderId, 'rejected', null, null, response.json);
  if (issue === 'ORDER_ALREADY_CAPTURED') return inquire(orderId, config);
  return { ok: false, reason: describeRefusal('PayPal capture', response) };
}

export const paypalAdapter: PaymentAdapter = {
  methodId: PAYMENT_METHOD_IDS.PAYPAL,
  provider: 'paypal',

  async startPayment(order, config) {
    const response = await callOrders(config, '', {
      // One PayPal order per order: a repeated start returns the same one.
      requestId: `order-${order.token}`,
      json: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: String(order.id),
            custom_id: order.token,
            description: order.description.slice(0, 127),
            amount: { currency_code: order.amount.currency, value: toMajorString(order.amount) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: requireUrl(config, 'returnUrl', order),
              cancel_url: cancelUrlOf(config, order),
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
    });
    const created = response.json as PayPalOrder & PayPalError;
    if ((response.status !== 200 && response.status !== 201) || !created?.id) {
      throw new PaymentError('PROVIDER_REJECTED', describeRefusal('PayPal order', response), created?.details?.[0]?.issue ?? created?.name);
    }
    const approveUrl = created.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action')?.href ?? null;
    return {
      providerReference: created.id,
      browser: { kind: 'modal', data: { orderId: created.id, clientId: config.applicationId1, currency: order.amount.currency, approveUrl } },
    };
  },

  /**
   * The buyer's return (`?token=ORDER`) or our page's `onApprove` post
   * (`{orderID}`) only names the order; the capture on the server decides.
   */
  referenceOf(request) {
    const fields = fieldsOf(request);
    return fields.orderID ?? fields.orderId ?? fields.token ?? null;
  },

  async verifyCallback(request, config) {
    const fields = fieldsOf(request);
    const orderId = fields.orderID ?? fields.orderId ?? fields.token;
    if (!orderId || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return refuse('no PayPal order id');
    const result = await captureAndRead(orderId, config);
    return withReply(result, jsonReply(result.ok ? { outcome: result.outcome } : { outcome: 'error' }, result.ok ? 200 : 422));
  },

  inquire,
};
