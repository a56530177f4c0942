/**
 * The commerce trust boundary: a coupon counts only for a buyer who presented its code, a
 * plan the listing would not offer the buyer cannot be bought, and a transfer report is
 * taken only for an order paid by bank transfer. Real HTTP against one seeded CMS.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuyers, sharedCms, type Buyer } from './support/cms';
import { bearer, send, sendJson, type Answer } from './support/http';

const cms = sharedCms();

const UID = {
  course: 'api::course.course',
  product: 'api::product.product',
  plan: 'api::pricing-plan.pricing-plan',
  coupon: 'api::coupon.coupon',
  order: 'api::order.order',
  report: 'api::payment-report.payment-report',
  method: 'api::payment-method.payment-method',
  account: 'api::bank-account.bank-account',
  user: 'plugin::users-permissions.user',
} as const;
const BANK_TRANSFER = 1;
const CARD = 8;
const THAI = /[\u0E00-\u0E7F]/;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

const tag = randomBytes(3).toString('hex');
let n = 0;
const db = (uid: string) => cms().strapi.db.query(uid);

async function buyer(fields: Record<string, unknown> = {}): Promise<Buyer> {
  const [made] = await createBuyers(cms().strapi, 1, 'commerce');
  if (Object.keys(fields).length > 0) await db(UID.user).update({ where: { id: made.id }, data: fields });
  return made;
}

function call(method: string, path: string, who: Buyer | null, body?: unknown): Promise<Answer> {
  const headers = who ? bearer(who.jwt) : {};
  return body === undefined ? send(method, `${cms().url}${path}`, { headers }) : sendJson(method, `${cms().url}${path}`, body, { headers });
}

async function course(price = 199_000): Promise<{ id: number; planId: number }> {
  const id = ++n;
  const row = await db(UID.course).create({ data: { title: `คอร์สความปลอดภัย ${tag}-${id}`, slug: `commerce-security-${tag}-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(UID.plan).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: row.id, sort_order: 0 },
  });
  return { id: row.id, planId: plan.id };
}

async function product(): Promise<{ id: number; planId: number }> {
  const id = ++n;
  const row = await db(UID.product).create({ data: { title: `หนังสือความปลอดภัย ${tag}-${id}`, slug: `commerce-security-book-${tag}-${id}`, is_published: true, available_qty: 50 } });
  const plan = await db(UID.plan).create({
    data: { name: 'ราคาหนังสือ', reference_code: 'PRODUCT', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 35_000, product: row.id, sort_order: 0 },
  });
  return { id: row.id, planId: plan.id };
}

/** The plans the listing hides from a buyer who owns nothing (or, member-only, disables for a non-member), on one course or product. */
async function hiddenPlans(owner: { course: number } | { product: number }, otherCourseId: number) {
  const base = { reference_code: 'course' in owner ? 'COURSE' : 'PRODUCT', plan_type: 'One-Time Payment', status_show: true, ...owner };
  const make = async (name: string, fields: Record<string, unknown>) => (await db(UID.plan).create({ data: { ...base, name, sort_order: ++n, ...fields } })).id as number;
  return {
    renew: await make('ต่ออายุ', { pricing_type: 'renew', price: 99_000, plan_type: 'Period', term: 1, term_unit: 'Year(s)' }),
    others: await make('องค์กร', { pricing_type: 'others', price: 1_000 }),
    owner: await make('ฟรีสำหรับเจ้าของคอร์ส', { pricing_type: 'default', price: 0, free_for: 'Student', free_courses: [otherCourseId] }),
    term2: await make('สองช่วง', { pricing_type: 'default', price: 1_000, plan_type: 'Period', term: 1, term_unit: 'Month(s)', term_2: 1, term_unit_2: 'Month(s)' }),
    hidden: await make('ซ่อน', { pricing_type: 'default', price: 1_000, status_show: false }),
    member: await make('ราคาสมาชิก', { pricing_type: 'default', price: 1_000, is_for_member: true }),
  };
}

function orderCourse(who: Buyer, courseId: number, planId: number, extra: Record<string, unknown> = {}) {
  return call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [courseId], pricingplan_id: [planId], payment_method_id: BANK_TRANSFER, price: 0, ...extra });
}

async function shippingFor(who: Buyer): Promise<{ shipping_address_id: number; shipping_fee_id: number }> {
  const address = await db('api::shipping-address.shipping-address').create({
    data: { user: who.id, fullname: 'ผู้ซื้อ ทดสอบ', tel: '0891234567', address: '1 ถนนสุขุมวิท', subdistrict: 'คลองตัน', district: 'คลองเตย', province: 'กรุงเทพมหานคร', postcode: '10110', is_default: true },
  });
  const fee = await db('api::shipping-fee.shipping-fee').findOne({ where: { enabled: true }, select: ['id'] });
  return { shipping_address_id: address.id, shipping_fee_id: fee.id };
}

