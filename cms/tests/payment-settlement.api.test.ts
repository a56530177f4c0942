/**
 * Settlement never loses or doubles a payment: forged and tampered notifications
 * change nothing, ten copies of a real one approve once and mail once, money that
 * does not match the order waits for the shop's review, and nobody reaches another
 * buyer's payments. Also: the admin shows payment secrets masked and stores them as typed.
 */
import { createHmac } from 'node:crypto';
import { DEMO_KEYS, startCallbackRecorder, type CallbackRecorder, type RecordedCallback } from '@sala/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlsOf } from '../src/api/payment/lib/config';
import { getRealtimeChannel } from '../src/realtime';
import { closeSockets, connectSocket, record, signIn } from './helpers/realtime';
import { SHOP_EMAIL, UID, settleDown, startPaymentWorld, type Buyer, type PaymentWorld } from './payment-fixtures';

let world: PaymentWorld;
let recorder: CallbackRecorder;

beforeAll(async () => {
  // Omise and 2C2P 9.9 notifications land on a recorder: the tests deliver them, intact or tampered.
  recorder = await startCallbackRecorder();
  world = await startPaymentWorld({ notify: { omise: `${recorder.url}/omise`, '2c2p': `${recorder.url}/2c2p` } });
});

afterAll(async () => {
  closeSockets();
  await world?.stop();
  await recorder?.close();
});

const PAID_SUBJECT = 'ชำระเงินสำเร็จ';
const REVIEW_SUBJECT = 'การชำระเงินรอตรวจสอบ';

