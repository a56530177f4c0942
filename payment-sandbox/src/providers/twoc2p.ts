/**
 * 2C2P: the 9.9 PaymentAuth page (checks the HMAC of `paymentRequest`, posts
 * back a signed `paymentResponse`), a stand-in of the `my2c2p` card-encryption
 * script, and PGW v4.3 (paymentToken, hosted page, PPQR Do Payment,
 * paymentInquiry, backend notification JWT).
 */
import QRCode from 'qrcode';
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { b64, hmacHex, newId, peekJwt, readJwt, safeEqual, signJwt, unb64 } from '../lib/crypto';
import { decimalToMinor, minorToDecimal, xmlDocument, xmlFields } from '../lib/formats';
import { decisionPage, messagePage, type Payable } from '../lib/html';
import { deliver, FORM, formBody, html, json, JSON_TYPE, png, text, type Delivery, type Reply } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';
import { my2c2pScript, readCard, sandboxCardKeys } from './twoc2p-card';

export type TwoC2pKeys = { merchantId: string; secretKey: string };

const NUMERIC_CURRENCIES: Record<string, string> = { '764': 'THB', '840': 'USD' };

type Transaction = {
  reference: string;
  flow: '9.9' | '4.3';
  amountMinor: number;
  currency: string;
  description: string;
  status: 'pending' | 'approved' | 'declined';
  userDefined: Record<string, string>;
  channel: string;
  maskedPan: string;
  tranRef?: string;
  approvalCode?: string;
  paidAt?: Date;
  /** 9.9: the amount exactly as requested. */
  amt?: string;
  /** 4.3 */
  paymentToken?: string;
  frontendReturnUrl?: string;
  backendReturnUrl?: string;
  paymentChannel?: string[];
  interestType?: string;
  installmentPeriods?: number[];
};

const mask = (pan: string) => `${pan.slice(0, 6)}XXXXXX${pan.slice(-4)}`;
const stamp = (date: Date) => date.toISOString().replace(/\D/g, '').slice(0, 14);