function orderProduct(who: Buyer, productId: number, planId: number, shipping: Record<string, unknown>) {
  return call('POST', '/private/cart/order', who, {
    user_id: who.id,
    course_id: [],
    pricingplan_id: [],
    products: [{ product_id: productId, pricingplan_id: planId, quantity: 1 }],
    payment_method_id: BANK_TRANSFER,
    price: 0,
    ...shipping,
  });
}

async function ordersOf(who: Buyer): Promise<number> {
  return db(UID.order).count({ where: { user: { id: who.id } } });
}

describe('coupons count only for a buyer who presented the code', () => {
  let target: { id: number; planId: number };
  let coupon: { id: number; code: string };

  beforeAll(async () => {
    target = await course();
    const methods = (await db(UID.method).findMany({ select: ['id'] })) as { id: number }[];
    const code = `STAFF${tag.toUpperCase()}`;
    coupon = await db(UID.coupon).create({
      data: {
        code,
        name: 'ส่วนลดพนักงาน',
        coupon_type: 'P1',
        number_of_course: 1,
        discount_type: 'percent',
        discount_percent_bp: 10_000,
        discount_amount: 0,
        courses: [target.id],
        payment_methods: methods.map((method) => method.id),
        used_count: 0,
        is_active: true,
      },
    });
  });

  it('refuses a coupon id nobody looked up, reveals its code nowhere, and keeps the honest look-up then order by id working', async () => {
    const attacker = await buyer();
    // getallcoupon: nothing that needs the code, for a visitor or a signed-in stranger
    for (const who of [null, attacker]) {
      const listed = await call('POST', '/public/cart/getallcoupon', who, { couponID: [coupon.id] });
      expect(listed.status).toBe(200);
      expect(listed.text).not.toContain(coupon.code);
      expect(listed.body.data.map((c: { id: number }) => c.id)).not.toContain(coupon.id);
    }
    // the order by id alone: refused, the code not in the answer, nothing written
    const stolen = await orderCourse(attacker, target.id, target.planId, { coupon_id: [coupon.id] });
    expect(stolen.status, stolen.text).toBe(400);
    expect(stolen.body.error.code).toBe('COUPON_NOT_AVAILABLE');
    expect(stolen.body.error.msg).toMatch(THAI);
    expect(stolen.text).not.toContain(coupon.code);
    expect(await ordersOf(attacker)).toBe(0);
    // a wrong code names only what was sent
    const guessed = await orderCourse(attacker, target.id, target.planId, { coupon_id: [coupon.id], coupon_code: ['NOPE'] });
    expect(guessed.body.error?.code).toBe('COUPON_NOT_AVAILABLE');
    expect(guessed.text).not.toContain(coupon.code);
    expect(await db(UID.coupon).findOne({ where: { id: coupon.id }, select: ['used_count'] })).toMatchObject({ used_count: 0 });

    // the honest buyer of the old client: the look-up by code, then the order by id
    const honest = await buyer();
    const looked = await call('POST', '/public/cart/getCouponByCouponCode', honest, { coupon_code: coupon.code.toLowerCase() });
    expect(looked.status).toBe(200);
    expect(looked.body.data[0]).toMatchObject({ id: coupon.id, code: coupon.code });
    const own = await call('POST', '/public/cart/getallcoupon', honest, { couponID: [coupon.id] });
    expect(own.body.data.map((c: { id: number }) => c.id)).toEqual([coupon.id]);
    const placed = await orderCourse(honest, target.id, target.planId, { coupon_id: [coupon.id] });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order_detail).toMatchObject({ net: 0, coupon_list_code: [coupon.code] });

    // a guest looks the code up before having an account, then orders with the code itself
    const guestLook = await call('POST', '/public/cart/getCouponByCouponCode', null, { coupon_code: coupon.code });
    expect(guestLook.status).toBe(200);
    const guest = await buyer({ is_registration_layout_four: true });
    const byCode = await orderCourse(guest, target.id, target.planId, { coupon_id: [coupon.id], coupon_code: [coupon.code] });
    expect(byCode.status, byCode.text).toBe(201);
    expect(byCode.body.order_detail).toMatchObject({ net: 0, coupon_list_code: [coupon.code] });
  });
});