async function deliver(path: string, callback: RecordedCallback, change: { body?: string; headers?: Record<string, string | undefined> } = {}): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...callback.headers, ...change.headers })) {
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) headers[name] = value;
  }
  const response = await fetch(`${world.cms.url}${path}`, { method: 'POST', headers, body: change.body ?? callback.rawBody, redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

async function omiseToken(): Promise<string> {
  const response = await fetch(`${world.sandboxes.omise.url}/tokens`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** A card charge of the buyer's new method-8 order, waiting for 3-D Secure. */
async function omiseCharge(buyer: Buyer, orderId?: number): Promise<{ orderId: number; courseId: number | null; chargeId: string }> {
  const placed = orderId ? { orderId, courseId: null } : await world.placeOrder(buyer, 8);
  const started = await world.call('POST', '/api/omise/creditcard', { buyer, body: { orderId: placed.orderId, omise_token: await omiseToken() } });
  expect(started.status, started.text).toBe(200);
  return { ...placed, chargeId: started.body.charges.id };
}

/** What the sandbox sent for a reference, as the provider's dashboard would have delivered it. */
function webhookOf(path: string, needle: string): RecordedCallback {
  const found = [...recorder.received].reverse().find((callback) => callback.path === path && callback.rawBody.includes(needle));
  if (!found) throw new Error(`no ${path} notification mentions ${needle}`);
  return found;
}

/** A 2C2P v4.3 backend notification, signed as 2C2P signs it (HS256 with the merchant's secret key). */
function twoC2pNotification(claims: Record<string, unknown>, secret = DEMO_KEYS['2c2p'].secretKey): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return JSON.stringify({ payload: `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}` });
}

async function reportsOf(orderId: number) {
  return world.q(UID.report).findMany({ where: { order: { id: orderId } }, select: ['state', 'transfer_amount'] });
}

describe('a tampered or forged notification', () => {
  it('is refused with 400 and changes nothing: not the attempt, not the order, no report, no mail', async () => {
    const buyer = await world.buyer('tamper');
    const { orderId, chargeId } = await omiseCharge(buyer);
    await world.sandboxes.omise.approve(chargeId);
    const real = webhookOf('/omise', chargeId);
    const otherSecret = Buffer.from('not-the-webhook-secret').toString('base64');
    const timestamp = String(Math.floor(Date.now() / 1000));

    const attempts = [
      // the body changed after signing
      await deliver('/api/payments/omise/notify', real, { body: real.rawBody.replace('"status":"successful"', '"status":"successful" ') }),
      await deliver('/api/payments/omise/notify', real, { body: real.rawBody.replace(chargeId, `${chargeId.slice(0, -1)}x`) }),
      // the signature changed
      await deliver('/api/payments/omise/notify', real, { headers: { 'omise-signature': String(real.headers['omise-signature']).replace(/.$/, (c) => (c === '0' ? '1' : '0')) } }),
      // signed with another secret
      await deliver('/api/payments/omise/notify', real, {
        headers: {
          'omise-signature-timestamp': timestamp,
          'omise-signature': createHmac('sha256', Buffer.from(otherSecret, 'base64')).update(`${timestamp}.${real.rawBody}`).digest('hex'),
        },
      }),
      // no signature at all
      await deliver('/api/payments/omise/notify', real, { headers: { 'omise-signature': undefined, 'omise-signature-timestamp': undefined } }),
    ];
    for (const answer of attempts) expect(answer.status, answer.text).toBe(400);

    expect(await world.attemptOf(orderId)).toMatchObject({ state: 'pending', amount_received: null });
    expect((await world.orderOf(orderId)).state).toBe('notYetReceived');
    expect(await reportsOf(orderId)).toEqual([]);
    await settleDown();
    expect(world.mailsTo(buyer.email)).toEqual([]);
  });

  it('a 2C2P 9.9 paymentResponse whose signed payload was altered is refused at the notification and the browser result alike', async () => {
    const buyer = await world.buyer('tamper.2c2p');
    const { orderId } = await world.placeOrder(buyer, 3);
    const { sandboxEncryptCard, submitForm } = await import('@sala/payment-sandbox');
    const started = await world.call('POST', '/api/payment/2c2p/creditcard', {
      buyer,
      body: { orderId, encryptedCardInfo: sandboxEncryptCard({ number: '4111111111111111', month: '12', year: '2030', cvv: '123' }) },
    });
    expect((await submitForm(started.body.result.action, started.body.result.fields)).status).toBe(200);
    const reference = (await world.attemptOf(orderId)).provider_reference;
    // Declined at 2C2P; a forger turns respCode 05 into 00 inside the signed payload.
    const settlement = await world.sandboxes['2c2p'].decline(reference);
    if (settlement.browser.kind !== 'form') throw new Error('expected the result form');
    const outer = Buffer.from(settlement.browser.fields.paymentResponse, 'base64').toString('utf8');
    const payload = /<payload>([^<]+)<\/payload>/.exec(outer)![1];
    const forgedInner = Buffer.from(payload, 'base64').toString('utf8').replace('<respCode>05</respCode>', '<respCode>00</respCode>');
    const forged = Buffer.from(outer.replace(payload, Buffer.from(forgedInner).toString('base64'))).toString('base64');

    const notify = await fetch(`${world.cms.url}/api/payments/2c2p/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ paymentResponse: forged }).toString(),
    });
    expect(notify.status).toBe(400);
    const result = await submitForm(`${world.cms.url}/api/payments/2c2p/result`, { paymentResponse: forged });
    expect(result.status).toBe(303);
    expect(result.location).toBe('http://storefront.sala.test/myaccount/student/order');
    expect(await world.attemptOf(orderId)).toMatchObject({ state: 'pending' });
    expect((await world.orderOf(orderId)).state).toBe('notYetReceived');

    // The genuine (declined) response then settles it.
    const genuine = await submitForm(`${world.cms.url}/api/payments/2c2p/result`, settlement.browser.fields);
    expect(genuine.status).toBe(303);
    expect(await world.attemptOf(orderId)).toMatchObject({ state: 'rejected' });
    expect((await world.orderOf(orderId)).state).toBe('cancelled');
  });

  it('a Xendit callback without the right x-callback-token is refused', async () => {
    const answer = await fetch(`${world.cms.url}/api/payments/xendit/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': 'guessed-token' },
      body: JSON.stringify({ id: 'inv_forged', status: 'PAID', amount: 1500 }),
    });
    expect(answer.status).toBe(400);
  });

  it('a correctly signed notification for a payment we never started is answered 404, so a provider retries it later', async () => {
    const answer = await fetch(`${world.cms.url}/api/payments/2c2p/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: twoC2pNotification({ merchantID: DEMO_KEYS['2c2p'].merchantId, invoiceNo: '999999999999', amount: 1500, currencyCode: 'THB', respCode: '0000', tranRef: 'T1' }),
    });
    expect(answer.status).toBe(404);
  });
});

describe('the same valid notification delivered ten times at once', () => {
  it('approves the order once: one winner, one payment report, one mail, one payment:status event, and every delivery is answered 200', async () => {
    const buyer = await world.buyer('tenfold');
    const socket = await connectSocket(getRealtimeChannel(world.cms.strapi)!.url);
    expect((await signIn(socket, { userId: buyer.id, token: buyer.jwt })).event).toBe('signin:ok');
    const events = record<{ orderId: number; provider: string; status: string }>(socket, 'payment:status');
    const { orderId, courseId, chargeId } = await omiseCharge(buyer);
    await world.sandboxes.omise.approve(chargeId);
    const real = webhookOf('/omise', chargeId);

    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver('/api/payments/omise/notify', real)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);

    expect(await world.attemptOf(orderId)).toMatchObject({ state: 'approved', amount_received: 150_000 });
    expect((await world.orderOf(orderId)).state).toBe('approved');
    expect(await reportsOf(orderId)).toEqual([{ state: 'approved', transfer_amount: 150_000 }]);
    expect(await world.seatsTaken(courseId as number)).toBe(1);
    const order = await world.q(UID.order).findOne({ where: { id: orderId }, select: ['note'] });
    expect(order.note.match(/approved by payment/g)).toHaveLength(1);
    await settleDown(600);
    expect(world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(PAID_SUBJECT))).toHaveLength(1);
    expect(events).toEqual([{ orderId, attemptId: expect.any(Number), provider: 'omise', status: 'succeeded' }]);

    // A late copy, a browser return and a poll change nothing either.
    expect((await deliver('/api/payments/omise/notify', real)).status).toBe(200);
    const token = (await world.q(UID.order).findOne({ where: { id: orderId }, select: ['order_token'] })).order_token;
    const back = await fetch(`${world.cms.url}/api/payments/omise/return?order=${token}`, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe(`http://storefront.sala.test/thankyou?orderId=${token}`);
    await world.call('GET', `/private/orders/${orderId}/payment-status`, { buyer });
    await settleDown();
    expect(await reportsOf(orderId)).toHaveLength(1);
    expect(world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(PAID_SUBJECT))).toHaveLength(1);
    expect(events).toHaveLength(1);
  });
});

describe('money that does not match the order', () => {
  it('a payment of another amount goes to review: the order is untouched, the buyer is not told it is paid, the shop is mailed once', async () => {
    const buyer = await world.buyer('mismatch');
    const { orderId, courseId } = await world.placeOrder(buyer, 15);
    const started = await world.call('POST', '/api/payment/2c2p/qr-code/link', { buyer, body: { order_id: orderId } });
    expect(started.status).toBe(200);
    const reference = (await world.attemptOf(orderId)).provider_reference;
    const shopMailsBefore = world.mailsTo(SHOP_EMAIL).length;

    // 2C2P reports 1.00 THB paid for an order of 1,500.00.
    const notification = twoC2pNotification({ merchantID: DEMO_KEYS['2c2p'].merchantId, invoiceNo: reference, amount: 1, currencyCode: 'THB', respCode: '0000', tranRef: 'T-MISMATCH' });
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${world.cms.url}/api/payments/2c2p/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: notification });
      expect(answer.status).toBe(200);
    }

    expect(await world.attemptOf(orderId)).toMatchObject({ state: 'review', review_reason: 'amount_mismatch', amount_expected: 150_000, amount_received: 100, currency_received: 'THB' });
    expect((await world.orderOf(orderId)).state).toBe('notYetReceived');
    expect(await world.seatsTaken(courseId)).toBe(1);
    expect(await reportsOf(orderId)).toEqual([]);
    await settleDown();
    expect(world.mailsTo(buyer.email)).toEqual([]);
    const review = world.mailsTo(SHOP_EMAIL).slice(shopMailsBefore);
    expect(review).toHaveLength(1);
    expect(review[0].subject).toContain(REVIEW_SUBJECT);
    expect(review[0].text).toContain('ยอดเงินหรือสกุลเงินที่ได้รับไม่ตรงกับคำสั่งซื้อ');
  });

  it('a second payment of an order already paid goes to review; the order stays approved and is never downgraded', async () => {
    const buyer = await world.buyer('twice');
    const first = await omiseCharge(buyer);
    const second = await omiseCharge(buyer, first.orderId);
    const shopMailsBefore = world.mailsTo(SHOP_EMAIL).length;

    await world.sandboxes.omise.approve(first.chargeId);
    expect((await deliver('/api/payments/omise/notify', webhookOf('/omise', first.chargeId))).status).toBe(200);
    await world.sandboxes.omise.approve(second.chargeId);
    expect((await deliver('/api/payments/omise/notify', webhookOf('/omise', second.chargeId))).status).toBe(200);

    const attempts = await world.q(UID.attempt).findMany({ where: { order: { id: first.orderId } }, select: ['provider_reference', 'state', 'review_reason'], orderBy: { id: 'asc' } });
    expect(attempts.map(({ provider_reference, state, review_reason }: Record<string, unknown>) => ({ provider_reference, state, review_reason }))).toEqual([
      { provider_reference: first.chargeId, state: 'approved', review_reason: null },
      { provider_reference: second.chargeId, state: 'review', review_reason: 'order_already_paid' },
    ]);
    expect((await world.orderOf(first.orderId)).state).toBe('approved');
    expect(await reportsOf(first.orderId)).toHaveLength(1);
    await settleDown();
    expect(world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(PAID_SUBJECT))).toHaveLength(1);
    expect(world.mailsTo(SHOP_EMAIL).slice(shopMailsBefore)).toHaveLength(1);
  });
});

