import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, sandboxPaymentConfig, startCallbackRecorder, submitForm, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { bangkokParts } from './config';
import { paySolutionsAdapter, paySolutionsRefno } from './paysolutions';
import type { PaymentConfig, PaymentOrder } from './types';

let recorder: CallbackRecorder;
let sandbox: RunningSandbox;
let nextId = 1301;
const order = (amount = '2500.00'): PaymentOrder => ({ id: nextId++, token: `tok-${nextId}`, amount: parseMajor(amount), description: 'Photoshop basics', email: 'buyer@example.com', name: 'Buyer' });
const config = (): PaymentConfig => sandboxPaymentConfig(13, sandbox, { returnUrl: 'https://shop.example/myaccount/student/order', callbackUrl: `${recorder.url}/postback` });

/** The refno carries the clock to the second, so two starts for one order in the same second would collide. */
async function started(paying = order()) {
  const start = await paySolutionsAdapter.startPayment(paying, config());
  if (start.browser.kind !== 'form') throw new Error('expected a form');
  const page = await submitForm(start.browser.action, start.browser.fields);
  return { start, fields: start.browser.fields, page, paying };
}

beforeAll(async () => {
  recorder = await startCallbackRecorder();
  sandbox = await createSandbox('paysolutions');
});
afterAll(async () => {
  await sandbox.close();
  await recorder.close();
});

describe('PaySolutions pay page (method 13)', () => {
  it('refno is 12 digits: the order id zero-padded to 6, then the Bangkok time as HHmmss', () => {
    const at = new Date('2026-03-01T02:03:04Z');
    expect(paySolutionsRefno({ ...order(), id: 4321 }, at)).toBe('004321090304');
    expect(bangkokParts(at)).toEqual({ date: '2026-03-01', hhmmss: '090304' });
    expect(() => paySolutionsRefno({ ...order(), id: 1_000_000 }, at)).toThrow(/999999/);
  });

  it('posts the documented fields with the total in baht, currency 00 and language TH', async () => {
    const { fields, page, paying } = await started(order('2500.00'));
    expect(fields).toMatchObject({ merchantid: '12345678', total: '2500.00', cc: '00', lang: 'TH', customeremail: paying.email, postbackurl: `${recorder.url}/postback` });
    expect(fields.refno).toMatch(new RegExp(`^${String(paying.id).padStart(6, '0')}\\d{6}$`));
    expect(page.status).toBe(200);
    expect(page.text).toContain('฿2,500.00');
  });

  it('a paid order posts back; the postback is only a hint and the inquiry API approves it', async () => {
    const { start, paying } = await started();
    expect(await paySolutionsAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending', amount: null });
    const settlement = await sandbox.approve(start.providerReference);
    expect(settlement.notifications[0]?.status).toBe(200);
    const postback = recorder.last('/postback')!;
    expect(new URLSearchParams(postback.rawBody).get('status')).toBe('CP');
    expect(await paySolutionsAdapter.verifyCallback(postback, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount, providerReference: start.providerReference });
    expect(await paySolutionsAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved' });
  });

  it('a postback sent as a GET query works the same', async () => {
    const { start } = await started();
    await sandbox.approve(start.providerReference);
    expect(await paySolutionsAdapter.verifyCallback({ headers: {}, rawBody: '', query: { refno: start.providerReference, status: 'CP' } }, config())).toMatchObject({ ok: true, outcome: 'approved' });
  });

  it('a declined payment sends no postback and never reads as paid', async () => {
    const { start } = await started();
    const before = recorder.received.length;
    await sandbox.decline(start.providerReference);
    expect(recorder.received.length).toBe(before);
    expect(await paySolutionsAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending' });
  });

  it('a forged postback claiming CP for an unpaid refno does not approve it', async () => {
    const { start } = await started();
    const forged = { headers: {}, rawBody: new URLSearchParams({ refno: start.providerReference, status: 'CP', statusname: 'COMPLETE', total: '2500.00' }).toString() };
    expect(await paySolutionsAdapter.verifyCallback(forged, config())).toMatchObject({ ok: true, outcome: 'pending' });
  });

  it('the inquiry API refuses a wrong merchant secret key', async () => {
    const { start } = await started();
    expect(await paySolutionsAdapter.inquire(start.providerReference, { ...config(), applicationId2: 'wrong' })).toMatchObject({ ok: false, reason: expect.stringMatching(/401/) });
  });
});
