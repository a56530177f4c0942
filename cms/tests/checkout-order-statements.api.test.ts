/**
 * Placing an order stays within its budget of SQL statements (docs/performance.md, P4) and
 * writes what the query engine reads back: the order, its lines and every link (buyer,
 * coupons, payment method, course, plan), the seat and the coupon use, all in one go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const COUPON = 'api::coupon.coupon';
const ORDER = 'api::order.order';
const METHOD = 'api::payment-method.payment-method';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const BANK_TRANSFER = 1;

/**
 * One bank-transfer order of one course by a buyer who never ordered (as P4 places them): 39
 * before ADR 139, 22 before ADR 147 (the guard reads the account with its role in one statement
 * and the site settings once for the order too; a course comes with its plan, the promotions
 * with their tiers), 18 before the order-placed mail's outbox row (ADR 204), written in the
 * order's transaction and composed by the mail worker later.
 */
const BUDGET_ONE_COURSE = 19;
/** Two courses and a coupon: the second line adds only its seat; the coupon its read, its use and its link. */
const BUDGET_TWO_COURSES_AND_COUPON = 23;

type Buyer = { id: number; jwt: string };

let cms: TestStrapi;
let n = 0;
let statements: string[] = [];
let counting = false;
const countStatement = (query: { sql: string }) => {
  if (counting) statements.push(query.sql);
};

const db = (uid: string) => cms.strapi.db.query(uid);

beforeAll(async () => {
  // The mail worker is woken when an order commits and composes the order-placed mail on the
  // same connection while the request is still answering; its statements are not the request's.
  cms = await startStrapi({ env: { MAIL_WORKER: 'false' } });
  // The scheduled jobs (order expiry every minute, the upload clean-up hourly) use the same
  // connection: on a slow machine a run lands inside a measured request and its statements
  // would be counted as the request's.
  cms.strapi.cron.stop();
  cms.strapi.db.connection.on('query', countStatement);
});

afterAll(async () => {
  cms?.strapi.db.connection.off('query', countStatement);
  await cms?.stop();
});

