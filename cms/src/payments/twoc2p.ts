/**
 * 2C2P: method 3 (card: the 9.9 hand-off of a card encrypted in the browser,
 * or the v4.3 payment link), method 10 (installments, v4.3 IPP) and method 15
 * (PromptPay QR, v4.3 PPQR).
 *
 * 9.9: the request is XML, base64, signed here with HMAC-SHA256 over the
 * base64 payload (uppercase hex) using application_id_2; the browser only posts
 * the finished `paymentRequest`. The answer comes back signed the same way.
 * v4.3: every body is `{payload: JWT}` signed HS256 with the same secret.
 */
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@sala/shared/constants';
import { CURRENCY_NUMERIC_CODES, from2c2pAmount, to2c2pAmount, toMajorNumber } from '@sala/shared/money';
import { currencyOf, fieldsOf, hasCurrency, jsonBodyOf, moneyFromMajor, OK_REPLY, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { attemptReference, baseUrlOf, requireUrl, type HostPair } from './config';
import { base64Decode, base64Encode, hmacSha256Hex, peekJwt, safeEqual, signJwtHs256, verifyJwtHs256 } from './crypto';
import { callProvider, describeRefusal, fetchImageAsDataUrl } from './http';
import { qrDataUrl } from './promptpay';
import { PaymentError, type BrowserAction, type CallbackRequest, type InquiryResult, type PaymentAdapter, type PaymentConfig, type PaymentOrder, type PaymentOutcome, type StartExtra } from './types';
import { buildXml, readXml } from './xml';

/** Which production host 2C2P assigns (t. or s.2c2p.com) is account-specific: override `secure` if told `s.`. */
const SECURE_HOSTS: HostPair = ['https://demo2.2c2p.com/2C2PFrontEnd/SecurePayment', 'https://t.2c2p.com/SecurePayment'];
const PGW_HOSTS: HostPair = ['https://sandbox-pgw.2c2p.com/payment/4.3', 'https://pgw.2c2p.com/payment/4.3'];

/** How long a PPQR code stays payable; 2C2P documents about 15 minutes. */
const QR_LIFETIME_MS = 15 * 60_000;

// ---------------------------------------------------------------- 9.9 card hand-off

/** The `paymentRequest` form value: base64 of the outer XML that carries the signed base64 payload. */
export function buildPaymentRequest(order: PaymentOrder, config: PaymentConfig, reference: string, extra: StartExtra): string {
  const inner = buildXml('PaymentRequest', [
    ['merchantID', config.applicationId1],
    ['uniqueTransactionCode', reference],
    ['desc', order.description],
    ['amt', to2c2pAmount(order.amount)],
    ['currencyCode', CURRENCY_NUMERIC_CODES[order.amount.currency]],
    ['panCountry', config.settings?.panCountry ?? 'TH'],
    ['cardholderName', extra.cardholderName || order.name],
    ['cardholderEmail', order.email],
    ['request3DS', 'Y'],
    ['userDefined1', order.token],
    ['encCardData', extra.encryptedCardInfo],
  ]);
  const payload = base64Encode(inner);
  const signature = hmacSha256Hex(config.applicationId2, payload).toUpperCase();
  return base64Encode(`<PaymentRequest><version>9.9</version><payload>${payload}</payload><signature>${signature}</signature></PaymentRequest>`);
}

function outcomeOf99(respCode: string): PaymentOutcome {
  if (respCode === '00' || respCode === '000') return 'approved';
  return respCode === '001' ? 'pending' : 'rejected';
}

/** The name of a document's root element (after an optional XML declaration). */
function rootOf(xml: string): string | null {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?<([A-Za-z][\w.-]*)[\s>]/.exec(xml)?.[1] ?? null;
}

/** The inner fields of a 9.9 `paymentResponse`, unverified: only to find the attempt it names. */
function peekPaymentResponse(paymentResponse: string): Record<string, string> | null {
  const { payload } = readXml(base64Decode(paymentResponse) ?? '');
  return payload ? readXml(base64Decode(payload) ?? '') : null;
}

/**
 * Verifies a 9.9 `paymentResponse`: a response document (our own signed `PaymentRequest`
 * is not one), the HMAC over the payload exactly as received, the merchant, then a result
 * code. An approval without a currency code waits for review.
 */
export function readPaymentResponse(paymentResponse: string, config: PaymentConfig): InquiryResult {
  const outer = base64Decode(paymentResponse) ?? '';
  if (rootOf(outer) !== 'PaymentResponse') return { ok: false, reason: 'paymentResponse is not a PaymentResponse document' };
  const { payload, signature } = readXml(outer);
  if (!payload || !signature) return { ok: false, reason: 'paymentResponse is not a 9.9 document' };
  if (!safeEqual(signature.toUpperCase(), hmacSha256Hex(config.applicationId2, payload).toUpperCase())) {
    return { ok: false, reason: 'paymentResponse signature does not match' };
  }
  const innerXml = base64Decode(payload) ?? '';
  if (rootOf(innerXml) !== 'PaymentResponse') return { ok: false, reason: 'the signed payload is not a PaymentResponse' };
  const fields = readXml(innerXml);
  if (fields.merchantID !== config.applicationId1) return { ok: false, reason: 'paymentResponse is for another merchant' };
  if (!fields.uniqueTransactionCode) return { ok: false, reason: 'paymentResponse has no uniqueTransactionCode' };
  if (!fields.respCode) return { ok: false, reason: 'paymentResponse has no respCode' };
  const outcome = outcomeOf99(fields.respCode);
  const currency = currencyOf(fields.currencyCode);
  const amount = currency && /^\d{12}$/.test(fields.amt ?? '') ? from2c2pAmount(fields.amt, currency) : null;
  if (outcome === 'approved') return paidStatus(fields.uniqueTransactionCode, amount, hasCurrency(fields.currencyCode), fields.tranRef || null, fields);
  return paymentStatus(fields.uniqueTransactionCode, outcome, amount, fields.tranRef || null, fields);
}

// ---------------------------------------------------------------- v4.3 payment token API

type PgwAnswer = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

/** A v4.3 call: claims signed into `{payload}`, the answer's JWT verified with the same key. */
async function callPgw(config: PaymentConfig, path: string, claims: Record<string, unknown>): Promise<PgwAnswer> {
  const response = await callProvider(`${baseUrlOf(config, 'pgw', PGW_HOSTS)}/${path}`, {
    json: { payload: signJwtHs256(claims, config.applicationId2) },
  });
  const body = (response.json ?? {}) as { payload?: unknown; respCode?: unknown; respDesc?: unknown };
  if (typeof body.payload !== 'string') {
    return { ok: false, reason: body.respCode ? `2C2P ${path}: ${body.respCode} ${body.respDesc}` : describeRefusal(`2C2P ${path}`, response) };
  }
  const verified = verifyJwtHs256(body.payload, config.applicationId2);
  return verified ? { ok: true, claims: verified } : { ok: false, reason: `2C2P ${path}: answer signature does not match` };
}

/** 0000 is paid; 4xxx are declines; anything else (0001 pending, 1005 QR shown, 2001 in progress, ...) is not final. */
function outcomeOfV4(respCode: string): PaymentOutcome {
  if (respCode === '0000') return 'approved';
  return /^4\d{3}$/.test(respCode) ? 'rejected' : 'pending';
}

/** Claims only our own requests carry: signed by us, they must never read as 2C2P's answer. */
const REQUEST_ONLY_CLAIMS = ['paymentChannel', 'frontendReturnUrl', 'backendReturnUrl', 'webPaymentUrl'];

/** A v4.3 transaction's claims (notification or inquiry) as a status. */
function statusOfV4(claims: Record<string, unknown>, config: PaymentConfig): InquiryResult {
  if (claims.merchantID !== config.applicationId1) return { ok: false, reason: '2C2P message is for another merchant' };
  const invoiceNo = String(claims.invoiceNo ?? '');
  if (!invoiceNo) return { ok: false, reason: '2C2P message has no invoiceNo' };
  if (typeof claims.respCode !== 'string' || !claims.respCode) return { ok: false, reason: '2C2P message has no respCode: not a transaction answer' };
  if (REQUEST_ONLY_CLAIMS.some((name) => name in claims)) return { ok: false, reason: '2C2P message carries request fields: not a transaction answer' };
  const outcome = outcomeOfV4(claims.respCode);
  const amount = moneyFromMajor(claims.amount, claims.currencyCode);
  const tranRef = claims.tranRef ? String(claims.tranRef) : null;
  if (outcome === 'approved') return paidStatus(invoiceNo, amount, hasCurrency(claims.currencyCode), tranRef, claims);
  return paymentStatus(invoiceNo, outcome, amount, tranRef, claims);
}

/** The attempt reference a 2C2P message names, read without verifying it. */
function referenceOf(request: CallbackRequest): string | null {
  const json = jsonBodyOf(request);
  if (json && typeof json.payload === 'string') {
    const claims = peekJwt(json.payload);
    return typeof claims?.invoiceNo === 'string' && claims.invoiceNo ? claims.invoiceNo : null;
  }
  const paymentResponse = fieldsOf(request).paymentResponse;
  if (!paymentResponse) return null;
  const decoded = base64Decode(paymentResponse) ?? '';
  if (decoded.trimStart().startsWith('<')) return peekPaymentResponse(paymentResponse)?.uniqueTransactionCode || null;
  try {
    const hint = JSON.parse(decoded) as { invoiceNo?: unknown };
    return typeof hint.invoiceNo === 'string' && hint.invoiceNo ? hint.invoiceNo : null;
  } catch {
    return null;
  }
}

async function createPaymentToken(
  order: PaymentOrder,
  config: PaymentConfig,
  invoiceNo: string,
  paymentChannel: string[],
  more: Record<string, unknown> = {},
): Promise<{ webPaymentUrl: string; paymentToken: string }> {
  const answer = await callPgw(config, 'paymentToken', {
    merchantID: config.applicationId1,
    invoiceNo,
    description: order.description,
    amount: toMajorNumber(order.amount),
    currencyCode: order.amount.currency,
    paymentChannel,
    frontendReturnUrl: requireUrl(config, 'returnUrl', order),
    backendReturnUrl: requireUrl(config, 'callbackUrl', order),
    userDefined1: order.token,
    ...more,
  });
  if (!answer.ok) throw new PaymentError('PROVIDER_REJECTED', answer.reason);
  const { respCode, respDesc, webPaymentUrl, paymentToken } = answer.claims;
  if (respCode !== '0000' || typeof webPaymentUrl !== 'string' || typeof paymentToken !== 'string') {
    throw new PaymentError('PROVIDER_REJECTED', `2C2P paymentToken: ${respCode} ${respDesc}`, String(respCode));
  }
  return { webPaymentUrl, paymentToken };
}

/** Do Payment with PPQR: 2C2P answers 1005 and the URL of the QR image, which we embed. */
async function presentPromptPayQr(config: PaymentConfig, paymentToken: string): Promise<BrowserAction> {
  const response = await callProvider(`${baseUrlOf(config, 'pgw', PGW_HOSTS)}/payment`, {
    json: { paymentToken, payment: { code: { channelCode: 'PPQR' }, data: { qrType: 'URL' } } },
  });
  const body = (response.json ?? {}) as { respCode?: unknown; respDesc?: unknown; data?: unknown };
  if (body.respCode !== '1005' || typeof body.data !== 'string') {
    throw new PaymentError('PROVIDER_REJECTED', `2C2P PPQR: ${body.respCode} ${body.respDesc}`, String(body.respCode));
  }
  const isImageUrl = /^https?:\/\//.test(body.data);
  return {
    kind: 'qr',
    imageDataUrl: isImageUrl ? await fetchImageAsDataUrl(body.data) : await qrDataUrl(body.data),
    payload: isImageUrl ? undefined : body.data,
    expiresAt: new Date(Date.now() + QR_LIFETIME_MS).toISOString(),
  };
}

// ---------------------------------------------------------------- the adapters

type Starter = (order: PaymentOrder, config: PaymentConfig, extra: StartExtra, reference: string) => Promise<BrowserAction>;

function twoC2pAdapter(methodId: PaymentMethodId, start: Starter): PaymentAdapter {
  return {
    methodId,
    provider: '2c2p',

    async startPayment(order, config, extra = {}) {
      const providerReference = attemptReference(order);
      return { providerReference, browser: await start(order, config, extra, providerReference) };
    },

    /**
     * Three shapes arrive: the 9.9 `paymentResponse` (signed XML), the v4.3
     * backend notification `{payload: JWT}` (signed), and the v4.3 browser
     * return `paymentResponse` (base64 JSON, unsigned: only a hint).
     */
    async verifyCallback(request, config) {
      const json = jsonBodyOf(request);
      if (json && typeof json.payload === 'string') {
        const claims = verifyJwtHs256(json.payload, config.applicationId2);
        return claims ? withReply(statusOfV4(claims, config)) : refuse('2C2P notification signature does not match');
      }
      const paymentResponse = fieldsOf(request).paymentResponse;
      if (!paymentResponse) return refuse('no paymentResponse or payload');
      const decoded = base64Decode(paymentResponse) ?? '';
      if (decoded.trimStart().startsWith('<')) {
        const result = readPaymentResponse(paymentResponse, config);
        return result.ok ? withReply(result) : refuse(result.reason);
      }
      let hint: { invoiceNo?: unknown };
      try {
        hint = JSON.parse(decoded) as { invoiceNo?: unknown };
      } catch {
        return refuse('paymentResponse is neither 9.9 XML nor v4.3 JSON');
      }
      if (typeof hint.invoiceNo !== 'string' || !hint.invoiceNo) return refuse('paymentResponse has no invoiceNo');
      return withReply(await inquire(hint.invoiceNo, config), OK_REPLY);
    },

    referenceOf,
    inquire,
  };
}

/** PGW v4.3 paymentInquiry by invoiceNo; 9.9 hand-offs are looked up with their uniqueTransactionCode. */
async function inquire(providerReference: string, config: PaymentConfig): Promise<InquiryResult> {
  const answer = await callPgw(config, 'paymentInquiry', { merchantID: config.applicationId1, invoiceNo: providerReference, locale: 'en' });
  return answer.ok ? statusOfV4(answer.claims, config) : answer;
}

export const twoC2pCardAdapter = twoC2pAdapter(PAYMENT_METHOD_IDS.TWOC2P_CARD, async (order, config, extra, reference) => {
  if (extra.encryptedCardInfo) {
    return {
      kind: 'form',
      action: `${baseUrlOf(config, 'secure', SECURE_HOSTS)}/PaymentAuth.aspx`,
      fields: { paymentRequest: buildPaymentRequest(order, config, reference, extra) },
    };
  }
  const { webPaymentUrl } = await createPaymentToken(order, config, reference, ['CC']);
  return { kind: 'redirect', url: webPaymentUrl };
});

export const twoC2pInstallmentAdapter = twoC2pAdapter(PAYMENT_METHOD_IDS.TWOC2P_INSTALLMENT, async (order, config, extra, reference) => {
  const periods = (extra.installmentPeriod ?? config.settings?.installmentPeriods ?? '')
    .split(',')
    .map((period) => Number(period.trim()))
    .filter((period) => Number.isInteger(period) && period > 0);
  const { webPaymentUrl } = await createPaymentToken(order, config, reference, ['IPP'], {
    interestType: config.settings?.interestType ?? 'C',
    ...(periods.length ? { installmentPeriodFilter: periods } : {}),
  });
  return { kind: 'redirect', url: webPaymentUrl };
});

export const twoC2pQrAdapter = twoC2pAdapter(PAYMENT_METHOD_IDS.TWOC2P_QR, async (order, config, _extra, reference) => {
  const { paymentToken } = await createPaymentToken(order, config, reference, ['QR']);
  return presentPromptPayQr(config, paymentToken);
});
