/**
 * The shop's review of bank-transfer reports: the pending list, approval and rejection,
 * over HTTP on a booted CMS with the demo data and a real SMTP server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { createBuyer, jsonCaller, type Answer, type Buyer } from './helpers/api';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const REPORT = 'api::payment-report.payment-report';
const USER = 'plugin::users-permissions.user';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
/** A real 8x8 JPEG. */
const jpeg = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCQAIqH/9k=',
  'base64',
);

type Person = Buyer;
type Fixture = { courseId: number; planId: number };
type Reported = { orderId: number; token: string; reportId: number; slip: string };

let cms: TestStrapi;
let smtp: TestSmtp;
let admin: Person;
let accountNumber: string;
let n = 0;

const db = (uid: string) => cms.strapi.db.query(uid);
const jwtFor = (id: number) => cms.strapi.plugin('users-permissions').service('jwt').issue({ id });

const person = () => createBuyer(cms, 'review.buyer', { firstname: 'สมชาย', lastname: 'ทดสอบ' });

const call = jsonCaller(() => cms);

async function course(fields: Record<string, unknown> = {}): Promise<Fixture> {
  const id = ++n;
  const row = await db(COURSE).create({ data: { title: `คอร์สทดสอบตรวจสลิป ${id}`, slug: `review-fixture-${id}`, course_type: 'Online', is_published: true, ...fields } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 350000, course: row.id },
  });
  return { courseId: row.id, planId: plan.id };
}

async function placeOrder(who: Person, fixture: Fixture): Promise<Answer> {
  return call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [fixture.courseId], pricingplan_id: [fixture.planId], payment_method_id: 1, price: 0 });
}

/** A buyer orders the course and reports a transfer with a slip. */
async function reported(who: Person, fixture?: Fixture): Promise<Reported> {
  const placed = await placeOrder(who, fixture ?? (await course()));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const form = new FormData();
  form.append('imageinput0', new Blob([jpeg], { type: 'image/jpeg' }), 'slip.jpg');
  const uploaded = (await (await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.jwt}` } })).json()) as { fileName: string[] };
  const slip = uploaded.fileName[0];
  const res = await call('POST', '/private/payment/report', who, {
    order_id: placed.body.orderId,
    payment_method_id: 1,
    contact_name: 'สมชาย ทดสอบ',
    bank_account: accountNumber,
    bank_code: 'SCB',
    transfer_datetime: '2026-11-25',
    time: '10:00:00',
    transfer_amount: '3500.00',
    slip: [slip],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { orderId: placed.body.orderId, token: placed.body.order_detail.order_token, reportId: res.body.orderPaymentId, slip };
}

const approval = (r: Reported) => ({ order_payment_id: r.reportId, order_id: r.orderId, approve_by: 'someone-else', payment_method_id: 1 });

async function orderStatus(orderId: number): Promise<string> {
  return (await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state;
}

async function seatsTaken(courseId: number): Promise<number> {
  return (await db(COURSE).findOne({ where: { id: courseId }, select: ['seats_taken'] })).seats_taken ?? 0;
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: smtp.env });
  const shopAdmin = await db(USER).findOne({ where: { username: 'demo.admin' }, select: ['id', 'email'] });
  admin = { id: shopAdmin.id, email: shopAdmin.email, jwt: jwtFor(shopAdmin.id) };
  const method = await db('api::payment-method.payment-method').findOne({ where: { method_id: 1 }, select: ['id'] });
  const account = await db('api::bank-account.bank-account').findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['account_id'], orderBy: { id: 'asc' } });
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

describe('who may review', () => {
  it('answers 403 to a student who tries to approve, even their own report, and changes nothing', async () => {
    const buyer = await person();
    const report = await reported(buyer);
    const res = await call('POST', '/private/orders/payment/approved', buyer, approval(report));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
    expect(await orderStatus(report.orderId)).toBe('pendingApproved');
    expect((await db(REPORT).findOne({ where: { id: report.reportId }, select: ['state'] })).state).toBe('pending');
    expect((await call('POST', '/private/orders/payment/rejected', buyer, approval(report))).status).toBe(403);
    expect((await call('GET', '/private/payments/reports', buyer)).status).toBe(403);
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/private/orders/payment/approved', null, { order_payment_id: 1, order_id: 1 })).status).toBe(401);
    expect((await call('GET', '/private/payments/reports', null)).status).toBe(401);
  });
});

describe('GET /private/payments/reports', () => {
  it('lists pending reports with their slips for the review page', async () => {
    const buyer = await person();
    const report = await reported(buyer);
    const res = await call('GET', '/private/payments/reports?status=pending&pageSize=100', admin);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const item = res.body.data.find((r: { id: number }) => r.id === report.reportId);
    expect(item).toMatchObject({
      order_id: report.orderId,
      order_token: report.token,
      order_status: 'pendingApproved',
      status: 'pending',
      payment_method_id: 1,
      bank_code: 'SCB',
      bank_account: { account_id: accountNumber },
      transfer_datetime: '2026-11-25T03:00:00.000Z',
      transfer_amount: 3500,
      amount_to_pay: 3500,
      student: { id: buyer.id, email: buyer.email },
      slip: [{ name: report.slip, url: `/private/files/${report.slip}` }],
    });
    expect(res.body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(res.body.pagination).toMatchObject({ page: 1, pageSize: 100 });
    // the slip is read with the reviewer's token; the public folder does not serve it
    const slip = await fetch(`${cms.url}${item.slip[0].url}`, { headers: { authorization: `Bearer ${admin.jwt}` } });
    expect(slip.status).toBe(200);
    expect(slip.headers.get('content-type')).toBe('image/jpeg');
    expect(slip.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${cms.url}/uploads/${report.slip}`)).status).toBe(404);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await call('GET', '/private/payments/reports?status=paid', admin);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', errors: { status: [expect.any(String)] } });
  });
});

