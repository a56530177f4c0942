/**
 * Method 4, SCB bank QR (SCB Open API). We create a Thai QR bill payment
 * (tag 30) for the order; SCB pushes a payment confirmation that is unsigned,
 * so it is only a hint: the bill payment inquiry decides. The push must be
 * answered `{resCode:"00", resDesc:"success", transactionId}`.
 */
import { randomUUID } from 'node:crypto';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { toBahtString } from '@sala/shared/money';
import { hasCurrency, jsonBodyOf, jsonReply, moneyFromMajor, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { attemptReference, bangkokParts, baseUrlOf, requireSetting, tokenCacheKey, type HostPair } from './config';
import { callProvider, describeRefusal, type ProviderResponse } from './http';
import { PaymentError, type InquiryResult, type PaymentAdapter, type PaymentConfig } from './types';

const API_HOSTS: HostPair = ['https://api-sandbox.partners.scb/partners/sandbox', 'https://api.partners.scb/partners'];
/** The bill payment inquiry's event code for QR30 payments. */
const BILL_PAYMENT_EVENT = '00300100';
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

export type ScbAnswer<T> = { status?: { code?: unknown; description?: unknown }; data?: T };
type Confirmation = { transactionId?: unknown; amount?: unknown; billPaymentRef1?: unknown; currencyCode?: unknown };

export const succeeded = (response: ProviderResponse) => Number((response.json as ScbAnswer<unknown> | null)?.status?.code) === 1000;

function headers(config: PaymentConfig, token?: string): Record<string, string> {
  const result: Record<string, string> = { resourceOwnerId: config.applicationId1, requestUId: randomUUID(), 'accept-language': 'EN' };
  if (token) result.authorization = `Bearer ${token}`;
  return result;
}

async function accessToken(config: PaymentConfig): Promise<string> {
  const api = baseUrlOf(config, 'api', API_HOSTS);
  const cacheKey = tokenCacheKey(api, config);
  const cached = tokenCache.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const response = await callProvider(`${api}/v1/oauth/token`, {
    headers: headers(config),
    json: { applicationKey: config.applicationId1, applicationSecret: config.applicationId2 },
  });
  const data = (response.json as ScbAnswer<{ accessToken?: string; expiresIn?: number }> | null)?.data;
  if (!succeeded(response) || !data?.accessToken) throw new PaymentError('MISCONFIGURED', describeRefusal('SCB token', response));
  tokenCache.set(cacheKey, { token: data.accessToken, expiresAt: Date.now() + ((data.expiresIn ?? 1800) - 60) * 1000 });
  return data.accessToken;
}

/** An authorised call; a refused token is dropped and fetched once more. */
export async function callScb(config: PaymentConfig, path: string, json?: unknown, retry = true): Promise<ProviderResponse> {
  const api = baseUrlOf(config, 'api', API_HOSTS);
  const response = await callProvider(`${api}${path}`, { headers: headers(config, await accessToken(config)), json });
  if (response.status !== 401 || !retry) return response;
  tokenCache.delete(tokenCacheKey(api, config));
  return callScb(config, path, json, false);
}

/** Looks for the payment of `ref1` on the bill payment inquiry, today and yesterday in Bangkok (a QR paid around midnight). */
async function inquire(ref1: string, config: PaymentConfig): Promise<InquiryResult> {
  const now = Date.now();
  for (const at of [now, now - 86_400_000]) {
    const query = new URLSearchParams({
      eventCode: BILL_PAYMENT_EVENT,
      transactionDate: bangkokParts(new Date(at)).date,
      billerId: requireSetting(config, 'billerId'),
      reference1: ref1,
    });
    const response = await callScb(config, `/v1/payment/billpayment/inquiry?${query}`);
    if (!succeeded(response)) return { ok: false, reason: describeRefusal('SCB inquiry', response) };
    const rows = (response.json as ScbAnswer<Confirmation[]>).data;
    const paid = (Array.isArray(rows) ? rows : []).find((row) => row.billPaymentRef1 === ref1);
    if (paid) return paidStatus(ref1, moneyFromMajor(paid.amount, paid.currencyCode), hasCurrency(paid.currencyCode), String(paid.transactionId ?? '') || null, paid);
  }
  // SCB reports successful payments only; an unpaid QR simply has no row yet.
  return paymentStatus(ref1, 'pending', null, null, null);
}

export const scbQrAdapter: PaymentAdapter = {
  methodId: PAYMENT_METHOD_IDS.SCB_QR,
  provider: 'scb',

  async startPayment(order, config) {
    if (order.amount.currency !== 'THB') throw new PaymentError('UNSUPPORTED_CURRENCY', 'a Thai QR carries THB only');
    const ref1 = attemptReference(order);
    const settings = config.settings ?? {};
    // With a card-scheme merchant and terminal the QR also takes cards (PPCS) and gets an expiry.
    const cardScheme = settings.merchantId && settings.terminalId;
    const body: Record<string, string> = {
      qrType: cardScheme ? 'PPCS' : 'PP',
      ppType: 'BILLERID',
      ppId: requireSetting(config, 'billerId'),
      amount: toBahtString(order.amount),
      ref1,
      ref2: String(order.id),
      ref3: `${settings.ref3Prefix ?? ''}${order.id}`,
    };
    if (cardScheme) {
      Object.assign(body, {
        merchantId: settings.merchantId,
        terminalId: settings.terminalId,
        invoice: ref1,
        csExtExpiryTime: settings.qrExpiryMinutes ?? '15',
      });
    }
    const response = await callScb(config, '/v1/payment/qrcode/create', body);
    const data = (response.json as ScbAnswer<{ qrRawData?: string; qrImage?: string; csExtExpiryTime?: string }> | null)?.data;
    if (!succeeded(response) || !data?.qrImage) throw new PaymentError('PROVIDER_REJECTED', describeRefusal('SCB QR create', response));
    const minutes = Number(data.csExtExpiryTime);
    return {
      providerReference: ref1,
      browser: {
        kind: 'qr',
        imageDataUrl: `data:image/png;base64,${data.qrImage}`,
        payload: data.qrRawData,
        expiresAt: minutes > 0 ? new Date(Date.now() + minutes * 60_000).toISOString() : null,
      },
    };
  },

  async verifyCallback(request, config) {
    const body = (jsonBodyOf(request) ?? {}) as Confirmation;
    if (typeof body.transactionId !== 'string' || typeof body.billPaymentRef1 !== 'string') {
      return refuse('SCB confirmation has no transactionId or billPaymentRef1');
    }
    // SCB resends until it reads resCode 00, so a repeat of a known payment gets 00 too.
    const reply = jsonReply({ resCode: '00', resDesc: 'success', transactionId: body.transactionId });
    return withReply(await inquire(body.billPaymentRef1, config), reply);
  },

  referenceOf(request) {
    const ref1 = (jsonBodyOf(request) as Confirmation | null)?.billPaymentRef1;
    return typeof ref1 === 'string' && ref1 ? ref1 : null;
  },
  inquire,
};
