/**
 * GET /private/orders: a student's own orders for "my orders" and the thank-you page, over
 * HTTP on a booted CMS with the demo data. Only the caller's orders, never anyone else's,
 * with the CMS's amounts and the latest report (and the reason the shop gave for a rejection).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const USER = 'plugin::users-permissions.user';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
/** A real 8x8 JPEG. */
const jpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqH/9k=',
  'base64',
);

type Person = Buyer;

let cms: TestStrapi;
let smtp: TestSmtp;
let admin: Person;
let accountNumber: string;
let n = 0;

const db = (uid: string) => cms.strapi.db.query(uid);
const jwtFor = (id: number) => cms.strapi.plugin('users-permissions').service('jwt').issue({ id });

const person = () => createBuyer(cms, 'own.orders', { firstname: 'สมศรี', lastname: 'ทดสอบ' });

const call = jsonCaller(() => cms);

/** A published course with one plan of `price` satang; returns ids. */
async function course(price: number): Promise<{ courseId: number; planId: number; title: string }> {
  const id = ++n;
  const title = `คอร์สคำสั่งซื้อของฉัน ${id}`;
  const row = await db(COURSE).create({ data: { title, slug: `own-orders-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: row.id },
  });
  return { courseId: row.id, planId: plan.id, title };
}

async function order(who: Person, price: number): Promise<{ orderId: number; token: string; title: string }> {
  const fixture = await course(price);
  const placed = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [fixture.courseId], pricingplan_id: [fixture.planId], payment_method_id: 1, price: 1 });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { orderId: placed.body.orderId, token: placed.body.order_detail.order_token, title: fixture.title };
}

async function report(who: Person, orderId: number, amount: string): Promise<number> {
  const form = new FormData();
  form.append('imageinput0', new Blob([jpeg], { type: 'image/jpeg' }), 'slip.jpg');
  const uploaded = (await (await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.jwt}` } })).json()) as { fileName: string[] };
  const res = await call('POST', '/private/payment/report', who, {
    order_id: orderId,
    payment_method_id: 1,
    contact_name: 'สมศรี ทดสอบ',
    bank_account: accountNumber,
    bank_code: 'SCB',
    transfer_datetime: '2026-11-25',
    time: '10:00:00',
    transfer_amount: amount,
    slip: uploaded.fileName,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.orderPaymentId;
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: smtp.env });
  const shopAdmin = await db(USER).findOne({ where: { username: 'demo.admin' }, select: ['id', 'email'] });
  admin = { id: shopAdmin.id, email: shopAdmin.email, jwt: jwtFor(shopAdmin.id) };
  const method = await db('api::payment-method.payment-method').findOne({ where: { method_id: 1 }, select: ['id'] });
  const account = await db('api::bank-account.bank-account').findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['account_id'], orderBy: { id: 'asc' } });
  accountNumber = account.account_id;
}, 300_000);

afterAll(async () => {
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
  await smtp?.stop();
});

describe('GET /private/orders', () => {
  it('lists only the caller’s own orders, newest first, with the CMS’s amounts, lines and token', async () => {
    const buyer = await person();
    const other = await person();
    const first = await order(buyer, 120000);
    const second = await order(buyer, 350050);
    const foreign = await order(other, 99900);

    const res = await call('GET', '/private/orders', buyer);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((item: { id: number }) => item.id)).toEqual([second.orderId, first.orderId]);
    expect(res.body.pagination).toEqual({ page: 1, pageSize: 10, total: 2 });
    expect(res.body.data[0]).toMatchObject({
      id: second.orderId,
      order_token: second.token,
      payment_status: 'notYetReceived',
      price: 3500.5,
      discount: 0,
      net: 3500.5,
      currency_code: 'THB',
      payment_method_id: 1,
      order_course_list: [{ title: second.title, net: 3500.5, course_slug: expect.stringMatching(/^own-orders-\d+$/) }],
      last_report: null,
    });
    expect(Date.parse(res.body.data[0].createdAt)).not.toBeNaN();
    // nothing of the buyer's account beyond the order itself
    expect(res.body.data[0]).not.toHaveProperty('email');
    expect(JSON.stringify(res.body)).not.toContain(String(foreign.token));
  });

  it('finds an own order by its token, and nothing for another buyer’s token', async () => {
    const buyer = await person();
    const other = await person();
    const mine = await order(buyer, 50000);
    const theirs = await order(other, 50000);

    const own = await call('GET', `/private/orders?order_token=${encodeURIComponent(mine.token)}`, buyer);
    expect(own.status).toBe(200);
    expect(own.body.data.map((item: { id: number }) => item.id)).toEqual([mine.orderId]);

    const foreign = await call('GET', `/private/orders?order_token=${encodeURIComponent(theirs.token)}`, buyer);
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
    expect(foreign.body.pagination.total).toBe(0);
  });

  it('pages the list and refuses a page size above 40 with INPUT_ERROR', async () => {
    const buyer = await person();
    for (let i = 0; i < 3; i += 1) await order(buyer, 10000 + i);
    const page2 = await call('GET', '/private/orders?page=2&pageSize=2', buyer);
    expect(page2.status).toBe(200);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination).toEqual({ page: 2, pageSize: 2, total: 3 });
    const tooMany = await call('GET', '/private/orders?pageSize=500', buyer);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('INPUT_ERROR');
  });

  it('answers 401 PERMISSION_DENIED without a session', async () => {
    const res = await call('GET', '/private/orders', null);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
  });

  it('shows the report’s review: pending after the report, then rejected with the shop’s reason', async () => {
    const buyer = await person();
    const placed = await order(buyer, 150000);
    const reportId = await report(buyer, placed.orderId, '1500.00');

    const pending = await call('GET', '/private/orders', buyer);
    expect(pending.body.data[0]).toMatchObject({ id: placed.orderId, payment_status: 'pendingApproved', last_report: { id: reportId, status: 'pending', reject_reason: null } });

    const rejected = await call('POST', '/private/orders/payment/rejected', admin, { order_payment_id: reportId, order_id: placed.orderId, reason: 'ยอดเงินในสลิปไม่ตรงกับยอดชำระ' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);

    const after = await call('GET', '/private/orders', buyer);
    expect(after.body.data[0]).toMatchObject({
      id: placed.orderId,
      payment_status: 'rejected',
      last_report: { id: reportId, status: 'rejected', reject_reason: 'ยอดเงินในสลิปไม่ตรงกับยอดชำระ' },
    });
    const [mail] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('ไม่ผ่านการตรวจสอบ'));
    expect(mail.text).toContain('ยอดเงินในสลิปไม่ตรงกับยอดชำระ');
  });
});
