/**
 * One student sweeps every private call of the CMS with another student's ids: her user
 * id, her orders, her course, in the path and in the body. Not one answer may carry
 * anything of hers (name, e-mail, address, order tokens, upload names), no call may be
 * a server error, shop-admin calls are refused, and afterwards her orders, cart,
 * uploads and profile are exactly as they were. The sweep runs five times.
 *
 * The calls are every custom route with student or shop-admin access
 * (cms/src/api/<name>/routes/01-custom-<name>.ts) and every such call of the spec
 * (cms/tests/spec-routes.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, type TestStrapi } from '../../../cms/tests/helpers/strapi';
import type { CmsHandle } from '../support/cms';
import { createStudent, type TestStudent } from '../../../cms/tests/helpers/students';
import { SPEC_ROUTES } from '../../../cms/tests/spec-routes';
import { bearer, send, sendJson, type Answer } from '../support/http';
import { BANK_TRANSFER, UID, createOffer } from '../support/shop';

const ROUNDS = 5;
const MARKER = `x${randomBytes(5).toString('hex')}`;

type Route = { method: string; path: string; access: string };

/** Every private route the CMS registers, and the spec's, once each (`{param}` and `:param` alike). */
async function privateRoutes(): Promise<Route[]> {
  const found = new Map<string, Route>();
  const add = (route: Route) => {
    const normalized = route.path.replace(/\{(\w+)\}/g, ':$1');
    found.set(`${route.method} ${normalized}`, { ...route, path: normalized });
  };
  const apiDir = path.join(CMS_DIR, 'src', 'api');
  for (const api of fs.readdirSync(apiDir).sort()) {
    const routesDir = path.join(apiDir, api, 'routes');
    if (!fs.existsSync(routesDir)) continue;
    for (const file of fs.readdirSync(routesDir).filter((f) => /^01-custom-.*\.ts$/.test(f))) {
      const mod = (await import(path.join(routesDir, file))) as { customRoutes?: Route[] };
      for (const route of mod.customRoutes ?? []) if (route.access === 'student' || route.access === 'shop_admin') add(route);
    }
  }
  for (const route of SPEC_ROUTES) if (route.access !== 'public') add(route);
  return [...found.values()];
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

let cms: TestStrapi;
let alice: TestStudent;
let bob: TestStudent;
let routes: Route[];
const her = { unpaidOrderId: 0, paidOrderId: 0, courseId: 0, planId: 0, lectureId: 0, fileName: '', markers: [] as string[] };

async function upload(student: TestStudent): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([PNG], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: bearer(student.jwt) });
  const body = (await res.json()) as { fileName: string[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.fileName[0];
}

/** Everything of Alice's that another student's calls could change. */
async function herState() {
  const q = (uid: string) => cms.strapi.db.query(uid);
  const orders = await q(UID.order).findMany({
    where: { user: { id: alice.id } },
    select: ['id', 'state', 'order_token', 'net'],
    populate: { payment_reports: { select: ['id', 'state'] }, lines: { select: ['id'] } },
    orderBy: { id: 'asc' },
  });
  const profile = await q(UID.user).findOne({ where: { id: alice.id }, select: ['username', 'email', 'firstname', 'lastname', 'address', 'tel', 'blocked', 'is_require_tax_invoice'] });
  const cart = await q('api::cart-item.cart-item').findMany({ where: { user: { id: alice.id } }, select: ['id'] });
  const uploads = await q('api::storage.upload-record').findMany({ where: { owner: { id: alice.id } }, select: ['id', 'name'] });
  const attempts = await q('api::payment-attempt.payment-attempt').count({ where: { order: { user: { id: alice.id } } } });
  return { orders, profile, cart, uploads, attempts };
}

export function crossStudent(shared: CmsHandle) {
  beforeAll(async () => {
    cms = shared();
    routes = await privateRoutes();
    alice = await createStudent(cms.strapi, { firstname: `อลิซ${MARKER}`, address: `บ้านเลขที่ ${MARKER}`, tel: '0891234567' });
    bob = await createStudent(cms.strapi);

    // An unpaid order of a class, a paid order of an online course with a lecture watched, a cart item, an upload.
    const offer = await createOffer(cms.strapi, 30);
    const unpaid = await sendJson(
      'POST',
      `${cms.url}/private/cart/order`,
      { user_id: alice.id, course_id: [offer.courseId], pricingplan_id: [offer.planId], payment_method_id: BANK_TRANSFER, price: 1, currency_code: 'THB' },
      { headers: bearer(alice.jwt) },
    );
    expect(unpaid.status, unpaid.text).toBe(201);
    her.unpaidOrderId = unpaid.body.orderId;

    const online = await cms.strapi.db.query(UID.course).findOne({
      where: { slug: 'online-marketing-for-beginners' },
      select: ['id'],
      populate: { pricing_plans: { select: ['id', 'is_default'] } },
    });
    her.courseId = online.id;
    her.planId = online.pricing_plans.find((p: { is_default: boolean }) => p.is_default)?.id ?? online.pricing_plans[0].id;
    const paid = await sendJson(
      'POST',
      `${cms.url}/private/cart/order`,
      { user_id: alice.id, course_id: [her.courseId], pricingplan_id: [her.planId], payment_method_id: BANK_TRANSFER, price: 1, currency_code: 'THB' },
      { headers: bearer(alice.jwt) },
    );
    expect(paid.status, paid.text).toBe(201);
    her.paidOrderId = paid.body.orderId;
    await cms.strapi.service('api::checkout.order-state').approve({ orderId: her.paidOrderId, by: 'admin' });
    const lecture = await cms.strapi.db.query('api::lecture.lecture').findOne({ where: { course: { id: her.courseId } }, select: ['id'] });
    if (lecture) {
      her.lectureId = lecture.id;
      const saved = await sendJson('POST', `${cms.url}/private/progress`, { course_id: her.courseId, lecture_id: lecture.id, position_seconds: 42, completed: false }, { headers: bearer(alice.jwt) });
      expect(saved.status, saved.text).toBe(200);
    }

    const other = await cms.strapi.db.query(UID.course).findOne({ where: { slug: 'excel-for-work' }, select: ['id'] });
    const carted = await sendJson('POST', `${cms.url}/private/cart`, { course_id: other.id }, { headers: bearer(alice.jwt) });
    expect(carted.status, carted.text).toBe(200);
    const fileName = await upload(alice);
    her.fileName = fileName;

    const orders = await cms.strapi.db.query(UID.order).findMany({ where: { user: { id: alice.id } }, select: ['order_token'] });
    her.markers = [MARKER, alice.username, alice.email, fileName, ...orders.map((o: { order_token: string }) => o.order_token)];
  }, 240_000);

  afterAll(async () => {
    if (cms) {
      const rows = (await cms.strapi.db.query('api::storage.upload-record').findMany({ select: ['name'] })) as { name: string }[];
      for (const { name } of rows) fs.rmSync(path.join(CMS_DIR, 'public', 'uploads', name), { force: true });
    }
  });

  /** The route's path with her ids in it. */
  function fill(route: Route): string {
    const ids: Record<string, number | string> = {
      userId: alice.id,
      orderId: her.unpaidOrderId,
      courseId: her.courseId,
      id: route.path.includes('/paypal/') ? 'SALA-NOT-YOURS' : her.courseId,
      attemptId: 1,
      name: her.fileName,
    };
    return route.path.replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? her.unpaidOrderId));
  }

  /** A body naming her and her records under every name the old client's calls use. */
  function hostileBody(): Record<string, unknown> {
    return {
      user_id: alice.id,
      userId: alice.id,
      order_id: her.unpaidOrderId,
      orderId: her.unpaidOrderId,
      id: her.unpaidOrderId,
      course_id: [her.courseId],
      courseId: her.courseId,
      lecture_id: her.lectureId || 1,
      pricingplan_id: [her.planId],
      payment_method_id: BANK_TRANSFER,
      currency_code: 'THB',
      email: alice.email,
      comment: 'ไม่ใช่ของฉัน',
    };
  }

  async function call(route: Route): Promise<Answer> {
    const url = `${cms.url}${fill(route)}`;
    if (route.method === 'GET') return send('GET', url, { headers: bearer(bob.jwt) });
    return sendJson(route.method, url, hostileBody(), { headers: bearer(bob.jwt) });
  }

  describe('another student calling every private route with her ids', () => {
    it(`gets nothing of hers, changes nothing of hers, never a 5xx, and shop-admin calls are refused, ${ROUNDS} sweeps`, async () => {
      expect(routes.length).toBeGreaterThan(30);
      const before = await herState();
      expect(before.orders).toHaveLength(2);
      expect(before.cart).toHaveLength(1);
      expect(before.uploads).toHaveLength(1);

      const leaks: string[] = [];
      const faults: string[] = [];
      const admitted: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        for (const route of routes) {
          const answer = await call(route);
          const name = `${route.method} ${fill(route)}`;
          if (answer.status === 0 || answer.status >= 500) faults.push(`${name}: ${answer.status} ${answer.error ?? answer.text.slice(0, 160)}`);
          const found = her.markers.filter((marker) => answer.text.includes(marker));
          if (found.length > 0) leaks.push(`${name}: ${answer.status} carries ${found.join(', ')}`);
          if (route.access === 'shop_admin' && ![401, 403].includes(answer.status)) admitted.push(`${name}: ${answer.status}`);
          // her file's bytes carry no marker: the private file route must refuse outright
          if (route.path.startsWith('/private/files/') && answer.status !== 404) leaks.push(`${name}: ${answer.status} (her upload)`);
          // signing out ends his own session only (ADR 157): he signs in again and sweeps on
          if (route.path === '/private/students/logout') {
            const jwt = cms.strapi.plugin('users-permissions').service('jwt').issue({ id: bob.id });
            bob = { ...bob, jwt, auth: bearer(jwt) };
          }
        }
        // nor does the public folder serve her upload, to him or to a visitor
        for (const headers of [bearer(bob.jwt), {}] as Record<string, string>[]) {
          const answer = await send('GET', `${cms.url}/uploads/${her.fileName}`, { headers });
          if (answer.status !== 404) leaks.push(`GET /uploads/${her.fileName}: ${answer.status}`);
        }
      }
      expect(leaks, 'answers carrying her records').toEqual([]);
      expect(faults, 'server errors').toEqual([]);
      expect(admitted, 'shop-admin calls a student got through').toEqual([]);
      expect(await herState(), 'her orders, profile, cart, uploads and payments after the sweeps').toEqual(before);
    }, 600_000);
  });
}
