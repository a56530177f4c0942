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
import { signInAdmin } from '../../cms/tests/helpers/admin';
import { createStudent } from '../../cms/tests/helpers/students';
import type { TestStrapi } from '../../cms/tests/helpers/strapi';
import { sharedCms } from '../reliability/support/cms';
import { faults, sendJson, sleep, tally } from '../reliability/support/http';
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