describe('POST /private/orders/payment/approved', () => {
  it('approves the report and the order for demo.admin, answers the order token and mails the student', async () => {
    const buyer = await person();
    const report = await reported(buyer);

    const res = await call('POST', '/private/orders/payment/approved', admin, approval(report));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, order_token: report.token });
    expect(await orderStatus(report.orderId)).toBe('approved');
    const stored = await db(REPORT).findOne({ where: { id: report.reportId }, select: ['state', 'approve_by', 'approved_at'] });
    expect(stored).toMatchObject({ state: 'approved', approve_by: 'demo.admin' });
    expect(stored.approved_at).toBeTruthy();
    const [mail] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('ยืนยันการชำระเงิน'));
    expect(mail.subject).toBe(`ยืนยันการชำระเงิน คำสั่งซื้อเลขที่ ${report.orderId}`);
    expect(mail.text).toContain('การชำระเงินของคุณได้รับการอนุมัติแล้ว');
    expect(mail.text).toContain('ยอดชำระ: ฿3,500.00');

    const twice = await call('POST', '/private/orders/payment/approved', admin, approval(report));
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('ORDER_STATE_CONFLICT');
  });

  it('answers 404 when the report is not of that order', async () => {
    const a = await reported(await person());
    const b = await reported(await person());
    const res = await call('POST', '/private/orders/payment/approved', admin, { ...approval(a), order_id: b.orderId });
    expect(res.status).toBe(404);
    expect(await orderStatus(a.orderId)).toBe('pendingApproved');
    expect(await orderStatus(b.orderId)).toBe('pendingApproved');
  });

  it('refuses a payload without ids with 400', async () => {
    const res = await call('POST', '/private/orders/payment/approved', admin, { order_id: 'abc' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /private/orders/payment/rejected', () => {
  it('rejects the report and the order, gives the seat back and mails the student the reason', async () => {
    const fixture = await course({ course_type: 'In-class', seat: 1, seats_taken: 0 });
    const buyer = await person();
    const report = await reported(buyer, fixture);
    expect(await seatsTaken(fixture.courseId)).toBe(1);
    const waiting = await person();
    const full = await placeOrder(waiting, fixture);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('NO_MORE_SEAT');

    const res = await call('POST', '/private/orders/payment/rejected', admin, { order_payment_id: report.reportId, order_id: report.orderId, reason: 'ยอดเงินในสลิปไม่ตรงกับคำสั่งซื้อ' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, order_token: report.token });
    expect(await orderStatus(report.orderId)).toBe('rejected');
    expect(await db(REPORT).findOne({ where: { id: report.reportId }, select: ['state', 'approve_by'] })).toMatchObject({ state: 'rejected', approve_by: 'demo.admin' });
    expect(await seatsTaken(fixture.courseId)).toBe(0);
    const [mail] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('ไม่ผ่านการตรวจสอบ'));
    expect(mail.subject).toBe(`การแจ้งชำระเงินไม่ผ่านการตรวจสอบ คำสั่งซื้อเลขที่ ${report.orderId}`);
    expect(mail.text).toContain('เหตุผล: ยอดเงินในสลิปไม่ตรงกับคำสั่งซื้อ');

    // the freed seat can be bought again
    expect((await placeOrder(waiting, fixture)).status).toBe(201);
    expect(await seatsTaken(fixture.courseId)).toBe(1);

    const approveRejected = await call('POST', '/private/orders/payment/approved', admin, approval(report));
    expect(approveRejected.status).toBe(409);
    expect(await orderStatus(report.orderId)).toBe('rejected');
  });
});
