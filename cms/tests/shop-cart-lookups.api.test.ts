import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;

const UID = {
  user: 'plugin::users-permissions.user',
  group: 'api::user-group.user-group',
  course: 'api::course.course',
  coupon: 'api::coupon.coupon',
  promotion: 'api::promotion.promotion',
  method: 'api::payment-method.payment-method',
  bank: 'api::bank-account.bank-account',
  setting: 'api::site-setting.site-setting',
};

let cms: TestStrapi;
const db = (uid: string) => cms.strapi.db.query(uid);
const created: { uid: string; id: number }[] = [];
const create = async (uid: string, data: Record<string, unknown>) => {
  const row = (await db(uid).create({ data })) as { id: number };
  created.push({ uid, id: row.id });
  return row;
};
/** Every private value of the payment methods (secrets, webhook secrets, provider URLs): none may ever appear in a response. */
let secrets: string[] = [];
let studentJwt: string;
let partnerJwt: string;
let partnerGroupId: number;

async function call(method: 'GET' | 'POST', path: string, body?: unknown, jwt?: string) {
  const res = await fetch(`${cms.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  for (const secret of secrets) expect(text, `${method} ${path}`).not.toContain(secret);
  return { status: res.status, body: JSON.parse(text) };
}

const courseId = async (slug: string) => ((await db(UID.course).findOne({ where: { slug }, select: ['id'] })) as { id: number }).id;

beforeAll(async () => {
  cms = await startStrapi();
  const methods = (await db(UID.method).findMany({ select: ['application_id_2', 'webhook_secret', 'base_url'] })) as Record<string, string | null>[];
  secrets = methods.flatMap((method) => [method.application_id_2, method.webhook_secret, method.base_url]).filter((value): value is string => Boolean(value && value.length >= 6));
  expect(secrets.length).toBeGreaterThan(0);
  const jwt = cms.strapi.plugin('users-permissions').service('jwt');
  const student = await db(UID.user).findOne({ where: { username: 'demo.student' } });
  studentJwt = jwt.issue({ id: student.id });
  partnerGroupId = (await db(UID.group).findOne({ where: { name: 'พนักงานองค์กรพันธมิตร' } })).id;
  const role = await db('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const partner = await create(UID.user, { username: 'shop.partner', email: 'shop.partner@example.test', provider: 'local', confirmed: true, role: role.id, user_group: partnerGroupId });
  partnerJwt = jwt.issue({ id: partner.id });
});

afterAll(async () => {
  for (const { uid, id } of created.reverse()) await cms?.strapi.db.query(uid).delete({ where: { id } });
  await cms?.stop();
});

describe('GET /public/payments/howtobuy', () => {
  it('answers whether how-to-buy is on and its text', async () => {
    const { status, body } = await call('GET', '/public/payments/howtobuy');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.is_enable_howtobuy).toBe(true);
    expect(body.description).toContain('วิธีสั่งซื้อคอร์สเรียน');
  });
});

describe('GET /public/cart/promotion/all', () => {
  it('lists the running promotions with their tiers and the courses they cover, amounts in baht', async () => {
    await create(UID.promotion, {
      title: 'โปรหมดอายุ',
      promotion_type: 'P1',
      discount_type: 'percent',
      discount_percent_bp: 500,
      valid_from: new Date(Date.now() - 30 * DAY),
      valid_to: new Date(Date.now() - DAY),
      is_active: true,
    });
    await create(UID.promotion, { title: 'โปรปิดอยู่', promotion_type: 'P1', discount_type: 'amount', discount_amount: 10000, is_active: false });
    await create(UID.promotion, { title: 'โปรเฉพาะองค์กร', promotion_type: 'P1', discount_type: 'amount', discount_amount: 10000, is_active: true, user_groups: [partnerGroupId] });
    const { status, body } = await call('GET', '/public/cart/promotion/all');
    expect(status).toBe(200);
    const titles = body.data.map((promotion: { title: string }) => promotion.title);
    expect(titles).toEqual(expect.arrayContaining(['โปรเปิดเทอม ลด 15% คอร์ส Excel และห้องเรียนสด', 'ยิ่งเรียนมาก ยิ่งลดมาก']));
    for (const hidden of ['โปรหมดอายุ', 'โปรปิดอยู่', 'โปรเฉพาะองค์กร']) expect(titles).not.toContain(hidden);
    const tiered = body.data.find((promotion: { title: string }) => promotion.title === 'ยิ่งเรียนมาก ยิ่งลดมาก');
    expect(tiered).toMatchObject({ promotion_type: 'P2', number_of_course: 2, discount_type: 'percent', discount_percent: 10, is_enable_tier: true, link_path: `/promotion/${tiered.id}` });
    expect(tiered.tier_list.map((tier: { number_of_course: number; discount_percent: number }) => [tier.number_of_course, tier.discount_percent])).toEqual([
      [2, 10],
      [3, 15],
      [4, 20],
    ]);
    expect(tiered.courses).toContain(await courseId('excel-for-work'));
    expect(tiered.coursesInPromotion[0]).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.any(String), link_path: expect.stringMatching(/^\/courses\/\d+-/) }));

    const member = await call('GET', '/public/cart/promotion/all', undefined, partnerJwt);
    expect(member.body.data.map((promotion: { title: string }) => promotion.title)).toContain('โปรเฉพาะองค์กร');
  });
});

describe('GET /public/promotion/{id}', () => {
  it('answers a running promotion with its tiers, courses and dates, and nothing a visitor may not see', async () => {
    const list = await call('GET', '/public/cart/promotion/all');
    const listed = list.body.data.find((promotion: { title: string }) => promotion.title === 'ยิ่งเรียนมาก ยิ่งลดมาก');
    const { status, body } = await call('GET', `/public/promotion/${listed.id}`);
    expect(status).toBe(200);
    expect(body.data).toEqual(listed);
    expect(body.data.tier_list.map((tier: { number_of_course: number; discount_percent: number }) => [tier.number_of_course, tier.discount_percent])).toEqual([
      [2, 10],
      [3, 15],
      [4, 20],
    ]);
    expect(body.data.coursesInPromotion.map((course: { id: number }) => course.id)).toContain(await courseId('excel-for-work'));
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['valid_from', 'valid_to']));
    for (const internal of ['is_active', 'sort_order', 'user_groups', 'createdAt', 'updatedAt', 'documentId']) expect(body.data).not.toHaveProperty(internal);
  });

  it('answers 404 NOT_FOUND for an unknown, switched-off, expired or other-group promotion, and a bad id with 400', async () => {
    const off = await create(UID.promotion, { title: 'โปรหน้าปิด', promotion_type: 'P1', discount_type: 'amount', discount_amount: 10000, is_active: false });
    const expired = await create(UID.promotion, {
      title: 'โปรหน้าหมดอายุ',
      promotion_type: 'P1',
      discount_type: 'amount',
      discount_amount: 10000,
      valid_to: new Date(Date.now() - DAY),
      is_active: true,
    });
    const partnerOnly = await create(UID.promotion, { title: 'โปรหน้าองค์กร', promotion_type: 'P1', discount_type: 'amount', discount_amount: 10000, is_active: true, user_groups: [partnerGroupId] });
    for (const id of [999999, off.id, expired.id, partnerOnly.id]) {
      const { status, body } = await call('GET', `/public/promotion/${id}`);
      expect(status, String(id)).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/public/promotion/${partnerOnly.id}`, undefined, partnerJwt)).body.data.title).toBe('โปรหน้าองค์กร');
    const bad = await call('GET', '/public/promotion/abc');
    expect(bad.status).toBe(400);
  });
});

