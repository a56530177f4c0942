/**
 * The cart, placing an order, reading it back and the order's life afterwards, over
 * HTTP on a booted CMS with the demo data. Amounts on the wire are major units
 * (1990 is ฿1,990.00); the database holds satang.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const COUPON = 'api::coupon.coupon';
const ORDER = 'api::order.order';
const ORDER_LINE = 'api::order-line.order-line';
const REPORT = 'api::payment-report.payment-report';
const METHOD = 'api::payment-method.payment-method';
const SETTING = 'api::site-setting.site-setting';
const CART = 'api::cart-item.cart-item';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const THAI = /[\u0E00-\u0E7F]/;
const DAY = 86_400_000;
const BANK_TRANSFER = 1;
const CARD = 8;

type Buyer = { id: number; jwt: string };
type Answer = { status: number; body: any };
type Fixture = { course: { id: number; title: string }; plan: { id: number } };

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
let n = 0;

const db = (uid: string) => cms.strapi.db.query(uid);
const orderState = () => cms.strapi.service('api::checkout.order-state');
const orderExpiry = () => cms.strapi.service('api::checkout.order-expiry');

async function buyer(fields: Record<string, unknown> = {}, roleType = 'authenticated'): Promise<Buyer> {
  const role = await db(ROLE).findOne({ where: { type: roleType } });
  const id = ++n;
  const user = await db(USER).create({
    data: { username: `checkout.buyer.${id}`, email: `checkout.buyer.${id}@sala.test`, tel: '0812345678', provider: 'local', confirmed: true, blocked: false, role: role.id, ...fields },
  });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}

async function call(method: string, path: string, who?: Buyer | null, body?: unknown): Promise<Answer> {
  const headers = { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) };
  return send(method, `${cms.url}${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
}

async function course(fields: Record<string, unknown> = {}, planFields: Record<string, unknown> = {}): Promise<Fixture> {
  const id = ++n;
  const row = await db(COURSE).create({ data: { title: `คอร์สทดสอบการสั่งซื้อ ${id}`, slug: `checkout-fixture-${id}`, course_type: 'Online', is_published: true, ...fields } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 199000, course: row.id, ...planFields },
  });
  return { course: { id: row.id, title: row.title }, plan: { id: plan.id } };
}

function order(who: Buyer, fixtures: Fixture[], extra: Record<string, unknown> = {}): Promise<Answer> {
  return call('POST', '/private/cart/order', who, {
    user_id: who.id,
    course_id: fixtures.map((f) => f.course.id),
    pricingplan_id: fixtures.map((f) => f.plan.id),
    payment_method_id: BANK_TRANSFER,
    price: 0,
    ...extra,
  });
}

async function seatsTaken(courseId: number): Promise<number> {
  return (await db(COURSE).findOne({ where: { id: courseId }, select: ['seats_taken'] })).seats_taken;
}

async function usedCount(couponId: number): Promise<number> {
  return (await db(COUPON).findOne({ where: { id: couponId }, select: ['used_count'] })).used_count;
}

async function couponFor(fixtures: Fixture[], fields: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const bank = await db(METHOD).findOne({ where: { method_id: BANK_TRANSFER }, select: ['id'] });
  const code = `FIXTURE${++n}`;
  return db(COUPON).create({
    data: {
      code,
      coupon_type: 'P1',
      number_of_course: 1,
      discount_type: 'amount',
      discount_amount: 10000,
      courses: fixtures.map((f) => f.course.id),
      payment_methods: [bank.id],
      used_count: 0,
      is_active: true,
      ...fields,
    },
  });
}

/** The buyer types the coupon's code into the cart: the look-up that lets their order name the coupon by id. */
async function lookUp(who: Buyer, code: string): Promise<void> {
  const res = await call('POST', '/public/cart/getCouponByCouponCode', who, { coupon_code: code });
  expect([200, 409]).toContain(res.status);
}

async function orderCount(): Promise<number> {
  return db(ORDER).count();
}

async function demoStudent(): Promise<Buyer> {
  const user = await db(USER).findOne({ where: { username: 'demo.student' }, select: ['id'] });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}

beforeAll(async () => {
  cms = await startStrapi();
});

afterAll(async () => {
  await cms?.stop();
});

