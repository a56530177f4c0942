/**
 * Walks every GET route the CMS serves (Strapi's generated content-API routes, the
 * plugins' routes and our custom ones) as an anonymous visitor and as a student, with
 * the ids of things they must not see, and checks that no answer carries a provider
 * secret, a password hash, another student's data or an unpublished course.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

type Row = Record<string, any>;
type Client = { name: string; headers: Record<string, string>; forbidden: Map<string, string> };
type Leak = { client: string; url: string; status: number; what: string };

let cms: TestStrapi;
let anonymous: Client;
let student: Client;
let paramValues: string[];
/** Strapi's generated findOne routes: every role is refused them (first test), so one id is enough there. */
let generatedRoutes: Set<string>;

const q = (uid: string) => cms.strapi.db.query(uid);
/** A walk sends about a thousand requests: seconds on an idle machine, much more on a busy one. */
const WALK_TIMEOUT_MS = 180_000;
const BCRYPT_HASH = /\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}/;

/** Routes that serve files or redirect to third parties rather than answer with data. */
const SKIPPED_PATHS = [/^\/uploads\//, /^\/api\/connect\//, /^\/_health$/];

async function createOtherStudent(): Promise<{ user: Row; order: Row; markers: Record<string, string> }> {
  const markers = {
    email: 'other.student@sala.local',
    tel: '0800000999',
    address: 'ที่อยู่ลับของนักเรียนอีกคน 77/7',
    taxId: '3100000000999',
    contact: 'ชื่อผู้ติดต่อลับ',
  };
  const role = await q('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const { password } = await cms.strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: 'other-pass-1' });
  const user = await q('plugin::users-permissions.user').create({
    data: {
      username: 'other.student',
      email: markers.email,
      password,
      provider: 'local',
      confirmed: true,
      role: role.id,
      tel: markers.tel,
      address: markers.address,
      tax_payer_identification_no: markers.taxId,
      custom_label_answers: [{ id: 1, value: markers.contact, label: 'x' }],
    },
  });
  const course = await q('api::course.course').findOne({ where: { is_published: true } });
  const order = await q('api::order.order').create({
    data: { order_token: 'other-student-order-token-0123456789abcdef', state: 'notYetReceived', user: user.id, price: 100_000, net: 100_000, tax_info: { tax_name_one: markers.contact } },
  });
  await q('api::order-line.order-line').create({ data: { order: order.id, course: course.id, price: 100_000, net: 100_000 } });
  await q('api::shipping-address.shipping-address').create({ data: { user: user.id, fullname: markers.contact, tel: markers.tel, address: markers.address } });
  await q('api::payment-report.payment-report').create({ data: { order: order.id, user: user.id, contact_name: markers.contact, email: markers.email, tel: markers.tel, transfer_amount: 100_000 } });
  await q('api::cart-item.cart-item').create({ data: { user: user.id, course: course.id } });
  await q('api::progress.progress').create({ data: { user: user.id, course: course.id, position_seconds: 1 } });
  await q('api::course-comment.course-comment').create({ data: { user: user.id, course: course.id, comment: 'x', is_hidden: true } });
  return { user, order, markers: { ...markers, token: order.order_token } };
}

beforeAll(async () => {
  cms = await startStrapi();

  const methods: Row[] = await q('api::payment-method.payment-method').findMany();
  const users: Row[] = await q('plugin::users-permissions.user').findMany();
  const admins: Row[] = await q('admin::user').findMany();
  const now = new Date().toISOString();
  const hidden: Row[] = await q('api::course.course').findMany({ where: { $or: [{ is_published: false }, { endPublish: { $lt: now } }] } });
  const hiddenProducts: Row[] = await cms.strapi.db.query('api::product.product').findMany({ where: { is_published: false } });
  expect(hidden.length).toBeGreaterThanOrEqual(2);
  const other = await createOtherStudent();
  const demo: Row = await q('plugin::users-permissions.user').findOne({ where: { username: 'demo.student' } });

  const common = new Map<string, string>();
  for (const m of methods) {
    for (const field of ['application_id_2', 'webhook_secret', 'api_key'] as const) if (m[field]) common.set(m[field], `payment method ${m.method_id} ${field}`);
  }
  for (const u of [...users, ...admins]) if (u.password) common.set(u.password, `password hash of ${u.username ?? u.email}`);
  for (const c of [...hidden, ...hiddenProducts]) {
    common.set(c.title, `unpublished ${c.title}`);
    if (c.slug) common.set(c.slug, `slug of unpublished ${c.title}`);
  }
  for (const [name, value] of Object.entries(other.markers)) common.set(value, `other student's ${name}`);

  anonymous = { name: 'anonymous', headers: {}, forbidden: new Map([...common, [demo.email, "a student's email"], [demo.tel, "a student's tel"]]) };
  const jwt = cms.strapi.plugin('users-permissions').service('jwt').issue({ id: demo.id });
  student = { name: 'demo.student', headers: { authorization: `Bearer ${jwt}` }, forbidden: common };

  // What a route parameter may be set to: ids and document ids of what must stay hidden.
  // (1 and 3 are also the payment method ids the spec reads by id.)
  paramValues = [...new Set(['1', '3', ...hidden.flatMap((c) => [c.id, c.documentId, c.slug]), other.user.id, other.user.documentId, other.order.id, other.order.documentId].map(String))];
  generatedRoutes = new Set(
    Object.values(cms.strapi.contentTypes as Record<string, Row>)
      .filter((ct) => ct.uid.startsWith('api::') || ct.uid === 'plugin::users-permissions.user')
      .flatMap((ct) => [`/api/${ct.info.pluralName}/:id`, `/api/${ct.info.singularName}`]),
  );
}, 180_000);

afterAll(async () => {
  await cms?.stop();
});

function leaksIn(body: string, client: Client): string[] {
  const found = [...client.forbidden].filter(([value]) => value && body.includes(value)).map(([, what]) => what);
  if (BCRYPT_HASH.test(body)) found.push('a bcrypt hash');
  return found;
}

async function get(client: Client, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${cms.url}${path}`, { headers: client.headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text() };
}

/** Routes of the admin panel's API: they want an admin token, which neither client has. */
const ADMIN_API = /^\/(admin|content-manager|content-type-builder|upload|i18n|users-permissions|email|review-workflows|content-releases)\b/;

/** Concrete URLs for a route: each parameter set to each value (one value for the admin API); regex parts dropped. */
function urlsFor(path: string, candidates: string[] = paramValues): string[] {
  const params = path.match(/:\w+/g) ?? [];
  if (params.length === 0) return [path.replace(/\(\.\*\)/g, '')];
  const values = ADMIN_API.test(path) || generatedRoutes.has(path) ? ['1'] : candidates;
  return values.map((value) => path.replace(/:\w+(\([^)]*\))?/g, encodeURIComponent(value)).replace(/\(\.\*\)/g, ''));
}

function getRoutes(): string[] {
  const layers = cms.strapi.server.listRoutes() as { methods: string[]; path: string }[];
  return [...new Set(layers.filter((l) => l.methods.includes('GET') && !SKIPPED_PATHS.some((skip) => skip.test(l.path))).map((l) => l.path))];
}

async function walk(client: Client, paths: string[], options: { suffix?: string; values?: string[] } = {}): Promise<{ leaks: Leak[]; requests: number }> {
  const leaks: Leak[] = [];
  let requests = 0;
  const urls = paths.flatMap((path) => urlsFor(path, options.values)).map((url) => url + (options.suffix ?? ''));
  // A few requests at a time: fast, without flooding the server.
  for (let i = 0; i < urls.length; i += 16) {
    await Promise.all(
      urls.slice(i, i + 16).map(async (url) => {
        const { status, body } = await get(client, url);
        requests += 1;
        for (const what of leaksIn(body, client)) leaks.push({ client: client.name, url, status, what });
      }),
    );
  }
  return { leaks, requests };
}

describe('public safety', () => {
  it('answers every generated content-API route of every content type with 401, 403 or 404, for a visitor and a student', async () => {
    const plural = Object.entries(cms.strapi.contentTypes as Record<string, Row>)
      .filter(([uid]) => uid.startsWith('api::'))
      .map(([, ct]) => ({ path: `/api/${ct.info.pluralName}`, single: ct.kind === 'singleType' ? `/api/${ct.info.singularName}` : null }));
    const open: string[] = [];
    for (const client of [anonymous, student]) {
      for (const { path, single } of plural) {
        for (const url of single ? [single] : [path, `${path}/1`]) {
          const { status } = await get(client, url);
          if (![401, 403, 404].includes(status)) open.push(`${client.name} GET ${url} → ${status}`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it(
    'leaks no secret, password hash, other student or unpublished course on any GET route',
    async () => {
      const paths = getRoutes();
      expect(paths.length).toBeGreaterThan(50);
      expect(paths).toEqual(expect.arrayContaining(['/api/courses', '/api/courses/:id', '/api/payment-methods', '/api/users', '/api/users/me', '/api/orders']));
      const results = await Promise.all([anonymous, student].map((client) => walk(client, paths)));
      const leaks = results.flatMap((r) => r.leaks);
      expect(leaks, JSON.stringify(leaks.slice(0, 20), null, 2)).toEqual([]);
      expect(results[0].requests).toBeGreaterThan(paths.length);
      console.log(`[public safety] ${paths.length} GET routes, ${results[0].requests + results[1].requests} requests`);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'leaks nothing either when a route is asked to populate every relation',
    async () => {
      const paths = getRoutes().filter((path) => !ADMIN_API.test(path));
      const suffix = '?populate[user]=*&populate[users]=*&populate[role][populate]=*&populate=*';
      // Which relations come along does not depend on the id: '1', a hidden course, another student's order.
      const values = [paramValues[0], paramValues[2], paramValues[paramValues.length - 1]];
      const results = await Promise.all([anonymous, student].map((client) => walk(client, paths, { suffix, values })));
      const leaks = results.flatMap((r) => r.leaks);
      expect(leaks, JSON.stringify(leaks.slice(0, 20), null, 2)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it("shows a student their own profile at /api/users/me without the password hash, and nobody else's", async () => {
    const { status, body } = await get(student, '/api/users/me?populate=*');
    expect(status).toBe(200);
    const me = JSON.parse(body);
    expect(me.username).toBe('demo.student');
    expect(me).not.toHaveProperty('password');
    expect(me).not.toHaveProperty('resetPasswordToken');
    expect(me).not.toHaveProperty('confirmationToken');
    expect([401, 403]).toContain((await get(anonymous, '/api/users/me')).status);
    expect([401, 403]).toContain((await get(student, '/api/users')).status);
  });

  it("refuses Strapi's own sign-up and sign-in, which would skip the storefront's limits", async () => {
    const register = await fetch(`${cms.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'new.visitor', email: 'new.visitor@sala.local', password: 'visitor-pass-1' }),
    });
    expect([401, 403]).toContain(register.status);
    const body = await register.text();
    expect(body).not.toMatch(BCRYPT_HASH);
    expect(body).not.toContain('"password"');
    expect(await q('plugin::users-permissions.user').count({ where: { username: 'new.visitor' } })).toBe(0);

    const signIn = await fetch(`${cms.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'demo.student', password: 'demo1234' }),
    });
    expect([401, 403]).toContain(signIn.status);
    expect(await signIn.text()).not.toContain('jwt');
  });
});