describe('a payment the provider refuses', () => {
  it('an Omise token used twice is refused by Omise: 402 payment_fail under the cart_fail title, and no attempt is stored', async () => {
    const buyer = await world.buyer('reused');
    const { orderId } = await world.placeOrder(buyer, 8);
    const token = await omiseToken();
    const other = await world.placeOrder(buyer, 8);
    expect((await world.call('POST', '/api/omise/creditcard', { buyer, body: { orderId: other.orderId, omise_token: token } })).status).toBe(200);
    const answer = await world.call('POST', '/api/omise/creditcard', { buyer, body: { orderId, omise_token: token } });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'payment_fail', msg: 'ชำระเงินไม่สำเร็จ กรุณาลองอีกครั้ง', title_key: 'cart_fail' } });
    expect(await world.attemptOf(orderId)).toBeNull();
    expect((await world.orderOf(orderId)).state).toBe('notYetReceived');
  });

  it('a PayPal capture the bank declines answers 402 payment_fail and the order is cancelled, its seat given back', async () => {
    const buyer = await world.buyer('paypal.declined');
    const { orderId, courseId } = await world.placeOrder(buyer, 2);
    const created = await world.call('POST', '/api/paypal/orders', { buyer, body: { orderId } });
    await world.sandboxes.paypal.decline(created.body.id);
    const capture = await world.call('POST', `/api/paypal/orders/${created.body.id}/capture`, { buyer });
    expect(capture.status).toBe(402);
    expect(capture.body.error).toMatchObject({ code: 'payment_fail', result: { status: 'DECLINED' } });
    expect((await world.orderOf(orderId)).state).toBe('cancelled');
    expect(await world.seatsTaken(courseId)).toBe(0);
  });

  it('a PayPal capture of an approved PayPal order answers COMPLETED and approves the order', async () => {
    const buyer = await world.buyer('paypal.captured');
    const { orderId } = await world.placeOrder(buyer, 2);
    const created = await world.call('POST', '/api/paypal/orders', { buyer, body: { orderId } });
    await world.sandboxes.paypal.approve(created.body.id);
    const capture = await world.call('POST', `/api/paypal/orders/${created.body.id}/capture`, { buyer });
    expect(capture.body).toMatchObject({ success: true, id: created.body.id, status: 'COMPLETED', orderId, payment_status: 'approved' });
  });
});

