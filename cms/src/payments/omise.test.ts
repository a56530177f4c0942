import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxPaymentConfig, startCallbackRecorder, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { omiseCardAdapter, omisePromptPayAdapter } from './omise';
import { PaymentError, type CallbackRequest, type PaymentConfig, type PaymentOrder } from './types';

let recorder: CallbackRecorder;
let sandbox: RunningSandbox;
let nextId = 8001;
const order = (amount = '1234.50'): PaymentOrder => ({ id: nextId++, token: `tok-${nextId}`, amount: parseMajor(amount), description: 'คอร์ส Excel', email: 'buyer@example.com', name: 'Somchai' });
const config = (methodId: 8 | 9 = 8): PaymentConfig => sandboxPaymentConfig(methodId, sandbox, { returnUrl: `${recorder.url}/return/{orderToken}` });

/** What Omise.js does in the browser: the card goes to the vault with the public key, a one-time token comes back. */
async function cardToken(number = '4242424242424242'): Promise<string> {
  const response = await fetch(`${sandbox.baseUrls.vault}/tokens`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { name: 'Somchai', number, expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function chargeOnSandbox(id: string): Promise<{ amount: number; currency: string; status: string }> {
  const response = await fetch(`${sandbox.baseUrls.api}/charges/${id}`, {
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.secretKey}:`).toString('base64')}` },
  });
  return response.json() as Promise<{ amount: number; currency: string; status: string }>;
}

beforeAll(async () => {
  recorder = await startCallbackRecorder();
  sandbox = await createSandbox('omise', { callbackUrl: `${recorder.url}/webhook` });
});
afterAll(async () => {
  await sandbox.close();
  await recorder.close();
});

describe('Omise card (method 8)', () => {
  it('charges the token in satang and sends the browser to 3-D Secure', async () => {
    const start = await omiseCardAdapter.startPayment(order('1234.50'), config(), { token: await cardToken() });
    expect(start.providerReference).toMatch(/^chrg_test_/);
    expect(start.browser).toEqual({ kind: 'redirect', url: `${sandbox.url}/payments/${start.providerReference}/authorize` });
    expect(await chargeOnSandbox(start.providerReference)).toMatchObject({ amount: 123450, currency: 'thb', status: 'pending' });
  });

  it('an approved 3-D Secure sends a signed webhook; the charge re-read says approved, and so does inquiry', async () => {
    const paying = order();
    const start = await omiseCardAdapter.startPayment(paying, config(), { token: await cardToken() });
    expect(await omiseCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending' });
    const settlement = await sandbox.approve(start.providerReference);
    expect(settlement.browser).toEqual({ kind: 'redirect', url: `${recorder.url}/return/${paying.token}` });
    const webhook = recorder.last('/webhook')!;
    expect(webhook.headers['omise-signature']).toMatch(/^[0-9a-f]{64}$/);
    const verified = await omiseCardAdapter.verifyCallback(webhook, config());
    expect(verified).toMatchObject({ ok: true, outcome: 'approved', providerReference: start.providerReference, amount: paying.amount });
    expect(await omiseCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('a failed 3-D Secure ends rejected', async () => {
    const start = await omiseCardAdapter.startPayment(order(), config(), { token: await cardToken() });
    await sandbox.decline(start.providerReference);
    expect(await omiseCardAdapter.verifyCallback(recorder.last('/webhook')!, config())).toMatchObject({ ok: true, outcome: 'rejected' });
    expect(await omiseCardAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('refuses to start without a card token', async () => {
    await expect(omiseCardAdapter.startPayment(order(), config(), {})).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('the 20 THB minimum of methods 8 and 9', () => {
  it.each([
    ['19.99', 8],
    ['19.99', 9],
    ['0.50', 8],
  ] as const)('%s THB is refused by method %i before Omise is called', async (amount, methodId) => {
    const adapter = methodId === 8 ? omiseCardAdapter : omisePromptPayAdapter;
    const attempt = adapter.startPayment(order(amount), { ...config(methodId), baseUrls: { api: 'http://127.0.0.1:9' } }, { token: 'tokn_test_unused' });
    await expect(attempt).rejects.toBeInstanceOf(PaymentError);
    await expect(attempt).rejects.toMatchObject({ code: 'BELOW_MINIMUM' });
  });

  it('exactly 20.00 THB is charged as 2000 satang', async () => {
    const start = await omisePromptPayAdapter.startPayment(order('20.00'), config(9));
    expect(await chargeOnSandbox(start.providerReference)).toMatchObject({ amount: 2000 });
  });

  it('USD is refused: Omise charges THB here', async () => {
    await expect(omisePromptPayAdapter.startPayment({ ...order(), amount: { amount: 5000, currency: 'USD' } }, config(9))).rejects.toMatchObject({ code: 'UNSUPPORTED_CURRENCY' });
  });
});

describe('Omise PromptPay (method 9)', () => {
  it('shows the scannable code as an image with its expiry, and the paid charge is approved', async () => {
    const paying = order('350.00');
    const start = await omisePromptPayAdapter.startPayment(paying, config(9));
    if (start.browser.kind !== 'qr') throw new Error('expected a QR');
    expect(start.browser.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(start.browser.expiresAt ?? '')).toBeGreaterThan(Date.now());
    await sandbox.approve(start.providerReference);
    expect(await omisePromptPayAdapter.verifyCallback(recorder.last('/webhook')!, config(9))).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('an unpaid PromptPay charge that fails is rejected', async () => {
    const start = await omisePromptPayAdapter.startPayment(order('350.00'), config(9));
    await sandbox.decline(start.providerReference);
    expect(await omisePromptPayAdapter.inquire(start.providerReference, config(9))).toMatchObject({ ok: true, outcome: 'rejected' });
  });
});

describe('Omise webhook signature', () => {
  let webhook: CallbackRequest;
  beforeAll(async () => {
    const start = await omiseCardAdapter.startPayment(order(), config(), { token: await cardToken() });
    await sandbox.decline(start.providerReference);
    webhook = recorder.last('/webhook')!;
  });
  const sign = (timestamp: string, body: string) => createHmac('sha256', Buffer.from(DEMO_KEYS.omise.webhookSecret, 'base64')).update(`${timestamp}.${body}`).digest('hex');

  it('a tampered body is refused', async () => {
    const rawBody = webhook.rawBody.replace('"status":"failed"', '"status":"successful"');
    expect(rawBody).not.toBe(webhook.rawBody);
    expect(await omiseCardAdapter.verifyCallback({ ...webhook, rawBody }, config())).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/) });
  });

  it('a tampered signature is refused', async () => {
    const headers = { ...webhook.headers, 'omise-signature': '0'.repeat(64) };
    expect(await omiseCardAdapter.verifyCallback({ ...webhook, headers }, config())).toMatchObject({ ok: false });
  });

  it('a correctly signed but stale webhook is refused', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const headers = { ...webhook.headers, 'omise-signature-timestamp': old, 'omise-signature': sign(old, webhook.rawBody) };
    expect(await omiseCardAdapter.verifyCallback({ ...webhook, headers }, config())).toMatchObject({ ok: false, reason: expect.stringMatching(/stale/) });
  });

  it('during a secret rotation any one of the listed signatures is enough', async () => {
    const headers = { ...webhook.headers, 'omise-signature': `${'f'.repeat(64)},${webhook.headers['omise-signature']}` };
    expect(await omiseCardAdapter.verifyCallback({ ...webhook, headers }, config())).toMatchObject({ ok: true });
  });

  it('the outcome comes from re-reading the charge, not from the event body', async () => {
    const body = JSON.parse(webhook.rawBody);
    body.data.status = 'successful';
    const rawBody = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = { 'omise-signature': sign(timestamp, rawBody), 'omise-signature-timestamp': timestamp };
    expect(await omiseCardAdapter.verifyCallback({ headers, rawBody }, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });
});