describe('POST /private/cart/order', () => {
  it('charges the price of the plan in the database, whatever price, discount and status the client sends', async () => {
    const a = await buyer();
    const fixture = await course();
    const res = await order(a, [fixture], { price: 1, discount: 1989, status: 'approved', cancel_at: '2099-01-01T00:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body.order_detail).sort()).toEqual(
      [
        'before_vat',
        'cancel_at',
        'coupon_list_code',
        'currency_code',
        'discount',
        'discount_list',
        'id',
        'net',
        'order_course_list',
        'order_token',
        'payment_method_id',
        'payment_status',
        'price',
        'shipping_fee',
        'vat',
        'vat_basis_points',
        'vat_mode',
        'withholding_price',
      ].sort(),
    );
    expect(res.body.order_detail).toMatchObject({
      id: res.body.orderId,
      payment_status: 'notYetReceived',
      price: 1990,
      discount: 0,
      shipping_fee: 0,
      withholding_price: 0,
      vat: 0,
      net: 1990,
      currency_code: 'THB',
      coupon_list_code: [],
      discount_list: [],
      order_course_list: [{ course_id: fixture.course.id, pricingplan_id: fixture.plan.id, title: fixture.course.title, price: 1990, discount: 0, net: 1990, quantity: 1 }],
    });
    const stored = await db(ORDER).findOne({ where: { id: res.body.orderId } });
    expect(stored).toMatchObject({ state: 'notYetReceived', price: 199000, discount: 0, net: 199000 });
    // the demo site cancels unpaid orders after 48 hours
    const cancelAt = new Date(stored.cancel_at).getTime();
    expect(Math.abs(cancelAt - (Date.now() + 48 * 3600e3))).toBeLessThan(120_000);
    expect(stored.order_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(res.body.order_detail.order_token).toBe(stored.order_token);
  });

  it('stores each line with its price, its share of the discount and its net', async () => {
    const a = await buyer();
    const x = await course({}, { price: 100000 });
    const y = await course({}, { price: 200000 });
    // 500.00 off when both are bought, spread 1:2 by largest remainder: 166.67 + 333.33
    const coupon = await couponFor([x, y], { coupon_type: 'P2', number_of_course: 2, discount_amount: 50000 });
    await lookUp(a, coupon.code);
    const res = await order(a, [x, y], { coupon_id: [coupon.id], discount: 0 });
    expect(res.status).toBe(201);
    expect(res.body.order_detail).toMatchObject({ price: 3000, discount: 500, net: 2500, coupon_list_code: [coupon.code] });
    // the discount by its name, so the buyer's summary reads list price, the coupon, total
    expect(res.body.order_detail.discount_list).toEqual([{ kind: 'coupon', name: coupon.code, amount: 500 }]);
    expect(res.body.order_detail.order_course_list).toMatchObject([
      { course_id: x.course.id, price: 1000, discount: 166.67, net: 833.33 },
      { course_id: y.course.id, price: 2000, discount: 333.33, net: 1666.67 },
    ]);
    const lines = await db(ORDER_LINE).findMany({ where: { order: { id: res.body.orderId } }, orderBy: { id: 'asc' }, select: ['price', 'discount', 'net'] });
    expect(lines).toMatchObject([
      { price: 100000, discount: 16667, net: 83333 },
      { price: 200000, discount: 33333, net: 166667 },
    ]);
    expect(await usedCount(coupon.id)).toBe(1);
  });

  it('refuses a coupon the order cannot use with COUPON_NOT_AVAILABLE, naming the code and the reason', async () => {
    const a = await buyer();
    const fixture = await course();
    const bankOnly = await couponFor([fixture]);
    await lookUp(a, bankOnly.code);
    const wrongMethod = await order(a, [fixture], { coupon_id: [bankOnly.id], payment_method_id: CARD });
    expect(wrongMethod.status).toBe(400);
    expect(wrongMethod.body.error).toMatchObject({ code: 'COUPON_NOT_AVAILABLE', result: { codes: [bankOnly.code], coupons: [{ id: bankOnly.id, reason: 'coupon_payment_method_conflict' }] } });
    expect(wrongMethod.body.error.msg).toMatch(THAI);

    const unknown = await order(a, [fixture], { coupon_id: [999999] });
    expect(unknown.body.error).toMatchObject({ code: 'COUPON_NOT_AVAILABLE', result: { coupons: [{ id: 999999, reason: 'dont_have_coupon' }] } });

    const usedUp = await couponFor([fixture], { usage_limit: 3, used_count: 3 });
    await lookUp(a, usedUp.code);
    const full = await order(a, [fixture], { coupon_id: [usedUp.id] });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'COUPON_NOT_AVAILABLE', result: { codes: [usedUp.code], coupons: [{ reason: 'coupon_full' }] } });
    expect(await usedCount(usedUp.id)).toBe(3);
  });

  it('refuses a course twice in one order, and a course the buyer already owns, with COURSE_DUPLICATE and its name', async () => {
    const fixture = await course();
    const a = await buyer();
    const twice = await call('POST', '/private/cart/order', a, {
      user_id: a.id,
      course_id: [fixture.course.id, fixture.course.id],
      pricingplan_id: [fixture.plan.id, fixture.plan.id],
      payment_method_id: BANK_TRANSFER,
      price: 0,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe('COURSE_DUPLICATE');

    const student = await demoStudent();
    const marketing = await db(COURSE).findOne({ where: { slug: 'online-marketing-for-beginners' }, populate: { pricing_plans: true } });
    const owned = await call('POST', '/private/cart/order', student, {
      user_id: student.id,
      course_id: [marketing.id],
      pricingplan_id: [marketing.pricing_plans.find((p: any) => p.is_default).id],
      payment_method_id: BANK_TRANSFER,
      price: 0,
    });
    expect(owned.status).toBe(409);
    expect(owned.body.error).toMatchObject({ code: 'COURSE_DUPLICATE', result: { course_ids: [marketing.id], names: [marketing.title], reasons: ['already_bought'] } });
  });

  it('refuses a second order while the first is unpaid (ORDER_IN_PROGRESS), and a course owned on a non-default plan (HAVE_COURSE)', async () => {
    const a = await buyer();
    const fixture = await course();
    expect((await order(a, [fixture])).status).toBe(201);
    const again = await order(a, [fixture]);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ORDER_IN_PROGRESS', result: { reasons: ['order_not_yet_received'] } });

    // Private classes can be bought again, except by someone who owns one on a special plan
    const b = await buyer();
    // the special plan is not listed, so not sold at the checkout: the shop grants it with an approved order of its own
    const coaching = await course({ course_type: 'Private-Classroom' }, { price: 450000 });
    const special = await db(PLAN).create({
      data: { name: 'โค้ชชิ่งองค์กร', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'others', status_show: true, price: 890000, course: coaching.course.id },
    });
    const granted = await db(ORDER).create({
      data: { order_token: `granted-${b.id}`, state: 'approved', user: b.id, currency_code: 'THB', price: 890000, discount: 0, net: 890000, approved_at: new Date() },
    });
    await db(ORDER_LINE).create({
      data: {
        order: granted.id,
        course: coaching.course.id,
        pricing_plan: special.id,
        title: coaching.course.title,
        course_type: 'Private-Classroom',
        quantity: 1,
        price: 890000,
        discount: 0,
        net: 890000,
      },
    });
    const second = await order(b, [coaching]);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'HAVE_COURSE', result: { names: [coaching.course.title] } });
  });

  it('refuses an instructor who is not a student with INSTRUCTOR_CANNOT_BUY', async () => {
    const teacher = await buyer({}, 'instructor');
    const res = await order(teacher, [await course()]);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('INSTRUCTOR_CANNOT_BUY');
  });

  it('refuses a full class with NO_MORE_SEAT', async () => {
    const full = await course({ course_type: 'In-class', seat: 3, seats_taken: 3 });
    const res = await order(await buyer(), [full]);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'NO_MORE_SEAT', result: { course_ids: [full.course.id], names: [full.course.title] } });
    expect(await seatsTaken(full.course.id)).toBe(3);
  });

  it('gives back the seat it took for one course when another course of the same order is full, and writes no order', async () => {
    const open = await course({ course_type: 'In-class', seat: 10, seats_taken: 2 });
    const full = await course({ course_type: 'In-class', seat: 1, seats_taken: 1 });
    const before = await orderCount();
    const res = await order(await buyer(), [open, full]);
    expect(res.body.error.code).toBe('NO_MORE_SEAT');
    expect(await seatsTaken(open.course.id)).toBe(2);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a course outside its registration window with TIME_LEFT', async () => {
    const a = await buyer();
    const closed = await course({ startRegDate: new Date(Date.now() - 10 * DAY), endRegDate: new Date(Date.now() - DAY) });
    const notYet = await course({ startRegDate: new Date(Date.now() + DAY), endRegDate: new Date(Date.now() + 10 * DAY) });
    const late = await order(a, [closed]);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'TIME_LEFT', result: { reason: 'registration_closed', names: [closed.course.title] } });
    const early = await order(a, [notYet]);
    expect(early.body.error).toMatchObject({ code: 'TIME_LEFT', result: { reason: 'registration_not_open' } });
  });

  it('refuses a plan that is not the course’s, is hidden, has no price or is missing with NO_PRICING_PLAN', async () => {
    const a = await buyer();
    const x = await course();
    const y = await course();
    const hidden = await course({}, { status_show: false });
    const noPrice = await course({}, { price: null });
    const otherCourses = await order(a, [{ course: x.course, plan: y.plan }]);
    expect(otherCourses.status).toBe(400);
    expect(otherCourses.body.error).toMatchObject({ code: 'NO_PRICING_PLAN', result: { course_ids: [x.course.id], names: [x.course.title] } });
    expect((await order(a, [hidden])).body.error.code).toBe('NO_PRICING_PLAN');
    expect((await order(a, [noPrice])).body.error.code).toBe('NO_PRICING_PLAN');
    const missing = await order(a, [x], { pricingplan_id: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('NO_PRICING_PLAN');
  });

  it('refuses a missing, unknown or disabled payment method with NO_PAYMENT_METHOD', async () => {
    const a = await buyer();
    const fixture = await course();
    expect((await order(a, [fixture], { payment_method_id: undefined })).body.error.code).toBe('NO_PAYMENT_METHOD');
    expect((await order(a, [fixture], { payment_method_id: 77 })).body.error.code).toBe('NO_PAYMENT_METHOD');
    const paysolutions = await db(METHOD).findOne({ where: { method_id: 13 }, select: ['id'] });
    await db(METHOD).update({ where: { id: paysolutions.id }, data: { enabled: false } });
    try {
      const disabled = await order(a, [fixture], { payment_method_id: 13 });
      expect(disabled.status).toBe(400);
      expect(disabled.body.error.code).toBe('NO_PAYMENT_METHOD');
    } finally {
      await db(METHOD).update({ where: { id: paysolutions.id }, data: { enabled: true } });
    }
  });

  it('keeps member-only plans from buyers who bought without registering (MEMBER_ONLY_PLAN) and gives members the member price', async () => {
    const fixture = await course();
    const memberPlan = await db(PLAN).create({
      data: { name: 'ราคาสมาชิก', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, price: 159000, is_for_member: true, course: fixture.course.id },
    });
    const guest = await buyer({ is_registration_layout_four: true });
    const refused = await order(guest, [{ course: fixture.course, plan: memberPlan }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'MEMBER_ONLY_PLAN', result: { names: [fixture.course.title] } });
    const member = await order(await buyer(), [{ course: fixture.course, plan: memberPlan }]);
    expect(member.status).toBe(201);
    expect(member.body.order_detail.price).toBe(1590);
  });

  it('refuses a USD order on a plan without a USD price with USD_PRICE_MISSING, and charges the USD price when there is one', async () => {
    const a = await buyer();
    const thbOnly = await course({}, { price_usd: null });
    const refused = await order(a, [thbOnly], { currency_code: 'USD' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'USD_PRICE_MISSING', result: { names: [thbOnly.course.title] } });
    const both = await course({}, { price_usd: 5900 });
    const usd = await order(a, [both], { currency_code: 'USD' });
    expect(usd.status).toBe(201);
    expect(usd.body.order_detail).toMatchObject({ currency_code: 'USD', price: 59, net: 59 });
  });

  it('refuses less than 20 THB through the card and PromptPay provider with MINIMUM_AMOUNT', async () => {
    const cheap = await course({}, { price: 1500 });
    const res = await order(await buyer(), [cheap], { payment_method_id: CARD });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('MINIMUM_AMOUNT');
  });

  it('withholds tax only for a juristic person with a tax id (WITHHOLDING_REQUIRES_JURISTIC_PERSON otherwise), on the pre-VAT value', async () => {
    const fixture = await course({}, { price: 107000 });
    const person = await order(await buyer(), [fixture], { is_withholding: 1, withholding_percent: 3 });
    expect(person.status).toBe(400);
    expect(person.body.error.code).toBe('WITHHOLDING_REQUIRES_JURISTIC_PERSON');

    const company = await buyer({ tax_person_type: 'juristic_person', tax_name_one: 'บริษัท ทดสอบ จำกัด', tax_payer_identification_no: '0105561234560', is_require_tax_invoice: true });
    const setting = await db(SETTING).findOne({ select: ['id', 'is_enable_vat'] });
    await db(SETTING).update({ where: { id: setting.id }, data: { is_enable_vat: true, vat_value: 700 } });
    try {
      // 1,070.00 with 7% VAT inside: base 1,000.00, 3% withheld 30.00, to pay 1,040.00 (ADR 011)
      const res = await order(company, [fixture], { is_withholding: 1, withholding_percent: 3, withholding_price: 0 });
      expect(res.status).toBe(201);
      expect(res.body.order_detail).toMatchObject({ price: 1070, vat: 70, withholding_price: 30, net: 1040 });
      expect(await db(ORDER).findOne({ where: { id: res.body.orderId }, select: ['is_withholding', 'withholding_percent'] })).toMatchObject({ is_withholding: true, withholding_percent: 3 });
    } finally {
      await db(SETTING).update({ where: { id: setting.id }, data: { is_enable_vat: setting.is_enable_vat } });
    }
  });

  it("accepts the withholding rates the site's list names, and both when it names neither (ADR 159)", async () => {
    const fixture = await course({}, { price: 107000 });
    const company = await buyer({ tax_person_type: 'juristic_person', tax_name_one: 'บริษัท ทดสอบ จำกัด', tax_payer_identification_no: '0105561234560', is_require_tax_invoice: true });
    const setting = await db(SETTING).findOne({ select: ['id', 'withholding_percents'] });
    try {
      await db(SETTING).update({ where: { id: setting.id }, data: { withholding_percents: [1] } });
      const refused = await order(company, [fixture], { is_withholding: 1, withholding_percent: 3 });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_ERROR');
      expect(refused.body.error.errors).toHaveProperty('withholding_percent');
      const one = await order(company, [fixture], { is_withholding: 1, withholding_percent: 1 });
      expect(one.status).toBe(201);

      await db(SETTING).update({ where: { id: setting.id }, data: { withholding_percents: [5] } });
      const other = await course({}, { price: 107000 });
      const fallback = await order(company, [other], { is_withholding: 1, withholding_percent: 3 });
      expect(fallback.status).toBe(201);
    } finally {
      await db(SETTING).update({ where: { id: setting.id }, data: { withholding_percents: setting.withholding_percents } });
    }
  });

  it('asks for a promotion when one applies and none was chosen (PROMOTION_REQUIRED), and applies the chosen one', async () => {
    const excel = await db(COURSE).findOne({ where: { slug: 'excel-for-work' }, populate: { pricing_plans: true } });
    const plan = excel.pricing_plans.find((p: any) => p.is_default);
    const fixture = { course: excel, plan };
    const a = await buyer();
    const none = await order(a, [fixture]);
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('PROMOTION_REQUIRED');
    const [promotionId] = none.body.error.result.promotion_ids;
    const chosen = await order(a, [fixture], { promotion_id: promotionId });
    expect(chosen.status).toBe(201);
    // 15% off 2,490.00
    expect(chosen.body.order_detail).toMatchObject({ price: 2490, discount: 373.5, net: 2116.5 });
    const promotion = await db('api::promotion.promotion').findOne({ where: { id: promotionId }, select: ['title'] });
    expect(chosen.body.order_detail.discount_list).toEqual([{ kind: 'promotion', name: promotion.title, amount: 373.5 }]);
  });

  it('answers 400 for a body that does not parse, 404 for a course not on sale, 403 for an order in another user’s name, and 401 without a sign-in', async () => {
    const a = await buyer();
    const b = await buyer();
    const fixture = await course();
    const garbage = await call('POST', '/private/cart/order', a, { user_id: a.id, course_id: 'abc', pricingplan_id: {}, payment_method_id: 1 });
    expect(garbage.status).toBe(400);
    expect(garbage.body.success).toBe(false);
    expect(garbage.body.error.msg).toMatch(THAI);
    const unpublished = await course({ is_published: false });
    const hidden = await order(a, [unpublished]);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('NOT_FOUND');
    const forSomeoneElse = await order(a, [fixture], { user_id: b.id });
    expect(forSomeoneElse.status).toBe(403);
    expect((await order({ id: a.id, jwt: 'not-a-token' }, [fixture])).status).toBe(401);
  });
});

