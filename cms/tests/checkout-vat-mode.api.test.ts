/**
 * VAT included in the price or added on top (ADR 182), and the tax-invoice check's 1,000 THB /
 * 30 USD threshold (spec section 9), over HTTP on a booted CMS: the CMS prices every order in
 * the site's mode, stores the mode with the order, and never takes a VAT figure from the client.
 * Amounts on the wire are major units; the database holds minor units.
 */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const SETTING = 'api::site-setting.site-setting';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const BANK_TRANSFER = 1;
const THAI = /[\u0E00-\u0E7F]/;

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

let original: Record<string, unknown>;

async function setSite(data: Record<string, unknown>): Promise<void> {
  const row = await db(SETTING).findOne({ select: ['id'] });
  await db(SETTING).update({ where: { id: row.id }, data });
}

async function storedOrder(id: number) {
  return db(ORDER).findOne({ where: { id }, select: ['price', 'discount', 'shipping_fee', 'vat', 'vat_mode', 'withholding_price', 'net'] });
}

const COMPANY = { tax_person_type: 'juristic_person', tax_name_one: 'บริษัท ทดสอบ จำกัด', tax_payer_identification_no: '0105561234560', is_require_tax_invoice: true };

beforeAll(async () => {
  cms = await startStrapi();
  original = await db(SETTING).findOne({ select: ['id', 'is_enable_vat', 'vat_value', 'vat_mode'] });
});

afterEach(async () => {
  await setSite({ is_enable_vat: original.is_enable_vat, vat_value: original.vat_value, vat_mode: original.vat_mode });
});

afterAll(async () => {
  await cms?.stop();
});

describe('VAT mode of an order', () => {
  it('keeps the site on VAT included by default: the demo setting and a new order say so', async () => {
    expect(original.vat_mode).toBe('included');
    await setSite({ is_enable_vat: true, vat_value: 700 });
    const res = await order(await buyer(), [await course({}, { price: 107000 })]);
    expect(res.status).toBe(201);
    // 1,070.00 holds 70.00 VAT: 1,000.00 before VAT, to pay 1,070.00
    expect(res.body.order_detail).toMatchObject({ price: 1070, vat: 70, vat_mode: 'included', vat_basis_points: 700, before_vat: 1000, net: 1070 });
    expect(await storedOrder(res.body.orderId)).toMatchObject({ price: 107000, vat: 7000, vat_mode: 'included', net: 107000 });
  });

  it('adds 7% on top when the site says so, and the order keeps the mode it was priced with', async () => {
    await setSite({ is_enable_vat: true, vat_value: 700, vat_mode: 'added' });
    const who = await buyer();
    const res = await order(who, [await course({}, { price: 100000 })]);
    expect(res.status).toBe(201);
    // 1,000.00 + 70.00 VAT = 1,070.00 to pay
    expect(res.body.order_detail).toMatchObject({ price: 1000, vat: 70, vat_mode: 'added', before_vat: 1000, net: 1070 });
    expect(await storedOrder(res.body.orderId)).toMatchObject({ price: 100000, vat: 7000, vat_mode: 'added', net: 107000 });

    await setSite({ vat_mode: 'included' });
    const read = await call('GET', `/private/orders/${res.body.orderId}`, who);
    expect(read.status).toBe(200);
    expect(read.body.data ?? read.body).toMatchObject({ vat: 70, vat_mode: 'added', net: 1070 });
  });

  it('adds VAT to the goods and withholds 3% of them alone: a company pays 1,000.00 + 70.00 - 30.00', async () => {
    await setSite({ is_enable_vat: true, vat_value: 700, vat_mode: 'added' });
    const res = await order(await buyer(COMPANY), [await course({}, { price: 100000 })], { is_withholding: 1, withholding_percent: 3 });
    expect(res.status).toBe(201);
    expect(res.body.order_detail).toMatchObject({ price: 1000, vat: 70, withholding_price: 30, net: 1040 });
  });

  it('rounds the added VAT half up once: 999.99 + 70.00 (69.9993) = 1,069.99', async () => {
    await setSite({ is_enable_vat: true, vat_value: 700, vat_mode: 'added' });
    const res = await order(await buyer(), [await course({}, { price: 99999 })]);
    expect(res.status).toBe(201);
    expect(await storedOrder(res.body.orderId)).toMatchObject({ vat: 7000, net: 106999 });
  });

  it("ignores the client's VAT, mode and totals", async () => {
    await setSite({ is_enable_vat: true, vat_value: 700, vat_mode: 'added' });
    const res = await order(await buyer(), [await course({}, { price: 100000 })], { vat: 0, vat_mode: 'included', net: 1000, price: 1000, withholding_price: 0 });
    expect(res.status).toBe(201);
    expect(await storedOrder(res.body.orderId)).toMatchObject({ vat: 7000, vat_mode: 'added', net: 107000 });
  });

  it('publishes the mode with the public settings, included unless the site adds VAT', async () => {
    const before = await call('GET', '/api/setting/site/into/1');
    expect(JSON.stringify(before.body)).toContain('"vat_mode":"included"');
    await setSite({ vat_mode: 'added' });
    const after = await call('GET', '/api/setting/site/into/1');
    expect(JSON.stringify(after.body)).toContain('"vat_mode":"added"');
  });
});

describe('the tax-invoice check is skipped below 1,000 THB / 30 USD', () => {
  const asksWithoutDetails = { is_require_tax_invoice: true, tax_person_type: 'normal_person' };

  it('places a 999.99 THB order that asks for a tax invoice without the details on the account', async () => {
    const res = await order(await buyer(asksWithoutDetails), [await course({}, { price: 99999 })]);
    expect(res.status).toBe(201);
  });

  it('refuses a 1,000.00 THB order that asks for a tax invoice without the details, with a Thai message per field', async () => {
    const before = await db(ORDER).count();
    const res = await order(await buyer(asksWithoutDetails), [await course({}, { price: 100000 })]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.msg).toMatch(THAI);
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['tax_name_one', 'tax_payer_identification_no']);
    expect(res.body.error.errors.tax_name_one[0]).toMatch(THAI);
    expect(await db(ORDER).count()).toBe(before);
  });

  it('places the 1,000.00 THB order once the details are on the account, and one that asks for no invoice', async () => {
    const details = { ...asksWithoutDetails, tax_name_one: 'สมชาย ใจดี', tax_payer_identification_no: '0105561234560' };
    expect((await order(await buyer(details), [await course({}, { price: 100000 })])).status).toBe(201);
    expect((await order(await buyer(), [await course({}, { price: 100000 })])).status).toBe(201);
  });

  it('judges the threshold on the total with VAT added: 934.57 + 65.42 = 999.99 passes, 934.58 + 65.42 = 1,000.00 is checked', async () => {
    await setSite({ is_enable_vat: true, vat_value: 700, vat_mode: 'added' });
    expect((await order(await buyer(asksWithoutDetails), [await course({}, { price: 93457 })])).status).toBe(201);
    expect((await order(await buyer(asksWithoutDetails), [await course({}, { price: 93458 })])).status).toBe(400);
  });

  it('in US dollars: 29.99 passes, 30.00 is checked', async () => {
    const below = await order(await buyer(asksWithoutDetails), [await course({}, { price: 100000, price_usd: 2999 })], { currency_code: 'USD' });
    expect(below.status).toBe(201);
    const at = await order(await buyer(asksWithoutDetails), [await course({}, { price: 100000, price_usd: 3000 })], { currency_code: 'USD' });
    expect(at.status).toBe(400);
    expect(at.body.error.code).toBe('VALIDATION_ERROR');
  });
});
