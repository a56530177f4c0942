/**
 * Many buyers at once for what is left: the last seats of a class and the last use of
 * a coupon. Each scenario runs five times, every time with buyers who have never
 * ordered, and checks the counters in the database as well as the answers.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const COUPON = 'api::coupon.coupon';
const ORDER = 'api::order.order';
const USER = 'plugin::users-permissions.user';
const ROUNDS = 5;
const BANK_TRANSFER = 1;
/** Five rounds of 50 buyers on a shared 2-core machine can pass the default 60 s. */
const RACE_TIMEOUT_MS = 300_000;

type Buyer = { id: number; jwt: string };
type OrderAnswer = { status: number; body: any };

/**
 * One request on its own connection. A pooled keep-alive connection can be closed by
 * the server just as the next request goes out on it (ECONNRESET on a busy machine).
 */
function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

let cms: TestStrapi;
let studentRoleId: number;
let buyerCount = 0;
const timings: string[] = [];

async function createBuyers(count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const n = ++buyerCount;
    const user = await cms.strapi.db.query(USER).create({
      data: { username: `race.buyer.${n}`, email: `race.buyer.${n}@sala.test`, provider: 'local', confirmed: true, blocked: false, role: studentRoleId },
    });
    buyers.push({ id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) });
  }
  return buyers;
}

async function placeOrder(buyer: Buyer, payload: Record<string, unknown>): Promise<OrderAnswer> {
  const body = JSON.stringify({ user_id: buyer.id, payment_method_id: BANK_TRANSFER, price: 1, status: 'approved', ...payload });
  return send('POST', `${cms.url}/private/cart/order`, { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` }, body);
}

async function ordersOfCourse(courseId: number): Promise<{ id: number; state: string }[]> {
  return cms.strapi.db.query(ORDER).findMany({ select: ['id', 'state'], where: { lines: { course: { id: courseId } } } });
}

beforeAll(async () => {
  cms = await startStrapi();
  studentRoleId = (await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } })).id;
});

afterAll(async () => {
  if (timings.length > 0) console.info(`[checkout races on ${cms?.database.client}] ${timings.join('; ')}`);
  await cms?.stop();
});

describe('the last seats of a class', () => {
  it(
    'go to exactly 5 of 50 buyers ordering at the same moment; the other 45 hear NO_MORE_SEAT and the seat count never goes past the class size',
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        // A class of 20 with 15 seats already taken: the last 5 seats are left.
        const course = await cms.strapi.db.query(COURSE).create({
          data: { title: `เวิร์กช็อปที่นั่งจำกัด รอบ ${round}`, slug: `race-seats-${round}`, course_type: 'In-class', is_published: true, seat: 20, seats_taken: 15 },
        });
        const plan = await cms.strapi.db.query(PLAN).create({
          data: { name: 'ค่าลงทะเบียน', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 350000, course: course.id },
        });
        const buyers = await createBuyers(50);

        const started = Date.now();
        const answers = await Promise.all(buyers.map((buyer) => placeOrder(buyer, { course_id: [course.id], pricingplan_id: [plan.id] })));
        timings.push(`seats round ${round}: 50 orders in ${Date.now() - started} ms`);

        const placed = answers.filter((a) => a.status === 201);
        const refused = answers.filter((a) => a.status !== 201);
        expect(placed).toHaveLength(5);
        expect(refused).toHaveLength(45);
        for (const answer of refused) {
          expect(answer.status).toBe(409);
          expect(answer.body).toMatchObject({ success: false, error: { code: 'NO_MORE_SEAT', result: { course_ids: [course.id] } } });
        }
        for (const answer of placed) expect(answer.body.order_detail).toMatchObject({ payment_status: 'notYetReceived', price: 3500, net: 3500 });

        const after = await cms.strapi.db.query(COURSE).findOne({ where: { id: course.id }, select: ['seat', 'seats_taken'] });
        expect(after).toMatchObject({ seat: 20, seats_taken: 20 });
        const orders = await ordersOfCourse(course.id);
        expect(orders).toHaveLength(5);
        expect(new Set(orders.map((o) => o.id))).toEqual(new Set(placed.map((a) => a.body.orderId)));
      }
    },
    RACE_TIMEOUT_MS,
  );
});

describe('a coupon that can be used once', () => {
  it(
    'ONCE1 goes to exactly 1 of 20 buyers ordering at the same moment; the other 19 hear COUPON_NOT_AVAILABLE with coupon_full',
    async () => {
      const coupon = await cms.strapi.db.query(COUPON).findOne({ where: { code: 'ONCE1' }, select: ['id', 'code', 'usage_limit'] });
      expect(coupon.usage_limit).toBe(1);
      const course = await cms.strapi.db
        .query(COURSE)
        .findOne({ where: { slug: 'private-public-speaking-coaching' }, select: ['id'], populate: { pricing_plans: { select: ['id', 'price', 'is_default'] } } });
      const plan = course.pricing_plans.find((p: { is_default: boolean }) => p.is_default);

      for (let round = 1; round <= ROUNDS; round++) {
        await cms.strapi.db.query(COUPON).update({ where: { id: coupon.id }, data: { used_count: 0 } });
        const buyers = await createBuyers(20);

        const started = Date.now();
        const answers = await Promise.all(buyers.map((buyer) => placeOrder(buyer, { course_id: [course.id], pricingplan_id: [plan.id], coupon_id: [coupon.id], coupon_code: [coupon.code] })));
        timings.push(`coupon round ${round}: 20 orders in ${Date.now() - started} ms`);

        const placed = answers.filter((a) => a.status === 201);
        expect(placed).toHaveLength(1);
        expect(placed[0].body.order_detail).toMatchObject({ coupon_list_code: ['ONCE1'], price: plan.price / 100, discount: 100, net: plan.price / 100 - 100 });
        const refused = answers.filter((a) => a.status !== 201);
        expect(refused).toHaveLength(19);
        for (const answer of refused) {
          expect(answer.status).toBe(409);
          expect(answer.body.error.code).toBe('COUPON_NOT_AVAILABLE');
          expect(answer.body.error.result.codes).toEqual(['ONCE1']);
          expect(answer.body.error.result.coupons).toEqual([{ id: coupon.id, code: 'ONCE1', reason: 'coupon_full' }]);
        }
        const after = await cms.strapi.db.query(COUPON).findOne({ where: { id: coupon.id }, select: ['used_count'] });
        expect(after.used_count).toBe(1);
      }
    },
    RACE_TIMEOUT_MS,
  );
});