describe('free orders', () => {
  it('approve at once with a zero payment report', async () => {
    const cooking = await db(COURSE).findOne({ where: { slug: 'easy-thai-home-cooking' }, populate: { pricing_plans: true } });
    const free = { course: cooking, plan: cooking.pricing_plans.find((p: any) => p.plan_type === 'Free') };
    const res = await order(await buyer(), [free]);
    expect(res.status).toBe(201);
    expect(res.body.order_detail).toMatchObject({ payment_status: 'approved', price: 0, net: 0 });
    expect(res.body.need_approval).toBeUndefined();
    const reports = await db(REPORT).findMany({ where: { order: { id: res.body.orderId } }, select: ['state', 'transfer_amount', 'approve_by'] });
    expect(reports).toMatchObject([{ state: 'approved', transfer_amount: 0, approve_by: 'free' }]);
  });

  it('on a Free plan that needs approval stay pendingApproved with the "Need approved by admin" message', async () => {
    const stocks = await db(COURSE).findOne({ where: { slug: 'live-stock-investing-seminar' }, populate: { pricing_plans: true } });
    const free = { course: stocks, plan: stocks.pricing_plans[0] };
    const th = await order(await buyer(), [free]);
    expect(th.status).toBe(201);
    expect(th.body).toMatchObject({ need_approval: true, msg: 'รอผู้ดูแลระบบอนุมัติ', order_detail: { payment_status: 'pendingApproved', net: 0 } });
    const reports = await db(REPORT).findMany({ where: { order: { id: th.body.orderId } }, select: ['state', 'transfer_amount'] });
    expect(reports).toMatchObject([{ state: 'pending', transfer_amount: 0 }]);
    const b = await buyer();
    const en = await call('POST', '/private/cart/order?lang=en', b, { user_id: b.id, course_id: [stocks.id], pricingplan_id: [free.plan.id], payment_method_id: BANK_TRANSFER, price: 0 });
    expect(en.body).toMatchObject({ need_approval: true, msg: 'Need approved by admin' });
  });
});

