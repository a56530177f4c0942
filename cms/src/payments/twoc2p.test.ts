import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxEncryptCard, sandboxPaymentConfig, startCallbackRecorder, submitForm, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { twoC2pCardAdapter, twoC2pInstallmentAdapter, twoC2pQrAdapter } from './twoc2p';
import type { CallbackRequest, PaymentConfig, PaymentOrder } from './types';

const SECRET = DEMO_KEYS['2c2p'].secretKey;
const card = { encryptedCardInfo: sandboxEncryptCard({ number: '4111111111111111', month: '12', year: '2030', cvv: '123' }) };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
const formPost = (fields: Record<string, string>): CallbackRequest => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: new URLSearchParams(fields).toString(),
});

let recorder: CallbackRecorder;
let sandbox: RunningSandbox;
let nextId = 7001;
const order = (amount = '1234.50'): PaymentOrder => ({
  id: nextId++,
  token: `tok-${nextId}`,
  amount: parseMajor(amount),
  description: 'คอร์สการตลาดออนไลน์',
  email: 'buyer@example.com',
  name: 'สมชาย ใจดี',
});
const config = (methodId: 3 | 10 | 15 = 3): PaymentConfig => sandboxPaymentConfig(methodId, sandbox, { returnUrl: `${recorder.url}/return/{orderToken}`, callbackUrl: `${recorder.url}/notify` });

beforeAll(async () => {
  recorder = await startCallbackRecorder();
  sandbox = await createSandbox('2c2p', { callbackUrl: `${recorder.url}/backend-result`, resultUrl: `${recorder.url}/result` });
});
afterAll(async () => {
  await sandbox.close();
  await recorder.close();
});

