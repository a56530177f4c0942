/**
 * Editors' English on the content a student reads (ADR 183), over HTTP on a CMS with the demo
 * data: an English request gets English where an editor wrote it and Thai where nobody did;
 * durations are written in the request's language; ids, prices, seats and orders are the same
 * in both languages because there is one row per course, plan and payment method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const METHOD = 'api::payment-method.payment-method';
const LABEL = 'api::custom-label.custom-label';
const PRODUCT = 'api::product.product';

type Plan = { id: number; name: string; price: number | null; price_usd: number | null; disabled: boolean; selected: boolean };

let cms: TestStrapi;
const db = (uid: string) => cms.strapi.db.query(uid);

/** A GET in a language: `x-locale` as the storefront sends it, or `?lang=` for reference lists. */
async function get(path: string, locale: 'th' | 'en' | null, how: 'header' | 'query' = 'header') {
  const url = how === 'query' && locale ? `${path}${path.includes('?') ? '&' : '?'}lang=${locale}` : path;
  const res = await fetch(`${cms.url}${url}`, { headers: how === 'header' && locale ? { 'x-locale': locale } : {} });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

async function courseBySlug(slug: string): Promise<{ id: number; seat: number | null; seats_taken: number | null }> {
  return db(COURSE).findOne({ where: { slug }, select: ['id', 'seat', 'seats_taken'] });
}

const moneyOf = (plans: Plan[]) => plans.map((plan) => [plan.id, plan.price, plan.price_usd, plan.disabled, plan.selected]);

beforeAll(async () => {
  cms = await startStrapi();
});

afterAll(async () => {
  await cms?.stop();
});

describe('the course page in English', () => {
  it('shows the English title, description and plan names an editor gave, Thai where none, and the length in English', async () => {
    const course = await courseBySlug('online-marketing-for-beginners');
    const en = await get(`/public/courses/${course.id}/0`, 'en');
    expect(en.status).toBe(200);
    expect(en.body.data.title).toBe('Online Marketing for Beginners');
    expect(en.body.data.courseDescription.short_description).toBe('Plan content, run ads and measure results on your own within 30 days');
    expect(en.body.data.courseDescription.description).toContain('## What you will learn');
    const names = (en.body.data.priceDetail as Plan[]).map((plan) => plan.name);
    expect(names).toContain('Lifetime access');
    // no English given for this plan: the Thai name stands
    expect(names).toContain('ราคาสมาชิก');
    // typed by the editor as "4 ชั่วโมง 30 นาที", no English given: written in English by the site
    expect(en.body.data.course_length).toBe('4 hours 30 minutes');
  });

  it('stays Thai for a Thai request and for a request that names no language', async () => {
    const course = await courseBySlug('online-marketing-for-beginners');
    for (const locale of ['th', null] as const) {
      const th = await get(`/public/courses/${course.id}/0`, locale);
      expect(th.body.data.title).toBe('การตลาดออนไลน์สำหรับมือใหม่');
      expect((th.body.data.priceDetail as Plan[]).map((plan) => plan.name)).toContain('ซื้อขาด เรียนได้ตลอด');
      expect(JSON.stringify(th.body.data)).not.toMatch(/Lifetime access|Online Marketing for Beginners/);
      expect(th.body.data.course_length).toBe('4 ชั่วโมง 30 นาที');
    }
  });

  it('lists the same plans with the same ids, prices and seats in both languages', async () => {
    const course = await courseBySlug('mobile-photography-workshop');
    const [th, en] = await Promise.all([get(`/public/courses/${course.id}/0`, 'th'), get(`/public/courses/${course.id}/0`, 'en')]);
    expect(moneyOf(en.body.data.priceDetail)).toEqual(moneyOf(th.body.data.priceDetail));
    expect(en.body.data.seat).toBe(th.body.data.seat);
    expect(en.body.data.seats_left).toBe(th.body.data.seats_left);
    expect(en.body.data.priceDetail[0].name).toBe('Workshop registration');
    // an English length the editor wrote wins over the Thai one
    expect(en.body.data.course_length).toBe('1 day (9:00-16:00)');
  });

  it('a course without any English reads in Thai on the English page', async () => {
    const course = await courseBySlug('private-public-speaking-coaching');
    const row = await db(COURSE).findOne({ where: { id: course.id }, select: ['title'] });
    const en = await get(`/public/courses/${course.id}/0`, 'en');
    expect(en.body.data.title).toBe(row.title);
  });
});

describe('lists in English', () => {
  it('the catalogue names the same courses, English titles where given, in the same order', async () => {
    const [th, en] = await Promise.all([get('/public/courses', 'th', 'query'), get('/public/courses', 'en', 'query')]);
    expect(en.body.data.map((course: { id: number }) => course.id)).toEqual(th.body.data.map((course: { id: number }) => course.id));
    expect(en.body.data.map((course: { price: unknown }) => course.price)).toEqual(th.body.data.map((course: { price: unknown }) => course.price));
    const titles = en.body.data.map((course: { title: string }) => course.title);
    expect(titles).toContain('Online Marketing for Beginners');
    expect(titles).toContain('Excel for Work');
    expect(th.body.data.map((course: { title: string }) => course.title)).not.toContain('Excel for Work');
  });

  it('an English keyword finds the course by its English title', async () => {
    const en = await get('/public/courses?keyword=excel%20for%20work', 'en', 'query');
    expect(en.body.data.map((course: { title: string }) => course.title)).toEqual(['Excel for Work']);
  });

  it('payment methods: English names where an editor gave them, Thai where not, the same methods in the same order', async () => {
    const [th, en] = await Promise.all([get('/public/cart/payments/methods', 'th', 'query'), get('/public/cart/payments/methods', 'en', 'query')]);
    const byId = (list: { id: number; name: string; description: string | null }[]) => new Map(list.map((method) => [method.id, method]));
    expect(en.body.data.map((method: { id: number }) => method.id)).toEqual(th.body.data.map((method: { id: number }) => method.id));
    expect(byId(en.body.data).get(1)?.name).toBe('Bank transfer');
    expect(byId(en.body.data).get(9)?.description).toBe('Scan the PromptPay QR code, confirmed automatically');
    expect(byId(th.body.data).get(1)?.name).toBe('โอนเงินผ่านธนาคาร');
    // no English seeded for Xendit's card: Thai
    expect(byId(en.body.data).get(11)?.name).toBe('บัตรเครดิต (Xendit)');
    // the bank accounts of the transfer method are the same
    expect(byId(en.body.data).get(1)).toMatchObject({ bankList: (byId(th.body.data).get(1) as { bankList: unknown }).bankList });
  });

  it('registration questions in English where given, Thai where not', async () => {
    const asked = await db(LABEL).create({ data: { label: 'อาชีพของคุณ', label_en: 'Your occupation', type_label: 'text', order_label: 90, required: false, is_active: true } });
    const thaiOnly = await db(LABEL).create({ data: { label: 'รู้จักเราจากที่ไหน', type_label: 'text', order_label: 91, required: false, is_active: true } });
    try {
      const [th, en] = await Promise.all([get('/public/customlabel', 'th', 'query'), get('/public/customlabel', 'en', 'query')]);
      const label = (list: { id: number; label: string }[], id: number) => list.find((item) => item.id === id)?.label;
      expect(label(en.body.data, asked.id)).toBe('Your occupation');
      expect(label(en.body.data, thaiOnly.id)).toBe('รู้จักเราจากที่ไหน');
      expect(label(th.body.data, asked.id)).toBe('อาชีพของคุณ');
      expect(en.body.data).toHaveLength(th.body.data.length);
      // the demo's experience question: its choices read in English, and answer with the same values
      type Choice = { value: string; label: string };
      const choices = (list: { label: string; item_list: Choice[] | null }[], question: string) => list.find((item) => item.label === question)?.item_list;
      const thaiChoices = choices(th.body.data, 'ประสบการณ์ในเรื่องนี้');
      const englishChoices = choices(en.body.data, 'Your experience in this subject');
      expect(thaiChoices?.map((choice) => choice.label)).toEqual(['เพิ่งเริ่มต้น', 'พอมีพื้นฐาน', 'ใช้งานเป็นประจำ']);
      expect(englishChoices?.map((choice) => choice.label)).toEqual(['Just starting', 'Some basics', 'Use it regularly']);
      expect(englishChoices?.map((choice) => choice.value)).toEqual(thaiChoices?.map((choice) => choice.value));
    } finally {
      await db(LABEL).delete({ where: { id: asked.id } });
      await db(LABEL).delete({ where: { id: thaiOnly.id } });
    }
  });

  it('the product page and list in English, with the same plans, prices and stock', async () => {
    const product = await db(PRODUCT).findOne({ where: { slug: 'online-marketing-handbook' }, select: ['id'] });
    const [th, en] = await Promise.all([get(`/public/products/${product.id}/0`, 'th'), get(`/public/products/${product.id}/0`, 'en')]);
    expect(en.body.data.title).toBe('The Online Marketing Handbook (print)');
    expect(th.body.data.title).toBe('หนังสือ คู่มือการตลาดออนไลน์ ฉบับปฏิบัติ');
    expect(moneyOf(en.body.data.priceDetail)).toEqual(moneyOf(th.body.data.priceDetail));
    expect(en.body.data.available_qty).toBe(th.body.data.available_qty);
    const list = await get('/public/product?page=1&pageSize=10', 'en');
    expect(list.body.data.map((card: { title: string }) => card.title)).toContain('The Online Marketing Handbook (print)');
  });
});

describe('buying in English', () => {
  it('an order placed from the English page takes a seat of the one course and is priced from the one plan', async () => {
    const course = await courseBySlug('mobile-photography-workshop');
    const plan = await db(PLAN).findOne({ where: { course: course.id }, select: ['id', 'price', 'name', 'name_en'] });
    expect(plan.name_en).toBe('Workshop registration');
    const buyer = await createBuyer(cms, 'english.buyer', { firstname: 'Jane', lastname: 'Doe' });
    const seatsBefore = (await get(`/public/courses/${course.id}/0`, 'en')).body.data.seats_left as number;
    const res = await fetch(`${cms.url}/private/cart/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'en', authorization: `Bearer ${buyer.jwt}` },
      body: JSON.stringify({ user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const order = await db('api::order.order').findOne({ where: { id: body.orderId }, select: ['id', 'price', 'net'] });
    expect(order.price).toBe(plan.price);
    const after = await courseBySlug('mobile-photography-workshop');
    expect(after.seats_taken).toBe((course.seats_taken ?? 0) + 1);
    // the Thai and the English page count the same seat
    const [th, en] = await Promise.all([get(`/public/courses/${course.id}/0`, 'th'), get(`/public/courses/${course.id}/0`, 'en')]);
    expect(en.body.data.seats_left).toBe(seatsBefore - 1);
    expect(th.body.data.seats_left).toBe(seatsBefore - 1);
    // one row per course and per plan: nothing was copied for the other language
    expect(await db(COURSE).count({ where: { slug: 'mobile-photography-workshop' } })).toBe(1);
    expect(await db(PLAN).count({ where: { course: course.id } })).toBe(1);
    expect(await db(METHOD).count({ where: { method_id: 1 } })).toBe(1);
  });
});

describe('the cart in English', () => {
  it('names the course and its plan in the request’s language, Thai where no English was given; the same line either way', async () => {
    const course = await courseBySlug('mobile-photography-workshop');
    const thaiCourse = await db(COURSE).findOne({ where: { id: course.id }, select: ['title', 'title_en'] });
    const plan = await db(PLAN).findOne({ where: { course: course.id }, select: ['id', 'name', 'name_en'] });
    expect(thaiCourse.title_en).toBeTruthy();
    const buyer = await createBuyer(cms, 'english.cart', { firstname: 'Jane', lastname: 'Doe' });
    const call = async (method: 'GET' | 'POST', locale: 'th' | 'en', body?: unknown) => {
      const res = await fetch(`${cms.url}/private/cart`, {
        method,
        headers: { 'content-type': 'application/json', 'x-locale': locale, authorization: `Bearer ${buyer.jwt}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const added = await call('POST', 'en', { course_id: course.id, pricingplan_id: plan.id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toEqual([expect.objectContaining({ course_id: course.id, title: thaiCourse.title_en, plan_name: plan.name_en })]);
    const [th, en] = await Promise.all([call('GET', 'th'), call('GET', 'en')]);
    expect(th.body.data[0]).toMatchObject({ title: thaiCourse.title, plan_name: plan.name });
    expect(en.body.data[0]).toMatchObject({ title: thaiCourse.title_en, plan_name: plan.name_en });
    expect({ ...en.body.data[0], title: null, plan_name: null }).toEqual({ ...th.body.data[0], title: null, plan_name: null });

    // an editor's English removed: the Thai title stands on the English cart
    await db(COURSE).update({ where: { id: course.id }, data: { title_en: null } });
    try {
      expect((await call('GET', 'en')).body.data[0].title).toBe(thaiCourse.title);
    } finally {
      await db(COURSE).update({ where: { id: course.id }, data: { title_en: thaiCourse.title_en } });
    }
  });
});
