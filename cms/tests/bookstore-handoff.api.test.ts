/**
 * The hand-off of a cart of books to the book retailer, against the local fake retailer
 * that speaks the same protocol (POST /cart → { location }).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRetailer, type FakeRetailer } from '../src/bookstore-fake';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const PRODUCT = 'api::product.product';
const PLAN = 'api::pricing-plan.pricing-plan';
const ADDRESS = 'api::shipping-address.shipping-address';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const THAI = /[\u0E00-\u0E7F]/;

type Person = { id: number; jwt: string; email: string; addressId: number };
type Answer = { status: number; body: any };

let cms: TestStrapi;
let retailer: FakeRetailer;
let n = 0;
let books: { handbook: number; cookbook: number; hidden: number; noPrice: number };

const db = (uid: string) => cms.strapi.db.query(uid);

async function person(): Promise<Person> {
  const role = await db(ROLE).findOne({ where: { type: 'authenticated' } });
  const id = ++n;
  const email = `bookstore.buyer.${id}@sala.test`;
  const user = await db(USER).create({
    data: { username: `bookstore.buyer.${id}`, email, firstname: 'มานี', lastname: `รักอ่าน${id}`, provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  const address = await db(ADDRESS).create({
    data: { user: user.id, fullname: `มานี รักอ่าน${id}`, tel: '0812345678', address: '99/9 ถนนพหลโยธิน', district: 'พญาไท', province: 'กรุงเทพมหานคร', postcode: '10400', is_default: true },
  });
  return { id: user.id, email, addressId: address.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}

async function book(title: string, price: number | null, fields: Record<string, unknown> = {}): Promise<number> {
  const id = ++n;
  const row = await db(PRODUCT).create({
    data: { title, slug: `bookstore-fixture-${id}`, sku: `BOOK-${id}`, course_type: 'product', is_published: true, is_physical: true, available_qty: 10, ...fields },
  });
  if (price !== null) {
    await db(PLAN).create({ data: { name: 'ราคาปก', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, product: row.id } });
  }
  return row.id;
}

async function handOff(who: Person | null, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${cms.url}/api/bookstore/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

function cartOf(who: Person, courseIds: number[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: who.id,
    email: who.email,
    course_id: courseIds,
    price: 1,
    totalPrice: 1,
    discount: 0,
    courses: courseIds.map((course_id) => ({ course_id, quantity: 1 })),
    cancel_at: null,
    order_at: '2026-11-25T10:00:00+07:00',
    shipping_address_id: who.addressId,
    ...extra,
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  retailer = await startFakeRetailer();
  cms = await startStrapi({ seed: false, env: { BOOKSTORE_URL: retailer.url, BOOKSTORE_TIMEOUT_MS: '1500' } });
  books = {
    handbook: await book('หนังสือ คู่มือการตลาดออนไลน์', 45000),
    cookbook: await book('หนังสือ ตำราอาหารไทย', 39000),
    hidden: await book('หนังสือที่ยังไม่วางขาย', 10000, { is_published: false }),
    noPrice: await book('หนังสือที่ยังไม่มีราคา', null),
  };
});

afterAll(async () => {
  await cms?.stop();
  await retailer?.stop();
});

describe('POST /api/bookstore/cart', () => {
  it('hands the cart to the retailer, priced by us, and returns the retailer’s location', async () => {
    const buyer = await person();
    const res = await handOff(buyer, cartOf(buyer, [books.handbook, books.cookbook], { courses: [{ course_id: books.handbook, quantity: 2 }, { course_id: books.cookbook }] }));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, location: expect.stringMatching(new RegExp(`^${retailer.url}/checkout/[0-9a-f]{16}$`)) });
    const id = res.body.location.split('/').pop();
    expect(retailer.carts.get(id)).toMatchObject({
      user_id: buyer.id,
      email: buyer.email,
      course_id: [books.handbook, books.cookbook],
      courses: [
        { course_id: books.handbook, quantity: 2, price: '450.00', total: '900.00', title: 'หนังสือ คู่มือการตลาดออนไลน์' },
        { course_id: books.cookbook, quantity: 1, price: '390.00', total: '390.00' },
      ],
      price: '1290.00',
      discount: '0.00',
      totalPrice: '1290.00',
      currency_code: 'THB',
      shipping_address_id: buyer.addressId,
      shipping_address: { fullname: expect.stringContaining('มานี'), postcode: '10400' },
    });

    const page = await fetch(res.body.location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('หนังสือ คู่มือการตลาดออนไลน์');
  });

  it('answers 404 for someone else’s shipping address and hands nothing over', async () => {
    const buyer = await person();
    const other = await person();
    const before = retailer.carts.size;
    const res = await handOff(buyer, cartOf(buyer, [books.handbook], { shipping_address_id: other.addressId }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(retailer.carts.size).toBe(before);
  });

  it('answers 404 when the cart claims to be another student’s', async () => {
    const buyer = await person();
    const other = await person();
    const res = await handOff(buyer, cartOf(buyer, [books.handbook], { user_id: other.id }));
    expect(res.status).toBe(404);
  });

  it.each([
    ['a book that is not on sale', () => [books.hidden], 404, 'NOT_FOUND'],
    ['a book that does not exist', () => [99999999], 404, 'NOT_FOUND'],
    ['a book without a price', () => [books.noPrice], 400, 'NO_PRICING_PLAN'],
    ['an empty cart', () => [], 400, 'CART_EMPTY'],
  ])('refuses %s', async (_label, ids, status, code) => {
    const buyer = await person();
    const res = await handOff(buyer, cartOf(buyer, ids()));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.msg).toMatch(THAI);
  });

  it('hands over a buyer without an address of ours: the retailer’s checkout asks for one', async () => {
    const buyer = await person();
    const res = await handOff(buyer, cartOf(buyer, [books.handbook], { shipping_address_id: null }));
    expect(res.status).toBe(200);
    const id = res.body.location.split('/').pop();
    expect(retailer.carts.get(id)).toMatchObject({ user_id: buyer.id, course_id: [books.handbook], shipping_address_id: null, shipping_address: null });
  });

  it('asks for a session', async () => {
    const res = await handOff(null, { course_id: [books.handbook] });
    expect(res.status).toBe(401);
  });

  describe('when the retailer fails', () => {
    it.each([
      ['answers 500', 'error'],
      ['answers without a location', 'garbage'],
      ['does not answer in time', 'slow'],
    ] as const)('answers 503 BOOKSTORE_UNAVAILABLE when the retailer %s', async (_label, failure) => {
      const buyer = await person();
      retailer.failWith(failure);
      try {
        const res = await handOff(buyer, cartOf(buyer, [books.handbook]));
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ success: false, error: { code: 'BOOKSTORE_UNAVAILABLE' } });
        expect(res.body.error.msg).toMatch(THAI);
      } finally {
        retailer.failWith(null);
      }
    });

    it('answers 503 when the retailer is down or not configured', async () => {
      const buyer = await person();
      const configured = process.env.BOOKSTORE_URL;
      try {
        process.env.BOOKSTORE_URL = `http://127.0.0.1:${await closedPort()}`;
        expect((await handOff(buyer, cartOf(buyer, [books.handbook]))).status).toBe(503);
        delete process.env.BOOKSTORE_URL;
        const unset = await handOff(buyer, cartOf(buyer, [books.handbook]));
        expect(unset.status).toBe(503);
        expect(unset.body.error.code).toBe('BOOKSTORE_UNAVAILABLE');
      } finally {
        process.env.BOOKSTORE_URL = configured;
      }
    });
  });
});

describe('POST /api/bookstore/cart/mine', () => {
  async function call(who: Person | null, path: string, body: Record<string, unknown> = {}): Promise<Answer> {
    const res = await fetch(`${cms.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }
  const addToCart = async (who: Person, productId: number, quantity: number) => expect((await call(who, '/private/cart', { product_id: productId, quantity })).status).toBe(200);

  it('hands every book of the cart over at once, with the quantities of its rows, whatever the body claims', async () => {
    const buyer = await person();
    const other = await person();
    const leaflet = await book('แผ่นพับที่ร้านหนังสือไม่ขาย', 5000, { sku: null });
    await addToCart(buyer, books.handbook, 2);
    await addToCart(buyer, books.cookbook, 3);
    await addToCart(buyer, leaflet, 1);

    const res = await call(buyer, '/api/bookstore/cart/mine', {
      user_id: other.id,
      course_id: [books.noPrice],
      courses: [{ course_id: books.handbook, quantity: 50 }],
      totalPrice: 1,
      discount: 1290,
      shipping_address_id: other.addressId,
    });

    expect(res.status).toBe(200);
    const id = res.body.location.split('/').pop();
    expect(retailer.carts.get(id)).toMatchObject({
      user_id: buyer.id,
      email: buyer.email,
      course_id: [books.handbook, books.cookbook],
      courses: [
        { course_id: books.handbook, quantity: 2, price: '450.00', total: '900.00' },
        { course_id: books.cookbook, quantity: 3, price: '390.00', total: '1170.00' },
      ],
      price: '2070.00',
      discount: '0.00',
      totalPrice: '2070.00',
      shipping_address_id: buyer.addressId,
    });
    // the cart stays as it was: the student still decides where to buy (docs/decisions/184)
    const cart = await fetch(`${cms.url}/private/cart`, { headers: { authorization: `Bearer ${buyer.jwt}` } }).then((r) => r.json());
    expect(cart.data.map((item: { product_id: number; sold_by_retailer: boolean }) => [item.product_id, item.sold_by_retailer])).toEqual([
      [books.handbook, true],
      [books.cookbook, true],
      [leaflet, false],
    ]);
  });

  it('refuses a cart without a book the retailer sells: CART_EMPTY in Thai, nothing handed over', async () => {
    const buyer = await person();
    const before = retailer.carts.size;
    const res = await call(buyer, '/api/bookstore/cart/mine', { course_id: [books.handbook] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('CART_EMPTY');
    expect(res.body.error.msg).toMatch(THAI);
    expect(retailer.carts.size).toBe(before);
  });

  it('asks for a session', async () => {
    expect((await call(null, '/api/bookstore/cart/mine')).status).toBe(401);
  });
});
