import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PAYMENT_METHOD_IDS, COURSE_TYPES, CUSTOM_LABEL_TYPES, PLAN_TYPES, TERM_UNITS } from '@sala/shared/constants';
import { TEXTS } from '@sala/shared/texts';
import { DEFAULT_SANDBOX_PORTS, DEMO_BANK_ACCOUNTS, DEMO_METHOD_CONFIG } from '@sala/payment-sandbox/demo-keys';
import { startStrapi, type TestStrapi } from './helpers/strapi';

type Row = Record<string, any>;

const require = createRequire(import.meta.url);

let cms: TestStrapi;
let seedModule: { seedDemo: (strapi: unknown, options: { reset: boolean }) => Promise<{ seeded: boolean; ms: number }>; DEMO_ACCOUNTS: Record<string, Row> };

const q = (uid: string) => cms.strapi.db.query(uid);
const PUBLISHED = { is_published: true, $or: [{ endPublish: { $null: true } }, { endPublish: { $gt: new Date().toISOString() } }] };

async function counts(): Promise<Record<string, number>> {
  const uids = [...Object.keys(cms.strapi.contentTypes).filter((uid) => uid.startsWith('api::')), 'plugin::users-permissions.user', 'admin::user', 'plugin::upload.file'];
  const result: Record<string, number> = {};
  for (const uid of uids) result[uid] = await q(uid).count();
  return result;
}

beforeAll(async () => {
  // The seed itself is under test: it runs on this start, not on the run's seeded copy.
  cms = await startStrapi({ template: false });
  // The compiled seed, the module the CMS itself ran at start-up.
  seedModule = require(`${cms.strapi.dirs.dist.src}/seed`);
});

afterAll(async () => {
  await cms?.stop();
});

