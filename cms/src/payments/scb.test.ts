import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxPaymentConfig, startCallbackRecorder, type CallbackRecorder, type RunningSandbox } from '@sala/payment-sandbox';
import { scbQrAdapter } from './scb';
import type { PaymentConfig, PaymentOrder } from './types';

let recorder: CallbackRecorder;
let sandbox: RunningSandbox;
let nextId = 401;
const order = (amount = '750.00'): PaymentOrder => ({ id: nextId++, token: `tok-${nextId}`, amount: parseMajor(amount), description: 'Course', email: 'buyer@example.com', name: 'Buyer' });
const config = (): PaymentConfig => sandboxPaymentConfig(4, sandbox);

beforeAll(async () => {
  // The merchant's confirmation endpoint answers with whatever our adapter says to answer.
  recorder = await startCallbackRecorder(async (request) => (await scbQrAdapter.verifyCallback(request, config())).reply);
  sandbox = await createSandbox('scb', { callbackUrl: `${recorder.url}/scb/confirm` });
});
afterAll(async () => {
  await sandbox.close();
  await recorder.close();
});

describe('SCB bank QR (method 4)', () => {
  it('creates a tag-30 bill payment QR for the biller with the amount in baht, its image and its expiry', async () => {
    const start = await scbQrAdapter.startPayment(order('750.00'), config());
    if (start.browser.kind !== 'qr') throw new Error('expected a QR');
    expect(start.browser.imageDataUrl).toMatch(/^data:image\/png;base64,/);
    const qr = parse(start.browser.payload ?? '', true);
    expect(qr?.getTagValue('54')).toBe('750.00');
    expect(qr?.getTagValue('30', '01')).toBe(DEMO_KEYS.scb.billerId);
    expect(qr?.getTagValue('30', '02')).toBe(start.providerReference);
    const minutesLeft = (Date.parse(start.browser.expiresAt ?? '') - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(14);
    expect(minutesLeft).toBeLessThanOrEqual(15);
  });

  it('a paid QR is confirmed by push, answered resCode 00 with the transactionId, and approved through the inquiry', async () => {
    const paying = order();
    const start = await scbQrAdapter.startPayment(paying, config());
    const settlement = await sandbox.approve(start.providerReference);
    const push = JSON.parse(recorder.last('/scb/confirm')!.rawBody);
    expect(push).toMatchObject({ billPaymentRef1: start.providerReference, amount: '750.00', currencyCode: '764' });
    expect(JSON.parse(settlement.notifications[0].reply)).toEqual({ resCode: '00', resDesc: 'success', transactionId: push.transactionId });
    const verified = await scbQrAdapter.verifyCallback(recorder.last('/scb/confirm')!, config());
    expect(verified).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount, providerTransactionId: push.transactionId });
    expect(await scbQrAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('a QR the payer abandons gets no push and stays pending', async () => {
    const start = await scbQrAdapter.startPayment(order(), config());
    const before = recorder.received.length;
    await sandbox.decline(start.providerReference);
    expect(recorder.received.length).toBe(before);
    expect(await scbQrAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'pending' });
  });

  it('a forged confirmation for an unpaid QR is acknowledged but not approved: the inquiry decides', async () => {
    const start = await scbQrAdapter.startPayment(order(), config());
    const forged = { headers: {}, rawBody: JSON.stringify({ transactionId: 'FAKE1', amount: '750.00', billPaymentRef1: start.providerReference }) };
    const result = await scbQrAdapter.verifyCallback(forged, config());
    expect(result).toMatchObject({ ok: true, outcome: 'pending' });
    expect(JSON.parse(result.reply.body)).toMatchObject({ resCode: '00', transactionId: 'FAKE1' });
  });

  it('a confirmation without transactionId or billPaymentRef1 is refused', async () => {
    expect(await scbQrAdapter.verifyCallback({ headers: {}, rawBody: '{"amount":"1.00"}' }, config())).toMatchObject({ ok: false });
  });

  it('wrong application credentials fail the start with a configuration error', async () => {
    await expect(scbQrAdapter.startPayment(order(), { ...config(), applicationId2: 'wrong' })).rejects.toMatchObject({ code: 'MISCONFIGURED' });
  });
});
