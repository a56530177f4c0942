/**
 * A storm of provider notifications for one payment: 200 copies of the real Omise
 * webhook, 50 tampered ones and 50 stale replays (correctly signed, but an hour old or
 * an hour ahead), all at once and shuffled, five times over. The payment is settled
 * exactly once (one approved attempt, one payment report, one "approved by payment"
 * note, one seat, one mail); every copy of the real message is answered 200 (so the
 * provider stops retrying) and each of the 100 others is refused with 400.
 */
import { createHmac } from 'node:crypto';
import { DEMO_KEYS, startCallbackRecorder, type CallbackRecorder, type RecordedCallback } from '@sala/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDown, startPaymentWorld, UID, type Buyer, type PaymentWorld } from '../../cms/tests/payment-fixtures';
import { faults, send, tally, type Answer } from './support/http';

const ROUNDS = 5;
const VALID = 200;
const TAMPERED = 50;
const STALE = 50;
const PAID_SUBJECT = 'ชำระเงินสำเร็จ';
const NOTIFY = '/api/payments/omise/notify';

let world: PaymentWorld;
let recorder: CallbackRecorder;

beforeAll(async () => {
  // The sandbox's webhooks land on a recorder; the test delivers them itself.
  recorder = await startCallbackRecorder();
  world = await startPaymentWorld({ notify: { omise: `${recorder.url}/omise` } });
  // A hundred refusals per round are expected; their warnings would bury the report.
  for (const transport of world.cms.strapi.log.transports ?? []) transport.level = 'error';
});

afterAll(async () => {
  await world?.stop();
  await recorder?.close();
});

function sign(timestamp: number, rawBody: string, secret: string = DEMO_KEYS.omise.webhookSecret): string {
  return createHmac('sha256', Buffer.from(secret, 'base64')).update(`${timestamp}.${rawBody}`).digest('hex');
}

function deliver(callback: RecordedCallback, change: { body?: string; headers?: Record<string, string | undefined> } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...callback.headers, ...change.headers })) {
    if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) headers[name] = value;
  }
  return send('POST', `${world.cms.url}${NOTIFY}`, { headers, body: change.body ?? callback.rawBody });
}

/** Fifty notifications that must not be believed: the body or the signature changed, another secret, no signature. */
function tampered(real: RecordedCallback, chargeId: string): (() => Promise<Answer>)[] {
  const now = Math.floor(Date.now() / 1000);
  const signature = String(real.headers['omise-signature']);
  const kinds: (() => Promise<Answer>)[] = [
    () => deliver(real, { body: real.rawBody.replace('"status":"successful"', '"status":"successful" ') }),
    () => deliver(real, { body: real.rawBody.replace(chargeId, `${chargeId.slice(0, -1)}x`) }),
    () => deliver(real, { headers: { 'omise-signature': signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) } }),
    () => deliver(real, { headers: { 'omise-signature-timestamp': String(now), 'omise-signature': sign(now, real.rawBody, Buffer.from('not-the-webhook-secret').toString('base64')) } }),
    () => deliver(real, { headers: { 'omise-signature': undefined, 'omise-signature-timestamp': undefined } }),
  ];
  return Array.from({ length: TAMPERED }, (_, i) => kinds[i % kinds.length]);
}

/** Fifty replays signed with the right secret but outside the five-minute window. */
function stale(real: RecordedCallback): (() => Promise<Answer>)[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: STALE }, (_, i) => {
    const timestamp = i % 2 ? now - 3600 - i : now + 3600 + i;
    return () => deliver(real, { headers: { 'omise-signature-timestamp': String(timestamp), 'omise-signature': sign(timestamp, real.rawBody) } });
  });
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

async function omiseToken(): Promise<string> {
  const response = await fetch(`${world.sandboxes.omise.url}/tokens`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** A buyer's card payment of a fresh order, approved at the provider, and the webhook the provider sent about it. */
async function approvedCharge(buyer: Buyer) {
  const placed = await world.placeOrder(buyer, 8);
  const started = await world.call('POST', '/api/omise/creditcard', { buyer, body: { orderId: placed.orderId, omise_token: await omiseToken() } });
  expect(started.status, started.text).toBe(200);
  const chargeId = started.body.charges.id as string;
  await world.sandboxes.omise.approve(chargeId);
  const deadline = Date.now() + 10_000;
  let real: RecordedCallback | undefined;
  while (!(real = [...recorder.received].reverse().find((c) => c.path === '/omise' && c.rawBody.includes(chargeId) && c.rawBody.includes('"successful"')))) {
    if (Date.now() > deadline) throw new Error(`the sandbox sent no webhook for ${chargeId}`);
    await settleDown(50);
  }
  return { ...placed, chargeId, real };
}

describe('200 copies of a real payment notification, 50 tampered and 50 stale, all at once', () => {
  it(`settle the payment once and refuse the 100 others with 400, ${ROUNDS} times`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const buyer = await world.buyer(`storm${round}`);
      const { orderId, courseId, chargeId, real } = await approvedCharge(buyer);
      const valid = Array.from({ length: VALID }, () => () => deliver(real));
      const bad = [...tampered(real, chargeId), ...stale(real)];
      const marked = shuffle([...valid.map((go) => ({ valid: true, go })), ...bad.map((go) => ({ valid: false, go }))]);

      const answers = await Promise.all(marked.map(async ({ valid: isValid, go }) => ({ isValid, answer: await go() })));
      const validAnswers = answers.filter((a) => a.isValid).map((a) => a.answer);
      const refused = answers.filter((a) => !a.isValid).map((a) => a.answer);

      expect(faults(answers.map((a) => a.answer)), `round ${round}: server errors or no answer`).toEqual([]);
      expect(tally(validAnswers), `round ${round}: the real notification`).toEqual({ 200: VALID });
      expect(tally(refused), `round ${round}: tampered and stale`).toEqual({ 400: TAMPERED + STALE });

      expect(await world.attemptOf(orderId)).toMatchObject({ state: 'approved', amount_received: 150_000 });
      expect((await world.orderOf(orderId)).state).toBe('approved');
      const reports = await world.q(UID.report).findMany({ where: { order: { id: orderId } }, select: ['state', 'transfer_amount'] });
      expect(reports, `round ${round}: payment reports`).toEqual([{ state: 'approved', transfer_amount: 150_000 }]);
      expect(await world.seatsTaken(courseId)).toBe(1);
      const order = await world.q(UID.order).findOne({ where: { id: orderId }, select: ['note'] });
      expect(order.note.match(/approved by payment/g), `round ${round}: approvals`).toHaveLength(1);
      await settleDown(800);
      expect(
        world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(PAID_SUBJECT)),
        `round ${round}: paid mails`,
      ).toHaveLength(1);
    }
  }, 600_000);
});
