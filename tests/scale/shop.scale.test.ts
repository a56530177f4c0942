/**
 * Two CMS processes (A and B) and two storefront processes (one in front of each CMS) on one
 * fresh PostgreSQL database and one Redis, as one shop: orders and coupon uses raced through
 * both CMS, an editor's change on A purging both storefronts' page caches, the sign-in limit
 * counted across both, the order-expiry job run once per period. This process boots a third
 * CMS on the same database to write the records (its scheduled jobs stopped); the Redis keys
 * and channels carry a prefix of this run's own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, DEMO_KEYS, DEMO_METHOD_CONFIG, type RunningSandbox } from '@sala/payment-sandbox';
import { signInAdmin } from '../../cms/tests/helpers/admin';
import { closeSockets, connectSocket, record, signIn } from '../../cms/tests/helpers/realtime';
import { createStudent } from '../../cms/tests/helpers/students';
import type { TestStrapi } from '../../cms/tests/helpers/strapi';
import { sharedCms } from '../reliability/support/cms';
import { bearer, faults, sendJson, sleep, tally } from '../reliability/support/http';
import { checkoutInvariants, createBuyers, createCoupon, createOffer, placeOrder } from '../reliability/support/shop';
import { startStorefront, type TestStorefront } from '../security/support/storefront';
import { startCmsInstance, type CmsInstance } from './support/cms-instance';
import { POSTGRES_URL, REDIS_URL, sharedServices } from './support/services';

const services = await sharedServices();
if (!services.ok) console.log(`[scale] skipped: ${services.reason}`);

const PREFIX = `sala-scale-${process.pid}-${randomBytes(3).toString('hex')}:`;
const JOB_SECONDS = 2;
const MAX_FAILURES = 5;
const SHARED_ENV: Record<string, string> = {
  REDIS_URL,
  REDIS_PREFIX: PREFIX,
  REALTIME_REDIS_KEY: `${PREFIX}realtime`,
  SCHEDULED_JOB_SECONDS: String(JOB_SECONDS),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
  LOGIN_MAX_FAILURES_PER_IP: '100',
  LOGIN_FAILURE_WINDOW_SECONDS: '60',
};
const BUYERS = 200;
const AVAILABLE = 10;

describe.skipIf(!services.ok)('two CMS and two storefronts on one PostgreSQL database and one Redis', () => {
  if (services.ok) process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const reader = sharedCms({ env: SHARED_ENV });
  let cms: TestStrapi;
  let a: CmsInstance;
  let b: CmsInstance;
  let frontA: TestStorefront;
  let frontB: TestStorefront;
  let bothUpPeriod = 0;

  beforeAll(async () => {
    cms = reader();
    // This process's CMS only writes the records: it is not one of the instances under test.
    cms.strapi.cron.stop();
    [a, b] = await Promise.all([startCmsInstance('A'), startCmsInstance('B')]);
    bothUpPeriod = Math.round(Date.now() / (JOB_SECONDS * 1000)) + 1;
    const storefrontEnv = { REDIS_URL, REDIS_PREFIX: PREFIX, STOREFRONT_ACCESS_LOG: 'false' };
    [frontA, frontB] = await Promise.all([startStorefront(a.url, storefrontEnv), startStorefront(b.url, storefrontEnv)]);
  }, 600_000);

  afterAll(async () => {
    // The children first: a PostgreSQL database cannot be dropped while it is connected.
    await Promise.all([frontA?.stop(), frontB?.stop(), a?.stop(), b?.stop()]);
  }, 60_000);

  it(`${BUYERS} orders through both CMS for ${AVAILABLE} seats: exactly ${AVAILABLE} placed, the rest 409 NO_MORE_SEAT`, async () => {
    const offer = await createOffer(cms.strapi, AVAILABLE);
    const buyers = await createBuyers(cms.strapi, BUYERS, 'seat');
    const answers = await Promise.all(buyers.map((buyer, i) => placeOrder((i % 2 ? b : a).url, buyer, offer)));
    expect(faults(answers)).toEqual([]);
    expect(tally(answers)).toEqual({ 201: AVAILABLE, 409: BUYERS - AVAILABLE });
    for (const answer of answers.filter((x) => x.status === 409)) expect(answer.body.error.code).toBe('NO_MORE_SEAT');
    const placedThrough = new Set(answers.map((x, i) => (x.status === 201 ? i % 2 : -1)).filter((i) => i >= 0));
    const check = await checkoutInvariants(cms.strapi, { buyerIds: buyers.map((x) => x.id), courseIds: [offer.courseId], couponIds: [] });
    expect(check.problems).toEqual([]);
    expect(check.orders.length).toBe(AVAILABLE);
    console.info(`[scale] seats: placed through ${[...placedThrough].map((i) => (i ? 'B' : 'A')).join(' and ')}`);
  });

  it(`${BUYERS} uses through both CMS of a coupon limited to ${AVAILABLE}: exactly ${AVAILABLE} placed, the rest 409 COUPON_NOT_AVAILABLE`, async () => {
    const offer = await createOffer(cms.strapi, null);
    const coupon = await createCoupon(cms.strapi, [offer.courseId], AVAILABLE);
    const buyers = await createBuyers(cms.strapi, BUYERS, 'coupon');
    const answers = await Promise.all(buyers.map((buyer, i) => placeOrder((i % 2 ? b : a).url, buyer, offer, [coupon])));
    expect(faults(answers)).toEqual([]);
    expect(tally(answers)).toEqual({ 201: AVAILABLE, 409: BUYERS - AVAILABLE });
    for (const answer of answers.filter((x) => x.status === 409)) {
      expect(answer.body.error.code).toBe('COUPON_NOT_AVAILABLE');
      expect(answer.body.error.result.coupons).toEqual([{ id: coupon.id, code: coupon.code, reason: 'coupon_full' }]);
    }
    const check = await checkoutInvariants(cms.strapi, { buyerIds: buyers.map((x) => x.id), courseIds: [offer.courseId], couponIds: [coupon.id] });
    expect(check.problems).toEqual([]);
  });

  it('an edit on CMS A shows on both storefronts within 5 s (both page caches purged through Redis)', async () => {
    const course = (await cms.strapi.db.query('api::course.course').findOne({ where: { slug: 'excel-for-work' }, select: ['id', 'documentId', 'title', 'slug'] })) as {
      id: number;
      documentId: string;
      title: string;
      slug: string;
    };
    const page = `/courses/${course.id}-${course.slug}`;
    const get = async (front: TestStorefront) => {
      const res = await fetch(`${front.url}${page}`, { redirect: 'manual' });
      return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
    };
    for (const front of [frontA, frontB]) {
      expect((await get(front)).status).toBe(200);
      expect((await get(front)).cache, `${front.url} keeps the page`).toBe('HIT');
    }
    const admin = await signInAdmin({ ...cms, url: a.url });
    const edited = `${course.title} (ฉบับปรับปรุง ${Date.now().toString(36)})`;
    const put = await fetch(`${a.url}/content-manager/collection-types/api::course.course/${course.documentId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: edited, slug: course.slug }),
    });
    expect(put.status, await put.text()).toBe(200);
    const changedAt = Date.now();
    // Both at once: a render after the purge takes seconds on a busy machine.
    const shownAfter = await Promise.all(
      [frontA, frontB].map(async (front) => {
        await expect.poll(async () => (await get(front)).body.includes(edited), { timeout: 5_000, interval: 200, message: `${front.url} shows the edit` }).toBe(true);
        return Date.now() - changedAt;
      }),
    );
    expect(Math.max(...shownAfter)).toBeLessThanOrEqual(5_000);
    console.info(`[scale] the edit showed on the storefronts after ${shownAfter.join(' and ')} ms`);
  });

  it('a card payment started through CMS A and notified to CMS B settles once, and the socket held by A hears it within 2 s', async () => {
    // The provider's dashboard knows one notification address: CMS B's. The buyer's browser only talks to A.
    const omise: RunningSandbox = await createSandbox('omise', { callbackUrl: `${b.url}/api/payments/omise/notify`, resultUrl: `${a.url}/api/payments/omise/result` });
    try {
      const demo = DEMO_METHOD_CONFIG[8];
      await cms.strapi.db.query('api::payment-method.payment-method').update({
        where: { method_id: 8 },
        data: { enabled: true, application_id_1: demo.applicationId1, application_id_2: demo.applicationId2, webhook_secret: demo.webhookSecret, base_url: omise.url },
      });
      const [buyer] = await createBuyers(cms.strapi, 1, 'push');
      const offer = await createOffer(cms.strapi, 10);
      const placed = await sendJson(
        'POST',
        `${a.url}/private/cart/order`,
        { user_id: buyer!.id, course_id: [offer.courseId], pricingplan_id: [offer.planId], payment_method_id: 8, price: 1, currency_code: 'THB' },
        { headers: bearer(buyer!.jwt) },
      );
      expect(placed.status, placed.text).toBe(201);
      const orderId = placed.body.orderId as number;

      const channelOfA = /\[realtime\] listening on (https:\/\/\S+)/.exec(a.output())?.[1];
      expect(channelOfA, 'CMS A logs its channel').toBeTruthy();
      const socket = await connectSocket(channelOfA!);
      expect((await signIn(socket, { userId: buyer!.id, token: buyer!.jwt })).event).toBe('signin:ok');
      const events = record<{ orderId: number; status: string }>(socket, 'order:status');

      const token = await fetch(`${omise.url}/tokens`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
      }).then(async (res) => ((await res.json()) as { id: string }).id);
      const started = await sendJson('POST', `${a.url}/api/omise/creditcard`, { orderId, omise_token: token }, { headers: bearer(buyer!.jwt) });
      expect(started.status, started.text).toBe(200);

      const approvedAt = Date.now();
      await omise.approve(started.body.charges.id);
      await expect.poll(() => events.filter((event) => event.orderId === orderId && event.status === 'approved').length, { timeout: 2_000, interval: 50 }).toBe(1);
      console.info(`[scale] the socket on CMS A heard the approval notified to CMS B after ${Date.now() - approvedAt} ms`);

      const order = await cms.strapi.db.query('api::order.order').findOne({ where: { id: orderId }, select: ['state', 'note'] });
      expect(order.state).toBe('approved');
      expect(String(order.note).match(/approved by payment/g)).toHaveLength(1);
      // and no second event follows
      await sleep(500);
      expect(events.filter((event) => event.orderId === orderId && event.status === 'approved')).toHaveLength(1);
    } finally {
      closeSockets();
      await omise.close();
    }
  });

  it(`the sign-in limit counts failures made through either CMS (${MAX_FAILURES} per account)`, async () => {
    const student = await createStudent(cms.strapi);
    const login = (instance: CmsInstance, password: string) => sendJson('POST', `${instance.url}/public/students/login`, { username: student.username, password }, { from: '127.0.0.61' });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) statuses.push((await login(i % 2 ? b : a, `wrong-password-${i}`)).status);
    expect(statuses).toEqual(Array(MAX_FAILURES).fill(401));
    for (const instance of [a, b]) {
      const refused = await login(instance, 'secret123');
      expect(refused.status, `CMS ${instance.name}: ${refused.text}`).toBe(429);
      expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
    }
  });

  it(`the order-expiry job runs once per period (${JOB_SECONDS} s here) with both CMS up`, async () => {
    const runs = () => {
      const periods: number[] = [];
      for (const instance of [a, b]) {
        for (const match of instance.output().matchAll(/\[jobs\] checkout-expire-unpaid-orders runs for period (\d+)/g)) periods.push(Number(match[1]));
      }
      return periods;
    };
    // Every period since both instances were up counts; waited for only when the tests before were quicker than five periods.
    const seen = () => new Set(runs().filter((period) => period > bothUpPeriod)).size;
    for (let waited = 0; seen() < 5 && waited < JOB_SECONDS * 1000 * 8; waited += 500) await sleep(500);
    const watched = runs().filter((period) => period > bothUpPeriod);
    const counts = new Map<number, number>();
    for (const period of watched) counts.set(period, (counts.get(period) ?? 0) + 1);
    expect(counts.size, `periods run: ${JSON.stringify([...counts])}`).toBeGreaterThanOrEqual(4);
    expect(
      [...counts].filter(([, n]) => n > 1),
      'periods run more than once',
    ).toEqual([]);
  });
});
