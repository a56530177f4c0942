/**
 * Method 13, PaySolutions pay page. The browser posts a form to the hosted
 * page; the postback is unsigned, so it only names the `refno` and the Inquiry
 * API (headers `apikey`, `merchantSecretKey`, `merchantId`) decides.
 */
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { toMajorString } from '@sala/shared/money';
import { fieldsOf, moneyFromMajor, paidStatus, paymentStatus, refuse, withReply } from './callback';
import { bangkokParts, baseUrlOf, fillUrl, requireUrl, type HostPair } from './config';
import { callProvider, describeRefusal } from './http';
import { PaymentError, type InquiryResult, type PaymentAdapter, type PaymentConfig, type PaymentOrder } from './types';

const PAGE_HOSTS: HostPair = ['https://payment.paysolutions.asia', 'https://payment.paysolutions.asia'];
const API_HOSTS: HostPair = ['https://apis.paysolutions.asia', 'https://apis.paysolutions.asia'];
/** `cc` of the pay page. */
const CURRENCY_CODES = { THB: '00', USD: '01' } as const;

type InquiryRow = { ReferenceNo?: unknown; Total?: unknown; Status?: unknown; StatusName?: unknown; OrderNo?: unknown; CurrencyCode?: unknown };

/**
 * The 12-digit `refno`: the order id (zero-padded to 6 digits) and the Bangkok
 * time as HHmmss, as the spec defines it. Order ids past 999999 do not fit.
 */
export function paySolutionsRefno(order: PaymentOrder, at = new Date()): string {
  const id = String(order.id);
  if (id.length > 6) throw new PaymentError('INVALID_INPUT', 'PaySolutions refno holds order ids up to 999999');
  return `${id.padStart(6, '0')}${bangkokParts(at).hhmmss}`;
}

/** The inquiry's `merchantId` is the last 5 digits of the merchant id. */
const shortMerchantId = (config: PaymentConfig) => config.applicationId1.slice(-5);

/** PaySolutions says only CP (complete); everything else, including silence, is not paid yet. */
async function inquire(refno: string, config: PaymentConfig): Promise<InquiryResult> {
  if (!config.apiKey) return { ok: false, reason: 'PaySolutions apiKey is not configured' };
  const response = await callProvider(`${baseUrlOf(config, 'api', API_HOSTS)}/order/orderdetailpost`, {
    headers: { apikey: config.apiKey, merchantSecretKey: config.applicationId2, merchantId: shortMerchantId(config) },
    json: { merchantId: shortMerchantId(config), orderNo: 'X', refno, productDetail: 'QWERTY' },
  });
  if (response.status !== 200) return { ok: false, reason: describeRefusal('PaySolutions inquiry', response) };
  // "If the payment is not successful, there will be no response returned": an empty body, [] or {}.
  const rows: InquiryRow[] = Array.isArray(response.json) ? response.json : response.json ? [response.json as InquiryRow] : [];
  const row = rows.find((candidate) => String(candidate.ReferenceNo ?? '') === refno);
  if (!row) return paymentStatus(refno, 'pending', null, null, response.json);
  const code = String(row.CurrencyCode ?? '')
    .trim()
    .toUpperCase();
  // The pay page's `cc` codes, or ISO codes; no code is no currency, and a payment without one waits for review.
  const currency = ['00', 'THB', '764'].includes(code) ? 'THB' : ['01', 'USD', '840'].includes(code) ? 'USD' : null;
  const orderNo = row.OrderNo ? String(row.OrderNo) : null;
  if (row.Status === 'CP') return paidStatus(refno, currency ? moneyFromMajor(row.Total, currency) : null, code !== '', orderNo, row);
  return paymentStatus(refno, 'pending', currency ? moneyFromMajor(row.Total, currency) : null, orderNo, row);
}

export const paySolutionsAdapter: PaymentAdapter = {
  methodId: PAYMENT_METHOD_IDS.PAYSOLUTIONS,
  provider: 'paysolutions',

  async startPayment(order, config) {
    const refno = paySolutionsRefno(order);
    const fields: Record<string, string> = {
      merchantid: config.applicationId1,
      refno,
      customeremail: order.email,
      productdetail: order.description.slice(0, 255),
      total: toMajorString(order.amount),
      cc: CURRENCY_CODES[order.amount.currency],
      lang: config.settings?.lang ?? 'TH',
      returnurl: requireUrl(config, 'returnUrl', order),
    };
    if (config.callbackUrl) fields.postbackurl = fillUrl(config.callbackUrl, order);
    return { providerReference: refno, browser: { kind: 'form', action: `${baseUrlOf(config, 'page', PAGE_HOSTS)}/epaylink/payment.aspx`, fields } };
  },

  /** Postbacks arrive as a POST form or a GET query; either way only `refno` is used. */
  async verifyCallback(request, config) {
    const refno = fieldsOf(request).refno;
    if (!refno || !/^\d{12}$/.test(refno)) return refuse('PaySolutions postback has no 12-digit refno');
    return withReply(await inquire(refno, config));
  },

  referenceOf: (request) => fieldsOf(request).refno || null,
  inquire,
};
