/**
 * Filing a bank-transfer report (private and public calls) and the payment-notification
 * mail, over HTTP on a booted CMS with the demo data (bank accounts, origin banks, slip
 * setting on) and a real SMTP server. Orders are placed through the checkout call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const REPORT = 'api::payment-report.payment-report';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
/** A real 8x8 PNG, as a phone's screenshot of a transfer would be (only smaller). */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

type Person = Buyer;
type PlacedOrder = { id: number; token: string };

let cms: TestStrapi;
let smtp: TestSmtp;
let n = 0;
let accountId: number;
let accountNumber: string;

const db = (uid: string) => cms.strapi.db.query(uid);

const person = () => createBuyer(cms, 'report.buyer', { firstname: 'สมหญิง', lastname: 'ทดสอบ' });

const call = jsonCaller(() => cms);

/** An order of one course at 1,070.00 baht, placed by the buyer through the checkout. */
async function placeOrder(who: Person): Promise<PlacedOrder> {
  const id = ++n;
  const course = await db(COURSE).create({ data: { title: `คอร์สทดสอบแจ้งโอน ${id}`, slug: `report-fixture-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 107000, course: course.id },
  });
  const res = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.orderId, token: res.body.order_detail.order_token };
}

async function uploadSlip(who?: Person | null): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([png], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: who ? { authorization: `Bearer ${who.jwt}` } : await visitorUploadHeaders(cms.url) });
  const body = (await res.json()) as { fileName: string[] };
  expect(res.status).toBe(200);
  return body.fileName[0];
}

function reportBody(orderId: number, slip: string, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: orderId,
    payment_method_id: 1,
    contact_name: 'สมหญิง ทดสอบ',
    email: 'somying@sala.test',
    tel: '0891234567',
    bank_account: String(accountId),
    bank_code: 'KBANK',
    transfer_datetime: '2026-11-25',
    time: '10:00:00',
    transfer_amount: '1070.00',
    description: 'โอนผ่านแอปธนาคาร',
    address: '-',
    slip: [slip],
    ...change,
  };
}

async function orderStatus(orderId: number): Promise<string> {
  return (await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state;
}

async function reportsOf(orderId: number): Promise<number> {
  return db(REPORT).count({ where: { order: { id: orderId } } });
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: { ...smtp.env, SHOP_EMAIL: 'shop@sala.test' } });
  const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
  const account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id', 'account_id'], orderBy: { id: 'asc' } });
  accountId = account.id;
  accountNumber = account.account_id;
});

afterAll(async () => {
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
  await smtp?.stop();
});

describe('POST /private/payment/report', () => {
  it('files a pending report with the slip and moves the order to pendingApproved', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const slip = await uploadSlip(buyer);

    const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, slip, { status: 'approved' }));

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, orderPaymentId: expect.any(Number), order_token: order.token });
    expect(await orderStatus(order.id)).toBe('pendingApproved');
    const stored = await db(REPORT).findOne({
      where: { id: res.body.orderPaymentId },
      populate: { order: { select: ['id'] }, user: { select: ['id'] }, bank_account: { select: ['id'] }, slip: { select: ['name', 'url'] }, payment_method: { select: ['method_id'] } },
    });
    expect(stored).toMatchObject({
      state: 'pending',
      order: { id: order.id },
      user: { id: buyer.id },
      payment_method: { method_id: 1 },
      bank_account: { id: accountId },
      bank_code: 'KBANK',
      transfer_amount: 107000,
      contact_name: 'สมหญิง ทดสอบ',
      address: '-',
      slip: [{ name: slip, url: `/uploads/${slip}` }],
    });
  });

  it('stores the Thai transfer time as UTC: 2026-11-25 10:00:00 in Bangkok is 03:00Z', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, await uploadSlip(buyer)));
    const stored = await db(REPORT).findOne({ where: { id: res.body.orderPaymentId }, select: ['transfer_datetime', 'time'] });
    expect(new Date(stored.transfer_datetime).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(stored.time).toBe('03:00:00');
  });

  it('moves a transfer made just after midnight in Bangkok back to the previous day in UTC', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, await uploadSlip(buyer), { transfer_datetime: '2026-01-01', time: '05:30' }));
    expect(res.status).toBe(201);
    const stored = await db(REPORT).findOne({ where: { id: res.body.orderPaymentId }, select: ['transfer_datetime', 'time'] });
    expect(new Date(stored.transfer_datetime).toISOString()).toBe('2025-12-31T22:30:00.000Z');
    expect(stored.time).toBe('22:30:00');
  });

  describe('checks the report in the order of the spec, one message at a time, and changes nothing', () => {
    let buyer: Person;
    let order: PlacedOrder;
    let slip: string;

    beforeAll(async () => {
      buyer = await person();
      order = await placeOrder(buyer);
      slip = await uploadSlip(buyer);
    });

    it.each([
      ['no slip', { slip: [] }, 'slip', 'กรุณาอัพโหลดหลักฐานการโอนเงิน'],
      ['no slip and no amount: the slip comes first', { slip: [], transfer_amount: '' }, 'slip', 'กรุณาอัพโหลดหลักฐานการโอนเงิน'],
      ['no amount', { transfer_amount: '' }, 'transfer_amount', 'กรุณากรอกจำนวนเงินที่โอน'],
      ['no amount and no bank: the amount comes first', { transfer_amount: '', bank_code: '' }, 'transfer_amount', 'กรุณากรอกจำนวนเงินที่โอน'],
      ['an amount that is not a number', { transfer_amount: '1,070' }, 'transfer_amount', 'กรุณากรอกจำนวนเงินเป็นตัวเลข'],
      ['no origin bank', { bank_code: '' }, 'bank_code', 'กรุณาเลือกธนาคารต้นทางที่โอน'],
      ['no origin bank and no account: the bank comes first', { bank_code: '', bank_account: '' }, 'bank_code', 'กรุณาเลือกธนาคารต้นทางที่โอน'],
      ['no account', { bank_account: '' }, 'bank_account', 'กรุณาเลือกเลขบัญชีที่โอน'],
      ['no date', { transfer_datetime: '' }, 'transfer_datetime', 'กรุณากรอกวันที่ที่โอนเงิน'],
      ['no date and no time: the date comes first', { transfer_datetime: '', time: '' }, 'transfer_datetime', 'กรุณากรอกวันที่ที่โอนเงิน'],
      ['no time', { time: '' }, 'time', 'กรุณากรอกเวลาที่โอนเงิน'],
      ['a date that does not exist', { transfer_datetime: '2026-02-30' }, 'transfer_datetime', 'กรุณากรอกวันที่ที่โอนเงิน'],
      ['an origin bank that does not exist', { bank_code: 'NOBANK' }, 'bank_code', 'กรุณาเลือกธนาคารต้นทางที่โอน'],
      ['an account that is not the shop’s', { bank_account: '000-0-00000-0' }, 'bank_account', 'กรุณาเลือกเลขบัญชีที่โอน'],
      ['a slip name the server never gave out', { slip: ['0123456789abcdef0123456789abcdef.png'] }, 'slip', 'กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'],
      ['a path instead of a slip name', { slip: ['../../config/database.ts'] }, 'slip', 'กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'],
    ])('%s', async (_label, change, field, message) => {
      const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, slip, change));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', msg: 'คุณกรอกข้อมูลไม่ถูกต้อง', errors: { [field]: [message] }, requestId: expect.any(String) } });
      expect(await reportsOf(order.id)).toBe(0);
      expect(await orderStatus(order.id)).toBe('notYetReceived');
    });

    it('takes the account number as well as the account id', async () => {
      const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, slip, { bank_account: accountNumber }));
      expect(res.status).toBe(201);
    });
  });

  it('answers 404 for another student’s order and changes nothing', async () => {
    const owner = await person();
    const other = await person();
    const order = await placeOrder(owner);
    const res = await call('POST', '/private/payment/report', other, reportBody(order.id, await uploadSlip(other)));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(await reportsOf(order.id)).toBe(0);
    expect(await orderStatus(order.id)).toBe('notYetReceived');
    expect((await call('POST', '/private/payment/report', other, reportBody(99999999, 'x.png'))).status).toBe(404);
  });

  it('refuses a slip uploaded by another student', async () => {
    const buyer = await person();
    const other = await person();
    const order = await placeOrder(buyer);
    const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, await uploadSlip(other)));
    expect(res.status).toBe(400);
    expect(res.body.error.errors).toEqual({ slip: ['กรุณาอัพโหลดหลักฐานการโอนเงินอีกครั้ง'] });
    expect(await reportsOf(order.id)).toBe(0);
  });

  it('takes a slip uploaded before signing in, which then belongs to the student', async () => {
    const buyer = await person();
    const other = await person();
    const order = await placeOrder(buyer);
    const slip = await uploadSlip(null);
    expect((await call('POST', '/private/payment/report', buyer, reportBody(order.id, slip))).status).toBe(201);
    const record = await db(RECORD).findOne({ where: { name: slip }, populate: { owner: { select: ['id'] } } });
    expect(record.owner.id).toBe(buyer.id);
    const otherOrder = await placeOrder(other);
    expect((await call('POST', '/private/payment/report', other, reportBody(otherOrder.id, slip))).status).toBe(400);
  });

  it('asks for a session', async () => {
    const res = await call('POST', '/private/payment/report', null, reportBody(1, 'x.png'));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
  });

  it('refuses a report on an approved order with ORDER_STATE_CONFLICT', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    await cms.strapi.service('api::checkout.order-state').approve({ orderId: order.id, by: 'payment' });
    const res = await call('POST', '/private/payment/report', buyer, reportBody(order.id, await uploadSlip(buyer)));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_STATE_CONFLICT');
    expect(await reportsOf(order.id)).toBe(0);
  });
});

describe('POST /public/payment/report', () => {
  it('files the report of whoever holds the order token, without a session', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const slip = await uploadSlip(null);
    const res = await call('POST', '/public/payment/report', null, { ...reportBody(order.id, slip), order_token: order.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, orderPaymentId: expect.any(Number), order_token: order.token });
    expect(await orderStatus(order.id)).toBe('pendingApproved');
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'not-the-token-of-this-order-at-all'],
    ['an empty token', ''],
  ])('answers 404 with %s and changes nothing', async (_label, token) => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await call('POST', '/public/payment/report', null, { ...reportBody(order.id, await uploadSlip(null)), order_token: token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(await reportsOf(order.id)).toBe(0);
  });

  it('does not take another order’s token', async () => {
    const a = await placeOrder(await person());
    const b = await placeOrder(await person());
    const res = await call('POST', '/public/payment/report', null, { ...reportBody(a.id, await uploadSlip(null)), order_token: b.token });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/send/to/email/paymentorder', () => {
  it('mails the student and the shop in Thai with the amount of the order, not the one posted', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const filed = await call('POST', '/private/payment/report', buyer, reportBody(order.id, await uploadSlip(buyer)));
    expect(filed.status).toBe(201);

    const res = await call('POST', '/api/send/to/email/paymentorder', buyer, {
      fullname: 'สมหญิง ทดสอบ',
      orderId: order.id,
      email: 'attacker@example.com',
      description: 'โอนผ่านแอปธนาคาร',
      bank_account: String(accountId),
      bank_code: 'KBANK',
      amount: '1.00',
      telephone: '0891234567',
      date: '2026-11-25',
      time: '10:00:00',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const [toStudent] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('ได้รับการแจ้งชำระเงิน'));
    const [toShop] = await smtp.waitFor((m) => m.to.includes('shop@sala.test') && m.subject.includes(String(order.id)));
    expect(toStudent.subject).toBe(`ได้รับการแจ้งชำระเงิน คำสั่งซื้อเลขที่ ${order.id}`);
    expect(toStudent.text).toContain('เราได้รับการแจ้งชำระเงินของคุณแล้ว');
    expect(toStudent.text).toContain('ยอดชำระ: ฿1,070.00');
    expect(toStudent.text).toContain('วันที่โอนเงิน: 2026-11-25 10:00:00');
    expect(toStudent.text).toContain('ธนาคารต้นทางที่โอน: ธนาคารกสิกรไทย');
    expect(toStudent.text).not.toContain('1.00 ');
    expect(toShop.subject).toBe(`มีการแจ้งชำระเงินใหม่ คำสั่งซื้อเลขที่ ${order.id}`);
    expect(toShop.text).toContain('ยอดชำระ: ฿1,070.00');
    expect(toShop.text).toContain(buyer.email);
    // the shop reads the slip on the storefront's review page, never at a public address
    expect(toShop.text).toMatch(/\/admin\/payments\/slip\/[0-9a-f]{32}\.png/);
    expect(toShop.text).not.toContain('/uploads/');
    expect(smtp.mails.some((m) => m.to.includes('attacker@example.com'))).toBe(false);

    const again = await call('POST', '/api/send/to/email/paymentorder', buyer, { orderId: order.id });
    expect(again.status).toBe(429);
  });

  it('answers 404 for another student’s order and sends nothing', async () => {
    const owner = await person();
    const other = await person();
    const order = await placeOrder(owner);
    await call('POST', '/private/payment/report', owner, reportBody(order.id, await uploadSlip(owner)));
    // the order-placed mail (ADR 204) may still be on its way; only the notification mails count here
    const notifications = () => smtp.mails.filter((m) => !m.subject.startsWith('รอการชำระเงิน')).length;
    const before = notifications();
    const res = await call('POST', '/api/send/to/email/paymentorder', other, { orderId: order.id, amount: '1.00' });
    expect(res.status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(notifications()).toBe(before);
  });

  it('sends nothing before a report is filed', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await call('POST', '/api/send/to/email/paymentorder', buyer, { orderId: order.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_STATE_CONFLICT');
  });

  it('refuses a payload without an order id with 400', async () => {
    const buyer = await person();
    const res = await call('POST', '/api/send/to/email/paymentorder', buyer, { fullname: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', errors: { orderId: [expect.any(String)] } });
  });
});