describe('reading an order', () => {
  it('gives the buyer their order, and the payment screen also their e-mail, phone and order token', async () => {
    const a = await buyer({ tel: '0899999999' });
    const placed = await order(a, [await course()]);
    const id = placed.body.orderId;
    const plain = await call('GET', `/private/orders/${id}`, a);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({
      success: true,
      id,
      payment_status: 'notYetReceived',
      price: 1990,
      discount: 0,
      shipping_fee: 0,
      withholding_price: 0,
      vat: 0,
      net: 1990,
      currency_code: 'THB',
      coupon_list_code: [],
    });
    expect(plain.body.order_course_list).toHaveLength(1);
    expect(plain.body).not.toHaveProperty('order_token');
    expect(plain.body).not.toHaveProperty('email');

    const payment = await call('GET', `/private/payments/methods/order/${id}`, a);
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({ success: true, id, email: expect.stringMatching(/@sala\.test$/), tel: '0899999999', order_token: placed.body.order_detail.order_token, price: 1990 });
    const text = JSON.stringify(payment.body);
    for (const secret of ['password', 'application_id_2', 'webhook_secret', 'resetPasswordToken', '"pricing"', '"note"']) expect(text).not.toContain(secret);
  });

  it('answers 404 to another student, for an id that does not exist, and for an id that is not a number', async () => {
    const a = await buyer();
    const b = await buyer();
    const id = (await order(a, [await course()])).body.orderId;
    for (const path of [`/private/orders/${id}`, `/private/payments/methods/order/${id}`]) {
      const res = await call('GET', path, b);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    expect((await call('GET', '/private/orders/99999999', a)).status).toBe(404);
    expect((await call('GET', '/private/orders/abc', a)).status).toBe(404);
    expect((await call('GET', `/private/orders/${id}`, null)).status).toBe(401);
  });
});

describe('the cart', () => {
  it('holds one item per course with its plan, readable at /private/cart and at /public/cart/{own id}', async () => {
    const a = await buyer();
    const x = await course({}, { price: 120000, price_usd: 3500 });
    const y = await course();
    expect((await call('POST', '/private/cart', a, { course_id: x.course.id })).status).toBe(200);
    const added = await call('POST', '/private/cart', a, { course_id: y.course.id, pricingplan_id: y.plan.id });
    expect(added.body.data).toHaveLength(2);
    await call('POST', '/private/cart', a, { course_id: x.course.id, pricingplan_id: x.plan.id });
    const mine = await call('GET', '/private/cart', a);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      {
        id: expect.any(Number),
        course_id: x.course.id,
        product_id: null,
        pricingplan_id: x.plan.id,
        quantity: 1,
        title: x.course.title,
        course_type: 'Online',
        plan_name: 'ซื้อขาด',
        price: 1200,
        price_usd: 35,
        ships_item: false,
        sold_by_retailer: false,
      },
      expect.objectContaining({ course_id: y.course.id, pricingplan_id: y.plan.id, price: 1990, price_usd: null }),
    ]);
    const byId = await call('GET', `/public/cart/${a.id}`, a);
    expect(byId.body.data).toEqual(mine.body.data);
  });

  it('refuses a plan of another course with NO_PRICING_PLAN and a course not on sale with 404', async () => {
    const a = await buyer();
    const x = await course();
    const y = await course();
    const wrongPlan = await call('POST', '/private/cart', a, { course_id: x.course.id, pricingplan_id: y.plan.id });
    expect(wrongPlan.status).toBe(400);
    expect(wrongPlan.body.error.code).toBe('NO_PRICING_PLAN');
    expect((await call('POST', '/private/cart', a, { course_id: 99999999 })).status).toBe(404);
    expect((await call('POST', '/private/cart', a, { course_id: 'x' })).status).toBe(400);
    expect((await call('GET', '/private/cart', a)).body.data).toEqual([]);
  });

  it('keeps a student out of another student’s cart: reading and clearing it are refused and it stays as it was', async () => {
    const a = await buyer();
    const b = await buyer();
    const fixture = await course();
    await call('POST', '/private/cart', a, { course_id: fixture.course.id });
    const read = await call('GET', `/public/cart/${a.id}`, b);
    expect(read.status).toBe(403);
    expect(read.body.success).toBe(false);
    const clear = await call('POST', '/public/cart/deleteitem', b, { user_id: a.id });
    expect(clear.status).toBe(403);
    expect((await call('GET', '/private/cart', a)).body.data).toHaveLength(1);
    expect((await call('GET', `/public/cart/${a.id}`, null)).status).toBe(401);
  });

  it('is emptied by POST /public/cart/deleteitem with the caller’s own user_id', async () => {
    const a = await buyer();
    await call('POST', '/private/cart', a, { course_id: (await course()).course.id });
    await call('POST', '/private/cart', a, { course_id: (await course()).course.id });
    const res = await call('POST', '/public/cart/deleteitem', a, { user_id: a.id });
    expect(res.body).toEqual({ success: true, deleted: 2 });
    expect((await call('GET', '/private/cart', a)).body.data).toEqual([]);
    expect(await db(CART).count({ where: { user: { id: a.id } } })).toBe(0);
  });

  it('lists the courses a student owns, with the plan each was bought on, at /private/cart/ordercourse', async () => {
    const student = await demoStudent();
    const res = await call('GET', '/private/cart/ordercourse', student);
    expect(res.status).toBe(200);
    const marketing = await db(COURSE).findOne({ where: { slug: 'online-marketing-for-beginners' }, select: ['id'] });
    expect(res.body.data).toContainEqual({ courseID: marketing.id, priceplan_id: expect.any(Number) });
    const a = await buyer();
    expect((await call('GET', '/private/cart/ordercourse', a)).body.data).toEqual([]);
  });
});

