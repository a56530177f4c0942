/**
 * Omise (Opn Payments): method 8 (card token from Omise.js, charged here in
 * satang; 3-D Secure through `authorize_uri`) and method 9 (PromptPay charge,
 * its `scannable_code` image shown). Webhooks carry `Omise-Signature`; after
 * checking it we re-read the charge, as Omise recommends, and trust only that.
 */
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@sala/shared/constants';
import { compare, money, parseMajor, toSatang } from '@sala/shared/money';
import { currencyOf, hasCurrency, headerOf, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { baseUrlOf, requireUrl, type HostPair } from './config';
import { hmacSha256Hex, safeEqual } from './crypto';
import { basicAuth, callProvider, describeRefusal, fetchImageAsDataUrl } from './http';
import { PaymentError, type BrowserAction, type CallbackRequest, type InquiryResult, type PaymentAdapter, type PaymentConfig, type PaymentOrder, type StartExtra } from './types';

const API_HOSTS: HostPair = ['https://api.omise.co', 'https://api.omise.co'];
const OMISE_VERSION = '2019-05-29';
/** Omise's limits for Thailand (docs.omise.co/currency-and-amount); the spec repeats the 20 THB minimum for methods 8 and 9. */
export const OMISE_MINIMUM = parseMajor('20.00');
export const OMISE_MAXIMUM = parseMajor('150000.00');
/** Webhook timestamps older or newer than this are refused, against replays. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type OmiseCharge = {
  object: 'charge';
  id: string;
  status: string;
  amount: number;
  currency: string;
  authorize_uri?: string | null;
  expires_at?: string | null;
  transaction?: string | null;
  failure_code?: string | null;
  source?: { scannable_code?: { image?: { download_uri?: string } } } | null;
};

type OmiseError = { object: 'error'; code?: string; message?: string };

function headers(config: PaymentConfig): Record<string, string> {
  return { authorization: basicAuth(config.applicationId2), 'omise-version': OMISE_VERSION };
}

function assertChargeable(order: PaymentOrder): void {
  if (order.amount.currency !== 'THB') throw new PaymentError('UNSUPPORTED_CURRENCY', 'Omise charges THB only');
  if (compare(order.amount, OMISE_MINIMUM) < 0) throw new PaymentError('BELOW_MINIMUM', 'the minimum online payment is 20 THB');
  if (compare(order.amount, OMISE_MAXIMUM) > 0) throw new PaymentError('ABOVE_MAXIMUM', 'the maximum online payment is 150,000 THB');
}

async function createCharge(order: PaymentOrder, config: PaymentConfig, fields: Record<string, unknown>): Promise<OmiseCharge> {
  const response = await callProvider(`${baseUrlOf(config, 'api', API_HOSTS)}/charges`, {
    headers: headers(config),
    json: {
      amount: toSatang(order.amount),
      currency: 'thb',
      description: order.description,
      metadata: { order_id: order.id, order_token: order.token },
      ...fields,
    },
  });
  const body = response.json as OmiseCharge | OmiseError | null;
  if (body?.object === 'charge') return body;
  throw new PaymentError('PROVIDER_REJECTED', body?.message ?? describeRefusal('Omise charge', response), body?.code);
}

function statusOfCharge(charge: OmiseCharge): InquiryResult {
  const outcome = charge.status === 'successful' ? 'approved' : charge.status === 'pending' ? 'pending' : 'rejected';
  const currency = currencyOf(charge.currency);
  const amount = currency && Number.isSafeInteger(charge.amount) ? money(charge.amount, currency) : null;
  if (outcome === 'approved') return paidStatus(charge.id, amount, hasCurrency(charge.currency), charge.transaction ?? null, charge);
  return paymentStatus(charge.id, outcome, amount, charge.transaction ?? null, charge);
}

/** The charge a webhook event is about, read without verifying it. */
function referenceOf(request: CallbackRequest): string | null {
  try {
    const event = JSON.parse(request.rawBody) as { data?: { object?: unknown; id?: unknown } } | null;
    return event?.data?.object === 'charge' && typeof event.data.id === 'string' && event.data.id ? event.data.id : null;
  } catch {
    return null;
  }
}

async function inquire(chargeId: string, config: PaymentConfig): Promise<InquiryResult> {
  const response = await callProvider(`${baseUrlOf(config, 'api', API_HOSTS)}/charges/${encodeURIComponent(chargeId)}`, { headers: headers(config) });
  const body = response.json as OmiseCharge | OmiseError | null;
  return body?.object === 'charge' ? statusOfCharge(body) : { ok: false, reason: describeRefusal('Omise charge', response) };
}

type Starter = (order: PaymentOrder, config: PaymentConfig, extra: StartExtra) => Promise<{ charge: OmiseCharge; browser: BrowserAction }>;

function omiseAdapter(methodId: PaymentMethodId, start: Starter): PaymentAdapter {
  return {
    methodId,
    provider: 'omise',

    async startPayment(order, config, extra = {}) {
      assertChargeable(order);
      const { charge, browser } = await start(order, config, extra);
      return { providerReference: charge.id, browser };
    },

    async verifyCallback(request, config) {
      if (!config.webhookSecret) return refuse('Omise webhook secret is not configured');
      const signatures = headerOf(request, 'omise-signature');
      const timestamp = headerOf(request, 'omise-signature-timestamp') ?? '';
      if (!signatures || !/^\d+$/.test(timestamp)) return refuse('Omise signature headers are missing');
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return refuse('Omise signature timestamp is stale');
      const expected = hmacSha256Hex(Buffer.from(config.webhookSecret, 'base64'), `${timestamp}.${request.rawBody}`);
      // During a secret rotation Omise sends one signature per active secret.
      if (!signatures.split(',').some((signature) => safeEqual(signature.trim().toLowerCase(), expected))) {
        return refuse('Omise signature does not match');
      }
      let event: { object?: unknown; key?: unknown; data?: { object?: unknown; id?: unknown } };
      try {
        event = JSON.parse(request.rawBody) as typeof event;
      } catch {
        return refuse('Omise event is not JSON');
      }
      if (event.object !== 'event' || event.data?.object !== 'charge' || typeof event.data.id !== 'string') {
        return refuse(`Omise event ${String(event.key)} is not about a charge`, { status: 200, contentType: 'text/plain', body: 'ignored' });
      }
      return withReply(await inquire(event.data.id, config));
    },

    referenceOf,
    inquire,
  };
}

export const omiseCardAdapter = omiseAdapter(PAYMENT_METHOD_IDS.OMISE_CARD, async (order, config, extra) => {
  const token = extra.token ?? extra.omise_token;
  if (!token) throw new PaymentError('INVALID_INPUT', 'an Omise card token is required');
  const returnUri = requireUrl(config, 'returnUrl', order);
  const charge = await createCharge(order, config, { card: token, return_uri: returnUri });
  // A charge that needs 3-D Secure is pending with an authorize_uri; any other comes back settled.
  const url = charge.status === 'pending' && charge.authorize_uri ? charge.authorize_uri : returnUri;
  return { charge, browser: { kind: 'redirect', url } };
});

export const omisePromptPayAdapter = omiseAdapter(PAYMENT_METHOD_IDS.OMISE_PROMPTPAY, async (order, config) => {
  const charge = await createCharge(order, config, { source: { type: 'promptpay' } });
  const imageUrl = charge.source?.scannable_code?.image?.download_uri;
  if (!imageUrl) throw new PaymentError('PROVIDER_REJECTED', 'Omise PromptPay charge has no scannable code');
  // Our key goes only to Omise's own API host, never to wherever else an image might live.
  const sameHost = new URL(imageUrl).origin === new URL(baseUrlOf(config, 'api', API_HOSTS)).origin;
  const imageDataUrl = await fetchImageAsDataUrl(imageUrl, sameHost ? headers(config) : {});
  return { charge, browser: { kind: 'qr', imageDataUrl, expiresAt: charge.expires_at ?? null } };
});