describe('who may start and read payments', () => {
  it("a student cannot start, poll or capture payments of another buyer's order (404, nothing stored)", async () => {
    const owner = await world.buyer('owner');
    const stranger = await world.buyer('stranger');
    const { orderId } = await world.placeOrder(owner, 11);
    const paypalOrder = await world.placeOrder(owner, 2);
    const created = await world.call('POST', '/api/paypal/orders', { buyer: owner, body: { orderId: paypalOrder.orderId } });
    const ownAttempt = await world.attemptOf(paypalOrder.orderId);

    for (const answer of [
      await world.call('POST', '/api/xendit', { buyer: stranger, body: { orderId } }),
      await world.call('GET', `/private/orders/${orderId}/payment-status`, { buyer: stranger }),
      await world.call('POST', `/api/payments/attempts/${ownAttempt.id}/refresh`, { buyer: stranger }),
      await world.call('POST', `/api/paypal/orders/${created.body.id}/capture`, { buyer: stranger }),
    ]) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    expect(await world.attemptOf(orderId)).toBeNull();
  });

  it('without a session the start calls answer 401 PERMISSION_DENIED', async () => {
    const answer = await world.call('POST', '/api/omise/creditcard', { body: { orderId: 1, omise_token: 'tokn_test_x' } });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('PERMISSION_DENIED');
  });

  it('bad input is a 400 VALIDATION_ERROR in Thai, never a 500, and stores nothing', async () => {
    const buyer = await world.buyer('badinput');
    const { orderId } = await world.placeOrder(buyer, 8);
    for (const body of [{}, { orderId: 'abc' }, { orderId: -3 }, { orderId: 1.5 }, { orderId, omise_token: 'not a token' }, { orderId }]) {
      const answer = await world.call('POST', '/api/omise/creditcard', { buyer, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'VALIDATION_ERROR', msg: 'คุณกรอกข้อมูลไม่ถูกต้อง' });
    }
    const malformed = await fetch(`${world.cms.url}/api/xendit`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` }, body: '{"orderId":' });
    expect(malformed.status).toBe(400);
    expect(await world.attemptOf(orderId)).toBeNull();
  });

  it("an order placed with one method cannot be paid at another method's call (NO_PAYMENT_METHOD), and a paid order cannot be paid again (409)", async () => {
    const buyer = await world.buyer('method');
    const { orderId } = await world.placeOrder(buyer, 12);
    const wrong = await world.call('POST', '/api/xendit', { buyer, body: { orderId } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('NO_PAYMENT_METHOD');
    expect(await world.attemptOf(orderId)).toBeNull();

    const started = await world.call('POST', '/api/xendit/promptpay', { buyer, body: { orderId } });
    await world.sandboxes.xendit.approve(started.body.data.id);
    expect((await world.orderOf(orderId)).state).toBe('approved');
    const again = await world.call('POST', '/api/xendit/promptpay', { buyer, body: { orderId } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ORDER_STATE_CONFLICT', result: { payment_status: 'approved' } });
  });

  it('polling an order reports each attempt without provider data, and settles a payment whose notification never came', async () => {
    const buyer = await world.buyer('poll');
    const { orderId } = await world.placeOrder(buyer, 9);
    const started = await world.call('POST', '/api/omise/promptpay', { buyer, body: { orderId } });
    // Paid, but the webhook went to the recorder and is never delivered.
    await world.sandboxes.omise.approve(started.body.charges.id);
    const polled = await world.call('GET', `/private/orders/${orderId}/payment-status`, { buyer });
    expect(polled.body).toEqual({
      success: true,
      orderId,
      payment_status: 'approved',
      attempts: [{ attemptId: expect.any(Number), provider: 'omise', payment_method_id: 9, status: 'approved', expires_at: expect.any(String) }],
    });
  });
});

describe('hostile input on every payment call', () => {
  const CALLS: Array<[method: 'GET' | 'POST', path: string, signedIn: boolean]> = [
    ['POST', '/api/payment/2c2p/payment/link', true],
    ['POST', '/api/payment/2c2p/installment/link', true],
    ['POST', '/api/payment/2c2p/qr-code/link', true],
    ['POST', '/api/payment/2c2p/creditcard', true],
    ['POST', '/api/payment/scb/qrcode/create', true],
    ['POST', '/api/payment/bank-transfer', true],
    ['POST', '/api/omise/creditcard', true],
    ['POST', '/api/omise/promptpay', true],
    ['POST', '/api/xendit', true],
    ['POST', '/api/xendit/promptpay', true],
    ['POST', '/api/paysolutions', true],
    ['POST', '/api/paypal/orders', true],
    ['POST', '/api/paypal/orders/5O190127TN364715T/capture', true],
    ['GET', '/private/orders/999999/payment-status', true],
    ['POST', '/api/payments/attempts/999999/refresh', true],
    ['POST', '/api/payments/2c2p/notify', false],
    ['POST', '/api/payments/2c2p/result', false],
    ['POST', '/api/payments/omise/notify', false],
    ['GET', '/api/payments/omise/return?order=%00%F0%9F%98%80', false],
    ['POST', '/api/payments/xendit/notify', false],
    ['GET', '/api/payments/xendit/return', false],
    ['POST', '/api/payments/paysolutions/notify', false],
    ['GET', '/api/payments/paysolutions/notify?refno=1%27%20or%201=1', false],
    ['GET', '/api/payments/paysolutions/return', false],
    ['POST', '/api/payments/scb/notify', false],
    ['GET', '/api/payments/paypal/return?token=..%2F..%2Fv1%2Foauth2%2Ftoken', false],
  ];
  const BODIES: Array<[string, unknown]> = [
    ['wrong types', { orderId: { $ne: null }, order_id: ['x'], omise_token: 12, encryptedCardInfo: true, paymentResponse: 5, payload: null, refno: {}, transactionId: [] }],
    ['missing fields', {}],
    ['1 MB strings', { orderId: '1'.repeat(1_000_000), encryptedCardInfo: 'ก'.repeat(300_000), paymentResponse: 'x'.repeat(500_000) }],
    ['Thai and emoji text', { orderId: '๑๒๓', omise_token: 'tokn_😀', paymentResponse: 'ชำระเงิน🎉', refno: '๑๒๓๔๕๖๗๘๙๐๑๒' }],
    ['an array body', [1, 2, 3]],
    ['prototype pollution', JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')],
  ];

  it.each(BODIES)('%s: no call answers 5xx and nothing is stored', async (_name, body) => {
    const buyer = await world.buyer('hostile');
    const count = async () => [await world.q(UID.attempt).count({}), await world.q(UID.report).count({}), await world.q(UID.order).count({ where: { state: 'approved' } })];
    const before = await count();
    for (const [method, path, signedIn] of CALLS) {
      const response = await fetch(`${world.cms.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(signedIn ? { authorization: `Bearer ${buyer.jwt}` } : {}) },
        body: method === 'GET' ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await count()).toEqual(before);
  });
});