describe('cancelling and expiring an unpaid order', () => {
  async function heldOrder() {
    const a = await buyer();
    const fixture = await course({ course_type: 'In-class', seat: 10, seats_taken: 4 });
    const coupon = await couponFor([fixture], { usage_limit: 10, used_count: 2 });
    await lookUp(a, coupon.code);
    const res = await order(a, [fixture], { coupon_id: [coupon.id] });
    expect(res.status).toBe(201);
    expect(await seatsTaken(fixture.course.id)).toBe(5);
    expect(await usedCount(coupon.id)).toBe(3);
    return { a, fixture, coupon, orderId: res.body.orderId as number };
  }

  it('POST /public/cart/deleteorder cancels the buyer’s unpaid order and gives its seat and coupon use back exactly once', async () => {
    const { a, fixture, coupon, orderId } = await heldOrder();
    const res = await call('POST', '/public/cart/deleteorder', a, { order_id: orderId });
    expect(res.body).toEqual({ success: true, orderId, payment_status: 'cancelled' });
    expect(await seatsTaken(fixture.course.id)).toBe(4);
    expect(await usedCount(coupon.id)).toBe(2);
    const again = await call('POST', '/public/cart/deleteorder', a, { order_id: orderId });
    expect(again.body.payment_status).toBe('cancelled');
    expect(await seatsTaken(fixture.course.id)).toBe(4);
    expect(await usedCount(coupon.id)).toBe(2);
    // a cancelled order no longer blocks buying the course
    expect((await order(a, [fixture])).status).toBe(201);
  });

  it('refuses another student’s order with 404 and a reported (pendingApproved) order with ORDER_STATE_CONFLICT', async () => {
    const { a, fixture, orderId } = await heldOrder();
    const b = await buyer();
    const foreign = await call('POST', '/public/cart/deleteorder', b, { order_id: orderId });
    expect(foreign.status).toBe(404);
    expect((await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state).toBe('notYetReceived');
    await orderState().markPending(orderId);
    const paid = await call('POST', '/public/cart/deleteorder', a, { order_id: orderId });
    expect(paid.status).toBe(409);
    expect(paid.body.error.code).toBe('ORDER_STATE_CONFLICT');
    expect(await seatsTaken(fixture.course.id)).toBe(5);
    expect((await call('POST', '/public/cart/deleteorder', a, { order_id: 'x' })).status).toBe(400);
  });

  it('expireDueOrders expires unpaid orders whose cancel_at has passed, once, and gives their seats and coupon uses back', async () => {
    const { fixture, coupon, orderId } = await heldOrder();
    const other = await heldOrder();
    await db(ORDER).update({ where: { id: orderId }, data: { cancel_at: new Date(Date.now() - 60_000) } });
    const first = await orderExpiry().expireDueOrders(new Date());
    expect(first.expired).toContain(orderId);
    expect(first.expired).not.toContain(other.orderId);
    expect((await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state).toBe('expired');
    expect(await seatsTaken(fixture.course.id)).toBe(4);
    expect(await usedCount(coupon.id)).toBe(2);
    const second = await orderExpiry().expireDueOrders(new Date());
    expect(second.expired).not.toContain(orderId);
    expect((await orderState().expire(orderId)).changed).toBe(false);
    expect(await seatsTaken(fixture.course.id)).toBe(4);
    expect(await usedCount(coupon.id)).toBe(2);
    // the other order is not due for another 48 hours
    expect(await seatsTaken(other.fixture.course.id)).toBe(5);
  });

  it('releases exactly once when cancel, reject and expire race on the same order', async () => {
    const { fixture, coupon, orderId } = await heldOrder();
    const results = await Promise.allSettled([
      orderState().cancel({ orderId, reason: 'race' }),
      orderState().reject({ orderId, reason: 'race' }),
      orderState().expire(orderId),
      orderState().cancel({ orderId, reason: 'race again' }),
    ]);
    const changed = results.filter((r) => r.status === 'fulfilled' && (r.value as { changed: boolean }).changed);
    expect(changed).toHaveLength(1);
    expect(await seatsTaken(fixture.course.id)).toBe(4);
    expect(await usedCount(coupon.id)).toBe(2);
  });

  it('runs the expiry every minute with Strapi’s cron', () => {
    const names = cms.strapi.cron.jobs.map((job: { name: string | null }) => job.name);
    expect(names).toContain('checkout-expire-unpaid-orders');
  });
});

describe('the order-state service', () => {
  it('approves once: approving again changes nothing, and an approved order is never downgraded', async () => {
    const a = await buyer();
    const fixture = await course({ course_type: 'In-class', seat: 5, seats_taken: 0 });
    const orderId = (await order(a, [fixture])).body.orderId;
    const report = await db(REPORT).create({ data: { order: orderId, user: a.id, state: 'pending', transfer_amount: 199000 } });
    expect((await orderState().markPending(orderId)).order.status).toBe('pendingApproved');
    const approved = await orderState().approve({ orderId, by: 'admin', paymentReportId: report.id });
    expect(approved).toMatchObject({ changed: true, order: { id: orderId, status: 'approved', userId: a.id } });
    expect(await db(REPORT).findOne({ where: { id: report.id }, select: ['state', 'approve_by'] })).toMatchObject({ state: 'approved', approve_by: 'admin' });
    expect((await orderState().approve({ orderId, by: 'payment' })).changed).toBe(false);
    expect((await orderState().markPending(orderId)).changed).toBe(false);
    expect((await orderState().expire(orderId)).changed).toBe(false);
    await expect(orderState().reject({ orderId, reason: 'too late' })).rejects.toMatchObject({ status: 409, code: 'ORDER_STATE_CONFLICT' });
    await expect(orderState().cancel({ orderId, reason: 'too late' })).rejects.toMatchObject({ status: 409, code: 'ORDER_STATE_CONFLICT' });
    expect((await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state).toBe('approved');
    expect(await seatsTaken(fixture.course.id)).toBe(1);
    expect((await call('GET', `/private/orders/${orderId}`, a)).body.payment_status).toBe('approved');
  });

  it('reject gives the seat back; a late payment for an expired order takes it again, or is refused with NO_MORE_SEAT when it is gone', async () => {
    const fixture = await course({ course_type: 'In-class', seat: 1, seats_taken: 0 });
    const a = await buyer();
    const first = (await order(a, [fixture])).body.orderId;
    expect((await orderState().reject({ orderId: first, reason: 'slip unreadable' })).order.status).toBe('rejected');
    expect(await seatsTaken(fixture.course.id)).toBe(0);
    await expect(orderState().approve({ orderId: first, by: 'admin' })).rejects.toMatchObject({ code: 'ORDER_STATE_CONFLICT' });

    const b = await buyer();
    const late = (await order(b, [fixture])).body.orderId;
    await orderState().expire(late);
    expect(await seatsTaken(fixture.course.id)).toBe(0);
    const c = await buyer();
    const taker = (await order(c, [fixture])).body.orderId;
    expect(await seatsTaken(fixture.course.id)).toBe(1);
    await expect(orderState().approve({ orderId: late, by: 'payment' })).rejects.toMatchObject({ status: 409, code: 'NO_MORE_SEAT' });
    expect((await db(ORDER).findOne({ where: { id: late }, select: ['state'] })).state).toBe('expired');
    await orderState().cancel({ orderId: taker, reason: 'changed mind' });
    expect((await orderState().approve({ orderId: late, by: 'payment' })).order.status).toBe('approved');
    expect(await seatsTaken(fixture.course.id)).toBe(1);
  });
});
