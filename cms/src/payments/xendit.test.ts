import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxPaymentConfig, startCallbackRecorder, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { xenditInvoiceAdapter, xenditPromptPayAdapter } from './xendit';
import type { PaymentConfig, PaymentOrder } from './types';

let recorder: CallbackRecorder;
let sandbox: RunningSandbox;
let nextId = 1101;
const order = (amount = '1500.25'): PaymentOrder => ({ id: nextId++, token: `tok-${nextId}`, amount: parseMajor(amount), description: 'คอร์สภาษาอังกฤษ', email: 'buyer@example.com', name: 'Buyer' });
const config = (methodId: 11 | 12 = 11): PaymentConfig =>
  sandboxPaymentConfig(methodId, sandbox, { returnUrl: 'https://shop.example/thankyou?orderId={orderToken}', cancelUrl: 'https://shop.example/myaccount/student/order' });
const secretAuth = { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.xendit.secretKey}:`).toString('base64')}` };

beforeAll(async () => {
  recorder = await startCallbackRecorder();
  sandbox = await createSandbox('xendit', { callbackUrl: `${recorder.url}/xendit` });
});
afterAll(async () => {
  await sandbox.close();
  await recorder.close();
});

describe('Xendit invoice (method 11)', () => {
  it('creates an invoice in baht with both redirect URLs and sends the browser to invoice_url', async () => {
    const paying = order('1500.25');
    const start = await xenditInvoiceAdapter.startPayment(paying, config());
    expect(start.browser).toEqual({ kind: 'redirect', url: `${sandbox.url}/web/${start.providerReference}` });
    const invoice = await (await fetch(`${sandbox.url}/v2/invoices/${start.providerReference}`, { headers: secretAuth })).json();
    expect(invoice).toMatchObject({ amount: 1500.25, currency: 'THB', success_redirect_url: `https://shop.example/thankyou?orderId=${paying.token}` });
    expect(await (await fetch(start.browser.kind === 'redirect' ? start.browser.url : '')).text()).toContain('฿1,500.25');
  });

  it('a paid invoice calls back with x-callback-token; the invoice re-read says approved, and so does inquiry', async () => {
    const paying = order();
    const start = await xenditInvoiceAdapter.startPayment(paying, config());
    const settlement = await sandbox.approve(start.providerReference);
    expect(settlement.browser).toEqual({ kind: 'redirect', url: `https://shop.example/thankyou?orderId=${paying.token}` });
    const callback = recorder.last('/xendit')!;
    expect(callback.headers['x-callback-token']).toBe(DEMO_KEYS.xendit.callbackToken);
    expect(await xenditInvoiceAdapter.verifyCallback(callback, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount, providerReference: start.providerReference });
    expect(await xenditInvoiceAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('an invoice that expires unpaid is rejected', async () => {
    const start = await xenditInvoiceAdapter.startPayment(order(), config());
    expect(await xenditInvoiceAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending' });
    await sandbox.decline(start.providerReference);
    expect(await xenditInvoiceAdapter.verifyCallback(recorder.last('/xendit')!, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('a callback with a wrong or missing token is refused, and a forged body cannot approve', async () => {
    const start = await xenditInvoiceAdapter.startPayment(order(), config());
    const forged = { headers: { 'x-callback-token': 'guess' }, rawBody: JSON.stringify({ id: start.providerReference, status: 'PAID' }) };
    expect(await xenditInvoiceAdapter.verifyCallback(forged, config())).toMatchObject({ ok: false });
    expect(await xenditInvoiceAdapter.verifyCallback({ headers: {}, rawBody: forged.rawBody }, config())).toMatchObject({ ok: false });
    const tokenRight = { headers: { 'x-callback-token': DEMO_KEYS.xendit.callbackToken }, rawBody: forged.rawBody };
    expect(await xenditInvoiceAdapter.verifyCallback(tokenRight, config())).toMatchObject({ ok: true, outcome: 'pending' });
  });
});

describe('Xendit PromptPay (method 12)', () => {
  it('shows a QR of the payment request with the amount in baht and its expiry', async () => {
    const start = await xenditPromptPayAdapter.startPayment(order('99.50'), config(12));
    if (start.browser.kind !== 'qr') throw new Error('expected a QR');
    expect(start.providerReference).toMatch(/^pr-/);
    expect(start.browser.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(start.browser.payload).toContain('540599.50');
    expect(Date.parse(start.browser.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('a paid QR sends payment.succeeded; the payment request re-read says approved, and so does inquiry', async () => {
    const paying = order('99.50');
    const start = await xenditPromptPayAdapter.startPayment(paying, config(12));
    await sandbox.approve(start.providerReference);
    const callback = recorder.last('/xendit')!;
    expect(JSON.parse(callback.rawBody).event).toBe('payment.succeeded');
    expect(await xenditPromptPayAdapter.verifyCallback(callback, config(12))).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
    expect(await xenditPromptPayAdapter.inquire(start.providerReference, config(12))).toMatchObject({ ok: true, outcome: 'approved' });
  });

  it('a failed QR payment is rejected', async () => {
    const start = await xenditPromptPayAdapter.startPayment(order('99.50'), config(12));
    await sandbox.decline(start.providerReference);
    expect(await xenditPromptPayAdapter.verifyCallback(recorder.last('/xendit')!, config(12))).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('below 1.00 THB is refused before Xendit is called', async () => {
    await expect(xenditPromptPayAdapter.startPayment(order('0.99'), config(12))).rejects.toMatchObject({ code: 'BELOW_MINIMUM' });
  });
});