async function buyer(): Promise<Buyer> {
  const role = await db(ROLE).findOne({ where: { type: 'authenticated' } });
  const id = ++n;
  const user = await db(USER).create({
    data: { username: `statements.buyer.${id}`, email: `statements.buyer.${id}@sala.test`, provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}

async function course(seat: number | null = 10): Promise<{ courseId: number; planId: number; title: string }> {
  const id = ++n;
  const row = await db(COURSE).create({
    data: { title: `คอร์สนับคำสั่ง ${id}`, slug: `statements-fixture-${id}`, course_type: 'In-class', is_published: true, seat, seats_taken: 0 },
  });
  const plan = await db(PLAN).create({
    data: { name: 'ค่าลงทะเบียน', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 150000, course: row.id },
  });
  return { courseId: row.id, planId: plan.id, title: row.title };
}

/** POST /private/cart/order and the statements the CMS sent while answering it. */
async function place(who: Buyer, body: Record<string, unknown>) {
  statements = [];
  counting = true;
  try {
    const res = await fetch(`${cms.url}/private/cart/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${who.jwt}` },
      body: JSON.stringify({ user_id: who.id, payment_method_id: BANK_TRANSFER, price: 1, currency_code: 'THB', ...body }),
    });
    return { status: res.status, body: (await res.json()) as any, statements: [...statements] };
  } finally {
    counting = false;
  }
}

async function readBack(who: Buyer, orderId: number) {
  const res = await fetch(`${cms.url}/private/orders/${orderId}`, { headers: { authorization: `Bearer ${who.jwt}` } });
  expect(res.status).toBe(200);
  const { success: _success, ...detail } = (await res.json()) as any;
  return detail;
}

describe('SQL statements of POST /private/cart/order', () => {
  it(`one course by a new buyer takes at most ${BUDGET_ONE_COURSE} statements and answers what the order reads back`, async () => {
    // a warm order first: the first request of a booted CMS reads more than the rest
    const warm = await course();
    expect((await place(await buyer(), { course_id: [warm.courseId], pricingplan_id: [warm.planId] })).status).toBe(201);

    const a = await buyer();
    const fixture = await course(5);
    const placed = await place(a, { course_id: [fixture.courseId], pricingplan_id: [fixture.planId] });
    console.info(`[statements] order of one course ${placed.statements.length}\n  ${placed.statements.join('\n  ')}`);
    expect(placed.status).toBe(201);
    expect(placed.statements.length).toBeLessThanOrEqual(BUDGET_ONE_COURSE);

    const detail = placed.body.order_detail;
    expect(placed.body).toMatchObject({ success: true, orderId: detail.id });
    expect(detail).toMatchObject({
      payment_status: 'notYetReceived',
      price: 1500,
      discount: 0,
      net: 1500,
      currency_code: 'THB',
      payment_method_id: BANK_TRANSFER,
      coupon_list_code: [],
      order_course_list: [
        { course_id: fixture.courseId, product_id: null, title: fixture.title, course_type: 'In-class', pricingplan_id: fixture.planId, quantity: 1, price: 1500, discount: 0, net: 1500 },
      ],
    });
    expect(detail.order_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { order_token: token, ...rest } = detail;
    expect(await readBack(a, detail.id)).toEqual(rest);

    const stored = await db(ORDER).findOne({
      where: { id: detail.id },
      populate: {
        user: { select: ['id'] },
        payment_method: { select: ['method_id'] },
        coupons: { select: ['id'] },
        promotion: { select: ['id'] },
        lines: { populate: ['course', 'pricing_plan', 'product'] },
      },
    });
    expect(stored.order_token).toBe(token);
    expect(stored.documentId).toMatch(/^[a-z0-9]{20,}$/);
    expect(stored.createdAt).toBeTruthy();
    expect(stored.user.id).toBe(a.id);
    expect(stored.payment_method.method_id).toBe(BANK_TRANSFER);
    expect(stored.promotion).toBeNull();
    expect(stored.lines).toHaveLength(1);
    expect(stored.lines[0]).toMatchObject({ course: { id: fixture.courseId }, pricing_plan: { id: fixture.planId }, product: null, quantity: 1, price: 150000 });
    expect(stored.lines[0].documentId).toMatch(/^[a-z0-9]{20,}$/);
    expect(stored.pricing.claims).toEqual({ courseIds: [fixture.courseId], couponIds: [] });
    expect((await db(COURSE).findOne({ where: { id: fixture.courseId }, select: ['seats_taken'] })).seats_taken).toBe(1);

    // the admin panel's document service sees the order with its lines
    const document = await cms.strapi.documents(ORDER).findOne({ documentId: stored.documentId, populate: ['lines', 'user'] });
    expect(document.lines.map((line: { id: number }) => line.id)).toEqual([stored.lines[0].id]);
    expect(document.user.id).toBe(a.id);
  });

  it(`a buyer who ordered before still takes at most ${BUDGET_ONE_COURSE} statements; the earlier unpaid order still blocks its course`, async () => {
    const a = await buyer();
    const first = await course();
    const second = await course();
    const third = await course();
    expect((await place(a, { course_id: [first.courseId], pricingplan_id: [first.planId] })).status).toBe(201);
    expect((await place(a, { course_id: [second.courseId], pricingplan_id: [second.planId] })).status).toBe(201);

    // the buyer's orders, their lines, courses and plans are read in one statement, however many there are
    const placed = await place(a, { course_id: [third.courseId], pricingplan_id: [third.planId] });
    expect(placed.status).toBe(201);
    expect(placed.statements.length).toBeLessThanOrEqual(BUDGET_ONE_COURSE);

    const again = await place(a, { course_id: [first.courseId], pricingplan_id: [first.planId] });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ORDER_IN_PROGRESS', result: { course_ids: [first.courseId], names: [first.title], reasons: ['order_not_yet_received'] } });
  });

  it(`two courses and a coupon take at most ${BUDGET_TWO_COURSES_AND_COUPON} statements; the lines keep the cart's order and the coupon use is counted`, async () => {
    const a = await buyer();
    const first = await course(null);
    const second = await course(3);
    const bank = await db(METHOD).findOne({ where: { method_id: BANK_TRANSFER }, select: ['id'] });
    const coupon = await db(COUPON).create({
      data: {
        code: `STATEMENTS${++n}`,
        coupon_type: 'P1',
        number_of_course: 1,
        discount_type: 'amount',
        discount_amount: 10000,
        courses: [second.courseId],
        payment_methods: [bank.id],
        used_count: 0,
        usage_limit: 5,
        is_active: true,
      },
    });
    // the order carries the code the buyer typed, as the storefront sends it
    const placed = await place(a, { course_id: [second.courseId, first.courseId], pricingplan_id: [second.planId, first.planId], coupon_id: [coupon.id], coupon_code: [coupon.code] });
    console.info(`[statements] order of two courses with a coupon ${placed.statements.length}`);
    expect(placed.status).toBe(201);
    expect(placed.statements.length).toBeLessThanOrEqual(BUDGET_TWO_COURSES_AND_COUPON);

    const detail = placed.body.order_detail;
    expect(detail.coupon_list_code).toEqual([coupon.code]);
    expect(detail.order_course_list.map((line: { course_id: number }) => line.course_id)).toEqual([second.courseId, first.courseId]);
    expect(detail).toMatchObject({ price: 3000, discount: 100, net: 2900 });
    const { order_token: _token, ...rest } = detail;
    expect(await readBack(a, detail.id)).toEqual(rest);

    const stored = await db(ORDER).findOne({ where: { id: detail.id }, populate: { coupons: { select: ['id'] }, lines: { populate: ['course'] } } });
    expect(stored.coupons.map((c: { id: number }) => c.id)).toEqual([coupon.id]);
    expect(stored.lines.map((line: { course: { id: number } }) => line.course.id)).toEqual([second.courseId, first.courseId]);
    expect((await db(COUPON).findOne({ where: { id: coupon.id }, select: ['used_count'] })).used_count).toBe(1);
    expect((await db(COURSE).findOne({ where: { id: first.courseId }, select: ['seats_taken'] })).seats_taken).toBe(1);
    expect((await db(COURSE).findOne({ where: { id: second.courseId }, select: ['seats_taken'] })).seats_taken).toBe(1);

    // the coupon's order list (the other side of the link) names the order
    const withOrders = await cms.strapi.documents(ORDER).findMany({ filters: { coupons: { id: coupon.id } }, fields: ['id'] });
    expect(withOrders.map((o: { id: number }) => o.id)).toEqual([detail.id]);
  });
});