describe('POST /public/cart/getallpriecingplan', () => {
  it('lists the plans of each course asked for by the listing rules, a member-only plan disabled for a visitor', async () => {
    const marketing = await courseId('online-marketing-for-beginners');
    const cooking = await courseId('easy-thai-home-cooking');
    const { status, body } = await call('POST', '/public/cart/getallpriecingplan', { courseID: [marketing, cooking, 999999] });
    expect(status).toBe(200);
    const plans = body.data as { course_id: number; name: string; price: number; disabled: boolean; pricing_type: string }[];
    expect(plans.filter((plan) => plan.course_id === marketing).map((plan) => [plan.name, plan.price, plan.disabled])).toEqual([
      ['ซื้อขาด เรียนได้ตลอด', 1990, false],
      ['ราคาสมาชิก', 1590, true],
    ]);
    expect(plans.filter((plan) => plan.course_id === cooking).map((plan) => plan.name)).toEqual(['เรียนฟรี']);
    expect(plans.every((plan) => plan.pricing_type === 'default')).toBe(true);

    const signedIn = await call('POST', '/public/cart/getallpriecingplan', { courseID: [marketing] }, studentJwt);
    expect(signedIn.body.data.every((plan: { disabled: boolean }) => !plan.disabled)).toBe(true);
  });

  it('shows the free-for-owners plan to a student who owns every course it names', async () => {
    const accounting = await courseId('small-business-accounting-recertification');
    const visitor = await call('POST', '/public/cart/getallpriecingplan', { courseID: [accounting] });
    expect(visitor.body.data.map((plan: { name: string }) => plan.name)).toEqual(['ซื้อขาด']);
    const owner = await call('POST', '/public/cart/getallpriecingplan', { courseID: [accounting] }, studentJwt);
    expect(owner.body.data.map((plan: { name: string }) => plan.name)).toEqual(['ซื้อขาด', 'ฟรีสำหรับผู้เรียนคอร์สการตลาดและ Excel']);
  });

  it('refuses ids that are not positive numbers with 400 INPUT_ERROR', async () => {
    for (const body of [{ courseID: ['abc'] }, { courseID: [-1] }, { courseID: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await call('POST', '/public/cart/getallpriecingplan', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
    }
  });
});

describe('POST /public/cart/getCouponByCouponCode', () => {
  it('finds a coupon by its code in any letter case, with its discount in baht, courses and payment methods', async () => {
    const { status, body } = await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: '  sala10 ' });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ code: 'SALA10', coupon_type: 'P1', discount_type: 'percent', discount_percent: 10, number_of_course: 1 });
    expect(body.data[0].payment_method).toEqual([1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 15]);
    expect(body.data[0].courses).toContain(await courseId('online-marketing-for-beginners'));
    expect(body.data[0]).not.toHaveProperty('used_count');
    expect(body.data[0]).not.toHaveProperty('usage_limit');
    const bundle = await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: 'BUNDLE500' });
    expect(bundle.body.data[0]).toMatchObject({ coupon_type: 'P2', number_of_course: 2, discount_amount: 500, discount_amount_usd: 15 });
  });

  it('answers 404 NOT_FOUND with a Thai message for an unknown code', async () => {
    const { status, body } = await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: 'NO-SUCH-CODE' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(body.error.msg).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('answers COUPON_NOT_AVAILABLE for an expired, a switched-off and a used-up coupon', async () => {
    await create(UID.coupon, {
      code: 'EXPIRED50',
      coupon_type: 'P1',
      discount_type: 'amount',
      discount_amount: 5000,
      valid_from: new Date(Date.now() - 30 * DAY),
      valid_to: new Date(Date.now() - DAY),
      is_active: true,
    });
    await create(UID.coupon, { code: 'LATER50', coupon_type: 'P1', discount_type: 'amount', discount_amount: 5000, valid_from: new Date(Date.now() + DAY), is_active: true });
    await create(UID.coupon, { code: 'OFF50', coupon_type: 'P1', discount_type: 'amount', discount_amount: 5000, is_active: false });
    await db(UID.coupon).update({ where: { code: 'ONCE1' }, data: { used_count: 1 } });
    try {
      for (const [code, reason] of [
        ['expired50', 'coupon_expired'],
        ['LATER50', 'coupon_expired'],
        ['OFF50', 'coupon_expired'],
        ['once1', 'coupon_full'],
      ]) {
        const { status, body } = await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: code });
        expect(status, code).toBe(409);
        expect(body).toMatchObject({ success: false, error: { code: 'COUPON_NOT_AVAILABLE', reason } });
      }
    } finally {
      await db(UID.coupon).update({ where: { code: 'ONCE1' }, data: { used_count: 0 } });
    }
    expect((await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: 'ONCE1' })).status).toBe(200);
  });

  it('answers COUPON_NOT_AVAILABLE for a coupon of another user group, and finds it for a member', async () => {
    await create(UID.coupon, { code: 'PARTNER20', coupon_type: 'P1', discount_type: 'percent', discount_percent_bp: 2000, is_active: true, user_groups: [partnerGroupId] });
    expect((await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: 'PARTNER20' }, studentJwt)).status).toBe(409);
    expect((await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: 'PARTNER20' }, partnerJwt)).status).toBe(200);
  });

  it('refuses an empty or over-long code with 400 INPUT_ERROR', async () => {
    for (const body of [{ coupon_code: '' }, { coupon_code: '   ' }, {}, { coupon_code: 'x'.repeat(65) }, { coupon_code: 12 }]) {
      const res = await call('POST', '/public/cart/getCouponByCouponCode', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
    }
  });
});

