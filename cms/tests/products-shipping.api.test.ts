/**
 * Products in the cart and in orders, with shipping: the public shipping methods, the
 * student's own delivery addresses (validated with the spec's Thai messages), a product
 * put in the cart within its stock, and an order whose shipping fee and stock the server
 * takes from its own records whatever the client sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Answer, type Buyer } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const PRODUCT = 'api::product.product';
const PLAN = 'api::pricing-plan.pricing-plan';
const FEE = 'api::shipping-fee.shipping-fee';
const ADDRESS = 'api::shipping-address.shipping-address';
const ORDER_LINE = 'api::order-line.order-line';
const BANK_TRANSFER = 1;

let cms: TestStrapi;
let n = 0;
let fees: { post: number; ems: number; disabled: number };

const db = (uid: string) => cms.strapi.db.query(uid);

const buyer = () => createBuyer(cms, 'shipping.buyer', { tel: '0812345678' });

const call = jsonCaller(() => cms);

async function product(price: number, fields: Record<string, unknown> = {}): Promise<{ id: number; planId: number }> {
  const id = ++n;
  const row = await db(PRODUCT).create({ data: { title: `หนังสือทดสอบการจัดส่ง ${id}`, slug: `shipping-fixture-${id}`, course_type: 'product', is_published: true, available_qty: 5, ...fields } });
  const plan = await db(PLAN).create({
    data: { name: 'ราคาปก', reference_code: 'PRODUCT', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, product: row.id },
  });
  return { id: row.id, planId: plan.id };
}

const ADDRESS_INPUT = { fullname: 'มานี มีนา', tel: '0812345678', address: '99/9 ถนนพหลโยธิน', subdistrict: 'สามเสนใน', district: 'พญาไท', province: 'กรุงเทพมหานคร', postcode: '10400' };

function order(who: Buyer, lines: { product_id: number; quantity: number }[], extra: Record<string, unknown> = {}): Promise<Answer> {
  return call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [], pricingplan_id: [], products: lines, payment_method_id: BANK_TRANSFER, price: 0, ...extra });
}

async function stockOf(productId: number): Promise<number | null> {
  return (await db(PRODUCT).findOne({ where: { id: productId }, select: ['available_qty'] })).available_qty;
}

beforeAll(async () => {
  cms = await startStrapi();
  const fee = (name: string, price: number, enabled = true) =>
    db(FEE)
      .create({ data: { name, price, price_usd: 300, enabled, sort_order: 100 + ++n } })
      .then((row) => row.id);
  fees = { post: await fee('ไปรษณีย์ทดสอบ', 4500), ems: await fee('EMS ทดสอบ', 7500), disabled: await fee('ขนส่งที่ปิดแล้ว', 100, false) };
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /public/shipping/fees', () => {
  it('lists the enabled shipping methods with their prices in baht, and no disabled one', async () => {
    const res = await call('GET', '/public/shipping/fees');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((fee: any) => fee.id);
    expect(ids).toEqual(expect.arrayContaining([fees.post, fees.ems]));
    expect(ids).not.toContain(fees.disabled);
    expect(res.body.data.find((fee: any) => fee.id === fees.post)).toEqual({ id: fees.post, name: 'ไปรษณีย์ทดสอบ', description: null, price: 45, price_usd: 3 });
  });
});

describe('shipping addresses', () => {
  it('saves a valid address as the student’s default and lists only their own', async () => {
    const a = await buyer();
    const b = await buyer();
    const saved = await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT);
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ ...ADDRESS_INPUT, is_default: true });
    const second = await call('POST', '/private/shipping/addresses', a, { ...ADDRESS_INPUT, postcode: '50200', province: 'เชียงใหม่' });
    const mine = await call('GET', '/private/shipping/addresses', a);
    expect(mine.body.data.map((row: any) => [row.id, row.is_default])).toEqual([
      [second.body.data.id, true],
      [saved.body.data.id, false],
    ]);
    expect((await call('GET', '/private/shipping/addresses', b)).body.data).toEqual([]);
  });

  it('refuses a bad postcode, phone or missing fields with the Thai messages per field', async () => {
    const a = await buyer();
    const res = await call('POST', '/private/shipping/addresses', a, { ...ADDRESS_INPUT, postcode: '1040', tel: '08-123', fullname: ' ', province: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.errors).toMatchObject({
      postcode: ['กรุณากรอกรหัสไปรษณีย์ 5 หลัก'],
      tel: ['กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก'],
      fullname: ['กรุณากรอกชื่อผู้รับ'],
      province: ['กรุณากรอกจังหวัด'],
    });
    expect(await db(ADDRESS).count({ where: { user: { id: a.id } } })).toBe(0);
  });

  it('is for signed-in students only', async () => {
    expect((await call('GET', '/private/shipping/addresses')).status).toBe(401);
    expect((await call('POST', '/private/shipping/addresses', null, ADDRESS_INPUT)).status).toBe(401);
  });
});

describe('a product in the cart', () => {
  it('goes in with its quantity on its default plan; adding it again sets the new quantity', async () => {
    const a = await buyer();
    const book = await product(45000);
    const first = await call('POST', '/private/cart', a, { product_id: book.id, quantity: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([expect.objectContaining({ product_id: book.id, course_id: null, pricingplan_id: book.planId, quantity: 2, price: 450, course_type: 'product' })]);
    const again = await call('POST', '/private/cart', a, { product_id: book.id, quantity: 3 });
    expect(again.body.data).toHaveLength(1);
    expect(again.body.data[0].quantity).toBe(3);
  });

  it('refuses more than the stock with OUT_OF_STOCK and what is left', async () => {
    const a = await buyer();
    const book = await product(45000, { available_qty: 2 });
    const res = await call('POST', '/private/cart', a, { product_id: book.id, quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('OUT_OF_STOCK');
    expect(res.body.error.result.available_qty).toBe(2);
    expect((await call('GET', '/private/cart', a)).body.data).toEqual([]);
  });

  it('answers 404 for an unpublished product and 400 for a quantity of 0', async () => {
    const a = await buyer();
    const hidden = await product(10000, { is_published: false });
    expect((await call('POST', '/private/cart', a, { product_id: hidden.id, quantity: 1 })).status).toBe(404);
    const book = await product(10000);
    const zero = await call('POST', '/private/cart', a, { product_id: book.id, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('an order with products', () => {
  it('needs a shipping address of the buyer and an enabled shipping method', async () => {
    const a = await buyer();
    const b = await buyer();
    const book = await product(45000);
    const theirs = (await call('POST', '/private/shipping/addresses', b, ADDRESS_INPUT)).body.data.id;
    const mine = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;

    const noAddress = await order(a, [{ product_id: book.id, quantity: 1 }], { shipping_fee_id: fees.post });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error.code).toBe('SHIPPING_ADDRESS_REQUIRED');
    expect(noAddress.body.error.msg).toBe('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    const someoneElses = await order(a, [{ product_id: book.id, quantity: 1 }], { shipping_address_id: theirs, shipping_fee_id: fees.post });
    expect(someoneElses.body.error.code).toBe('SHIPPING_ADDRESS_REQUIRED');
    expect((await order(a, [{ product_id: book.id, quantity: 1 }], { shipping_address_id: mine })).body.error.code).toBe('SHIPPING_METHOD_REQUIRED');
    expect((await order(a, [{ product_id: book.id, quantity: 1 }], { shipping_address_id: mine, shipping_fee_id: fees.disabled })).body.error.code).toBe('SHIPPING_METHOD_REQUIRED');
    expect(await stockOf(book.id)).toBe(5);
  });

  it('prices quantity and the fee from the database, ignoring the client’s amounts, and takes the units from stock', async () => {
    const a = await buyer();
    const book = await product(45000);
    const address = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;
    const res = await order(a, [{ product_id: book.id, quantity: 2 }], { shipping_address_id: address, shipping_fee_id: fees.ems, price: 1, shipping_fee: 0 });
    expect(res.status).toBe(201);
    // 2 x 450.00 + 75.00 shipping = 975.00
    expect(res.body.order_detail).toMatchObject({ price: 900, discount: 0, shipping_fee: 75, net: 975, payment_status: 'notYetReceived' });
    expect(res.body.order_detail.order_course_list).toEqual([expect.objectContaining({ product_id: book.id, course_id: null, quantity: 2, price: 900, course_type: 'product' })]);
    const lines = await db(ORDER_LINE).findMany({ where: { order: { id: res.body.orderId } }, populate: { product: { select: ['id'] } } });
    expect(lines.map((line: any) => line.product?.id)).toEqual([book.id]);
    expect(await stockOf(book.id)).toBe(3);

    // calling the order off puts the units back
    const cancelled = await call('POST', '/public/cart/deleteorder', a, { order_id: res.body.orderId });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(book.id)).toBe(5);
  });

  it('refuses more units than the stock with OUT_OF_STOCK and writes nothing', async () => {
    const a = await buyer();
    const book = await product(45000, { available_qty: 1 });
    const address = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;
    const res = await order(a, [{ product_id: book.id, quantity: 2 }], { shipping_address_id: address, shipping_fee_id: fees.post });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('OUT_OF_STOCK');
    expect(res.body.error.result).toMatchObject({ product_ids: [book.id], available_qty: 1 });
    expect(await stockOf(book.id)).toBe(1);
  });

  it('sells the last unit once when two buyers race for it', async () => {
    const book = await product(45000, { available_qty: 1 });
    const buyers = [await buyer(), await buyer()];
    const addresses = await Promise.all(buyers.map(async (who) => (await call('POST', '/private/shipping/addresses', who, ADDRESS_INPUT)).body.data.id));
    const results = await Promise.all(buyers.map((who, i) => order(who, [{ product_id: book.id, quantity: 1 }], { shipping_address_id: addresses[i], shipping_fee_id: fees.post })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await stockOf(book.id)).toBe(0);
  });
});
