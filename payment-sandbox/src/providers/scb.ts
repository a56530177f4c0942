/**
 * SCB Open API: OAuth token, QR create (`status.code` 1000, `qrRawData`,
 * `qrImage`, `csExtExpiryTime` for card-scheme QRs), the payment confirmation
 * push (resent up to 3 times, 12 s apart, until answered `resCode` 00), the
 * bill payment inquiry and the transaction (slip) lookup. Every call checks
 * `resourceOwnerId` and `requestUId`; all but the token call a bearer token.
 * Slips of other transfers are registered through `POST /__sandbox/slips` (tests,
 * the demo); the lookup answers them and refuses references it does not know.
 */
import QRCode from 'qrcode';
import { DEMO_KEYS, SANDBOX_BASE_PATHS } from '../demo-keys';
import { newId, safeEqual } from '../lib/crypto';
import { billPaymentQr, decimalToMinor, minorToDecimal } from '../lib/formats';
import { type Payable } from '../lib/html';
import { deliver, json, type Delivery, type Reply, type SandboxRequest } from '../lib/http';
import type { BrowserStep, Decision, Provider, ProviderContext } from '../lib/sandbox';

export type ScbKeys = { applicationKey: string; applicationSecret: string; billerId: string };

/** A transfer the stand-in's bank knows, as `POST /__sandbox/slips` registers it; `amount` in baht ("1070.50"). */
export type SandboxSlip = {
  transRef: string;
  sendingBank: string;
  receivingBank?: string;
  amount: string;
  /** The receiver's account as the bank shows it (masked, e.g. "xxx-x-x6789-x"). */
  receiverAccount: string;
  /** The receiver's PromptPay id, when the transfer went to one. */
  receiverProxy?: string;
  receiverName?: string;
  /** Bangkok date and time of the transfer: "2026-11-27", "14:05:09". */
  transDate: string;
  transTime: string;
};

/** The slip lookup's answer body (SCB `GET /v1/payment/billpayment/transactions/{transRef}`). */
function slipData(slip: SandboxSlip): Record<string, unknown> {
  return {
    transRef: slip.transRef,
    sendingBank: slip.sendingBank,
    receivingBank: slip.receivingBank ?? '014',
    transDate: slip.transDate,
    transTime: slip.transTime,
    sender: { displayName: 'นาย ผู้โอน ท.', name: 'MR. SANDBOX PAYER', proxy: { type: '', value: '' }, account: { type: 'BANKAC', value: 'xxx-x-x1234-x' } },
    receiver: {
      displayName: slip.receiverName ?? 'SALA SANDBOX',
      name: slip.receiverName ?? 'SALA SANDBOX',
      proxy: { type: slip.receiverProxy ? 'MSISDN' : '', value: slip.receiverProxy ?? '' },
      account: { type: 'BANKAC', value: slip.receiverAccount },
    },
    amount: slip.amount,
    paidLocalAmount: slip.amount,
    paidLocalCurrency: '764',
    countryCode: 'TH',
    ref1: '',
    ref2: '',
    ref3: '',
  };
}

const RETRIES = 3;
const RETRY_DELAY_MS = 12_000;

type Qr = {
  ref1: string;
  ref2: string;
  ref3: string;
  amountMinor: number;
  qrType: string;
  status: 'pending' | 'paid' | 'declined';
  transaction?: Record<string, unknown> & { transactionId: string; paidDate: string };
};

const answer = (status: number, code: number, description: string, data?: unknown): Reply => json(status, { status: { code, description }, ...(data === undefined ? {} : { data }) });

function bangkokDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function createScbSandbox(keys: ScbKeys = DEMO_KEYS.scb) {
  return (context: ProviderContext): Provider => {
    const accessTokens = new Set<string>();
    const qrs = new Map<string, Qr>();
    const slips = new Map<string, SandboxSlip>();

    const payable = (qr: Qr): Payable => ({
      reference: qr.ref1,
      provider: 'SCB',
      amountMinor: qr.amountMinor,
      currency: 'THB',
      description: `Bill payment ${qr.ref1}`,
      status: qr.status,
      settled: qr.status !== 'pending',
      details: { 'Biller ID': keys.billerId, 'QR type': qr.qrType, Ref3: qr.ref3 },
    });

    const headersOk = (request: SandboxRequest) => request.header('resourceownerid') === keys.applicationKey && Boolean(request.header('requestuid'));

    const guarded = (handler: (request: SandboxRequest) => Reply | Promise<Reply>) => (request: SandboxRequest) => {
      if (!headersOk(request)) return answer(400, 9100, 'resourceOwnerId or requestUId is missing or invalid');
      const token = /^Bearer (.+)$/.exec(request.header('authorization') ?? '')?.[1];
      if (!token || !accessTokens.has(token)) return answer(401, 9500, 'Invalid access token');
      return handler(request);
    };

    function token(request: SandboxRequest): Reply {
      const body = request.json() ?? {};
      if (!headersOk(request)) return answer(400, 9100, 'resourceOwnerId or requestUId is missing or invalid');
      if (!safeEqual(String(body.applicationKey ?? ''), keys.applicationKey) || !safeEqual(String(body.applicationSecret ?? ''), keys.applicationSecret)) {
        return answer(401, 9300, 'Invalid application key or secret');
      }
      const accessToken = newId('', 16);
      accessTokens.add(accessToken);
      const now = Math.floor(Date.now() / 1000);
      return answer(200, 1000, 'Success', { accessToken, tokenType: 'Bearer', expiresIn: 1800, expiresAt: now + 1800, refreshToken: newId('', 16), refreshExpiresIn: 3600 });
    }

    async function createQr(request: SandboxRequest): Promise<Reply> {
      const body = (request.json() ?? {}) as Record<string, string | undefined>;
      const amountMinor = decimalToMinor(body.amount ?? '');
      const invalid = (description: string) => answer(400, 4101, description);
      if (!['PP', 'PPCS'].includes(body.qrType ?? '')) return invalid('qrType PP or PPCS is simulated');
      if (body.ppType !== 'BILLERID' || body.ppId !== keys.billerId) return invalid('ppType must be BILLERID with the registered biller id');
      if (amountMinor === null || !/^\d+\.\d{2}$/.test(body.amount ?? '')) return invalid('amount must be a decimal string like "100.00"');
      for (const ref of ['ref1', 'ref3'] as const) if (!/^[A-Z0-9]{1,20}$/.test(body[ref] ?? '')) return invalid(`${ref} must be 1-20 characters A-Z 0-9`);
      if (body.ref2 && !/^[A-Z0-9]{1,20}$/.test(body.ref2)) return invalid('ref2 must be 1-20 characters A-Z 0-9');
      if (qrs.has(body.ref1 as string)) return invalid('ref1 was used already');
      if (body.qrType === 'PPCS' && !(body.merchantId && body.terminalId && body.invoice && /^\d+$/.test(body.csExtExpiryTime ?? ''))) {
        return invalid('PPCS needs merchantId, terminalId, invoice and csExtExpiryTime');
      }
      const qr: Qr = { ref1: body.ref1 as string, ref2: body.ref2 ?? '', ref3: body.ref3 as string, amountMinor, qrType: body.qrType as string, status: 'pending' };
      qrs.set(qr.ref1, qr);
      const qrRawData = billPaymentQr(keys.billerId, qr.ref1, minorToDecimal(amountMinor), qr.ref2 || undefined, qr.ref3);
      const qrImage = (await QRCode.toBuffer(qrRawData)).toString('base64');
      return answer(200, 1000, 'Success', {
        qrRawData,
        qrImage,
        ...(qr.qrType === 'PPCS' ? { csExtExpiryTime: body.csExtExpiryTime, responseCode: '000', qrCodeType: '3', qrcodeId: newId('', 10), poi: '12', amount: body.amount, currencyName: 'THB' } : {}),
      });
    }

    /** Pushes the confirmation; SCB resends when the answer is not resCode 00 for this transaction. */
    async function push(body: Record<string, unknown>, attempt = 1): Promise<Delivery> {
      const delivery = await deliver(context.options.callbackUrl as string, JSON.stringify(body), { 'content-type': 'application/json' });
      let acknowledged: boolean;
      try {
        const reply = JSON.parse(delivery.reply) as { resCode?: string; transactionId?: string };
        acknowledged = reply.resCode === '00' && reply.transactionId === body.transactionId;
      } catch {
        acknowledged = false;
      }
      if (!acknowledged && attempt <= RETRIES) setTimeout(() => void push(body, attempt + 1), RETRY_DELAY_MS).unref();
      return delivery;
    }

    async function settle(reference: string, decision: Decision): Promise<{ status: string; browser: BrowserStep; notifications: Delivery[] }> {
      const qr = qrs.get(reference) as Qr;
      if (decision === 'decline') {
        // SCB sends nothing for an unsuccessful payment.
        qr.status = 'declined';
        return { status: qr.status, browser: { kind: 'none', message: 'The payer cancelled in the bank app.' }, notifications: [] };
      }
      const now = new Date();
      qr.status = 'paid';
      qr.transaction = {
        payeeProxyId: keys.billerId,
        payeeProxyType: 'BILLERID',
        payeeAccountNumber: '0987654321',
        payeeName: 'SALA SANDBOX',
        payerProxyId: '0812345678',
        payerProxyType: 'MSISDN',
        payerAccountNumber: '1234567890',
        payerName: 'SANDBOX PAYER',
        sendingBankCode: '014',
        receivingBankCode: '014',
        amount: minorToDecimal(qr.amountMinor),
        transactionId: `${bangkokDate(now).replace(/-/g, '')}${newId('', 6).toUpperCase()}`,
        transactionDateandTime: now.toISOString().replace('Z', '+00:00'),
        billPaymentRef1: qr.ref1,
        billPaymentRef2: qr.ref2,
        billPaymentRef3: qr.ref3,
        currencyCode: '764',
        channelCode: 'PMH',
        transactionType: 'Domestic Transfers',
        paidDate: bangkokDate(now),
      };
      const { paidDate: _paidDate, ...confirmation } = qr.transaction;
      const notifications = context.options.callbackUrl ? [await push(confirmation)] : [];
      return { status: qr.status, browser: { kind: 'none', message: 'Paid from the bank app.' }, notifications };
    }

    const paidRows = () => [...qrs.values()].filter((qr) => qr.transaction).map((qr) => qr.transaction as NonNullable<Qr['transaction']>);
    const withoutDate = ({ paidDate: _paidDate, ...row }: NonNullable<Qr['transaction']>) => row;

    return {
      title: 'SCB',
      baseUrls: SANDBOX_BASE_PATHS.scb,
      list: () => [...qrs.values()].map(payable),
      find: (reference) => {
        const qr = qrs.get(reference);
        return qr && payable(qr);
      },
      settle,
      routes: [
        ['POST', '/v1/oauth/token', token],
        ['POST', '/v1/payment/qrcode/create', guarded(createQr)],
        [
          'GET',
          '/v1/payment/billpayment/inquiry',
          guarded((request) => {
            const query = request.query;
            if (query.get('eventCode') !== '00300100' || query.get('billerId') !== keys.billerId || !/^\d{4}-\d{2}-\d{2}$/.test(query.get('transactionDate') ?? '')) {
              return answer(400, 4101, 'eventCode 00300100, billerId and transactionDate (YYYY-MM-DD) are required');
            }
            const rows = paidRows().filter((row) => row.paidDate === query.get('transactionDate') && (!query.get('reference1') || row.billPaymentRef1 === query.get('reference1')));
            return answer(200, 1000, 'Success', rows.map(withoutDate));
          }),
        ],
        [
          'GET',
          '/v1/payment/billpayment/transactions/:id',
          guarded((request) => {
            const slip = slips.get(request.params.id);
            const sendingBank = request.query.get('sendingBank');
            if (slip) return slip.sendingBank === sendingBank ? answer(200, 1000, 'Success', slipData(slip)) : answer(404, 4102, 'Transaction not found');
            const row = paidRows().find((candidate) => candidate.transactionId === request.params.id);
            return row ? answer(200, 1000, 'Success', withoutDate(row)) : answer(404, 4102, 'Transaction not found');
          }),
        ],
        [
          'POST',
          '/__sandbox/slips',
          (request) => {
            const slip = (request.json() ?? {}) as Partial<SandboxSlip>;
            const valid =
              /^[A-Za-z0-9]{6,40}$/.test(slip.transRef ?? '') &&
              /^\d{3}$/.test(slip.sendingBank ?? '') &&
              decimalToMinor(slip.amount ?? '') !== null &&
              typeof slip.receiverAccount === 'string' &&
              /^\d{4}-\d{2}-\d{2}$/.test(slip.transDate ?? '') &&
              /^\d{2}:\d{2}:\d{2}$/.test(slip.transTime ?? '');
            if (!valid) return json(400, { error: 'transRef, sendingBank, amount, receiverAccount, transDate and transTime are required' });
            slips.set(slip.transRef as string, slip as SandboxSlip);
            return json(201, { registered: slip.transRef });
          },
        ],
      ],
    };
  };
}