describe('demo catalogue', () => {
  it('has at least 8 published courses in Thai, with every course type among courses and books', async () => {
    const courses: Row[] = await q('api::course.course').findMany({ where: PUBLISHED });
    const products: Row[] = await q('api::product.product').findMany({ where: PUBLISHED });
    expect(courses.length).toBeGreaterThanOrEqual(8);
    for (const course of courses) expect(course.title).toMatch(/[\u0E00-\u0E7F]/);
    const types = new Set([...courses, ...products].map((row) => row.course_type));
    expect([...COURSE_TYPES].filter((type) => !types.has(type))).toEqual([]);
  });

  it('has one In-class course with exactly 5 seats, none taken', async () => {
    const inClass: Row[] = await q('api::course.course').findMany({ where: { course_type: 'In-class' } });
    expect(inClass).toHaveLength(1);
    expect(inClass[0]).toMatchObject({ seat: 5, seats_taken: 0 });
    expect(inClass[0].courseVenue).toBeTruthy();
  });

  it('gives every published course a picture served under /uploads and a curriculum of sections and lectures', async () => {
    const courses: Row[] = await q('api::course.course').findMany({ where: PUBLISHED, populate: ['picture', 'sections', 'lectures'] });
    for (const course of courses) {
      expect(course.picture?.url, course.title).toMatch(/^\/uploads\/.+\.jpg$/);
      expect(course.sections.length, course.title).toBeGreaterThan(0);
      expect(course.lectures.length, course.title).toBeGreaterThan(0);
    }
    const picture = await fetch(`${cms.url}${courses[0].picture.url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/jpeg');
  });

  it('has playable demo videos and every kind of lecture', async () => {
    const lectures: Row[] = await q('api::lecture.lecture').findMany({ populate: ['video_file', 'content_file', 'section'] });
    expect(new Set(lectures.map((l) => l.lectures_content_type))).toEqual(new Set(['video', 'text', 'file', 'quiz', 'homework']));
    const videos = lectures.filter((l) => l.lectures_content_type === 'video');
    expect(videos.every((l) => l.video_file?.mime === 'video/mp4' && l.video_url === l.video_file.url && l.video_length > 0 && l.section)).toBe(true);
    expect(lectures.some((l) => l.lectures_preview)).toBe(true);
    const video = await fetch(`${cms.url}${videos[0].video_url}`);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toContain('video/mp4');
    expect(Number(video.headers.get('content-length'))).toBeLessThan(100_000);
    const quiz = lectures.find((l) => l.lectures_content_type === 'quiz')!;
    expect(quiz).toMatchObject({ quiz_pass_to_complete: true, quiz_require_all_answers: true });
    expect(lectures.find((l) => l.lectures_content_type === 'file')!.content_file.mime).toBe('application/pdf');
  });

  it('has plans of every plan type and term unit, member-only, free-for-owners and USD prices', async () => {
    const plans: Row[] = await q('api::pricing-plan.pricing-plan').findMany({ populate: ['free_courses', 'course', 'product'] });
    expect([...PLAN_TYPES].filter((type) => !plans.some((p) => p.plan_type === type))).toEqual([]);
    const units = new Set(plans.flatMap((p) => [p.term_unit, p.term_unit_2]));
    expect([...TERM_UNITS].filter((unit) => !units.has(unit))).toEqual([]);
    expect(plans.some((p) => p.is_for_member)).toBe(true);
    const freeForOwners = plans.find((p) => p.free_for === 'Student')!;
    expect(freeForOwners.free_courses.length).toBeGreaterThanOrEqual(1);
    expect(plans.some((p) => Number.isInteger(p.price_usd) && p.price_usd > 0)).toBe(true);
    expect(plans.some((p) => p.need_approval && p.plan_type === 'Free')).toBe(true);
    expect(plans.every((p) => (p.course ? 1 : 0) + (p.product ? 1 : 0) === 1)).toBe(true);
    expect(plans.every((p) => p.price === null || Number.isInteger(p.price))).toBe(true);
  });

  it('has three books with stock, gallery, price and shipping fees to send them', async () => {
    const books: Row[] = await q('api::product.product').findMany({ populate: ['image_detail', 'pricing_plans', 'picture'] });
    expect(books).toHaveLength(3);
    for (const book of books) {
      expect(book).toMatchObject({ course_type: 'product', is_published: true });
      expect(book.available_qty).toBeGreaterThanOrEqual(0);
      expect(book.image_detail.length).toBeGreaterThanOrEqual(2);
      expect(book.pricing_plans[0].price).toBeGreaterThan(0);
    }
    const fees: Row[] = await q('api::shipping-fee.shipping-fee').findMany();
    expect(fees.filter((fee) => fee.price > 0).length).toBeGreaterThanOrEqual(1);
  });
});

describe('demo coupons and promotions', () => {
  it('has SALA10: P1, 10 percent, on the online courses', async () => {
    const coupon: Row = await q('api::coupon.coupon').findOne({ where: { code: 'SALA10' }, populate: ['courses', 'payment_methods'] });
    expect(coupon).toMatchObject({ coupon_type: 'P1', discount_type: 'percent', discount_percent_bp: 1000, usage_limit: null });
    expect(coupon.courses.length).toBeGreaterThan(0);
    expect(coupon.courses.every((c: Row) => c.course_type === 'Online')).toBe(true);
    expect(coupon.payment_methods).toHaveLength(ALL_PAYMENT_METHOD_IDS.length);
  });

  it('has BUNDLE500: P2, needs 2 courses, 500 THB off', async () => {
    const coupon: Row = await q('api::coupon.coupon').findOne({ where: { code: 'BUNDLE500' }, populate: ['courses'] });
    expect(coupon).toMatchObject({ coupon_type: 'P2', number_of_course: 2, discount_type: 'amount', discount_amount: 50_000 });
    expect(coupon.courses.length).toBeGreaterThanOrEqual(2);
  });

  it('has BANKONLY, for bank transfer only, and ONCE1, usable once', async () => {
    const bankOnly: Row = await q('api::coupon.coupon').findOne({ where: { code: 'BANKONLY' }, populate: ['payment_methods'] });
    expect(bankOnly.payment_methods.map((m: Row) => m.method_id)).toEqual([1]);
    const once: Row = await q('api::coupon.coupon').findOne({ where: { code: 'ONCE1' } });
    expect(once).toMatchObject({ usage_limit: 1, used_count: 0 });
  });

  it('has a plain promotion and a tiered one', async () => {
    const promotions: Row[] = await cms.strapi.documents('api::promotion.promotion').findMany({ populate: ['tier_list', 'courses'] });
    const tiered = promotions.filter((p) => p.is_enable_tier);
    const plain = promotions.filter((p) => !p.is_enable_tier);
    expect(plain.length).toBeGreaterThanOrEqual(1);
    expect(tiered.length).toBeGreaterThanOrEqual(1);
    const tiers = tiered[0].tier_list.map((t: Row) => t.number_of_course);
    expect(tiers.length).toBeGreaterThanOrEqual(2);
    expect([...tiers].sort((a, b) => a - b)).toEqual(tiers);
    expect(promotions.every((p) => p.courses.length > 0)).toBe(true);
  });
});

describe('demo payments and site', () => {
  it('enables every payment method id of the spec with sandbox URLs and secret keys', async () => {
    const methods: Row[] = await q('api::payment-method.payment-method').findMany();
    const enabled = methods.filter((m) => m.enabled).map((m) => m.method_id);
    expect([...ALL_PAYMENT_METHOD_IDS].filter((id) => !enabled.includes(id))).toEqual([]);
    for (const method of methods.filter((m) => m.method_id !== 1)) {
      const demo = DEMO_METHOD_CONFIG[method.method_id as keyof typeof DEMO_METHOD_CONFIG];
      expect(method.base_url, `method ${method.method_id}`).toBe(`http://127.0.0.1:${DEFAULT_SANDBOX_PORTS[demo.sandbox!]}`);
      expect(method.application_id_1, `method ${method.method_id}`).toBe(demo.applicationId1);
      expect(method.application_id_2, `method ${method.method_id}`).toBe(demo.applicationId2);
    }
  });

  it('has two bank accounts for bank transfer, each with a PromptPay id and QR image', async () => {
    const accounts: Row[] = await q('api::bank-account.bank-account').findMany({ populate: ['payment_method', 'prompt_pay_image'], orderBy: { sort_order: 'asc' } });
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ account_id: DEMO_BANK_ACCOUNTS[0].accountId, promptpay_id: DEMO_BANK_ACCOUNTS[0].promptPayId });
    for (const account of accounts) {
      expect(account.account_id && account.bank_name && account.promptpay_id).toBeTruthy();
      expect(account.payment_method.method_id).toBe(1);
      expect(account.prompt_pay_image.mime).toBe('image/png');
    }
    const banks: Row[] = await q('api::origin-bank.origin-bank').findMany();
    expect(banks.map((b) => b.banktransfer_value)).toEqual(expect.arrayContaining(['SCB', 'KBANK', 'BBL', 'KTB', 'BAY', 'TTB', 'GSB']));
  });

  it('has one custom label of each type, two user groups and the site settings', async () => {
    const labels: Row[] = await q('api::custom-label.custom-label').findMany();
    expect(new Set(labels.map((l) => l.type_label))).toEqual(new Set(CUSTOM_LABEL_TYPES));
    const groups: Row[] = await q('api::user-group.user-group').findMany();
    expect(groups).toHaveLength(2);
    expect(groups.filter((g) => g.is_default)).toHaveLength(1);
    const settings: Row = await q('api::site-setting.site-setting').findOne();
    expect(settings).toMatchObject({ package_user_group: true, package_tax_system: true, package_course_curriculum: true, package_course_comment: true, is_enable_howtobuy: true });
    expect(settings.title).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('has every text key in Thai and English with its default', async () => {
    const rows: Row[] = await q('api::text.text').findMany({ select: ['key', 'locale', 'value', 'documentId'] });
    const byKey = new Map<string, Row[]>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    const wrong = Object.entries(TEXTS).flatMap(([key, entry]) => {
      const found = byKey.get(key) ?? [];
      const th = found.find((r) => r.locale === 'th');
      const en = found.find((r) => r.locale === 'en');
      return th?.value === entry.th && en?.value === entry.en && th.documentId === en.documentId ? [] : [key];
    });
    expect(wrong).toEqual([]);
    expect(rows).toHaveLength(Object.keys(TEXTS).length * 2);
    const locales: Row[] = await cms.strapi.plugin('i18n').service('locales').find();
    expect(locales.map((l) => l.code)).toEqual(expect.arrayContaining(['th', 'en']));
    expect(await cms.strapi.plugin('i18n').service('locales').getDefaultLocale()).toBe('th');
  });

  it('lists the Thai and English text of a key through the Document Service', async () => {
    const texts = cms.strapi.documents('api::text.text');
    const [th] = await texts.findMany({ locale: 'th', filters: { key: 'nav_home' } });
    const [en] = await texts.findMany({ locale: 'en', filters: { key: 'nav_home' } });
    expect([th.value, en.value]).toEqual([TEXTS.nav_home.th, TEXTS.nav_home.en]);
    expect(th.documentId).toBe(en.documentId);
  });
});

