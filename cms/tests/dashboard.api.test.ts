/**
 * "At a glance" on the Strapi admin's home page (ADR 171), over HTTP on a booted CMS with the
 * demo data: an order placed, a transfer report filed and approved through the shop's own calls
 * move the figures; the call wants an admin, and each part read access to what it counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, signInAdmin } from './helpers/admin';
import { createBuyer, jsonCaller } from './helpers/api';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const USER = 'plugin::users-permissions.user';
const RECORD = 'api::storage.upload-record';
/** A real 8x8 PNG: the transfer slip. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

let cms: TestStrapi;
let smtp: TestSmtp;
let admin: { token: string };
const call = jsonCaller(() => cms);
const db = (uid: string) => cms.strapi.db.query(uid);

async function glance(token: string | null = admin.token) {
  const answer = await adminGet(cms, '/sala-admin/at-a-glance', token);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const baht = (figures: { orders: { revenue: { amount: number; currency: string }[] } }) => figures.orders.revenue.find((total) => total.currency === 'THB')?.amount;

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: smtp.env });
  admin = await signInAdmin(cms);
});

afterAll(async () => {
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(CMS_DIR, 'public', 'uploads', name), { force: true });
  }
  await cms?.stop();
  await smtp?.stop();
});

describe('GET /sala-admin/at-a-glance', () => {
  it('counts an order placed today, a report waiting for review, and the revenue once the shop approves it', async () => {
    const before = await glance();
    expect(before.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const buyer = await createBuyer(cms, 'glance.buyer', { firstname: 'สมหญิง', lastname: 'ทดสอบ' });
    const course = await db(COURSE).create({ data: { title: 'คอร์สนับยอดวันนี้', slug: 'glance-course', course_type: 'Online', is_published: true } });
    const plan = await db(PLAN).create({
      data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 107000, course: course.id },
    });
    const placed = await call('POST', '/private/cart/order', buyer, { user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const afterOrder = await glance();
    expect(afterOrder.orders.placed).toBe(before.orders.placed + 1);
    expect(baht(afterOrder)).toBe(baht(before));

    const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
    const account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id'], orderBy: { id: 'asc' } });
    const form = new FormData();
    form.append('imageinput0', new Blob([png], { type: 'image/png' }), 'slip.png');
    const upload = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${buyer.jwt}` } });
    expect(upload.status).toBe(200);
    const slip = ((await upload.json()) as { fileName: string[] }).fileName[0];
    const report = await call('POST', '/private/payment/report', buyer, {
      slip: [slip],
      order_id: placed.body.orderId,
      payment_method_id: 1,
      contact_name: 'สมหญิง ทดสอบ',
      email: 'somying@sala.test',
      tel: '0891234567',
      bank_account: String(account.id),
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-25',
      time: '10:00:00',
      transfer_amount: '1070.00',
      description: 'โอนผ่านแอปธนาคาร',
      address: '-',
    });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
    expect((await glance()).reports.waiting).toBe(before.reports.waiting + 1);

    const shopAdmin = await db(USER).findOne({ where: { username: 'demo.admin' }, select: ['id'] });
    const shop = { jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: shopAdmin.id }) };
    const approved = await call('POST', '/private/orders/payment/approved', shop, { order_payment_id: report.body.orderPaymentId, order_id: placed.body.orderId, payment_method_id: 1 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const after = await glance();
    expect(after.reports.waiting).toBe(before.reports.waiting);
    expect(after.orders.paid).toBe(before.orders.paid + 1);
    expect(baht(after)).toBe((baht(before) ?? 0) + 107000);
  });

  it('lists published courses with few seats left, fullest first, and leaves roomy or unpublished ones out', async () => {
    const make = (title: string, seat: number, taken: number, published = true) =>
      db(COURSE).create({ data: { title, slug: `glance-${seat}-${taken}-${published}`, course_type: 'In-class', is_published: published, seat, seats_taken: taken } });
    const almost = await make('คอร์สเหลือสองที่', 10, 8);
    const full = await make('คอร์สเต็มแล้ว', 10, 10);
    const roomy = await make('คอร์สที่ยังว่างมาก', 10, 5);
    const hidden = await make('คอร์สยังไม่เผยแพร่', 10, 9, false);

    const { nearlyFull } = (await glance()).courses;
    const ids = nearlyFull.map((course: { id: number }) => course.id);
    expect(nearlyFull.find((course: { id: number }) => course.id === almost.id)).toMatchObject({ title: 'คอร์สเหลือสองที่', seats: 10, seatsLeft: 2 });
    expect(ids.indexOf(full.id)).toBeLessThan(ids.indexOf(almost.id));
    expect(ids).not.toContain(roomy.id);
    expect(ids).not.toContain(hidden.id);
  });

  it('answers 401 without an admin token, and nothing but the date to an admin who may read none of it', async () => {
    expect((await adminGet(cms, '/sala-admin/at-a-glance', null)).status).toBe(401);
    const role = await cms.strapi.service('admin::role').create({ name: 'ไม่มีสิทธิ์ดูยอดขาย', description: 'ทดสอบ' });
    const stranger = await signInAdmin(cms, [role.id]);
    expect(await glance(stranger.token)).toEqual({ date: expect.any(String), orders: null, reports: null, courses: null });
  });
});
