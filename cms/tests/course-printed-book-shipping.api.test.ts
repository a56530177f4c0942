/**
 * A course that comes with a printed book (free_book with free_book_type "physical") ships
 * like a product: its order needs the buyer's own address and an enabled shipping method, and
 * the server prices the fee itself and keeps both with the order. A course with an e-book ships
 * nothing, whatever the client sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Answer, type Buyer } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const FEE = 'api::shipping-fee.shipping-fee';
const ORDER = 'api::order.order';
const BANK_TRANSFER = 1;

type Fixture = { courseId: number; planId: number };

let cms: TestStrapi;
let n = 0;
let fees: { ems: number; disabled: number };

const db = (uid: string) => cms.strapi.db.query(uid);

const ADDRESS_INPUT = { fullname: 'มานี มีนา', tel: '0812345678', address: '99/9 ถนนพหลโยธิน', subdistrict: '', district: 'พญาไท', province: 'กรุงเทพมหานคร', postcode: '10400' };

const buyer = () => createBuyer(cms, 'book.buyer', { tel: '0812345678' });

const call = jsonCaller(() => cms);

async function course(freeBookType: string): Promise<Fixture> {
  const id = ++n;
  const row = await db(COURSE).create({
    data: { title: `คอร์สพร้อมหนังสือ ${id}`, slug: `printed-book-fixture-${id}`, course_type: 'Online', is_published: true, free_book: true, free_book_type: freeBookType },
  });
  const plan = await db(PLAN).create({
    data: { name: 'คอร์สพร้อมหนังสือ', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 149000, course: row.id },
  });
  return { courseId: row.id, planId: plan.id };
}

function order(who: Buyer, fixture: Fixture, extra: Record<string, unknown> = {}): Promise<Answer> {
  return call('POST', '/private/cart/order', who, {
    user_id: who.id,
    course_id: [fixture.courseId],
    pricingplan_id: [fixture.planId],
    payment_method_id: BANK_TRANSFER,
    price: 0,
    ...extra,
  });
}

async function storedShipping(orderId: number) {
  const row = await db(ORDER).findOne({ where: { id: orderId }, populate: { shipping_address: { select: ['id'] }, shipping_fee_option: { select: ['id'] } } });
  return { shipping_fee: row.shipping_fee, net: row.net, addressId: row.shipping_address?.id ?? null, feeId: row.shipping_fee_option?.id ?? null };
}

beforeAll(async () => {
  cms = await startStrapi();
  const fee = (name: string, price: number, enabled = true) =>
    db(FEE)
      .create({ data: { name, price, price_usd: 300, enabled, sort_order: 200 + ++n } })
      .then((row: { id: number }) => row.id);
  fees = { ems: await fee('EMS หนังสือทดสอบ', 8000), disabled: await fee('ขนส่งหนังสือที่ปิดแล้ว', 100, false) };
});

afterAll(async () => {
  await cms?.stop();
});

describe('an order of a course with a printed book', () => {
  it('needs the buyer’s own shipping address and an enabled shipping method', async () => {
    const a = await buyer();
    const b = await buyer();
    const book = await course('physical');
    const mine = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;
    const theirs = (await call('POST', '/private/shipping/addresses', b, ADDRESS_INPUT)).body.data.id;

    const nothing = await order(a, book);
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.code).toBe('SHIPPING_ADDRESS_REQUIRED');
    expect(nothing.body.error.msg).toBe('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    expect((await order(a, book, { shipping_address_id: theirs, shipping_fee_id: fees.ems })).body.error.code).toBe('SHIPPING_ADDRESS_REQUIRED');
    const noMethod = await order(a, book, { shipping_address_id: mine });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.error.code).toBe('SHIPPING_METHOD_REQUIRED');
    expect((await order(a, book, { shipping_address_id: mine, shipping_fee_id: fees.disabled })).body.error.code).toBe('SHIPPING_METHOD_REQUIRED');
    expect(await db(ORDER).count({ where: { user: { id: a.id } } })).toBe(0);
  });

  it('is priced with the fee from the server’s records, and keeps the address and method', async () => {
    const a = await buyer();
    const book = await course('physical');
    const address = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;
    const res = await order(a, book, { shipping_address_id: address, shipping_fee_id: fees.ems, price: 1, shipping_fee: '0' });
    expect(res.status).toBe(201);
    // 1,490.00 + 80.00 EMS = 1,570.00
    expect(res.body.order_detail).toMatchObject({ price: 1490, discount: 0, shipping_fee: 80, net: 1570, payment_status: 'notYetReceived' });
    expect(await storedShipping(res.body.orderId)).toEqual({ shipping_fee: 8000, net: 157000, addressId: address, feeId: fees.ems });
  });
});

describe('the cart', () => {
  it('says which lines ship: the course with a printed book does, the one with an e-book does not', async () => {
    const a = await buyer();
    const book = await course('physical');
    const ebook = await course('ebook');
    await call('POST', '/private/cart', a, { course_id: book.courseId, pricingplan_id: book.planId });
    await call('POST', '/private/cart', a, { course_id: ebook.courseId, pricingplan_id: ebook.planId });
    const cart = await call('GET', '/private/cart', a);
    expect(cart.status).toBe(200);
    expect(cart.body.data.map((line: { course_id: number; ships_item: boolean }) => [line.course_id, line.ships_item])).toEqual([
      [book.courseId, true],
      [ebook.courseId, false],
    ]);
  });
});

describe('an order of a course with an e-book', () => {
  it('ships nothing: no address is needed and a fee sent along is not charged', async () => {
    const a = await buyer();
    const ebook = await course('ebook');
    const address = (await call('POST', '/private/shipping/addresses', a, ADDRESS_INPUT)).body.data.id;
    const res = await order(a, ebook, { shipping_address_id: address, shipping_fee_id: fees.ems, shipping_fee: '80' });
    expect(res.status).toBe(201);
    expect(res.body.order_detail).toMatchObject({ price: 1490, shipping_fee: 0, net: 1490 });
    expect(await storedShipping(res.body.orderId)).toEqual({ shipping_fee: 0, net: 149000, addressId: null, feeId: null });
  });
});