describe('demo accounts', () => {
  it('lets demo.student (student) and demo.admin (shop_admin) sign in with demo1234', async () => {
    for (const [username, roleType] of [
      ['demo.student', 'authenticated'],
      ['demo.admin', 'shop_admin'],
    ]) {
      const res = await fetch(`${cms.url}/public/students/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'demo1234' }),
      });
      expect(res.status, username).toBe(200);
      const body = (await res.json()) as { jwt?: string };
      expect(body.jwt).toBeTruthy();
      const user: Row = await q('plugin::users-permissions.user').findOne({ where: { username }, populate: ['role'] });
      expect(user.role.type).toBe(roleType);
      expect(user.password).toMatch(/^\$2[aby]\$/);
    }
    const roles: Row[] = await q('plugin::users-permissions.role').findMany();
    expect(roles.map((r) => r.type)).toEqual(expect.arrayContaining(['authenticated', 'public', 'shop_admin', 'instructor']));
  });

  it('lets admin@sala.local into the Strapi admin as super admin', async () => {
    const res = await fetch(`${cms.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sala.local', password: 'Sala-admin-1' }),
    });
    expect(res.status).toBe(200);
    const admin: Row = await q('admin::user').findOne({ where: { email: 'admin@sala.local' }, populate: ['roles'] });
    expect(admin.roles.map((r: Row) => r.code)).toContain('strapi-super-admin');
    expect(admin.password).not.toBe('Sala-admin-1');
  });

  it('gives demo.student two approved orders, progress and a cart, and exports the accounts', async () => {
    const student: Row = await q('plugin::users-permissions.user').findOne({ where: { username: 'demo.student' } });
    const orders: Row[] = await q('api::order.order').findMany({ where: { user: student.id }, populate: ['lines'] });
    expect(orders.map((o) => o.state)).toEqual(['approved', 'approved']);
    expect(orders.every((o) => o.lines.length === 1 && o.net === o.lines[0].net && o.order_token.length >= 32)).toBe(true);
    expect(await q('api::progress.progress').count({ where: { user: student.id } })).toBeGreaterThan(0);
    expect(await q('api::cart-item.cart-item').count({ where: { user: student.id } })).toBe(1);
    expect(seedModule.DEMO_ACCOUNTS.student).toMatchObject({ username: 'demo.student', password: 'demo1234' });
    expect(seedModule.DEMO_ACCOUNTS.shopAdmin).toMatchObject({ username: 'demo.admin', role: 'shop_admin' });
    expect(seedModule.DEMO_ACCOUNTS.admin).toMatchObject({ email: 'admin@sala.local', password: 'Sala-admin-1' });
  });
});

describe('seeding again', () => {
  it('does nothing when a course exists', async () => {
    const before = await counts();
    const result = await seedModule.seedDemo(cms.strapi, { reset: false });
    expect(result.seeded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('with reset, deletes the demo and writes it again without duplicates', async () => {
    const before = await counts();
    const result = await seedModule.seedDemo(cms.strapi, { reset: true });
    expect(result.seeded).toBe(true);
    console.log(`[seed] reset and re-seed on ${cms.database.client}: ${result.ms} ms`);
    expect(await counts()).toEqual(before);
  });
});
