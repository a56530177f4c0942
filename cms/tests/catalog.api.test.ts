import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

type CourseListItem = {
  id: number;
  slug: string;
  title: string;
  course_type: string;
  pictureUrl: string | null;
  imageAlt: string | null;
  price: { amount: number; currency: 'THB' } | null;
};

const THAI = /[\u0E01-\u0E5B]/;
const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const TEXT = 'api::text.text';

let cms: TestStrapi;
const created: { uid: string; id: number }[] = [];

async function create(uid: string, data: Record<string, unknown>): Promise<{ id: number }> {
  const row = (await cms.strapi.db.query(uid).create({ data })) as { id: number };
  created.push({ uid, id: row.id });
  return row;
}

async function listCourses(query = ''): Promise<CourseListItem[]> {
  const res = await fetch(`${cms.url}/public/courses${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: boolean; data: CourseListItem[] };
  expect(body.success).toBe(true);
  return body.data;
}

const day = 24 * 60 * 60 * 1000;
let fixtures: Record<'published' | 'unpublished' | 'expired' | 'endsLater' | 'product' | 'noPlan', { id: number }>;

beforeAll(async () => {
  cms = await startStrapi();
  const course = (slug: string, extra: Record<string, unknown> = {}) => create(COURSE, { title: `คอร์สทดสอบแคตตาล็อก ${slug}`, slug, course_type: 'Online', is_published: true, ...extra });
  fixtures = {
    published: await course('catalog-fixture-published', { course_type: 'Live-Room', short_description: 'เรียนสดกับครูซากุระ' }),
    unpublished: await course('catalog-fixture-unpublished', { is_published: false }),
    expired: await course('catalog-fixture-expired', { endPublish: new Date(Date.now() - day) }),
    endsLater: await course('catalog-fixture-ends-later', { endPublish: new Date(Date.now() + 30 * day) }),
    product: await course('catalog-fixture-product', { course_type: 'product' }),
    noPlan: await course('catalog-fixture-no-plan'),
  };
  const plan = (price: number | null, extra: Record<string, unknown> = {}) =>
    create(PLAN, { name: 'แพ็กเกจทดสอบ', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, price, course: fixtures.published.id, ...extra });
  await plan(250000);
  await plan(199000);
  await plan(100, { status_show: false }); // hidden
  await plan(200, { pricing_type: 'renew' }); // not a default plan
  await plan(null); // no THB price
  await plan(0, { free_for: 'Student' }); // free only for owners of other courses
  await plan(300, { is_for_member: true }); // a visitor cannot buy it
  await create(TEXT, { key: 'catalog_fixture_key', locale: 'th', value: 'ข้อความทดสอบ' });
  await create(TEXT, { key: 'catalog_fixture_key', locale: 'en', value: 'Fixture text' });
  await create(TEXT, { key: 'catalog_fixture_blank', locale: 'th', value: '   ' });
});

afterAll(async () => {
  for (const { uid, id } of created.reverse()) await cms?.strapi.db.query(uid).delete({ where: { id } });
  await cms?.stop();
});

describe('GET /public/courses', () => {
  it('lists at least 8 published Thai demo courses with prices, in the list item shape', async () => {
    const courses = await listCourses();
    const demo = courses.filter((course) => !course.slug.startsWith('catalog-fixture-'));
    expect(demo.length).toBeGreaterThanOrEqual(8);
    for (const course of demo) {
      expect(Object.keys(course).sort()).toEqual(['course_type', 'id', 'imageAlt', 'pictureSources', 'pictureUrl', 'price', 'slug', 'title']);
      expect(course.title).toMatch(THAI);
      expect(course.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(course.course_type).not.toBe('product');
    }
    const priced = demo.filter((course) => course.price !== null);
    expect(priced.length).toBeGreaterThanOrEqual(8);
    for (const { price } of priced) {
      expect(price!.currency).toBe('THB');
      expect(Number.isSafeInteger(price!.amount)).toBe(true);
    }
  });

  it('leaves out unpublished courses, courses whose publication ended, and products', async () => {
    const ids = (await listCourses()).map((course) => course.id);
    expect(ids).toContain(fixtures.published.id);
    expect(ids).toContain(fixtures.endsLater.id);
    expect(ids).not.toContain(fixtures.unpublished.id);
    expect(ids).not.toContain(fixtures.expired.id);
    expect(ids).not.toContain(fixtures.product.id);
  });

  it('prices a course at its lowest shown default plan in satang, ignoring hidden, renewal, member-only and owner-only plans', async () => {
    const courses = await listCourses();
    const published = courses.find((course) => course.id === fixtures.published.id);
    expect(published?.price).toEqual({ amount: 199000, currency: 'THB' });
    expect(courses.find((course) => course.id === fixtures.noPlan.id)?.price).toBeNull();
  });

  it('shows on every card the lowest price a visitor can pick on that course page, so the card never costs less than the page', async () => {
    type PagePlan = { price: number | null; disabled: boolean; free_for: string | null };
    const courses = await listCourses();
    let compared = 0;
    for (const course of courses) {
      const res = await fetch(`${cms.url}/public/courses/${course.id}-${course.slug}/0`);
      expect(res.status, course.slug).toBe(200);
      const plans = ((await res.json()) as { data: { priceDetail: PagePlan[] } }).data.priceDetail;
      // The page carries baht; the card carries satang.
      const buyable = plans.filter((plan) => !plan.disabled && plan.free_for === null && plan.price !== null).map((plan) => Math.round(plan.price! * 100));
      expect(course.price?.amount ?? null, course.slug).toBe(buyable.length > 0 ? Math.min(...buyable) : null);
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });

  it('narrows the list to titles or short descriptions containing the keyword', async () => {
    const byTitle = await listCourses(`?keyword=${encodeURIComponent('แคตตาล็อก catalog-fixture-published')}`);
    expect(byTitle.map((course) => course.id)).toEqual([fixtures.published.id]);
    const byDescription = await listCourses(`?keyword=${encodeURIComponent('ครูซากุระ')}`);
    expect(byDescription.map((course) => course.id)).toEqual([fixtures.published.id]);
    expect(await listCourses('?keyword=no-course-has-this-word')).toEqual([]);
  });

  it('narrows the list to one course type with ?filter=', async () => {
    const liveRooms = await listCourses('?filter=Live-Room');
    expect(liveRooms.map((course) => course.id)).toContain(fixtures.published.id);
    expect(liveRooms.every((course) => course.course_type === 'Live-Room')).toBe(true);
  });

  it('refuses an unknown filter with 400 INPUT_ERROR', async () => {
    const res = await fetch(`${cms.url}/public/courses?filter=everything`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'INPUT_ERROR' } });
  });

  it('is public and lives outside /api', async () => {
    expect((await fetch(`${cms.url}/public/courses`)).status).toBe(200);
    expect((await fetch(`${cms.url}/api/public/courses`)).status).toBe(404);
  });
});

describe('GET /public/texts', () => {
  it('returns the Thai texts by default and the English ones with ?locale=en', async () => {
    const th = (await (await fetch(`${cms.url}/public/texts`)).json()) as { success: boolean; data: Record<string, string> };
    const en = (await (await fetch(`${cms.url}/public/texts?locale=en`)).json()) as { success: boolean; data: Record<string, string> };
    expect(th.success).toBe(true);
    expect(th.data.catalog_fixture_key).toBe('ข้อความทดสอบ');
    expect(en.data.catalog_fixture_key).toBe('Fixture text');
    expect(th.data).not.toHaveProperty('catalog_fixture_blank');
  });

  it('serves the seeded texts in Thai and in English', async () => {
    const th = (await (await fetch(`${cms.url}/public/texts?locale=th`)).json()) as { data: Record<string, string> };
    const en = (await (await fetch(`${cms.url}/public/texts?locale=en`)).json()) as { data: Record<string, string> };
    const seededTh = Object.entries(th.data).filter(([key]) => !key.startsWith('catalog_fixture_'));
    const seededEn = Object.entries(en.data).filter(([key]) => !key.startsWith('catalog_fixture_'));
    expect(seededTh.length).toBeGreaterThan(0);
    expect(seededEn.length).toBeGreaterThan(0);
    expect(seededTh.some(([, value]) => THAI.test(value))).toBe(true);
    expect(seededEn.every(([, value]) => !THAI.test(value))).toBe(true);
  });

  it('refuses an unknown locale with 400 INPUT_ERROR', async () => {
    const res = await fetch(`${cms.url}/public/texts?locale=fr`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'INPUT_ERROR' } });
  });
});