export function createTwoC2pSandbox(keys: TwoC2pKeys = DEMO_KEYS['2c2p']) {
  return (context: ProviderContext): Provider => {
    const transactions = new Map<string, Transaction>();
    const byToken = new Map<string, string>();

    const payable = (txn: Transaction): Payable => ({
      reference: txn.reference,
      provider: '2C2P',
      amountMinor: txn.amountMinor,
      currency: txn.currency,
      description: txn.description,
      status: txn.status,
      settled: txn.status !== 'pending',
      details: {
        Flow: txn.flow === '9.9' ? 'Secure Payment 9.9 (card)' : `PGW 4.3 (${txn.channel})`,
        ...(txn.maskedPan ? { Card: txn.maskedPan } : {}),
        ...(txn.installmentPeriods?.length ? { Installments: `${txn.installmentPeriods.join(', ')} months (${txn.interestType})` } : {}),
      },
    });

    const errorPage = (message: string, status = 400): Reply => html(messagePage('2C2P payment error', message, status).html, status);

    /** 9.9: verify the signature over the base64 payload, then show the payment. */
    function paymentAuth(paymentRequest: string | undefined): Reply {
      if (!paymentRequest) return errorPage('paymentRequest is missing');
      const outer = xmlFields(unb64(paymentRequest));
      if (outer.version !== '9.9' || !outer.payload || !outer.signature) return errorPage('paymentRequest is not a version 9.9 document');
      const inner = xmlFields(unb64(outer.payload));
      if (inner.merchantID !== keys.merchantId) return errorPage('unknown merchantID');
      if (!safeEqual(outer.signature, hmacHex(keys.secretKey, outer.payload).toUpperCase())) return errorPage('signature does not match the payload');
      const currency = NUMERIC_CURRENCIES[inner.currencyCode ?? ''];
      if (!/^\d{12}$/.test(inner.amt ?? '') || !currency) return errorPage('amt must be 12 digits and currencyCode numeric ISO 4217');
      if (!inner.uniqueTransactionCode || transactions.has(inner.uniqueTransactionCode)) return errorPage('uniqueTransactionCode is missing or already used');
      const card = readCard(inner.encCardData ?? '');
      if (!card) return errorPage('encCardData cannot be decrypted');
      const txn: Transaction = {
        reference: inner.uniqueTransactionCode,
        flow: '9.9',
        amountMinor: Number(inner.amt),
        currency,
        description: inner.desc ?? '',
        status: 'pending',
        userDefined: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`userDefined${n}`, inner[`userDefined${n}`] ?? ''])),
        channel: 'CC',
        maskedPan: mask(card.pan),
        amt: inner.amt,
      };
      transactions.set(txn.reference, txn);
      return html(decisionPage(payable(txn)));
    }

    function signedPaymentResponse(txn: Transaction): string {
      const approved = txn.status === 'approved';
      const inner = xmlDocument('PaymentResponse', {
        version: '9.9',
        timeStamp: stamp(txn.paidAt ?? new Date()),
        merchantID: keys.merchantId,
        respCode: approved ? '00' : '05',
        pan: txn.maskedPan,
        amt: txn.amt ?? '',
        uniqueTransactionCode: txn.reference,
        tranRef: txn.tranRef ?? '',
        approvalCode: txn.approvalCode ?? '',
        refNumber: txn.tranRef ?? '',
        eci: approved ? '05' : '',
        dateTime: stamp(txn.paidAt ?? new Date()),
        status: approved ? 'A' : 'PF',
        failReason: approved ? 'Approved' : 'Do not honour',
        ...txn.userDefined,
        paidChannel: 'CC',
        paidAgent: 'SANDBOX',
        paymentChannel: '001',
        backendInvoice: '',
        issuerCountry: 'TH',
        bankName: 'Sandbox Bank',
        processBy: 'VI',
        paymentScheme: 'VI',
        currencyCode: Object.keys(NUMERIC_CURRENCIES).find((code) => NUMERIC_CURRENCIES[code] === txn.currency) ?? '',
      });
      const payload = b64(inner);
      const signature = hmacHex(keys.secretKey, payload).toUpperCase();
      return b64(`<PaymentResponse><version>9.9</version><payload>${payload}</payload><signature>${signature}</signature></PaymentResponse>`);
    }

    /** The claims 2C2P v4.3 reports a transaction with (backend notification and inquiry alike). */
    function transactionClaims(txn: Transaction): Record<string, unknown> {
      const respCode = txn.status === 'approved' ? '0000' : txn.status === 'declined' ? '4005' : '0001';
      return {
        merchantID: keys.merchantId,
        invoiceNo: txn.reference,
        amount: Number(minorToDecimal(txn.amountMinor)),
        currencyCode: txn.currency,
        cardNo: txn.maskedPan,
        tranRef: txn.tranRef ?? '',
        referenceNo: txn.tranRef ?? '',
        approvalCode: txn.approvalCode ?? '',
        eci: txn.status === 'approved' ? '05' : '',
        transactionDateTime: txn.paidAt ? stamp(txn.paidAt) : '',
        agentCode: 'SANDBOX',
        channelCode: txn.channel,
        issuerCountry: 'TH',
        installmentMerchantAbsorbRate: null,
        idempotencyID: txn.tranRef ?? '',
        ...txn.userDefined,
        respCode,
        respDesc: respCode === '0000' ? 'Success' : respCode === '0001' ? 'Transaction is pending' : 'Do not honour',
      };
    }

    /** The v4.3 JSON envelope: a JWT signed with the merchant's key, checked against the claimed merchant. */
    function readEnvelope(body: Record<string, unknown> | null): { claims: Record<string, unknown> } | { error: Reply } {
      const token = body?.payload;
      if (typeof token !== 'string') return { error: json(200, { respCode: '9042', respDesc: 'Invalid request: payload is missing' }) };
      if (peekJwt(token)?.merchantID !== keys.merchantId) return { error: json(200, { respCode: '9007', respDesc: 'Invalid merchant' }) };
      const claims = readJwt(token, keys.secretKey);
      return claims ? { claims } : { error: json(200, { respCode: '4001', respDesc: 'Invalid signature' }) };
    }

    const signed = (claims: Record<string, unknown>) => json(200, { payload: signJwt(claims, keys.secretKey) });

    function paymentToken(claims: Record<string, unknown>): Reply {
      const invoiceNo = String(claims.invoiceNo ?? '');
      const amountMinor = decimalToMinor(claims.amount as string | number);
      const currency = String(claims.currencyCode ?? '');
      const channels = Array.isArray(claims.paymentChannel) ? claims.paymentChannel.map(String) : [];
      if (!invoiceNo || amountMinor === null || !/^[A-Z]{3}$/.test(currency) || channels.length === 0) {
        return json(200, { respCode: '9042', respDesc: 'Invalid request: invoiceNo, amount, currencyCode and paymentChannel are required' });
      }
      if (transactions.has(invoiceNo)) return json(200, { respCode: '9015', respDesc: 'Invoice number already exists' });
      const token = newId('sbxPT', 16);
      transactions.set(invoiceNo, {
        reference: invoiceNo,
        flow: '4.3',
        amountMinor,
        currency,
        description: String(claims.description ?? ''),
        status: 'pending',
        userDefined: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`userDefined${n}`, String(claims[`userDefined${n}`] ?? '')])),
        channel: channels[0],
        maskedPan: '',
        paymentToken: token,
        frontendReturnUrl: typeof claims.frontendReturnUrl === 'string' ? claims.frontendReturnUrl : undefined,
        backendReturnUrl: typeof claims.backendReturnUrl === 'string' ? claims.backendReturnUrl : undefined,
        paymentChannel: channels,
        interestType: typeof claims.interestType === 'string' ? claims.interestType : undefined,
        installmentPeriods: Array.isArray(claims.installmentPeriodFilter) ? claims.installmentPeriodFilter.map(Number) : undefined,
      });
      byToken.set(token, invoiceNo);
      return signed({ webPaymentUrl: `${context.publicUrl}/payment/4.3/pay/${token}`, paymentToken: token, respCode: '0000', respDesc: 'Success' });
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: Delivery[] }> {
      const txn = transactions.get(reference) as Transaction;
      txn.status = decision === 'approve' ? 'approved' : 'declined';
      txn.paidAt = new Date();
      txn.tranRef = String(Date.now()).slice(-7) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
      txn.approvalCode = decision === 'approve' ? String(Math.floor(100000 + Math.random() * 899999)) : '';
      const notifications: Delivery[] = [];
      if (txn.flow === '9.9') {
        const paymentResponse = signedPaymentResponse(txn);
        if (context.options.callbackUrl) notifications.push(await deliver(context.options.callbackUrl, formBody({ paymentResponse }), FORM));
        const browser: BrowserStep = context.options.resultUrl
          ? { kind: 'form', action: context.options.resultUrl, fields: { paymentResponse } }
          : { kind: 'none', message: 'No result URL is configured for this merchant.' };
        return { status: txn.status, browser, notifications };
      }
      if (txn.backendReturnUrl) {
        notifications.push(await deliver(txn.backendReturnUrl, JSON.stringify({ payload: signJwt(transactionClaims(txn), keys.secretKey) }), JSON_TYPE));
      }
      const frontend = b64(
        JSON.stringify({
          invoiceNo: txn.reference,
          channelCode: txn.channel,
          respCode: '2000',
          respDesc: 'Transaction is completed, please do payment inquiry request for full payment information.',
        }),
      );
      const browser: BrowserStep = txn.frontendReturnUrl ? { kind: 'form', action: txn.frontendReturnUrl, fields: { paymentResponse: frontend } } : { kind: 'none', message: 'Payment completed.' };
      return { status: txn.status, browser, notifications };
    }

    const tokenTransaction = (token: string) => transactions.get(byToken.get(token.replace(/\.png$/, '')) ?? '');

    return {
      title: '2C2P',
      baseUrls: SANDBOX_BASE_PATHS['2c2p'],
      list: () => [...transactions.values()].map(payable),
      find: (reference) => {
        const txn = transactions.get(reference);
        return txn && payable(txn);
      },
      settle,
      routes: [
        ['POST', '/SecurePayment/PaymentAuth.aspx', (request) => paymentAuth(request.form().paymentRequest)],
        [
          'GET',
          '/SecurePayment/api/:script',
          (request) => {
            if (/^my2c2p.*\.js$/.test(request.params.script)) return text(my2c2pScript(sandboxCardKeys().spkiBase64), 200, 'text/javascript; charset=utf-8');
            if (request.params.script === 'public-key.pem') return text(sandboxCardKeys().pem, 200, 'application/x-pem-file');
            return json(404, { error: 'not_found' });
          },
        ],
        [
          'POST',
          '/payment/4.3/paymentToken',
          (request) => {
            const envelope = readEnvelope(request.json());
            return 'error' in envelope ? envelope.error : paymentToken(envelope.claims);
          },
        ],
        [
          'GET',
          '/payment/4.3/pay/:token',
          (request) => {
            const txn = tokenTransaction(request.params.token);
            return txn ? html(decisionPage(payable(txn))) : errorPage('unknown payment token', 404);
          },
        ],
        [
          'POST',
          '/payment/4.3/payment',
          (request) => {
            const body = request.json() as { paymentToken?: string; payment?: { code?: { channelCode?: string } } } | null;
            const txn = tokenTransaction(body?.paymentToken ?? '');
            if (!txn) return json(200, { respCode: '9040', respDesc: 'Invalid payment token' });
            if (body?.payment?.code?.channelCode !== 'PPQR') return json(200, { respCode: '9042', respDesc: 'Only channelCode PPQR is simulated' });
            txn.channel = 'PPQR';
            return json(200, {
              channelCode: 'PPQR',
              respCode: '1005',
              respDesc: 'Transaction in progress',
              type: 'URL',
              data: `${context.publicUrl}/payment/4.3/qr/${txn.paymentToken}.png`,
              fallbackData: '',
            });
          },
        ],
        [
          'GET',
          '/payment/4.3/qr/:file',
          async (request) => {
            const txn = tokenTransaction(request.params.file);
            // Scanning the sandbox QR opens the sandbox page where the payment is approved.
            return txn ? png(await QRCode.toBuffer(`${context.publicUrl}/__sandbox/page/${txn.reference}`)) : json(404, { error: 'not_found' });
          },
        ],
        [
          'POST',
          '/payment/4.3/paymentInquiry',
          (request) => {
            const envelope = readEnvelope(request.json());
            if ('error' in envelope) return envelope.error;
            const txn = transactions.get(String(envelope.claims.invoiceNo ?? ''));
            return txn ? signed(transactionClaims(txn)) : json(200, { respCode: '4014', respDesc: 'Transaction not found' });
          },
        ],
      ],
    };
  };
}