describe('2C2P 9.9 card hand-off', () => {
  it('signs the request on the server: uppercase hex HMAC-SHA256 of the base64 payload with application_id_2', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config(), card);
    if (start.browser.kind !== 'form') throw new Error('expected a form');
    expect(start.browser.action).toBe(`${sandbox.url}/SecurePayment/PaymentAuth.aspx`);
    expect(Object.keys(start.browser.fields)).toEqual(['paymentRequest']);
    const outer = unb64(start.browser.fields.paymentRequest);
    expect(tag(outer, 'version')).toBe('9.9');
    const payload = tag(outer, 'payload');
    expect(tag(outer, 'signature')).toBe(createHmac('sha256', SECRET).update(payload).digest('hex').toUpperCase());
    const inner = unb64(payload);
    expect(tag(inner, 'amt')).toBe('000000123450');
    expect(tag(inner, 'currencyCode')).toBe('764');
    expect(tag(inner, 'uniqueTransactionCode')).toBe(start.providerReference);
    expect(tag(inner, 'desc')).toBe('คอร์สการตลาดออนไลน์');
  });

  it('round trip: the sandbox accepts our signed request, and our code accepts the paymentResponse it signs', async () => {
    const paying = order();
    const start = await twoC2pCardAdapter.startPayment(paying, config(), card);
    if (start.browser.kind !== 'form') throw new Error('expected a form');
    const page = await submitForm(start.browser.action, start.browser.fields);
    expect(page.status).toBe(200);
    expect(page.text).toContain('฿1,234.50');

    const settlement = await sandbox.approve(start.providerReference);
    if (settlement.browser.kind !== 'form') throw new Error('expected the result form');
    expect(settlement.browser.action).toBe(`${recorder.url}/result`);
    const fromBrowser = await twoC2pCardAdapter.verifyCallback(formPost(settlement.browser.fields), config());
    expect(fromBrowser).toMatchObject({ ok: true, outcome: 'approved', providerReference: start.providerReference, amount: paying.amount });

    const backend = recorder.last('/backend-result');
    expect(backend).toBeDefined();
    expect(await twoC2pCardAdapter.verifyCallback(backend!, config())).toMatchObject({ ok: true, outcome: 'approved' });
    expect(await twoC2pCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('a declined card comes back rejected, and inquiry agrees', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config(), card);
    if (start.browser.kind !== 'form') throw new Error('expected a form');
    await submitForm(start.browser.action, start.browser.fields);
    const settlement = await sandbox.decline(start.providerReference);
    if (settlement.browser.kind !== 'form') throw new Error('expected the result form');
    const result = await twoC2pCardAdapter.verifyCallback(formPost(settlement.browser.fields), config());
    expect(result).toMatchObject({ ok: true, outcome: 'rejected', raw: { respCode: '05' } });
    expect(await twoC2pCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('the Approve button posts back the same signed paymentResponse the control API returns', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config(), card);
    if (start.browser.kind !== 'form') throw new Error('expected a form');
    await submitForm(start.browser.action, start.browser.fields);
    const page = await submitForm(`${sandbox.url}/__sandbox/decide/${start.providerReference}`, { decision: 'approve' });
    expect(page.text).toContain(`action="${recorder.url}/result"`);
    const paymentResponse = /name="paymentResponse" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    expect(await twoC2pCardAdapter.verifyCallback(formPost({ paymentResponse }), config())).toMatchObject({ ok: true, outcome: 'approved' });
  });

  describe('a tampered paymentResponse is refused', () => {
    let signed = '';
    beforeAll(async () => {
      const start = await twoC2pCardAdapter.startPayment(order(), config(), card);
      if (start.browser.kind !== 'form') throw new Error('expected a form');
      await submitForm(start.browser.action, start.browser.fields);
      const settlement = await sandbox.decline(start.providerReference);
      signed = settlement.browser.kind === 'form' ? settlement.browser.fields.paymentResponse : '';
    });
    const outer = () => unb64(signed);

    it('when the payload is changed (a decline turned into an approval)', async () => {
      const payload = b64(unb64(tag(outer(), 'payload')).replace('<respCode>05</respCode>', '<respCode>00</respCode>'));
      const forged = b64(outer().replace(tag(outer(), 'payload'), payload));
      expect(await twoC2pCardAdapter.verifyCallback(formPost({ paymentResponse: forged }), config())).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });
    });

    it('when the signature is changed', async () => {
      const signature = tag(outer(), 'signature');
      const forged = b64(outer().replace(signature, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`));
      expect(await twoC2pCardAdapter.verifyCallback(formPost({ paymentResponse: forged }), config())).toMatchObject({ ok: false });
    });

    it('when it is checked with another key', async () => {
      const result = await twoC2pCardAdapter.verifyCallback(formPost({ paymentResponse: signed }), { ...config(), applicationId2: 'another-secret' });
      expect(result.ok).toBe(false);
    });
  });

  it('the sandbox refuses a paymentRequest signed with another key', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), { ...config(), applicationId2: 'not-the-merchant-secret' }, card);
    if (start.browser.kind !== 'form') throw new Error('expected a form');
    const page = await submitForm(start.browser.action, start.browser.fields);
    expect(page.status).toBe(400);
    expect(page.text).toContain('signature does not match');
  });
});

describe('2C2P v4.3 payment token API', () => {
  it('the payment token claims carry baht as a decimal number, the alpha currency and both return URLs', async () => {
    const fake = await startCallbackRecorder(() => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ respCode: '9042', respDesc: 'stop' }) }));
    try {
      const paying = order('1999.90');
      await expect(twoC2pCardAdapter.startPayment(paying, { ...config(), baseUrls: { pgw: fake.url } })).rejects.toThrow(/9042/);
      const [, claims] = JSON.parse(fake.last()!.rawBody).payload.split('.');
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
        merchantID: 'JT01',
        amount: 1999.9,
        currencyCode: 'THB',
        paymentChannel: ['CC'],
        frontendReturnUrl: `${recorder.url}/return/${paying.token}`,
        backendReturnUrl: `${recorder.url}/notify`,
      });
    } finally {
      await fake.close();
    }
  });

  it('a payment link is approved by the signed backend notification, and the unsigned browser return defers to inquiry', async () => {
    const paying = order('500.00');
    const start = await twoC2pCardAdapter.startPayment(paying, config());
    if (start.browser.kind !== 'redirect') throw new Error('expected a redirect');
    const hosted = await fetch(start.browser.url);
    expect(await hosted.text()).toContain('฿500.00');

    const settlement = await sandbox.approve(start.providerReference);
    const notification = recorder.last('/notify');
    expect(JSON.parse(notification!.rawBody)).toHaveProperty('payload');
    expect(await twoC2pCardAdapter.verifyCallback(notification!, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount, providerReference: start.providerReference });

    if (settlement.browser.kind !== 'form') throw new Error('expected the frontend return form');
    expect(settlement.browser.action).toBe(`${recorder.url}/return/${paying.token}`);
    expect(await twoC2pCardAdapter.verifyCallback(formPost(settlement.browser.fields), config())).toMatchObject({ ok: true, outcome: 'approved' });
    expect(await twoC2pCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('a declined payment link is rejected', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config());
    await sandbox.decline(start.providerReference);
    expect(await twoC2pCardAdapter.verifyCallback(recorder.last('/notify')!, config())).toMatchObject({ ok: true, outcome: 'rejected' });
    expect(await twoC2pCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('an unpaid payment link is pending on inquiry', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config());
    expect(await twoC2pCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending' });
  });

  it('a backend notification signed with another key, or with an edited payload, is refused', async () => {
    const start = await twoC2pCardAdapter.startPayment(order(), config());
    await sandbox.approve(start.providerReference);
    const notification = recorder.last('/notify')!;
    expect((await twoC2pCardAdapter.verifyCallback(notification, { ...config(), applicationId2: 'another-secret' })).ok).toBe(false);
    const [head, claims, signature] = JSON.parse(notification.rawBody).payload.split('.');
    const edited = Buffer.from(Buffer.from(claims, 'base64url').toString().replace('"amount":1234.5', '"amount":1.5')).toString('base64url');
    const forged = { ...notification, rawBody: JSON.stringify({ payload: `${head}.${edited}.${signature}` }) };
    expect(await twoC2pCardAdapter.verifyCallback(forged, config())).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it('installments ask for paymentChannel IPP with the interest type and periods, and settle like a payment link', async () => {
    const start = await twoC2pInstallmentAdapter.startPayment(order('30000.00'), config(10));
    const shown = (await (await fetch(`${sandbox.url}/__sandbox/transactions/${start.providerReference}`)).json()) as { details: Record<string, string> };
    expect(shown.details).toMatchObject({ Flow: 'PGW 4.3 (IPP)', Installments: '3, 6, 10 months (C)' });
    await sandbox.approve(start.providerReference);
    expect(await twoC2pInstallmentAdapter.verifyCallback(recorder.last('/notify')!, config(10))).toMatchObject({ ok: true, outcome: 'approved' });
  });

  it('PromptPay through PPQR shows the QR image with its expiry, and the paid QR is approved', async () => {
    const paying = order('250.00');
    const start = await twoC2pQrAdapter.startPayment(paying, config(15));
    if (start.browser.kind !== 'qr') throw new Error('expected a QR');
    expect(start.browser.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    const minutesLeft = (Date.parse(start.browser.expiresAt ?? '') - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    await sandbox.approve(start.providerReference);
    expect(await twoC2pQrAdapter.verifyCallback(recorder.last('/notify')!, config(15))).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
    expect(await twoC2pQrAdapter.inquire(start.providerReference, config(15))).toMatchObject({ ok: true, outcome: 'approved' });
  });

  it('a notification that is neither signed XML nor a JWT is refused', async () => {
    expect(await twoC2pCardAdapter.verifyCallback({ headers: {}, rawBody: 'hello=world' }, config())).toMatchObject({ ok: false });
  });
});