describe('payment secrets in the admin', () => {
  let adminToken: string;
  let documentId: string;

  beforeAll(async () => {
    const superAdmin = await world.cms.strapi.service('admin::role').getSuperAdmin();
    await world.cms.strapi.service('admin::user').create({
      email: 'payments.admin@sala.test',
      password: 'Payments-admin-1',
      firstname: 'ผู้ดูแล',
      lastname: 'การเงิน',
      isActive: true,
      registrationToken: null,
      roles: [superAdmin.id],
    });
    const login = await fetch(`${world.cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'payments.admin@sala.test', password: 'Payments-admin-1' }),
    });
    adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    documentId = (await world.q(UID.method).findOne({ where: { method_id: 3 }, select: ['documentId'] })).documentId;
  });

  const contentManager = (method: 'GET' | 'PUT', body?: unknown) =>
    fetch(`${world.cms.url}/content-manager/collection-types/${UID.method}/${documentId}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { data: Record<string, unknown> } }));

  const stored = async () => world.q(UID.method).findOne({ where: { method_id: 3 }, select: ['application_id_1', 'application_id_2', 'webhook_secret', 'api_key'] });

  it('the edit view never receives a secret: application_id_2, webhook_secret and api_key are left out of the answer', async () => {
    const answer = await contentManager('GET');
    expect(answer.status).toBe(200);
    expect(answer.body.data.application_id_1).toBe(DEMO_KEYS['2c2p'].merchantId);
    for (const field of ['application_id_2', 'webhook_secret', 'api_key']) expect(answer.body.data).not.toHaveProperty(field);
    expect(JSON.stringify(answer.body)).not.toContain(DEMO_KEYS['2c2p'].secretKey);
  });

  it('a secret typed in the admin is stored as typed (usable for signing), and saving with the field left blank keeps it', async () => {
    const saved = await contentManager('PUT', { name: 'บัตรเครดิต 2C2P', application_id_2: 'rotated-2c2p-secret-key' });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('rotated-2c2p-secret-key');
    expect(await stored()).toMatchObject({ application_id_2: 'rotated-2c2p-secret-key' });

    const blank = await contentManager('PUT', { name: 'บัตรเครดิต 2C2P', application_id_2: '' });
    expect(blank.status).toBe(200);
    expect(await stored()).toMatchObject({ application_id_2: 'rotated-2c2p-secret-key', application_id_1: DEMO_KEYS['2c2p'].merchantId });

    await contentManager('PUT', { application_id_2: DEMO_KEYS['2c2p'].secretKey });
    expect(await stored()).toMatchObject({ application_id_2: DEMO_KEYS['2c2p'].secretKey });
  });
});

describe('production mode', () => {
  it('a sandbox origin in base_url is used only outside production; explicit host overrides apply in both', () => {
    expect(baseUrlsOf('2c2p', 'http://127.0.0.1:4101', false)).toEqual({ secure: 'http://127.0.0.1:4101/SecurePayment', pgw: 'http://127.0.0.1:4101/payment/4.3' });
    expect(baseUrlsOf('2c2p', 'http://127.0.0.1:4101', true)).toBeUndefined();
    expect(baseUrlsOf('2c2p', '{"secure":"https://s.2c2p.com/SecurePayment"}', true)).toEqual({ secure: 'https://s.2c2p.com/SecurePayment' });
    expect(baseUrlsOf('omise', '', false)).toBeUndefined();
  });
});
