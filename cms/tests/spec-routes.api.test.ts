/**
 * Walks the old client's calls (spec section 7): every one is served at its method and
 * path, and none of them answers a hostile request with a 5xx or a database change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_ROUTES, type SpecRoute } from './spec-routes';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';

let cms: TestStrapi;
let student: TestStudent;
let shopAdmin: TestStudent;
let params: Record<string, string>;

const COUNTED = [
  'api::order.order',
  'api::order-line.order-line',
  'api::payment-report.payment-report',
  'api::cart-item.cart-item',
  'api::progress.progress',
  'api::learning.homework-submission',
  'api::course-comment.course-comment',
  'api::coupon.coupon',
  'api::course.course',
  'plugin::users-permissions.user',
];

async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const uid of COUNTED) {
    if (!cms.strapi.contentTypes[uid]) continue;
    out[uid] = await cms.strapi.db.query(uid).count({});
  }
  const coupons = await cms.strapi.db.query('api::coupon.coupon').findMany({ select: ['code', 'used_count'] });
  const courses = await cms.strapi.db.query('api::course.course').findMany({ select: ['id', 'seats_taken'] });
  out.couponUses = coupons.map((c: any) => `${c.code}:${c.used_count ?? 0}`).sort();
  out.seats = courses.map((c: any) => `${c.id}:${c.seats_taken ?? 0}`).sort();
  return out;
}

function fill(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
}

function headersFor(route: SpecRoute): Record<string, string> {
  if (route.access === 'shop_admin') return shopAdmin.auth;
  if (route.access === 'student') return student.auth;
  return {};
}

beforeAll(async () => {
  cms = await startStrapi();
  student = await createStudent(cms.strapi);
  shopAdmin = await createStudent(cms.strapi, { roleType: 'shop_admin' });
  const course = await cms.strapi.db.query('api::course.course').findOne({ where: { is_published: true }, orderBy: { id: 'asc' } });
  const product = cms.strapi.contentTypes['api::product.product'] ? await cms.strapi.db.query('api::product.product').findOne({ orderBy: { id: 'asc' } }) : null;
  params = {
    courseId: String(course.id),
    userId: String(student.id),
    slug: String(course.id),
    flag: '0',
    id: String(product?.id ?? 1),
    n: '0',
    orderId: '999999',
    // a lecture of the course: the quiz and homework calls answer 404 for its kind, never 5xx
    lectureId: String((await cms.strapi.db.query('api::lecture.lecture').findOne({ where: { course: { id: course.id } }, orderBy: { id: 'asc' } }))?.id ?? 1),
  };
});

afterAll(async () => {
  await cms?.stop();
});

const CALLS = SPEC_ROUTES.filter((r) => !r.payments);

describe('the calls of spec section 7', () => {
  it.each(CALLS.map((r) => [`${r.method} ${r.path}`, r] as const))('%s is served at its method and path', async (_name, route) => {
    const registered = cms.strapi.server.listRoutes().some((layer: any) => {
      const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
      const layerPath = String(layer.path).replace(/:(\w+)/g, ':x');
      return layerPath === pattern.replace(/:(\w+)/g, ':x') && layer.methods.includes(route.method);
    });
    expect(registered, `${route.method} ${route.path} is not registered`).toBe(true);

    const res = await fetch(cms.url + fill(route.path), {
      method: route.method,
      headers: { 'content-type': 'application/json', ...headersFor(route) },
      body: route.method === 'GET' ? undefined : JSON.stringify({}),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
  });

  it.each(CALLS.filter((r) => r.access !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))('%s refuses a caller without a token with 401 PERMISSION_DENIED', async (_name, route) => {
    const res = await fetch(cms.url + fill(route.path), {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: route.method === 'GET' ? undefined : JSON.stringify({}),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('PERMISSION_DENIED');
  });
});

const HOSTILE_BODIES: Array<[string, unknown]> = [
  ['wrong types', { order_id: { $ne: null }, user_id: ['x'], coupon_code: 12, courseID: 'all', price: 'free', username: true, password: null }],
  ['missing fields', {}],
  ['1 MB strings', { coupon_code: 'ก'.repeat(350_000), username: 'x'.repeat(1_000_000), link_path: '/'.repeat(1_000_000) }],
  ['Thai and emoji text', { coupon_code: 'ส่วนลด🎉', username: 'นักเรียน😀', email: 'อีเมล@ตัวอย่าง.ไทย', firstname: '🙂'.repeat(300), link_path: '/courses/๑-ทดสอบ' }],
  ['an array body', [1, 2, 3]],
  ['prototype pollution', JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')],
];

describe('hostile input on every call', () => {
  it.each(HOSTILE_BODIES)('%s: no call answers 5xx and the database is unchanged', async (_name, body) => {
    const before = await snapshot();
    for (const route of CALLS) {
      const res = await fetch(cms.url + fill(route.path) + (route.method === 'GET' ? '?filter=%00&keyword=%F0%9F%98%80' : ''), {
        method: route.method,
        headers: { 'content-type': 'application/json', ...headersFor(route) },
        body: route.method === 'GET' ? undefined : JSON.stringify(body),
      });
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
      await res.arrayBuffer();
    }
    expect(await snapshot()).toEqual(before);
  });
});