describe('POST /public/cart/getallcoupon', () => {
  it('gives the usable coupons of the ids asked for, without their codes', async () => {
    const sala10 = (await db(UID.coupon).findOne({ where: { code: 'SALA10' } })).id;
    const expired = (await db(UID.coupon).findOne({ where: { code: 'EXPIRED50' } })).id;
    // the cart holds ids its student looked up by code: only those are told
    for (const code of ['SALA10', 'EXPIRED50']) await call('POST', '/public/cart/getCouponByCouponCode', { coupon_code: code }, partnerJwt);
    const { status, body } = await call('POST', '/public/cart/getallcoupon', { couponID: [sala10, expired, 999999] }, partnerJwt);
    expect(status).toBe(200);
    expect(body.data.map((coupon: { id: number }) => coupon.id)).toEqual([sala10]);
    expect(body.data[0]).not.toHaveProperty('code');
    expect(body.data[0]).toMatchObject({ discount_type: 'percent', discount_percent: 10 });
    expect((await call('POST', '/public/cart/getallcoupon', { couponID: 'x' })).status).toBe(400);
  });
});

describe('payment methods and banks', () => {
  it('lists enabled methods in sort order with public fields only: no application_id_2, a key only where it is a public key', async () => {
    const disabled = await db(UID.method).findOne({ where: { method_id: 13 } });
    await db(UID.method).update({ where: { id: disabled.id }, data: { enabled: false } });
    const moved = await db(UID.method).findOne({ where: { method_id: 2 } });
    await db(UID.method).update({ where: { id: moved.id }, data: { sort_order: 999 } });
    try {
      const rows = (await db(UID.method).findMany({ where: { enabled: true }, select: ['method_id', 'sort_order', 'provider', 'application_id_1'] })) as {
        method_id: number;
        sort_order: number;
        provider: string;
        application_id_1: string | null;
      }[];
      const expectedOrder = [...rows].sort((a, b) => a.sort_order - b.sort_order || a.method_id - b.method_id).map((row) => row.method_id);
      const { status, body } = await call('GET', '/public/cart/payments/methods');
      expect(status).toBe(200);
      const methods = body.data as Record<string, unknown>[];
      expect(methods.map((method) => method.id)).toEqual(expectedOrder);
      expect(methods.map((method) => method.id)).not.toContain(13);
      expect(methods.at(-1)?.id).toBe(2);
      for (const method of methods) {
        expect(method).not.toHaveProperty('application_id_2');
        expect(method).not.toHaveProperty('webhook_secret');
        expect(method).not.toHaveProperty('base_url');
        expect(Object.keys(method)).toEqual(expect.arrayContaining(['id', 'name', 'payment_type', 'name_web', 'application_id_1']));
        const row = rows.find((candidate) => candidate.method_id === method.id)!;
        const isPublicKey = row.provider === 'omise' && Boolean(row.application_id_1?.startsWith('pkey_'));
        expect(method.application_id_1, `method ${method.id}`).toBe(isPublicKey ? row.application_id_1 : null);
      }
      expect(methods.find((method) => method.id === 8)?.application_id_1).toMatch(/^pkey_/);
      expect(methods.find((method) => method.id === 3)?.application_id_1).toBeNull();
      const bank = methods.find((method) => method.id === 1) as { bankList: { account_id: string; bank_name: string }[] };
      expect(bank.bankList.length).toBeGreaterThanOrEqual(1);
      expect(bank.bankList.every((account) => account.account_id && account.bank_name)).toBe(true);
    } finally {
      await db(UID.method).update({ where: { id: disabled.id }, data: { enabled: true } });
      await db(UID.method).update({ where: { id: moved.id }, data: { sort_order: moved.sort_order } });
    }
  });

  it('answers the bank-transfer method and its bank accounts with their PromptPay QR', async () => {
    const accounts = (await db(UID.bank).findMany({
      where: { enabled: true },
      select: ['id', 'account_id', 'account_name', 'bank_name', 'bank_code', 'promptpay_id', 'sort_order'],
    })) as { id: number; sort_order: number }[];
    accounts.sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    const method = await call('GET', '/public/payments/methods/1');
    expect(method.status).toBe(200);
    expect(method.body.data).toMatchObject({ id: 1, payment_type: 'bank_transfer' });
    expect(method.body.data.bankList).toHaveLength(accounts.length);
    const banks = await call('GET', '/public/payments/methods/1/bank');
    expect(banks.status).toBe(200);
    expect(banks.body.data).toEqual(accounts.map(({ sort_order: _order, ...account }) => ({ ...account, prompt_pay_image: expect.stringMatching(/^\/uploads\//) })));
  });

  it('leaves a switched-off bank account out', async () => {
    const before = (await call('GET', '/public/payments/methods/1/bank')).body.data as { id: number }[];
    const last = before.at(-1)!;
    await db(UID.bank).update({ where: { id: last.id }, data: { enabled: false } });
    try {
      const banks = await call('GET', '/public/payments/methods/1/bank');
      expect(banks.body.data.map((bank: { id: number }) => bank.id)).toEqual(before.slice(0, -1).map((bank) => bank.id));
    } finally {
      await db(UID.bank).update({ where: { id: last.id }, data: { enabled: true } });
    }
  });

  it('lists the banks a buyer may transfer from', async () => {
    const { status, body } = await call('GET', '/api/payments/methods/banktreansfer');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(10);
    expect(body.data[0]).toEqual({ banktransfer_value: expect.any(String), banktransfer_nameth: expect.stringMatching(/[\u0E00-\u0E7F]/), banktransfer_nameen: expect.any(String) });
    expect(body.data.map((bank: { banktransfer_value: string }) => bank.banktransfer_value)).toContain('SCB');
  });
});