describe('plans the listing does not offer the buyer cannot be bought', () => {
  it('refuses renew, others, owner-only, second-term and hidden plans (NO_PRICING_PLAN) and member-only plans to a non-member (MEMBER_ONLY_PLAN), for a course and a product', async () => {
    const required = await course();
    const target = await course();
    const book = await product();
    const coursePlans = await hiddenPlans({ course: target.id }, required.id);
    const bookPlans = await hiddenPlans({ product: book.id }, required.id);
    const who = await buyer({ is_registration_layout_four: true });
    const shipping = await shippingFor(who);

    for (const reason of ['renew', 'others', 'owner', 'term2', 'hidden', 'member'] as const) {
      const expected = reason === 'member' ? 'MEMBER_ONLY_PLAN' : 'NO_PRICING_PLAN';
      const ordered = await orderCourse(who, target.id, coursePlans[reason]);
      expect(ordered.body.error?.code, `course plan ${reason}: ${ordered.text}`).toBe(expected);
      expect(ordered.body.error.msg).toMatch(THAI);
      const inCart = await call('POST', '/private/cart', who, { course_id: target.id, pricingplan_id: coursePlans[reason] });
      if (reason !== 'member') expect(inCart.body.error?.code, `cart plan ${reason}: ${inCart.text}`).toBe('NO_PRICING_PLAN');
      const bought = await orderProduct(who, book.id, bookPlans[reason], shipping);
      expect(bought.body.error?.code, `product plan ${reason}: ${bought.text}`).toBe(expected);
      expect(bought.body.error.msg).toMatch(THAI);
    }
    expect(await ordersOf(who)).toBe(0);

    // the listed plans still sell
    expect((await orderCourse(who, target.id, target.planId)).status).toBe(201);
    expect((await orderProduct(who, book.id, book.planId, shipping)).status).toBe(201);
  });
});

describe('a transfer report is taken only for a bank-transfer order', () => {
  it('refuses a report on an order placed for card payment, and leaves the order as it was', async () => {
    const who = await buyer();
    const target = await course(107_000);
    const placed = await orderCourse(who, target.id, target.planId, { payment_method_id: CARD });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.orderId as number;

    const form = new FormData();
    form.append('imageinput0', new Blob([PNG], { type: 'image/png' }), 'slip.png');
    const uploaded = await fetch(`${cms().url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.jwt}` } });
    const slip = ((await uploaded.json()) as { fileName: string[] }).fileName[0];
    const bank = await db(UID.method).findOne({ where: { method_id: BANK_TRANSFER }, select: ['id'] });
    const account = await db(UID.account).findOne({ where: { payment_method: { id: bank.id }, enabled: true }, select: ['id'], orderBy: { id: 'asc' } });

    const report = await call('POST', '/private/payment/report', who, {
      order_id: orderId,
      payment_method_id: BANK_TRANSFER,
      contact_name: 'ผู้ซื้อ ทดสอบ',
      email: who.email,
      tel: '0891234567',
      bank_account: String(account.id),
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-25',
      time: '10:00:00',
      transfer_amount: '1070.00',
      description: 'โอนผ่านแอปธนาคาร',
      address: '-',
      slip: [slip],
    });
    expect(report.status, report.text).toBe(400);
    expect(report.body.error.code).toBe('NO_PAYMENT_METHOD');
    expect(report.body.error.msg).toMatch(THAI);
    expect(JSON.stringify(report.body.error.errors)).toMatch(THAI);
    expect(await db(UID.report).count({ where: { order: { id: orderId } } })).toBe(0);
    expect(await db(UID.order).findOne({ where: { id: orderId }, select: ['state'] })).toMatchObject({ state: 'notYetReceived' });
  });
});

describe("the order's VAT is the site's, never the client's (ADR 182)", () => {
  it('prices the order in the site mode whatever VAT, mode, totals and tax-invoice flag the client sends', async () => {
    const setting = await db('api::site-setting.site-setting').findOne({ select: ['id', 'is_enable_vat', 'vat_value', 'vat_mode'] });
    await db('api::site-setting.site-setting').update({ where: { id: setting.id }, data: { is_enable_vat: true, vat_value: 700, vat_mode: 'added' } });
    try {
      const who = await buyer();
      const target = await course(100_000);
      const forged = { vat: 0, vat_mode: 'included', vat_basis_points: 0, net: 1, price: 1, before_vat: 1, withholding_price: 999, is_require_tax_invoice: false };
      const res = await orderCourse(who, target.id, target.planId, forged);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // 1,000.00 + 7% added on top = 1,070.00, as the site says
      expect(res.body.order_detail).toMatchObject({ price: 1000, vat: 70, vat_mode: 'added', net: 1070, withholding_price: 0 });
      expect(await db(UID.order).findOne({ where: { id: res.body.orderId }, select: ['vat', 'vat_mode', 'net'] })).toMatchObject({ vat: 7000, vat_mode: 'added', net: 107000 });
    } finally {
      await db('api::site-setting.site-setting').update({ where: { id: setting.id }, data: { is_enable_vat: setting.is_enable_vat, vat_value: setting.vat_value, vat_mode: setting.vat_mode } });
    }
  });

  it('takes the tax-invoice request from the account, not the body: a 1,000 THB order of an account asking for one without details is refused', async () => {
    const who = await buyer({ is_require_tax_invoice: true, tax_person_type: 'normal_person' });
    const target = await course(100_000);
    const res = await orderCourse(who, target.id, target.planId, { is_require_tax_invoice: false });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.msg).toMatch(THAI);
  });
});
