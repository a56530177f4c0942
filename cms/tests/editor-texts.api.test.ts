/**
 * The texts editors change in the admin (the `text` collection) reach what the CMS builds
 * itself: the message of a refusal, a field's validation message and a payment mail. The
 * editor changes a text the way the admin does, through the content manager, and the next
 * answer or mail carries it (docs/decisions/184).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './helpers/admin';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const TEXT = 'api::text.text';
const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');

let cms: TestStrapi;
let smtp: TestSmtp;
let adminToken: string;
const call = jsonCaller(() => cms);
const db = (uid: string) => cms.strapi.db.query(uid);

/** What an editor does in the admin: find the key's entry in the locale and save a new value. */
async function editText(key: string, value: string, locale: 'th' | 'en' = 'th'): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const base = `${cms.url}/content-manager/collection-types/${TEXT}`;
  const list = await fetch(`${base}?locale=${locale}&page=1&pageSize=10&filters[$and][0][key][$eq]=${encodeURIComponent(key)}`, { headers });
  expect(list.status).toBe(200);
  const [entry] = ((await list.json()) as { results: { documentId: string }[] }).results;
  expect(entry, `the text ${key}`).toBeDefined();
  const saved = await fetch(`${base}/${entry.documentId}?locale=${locale}`, { method: 'PUT', headers, body: JSON.stringify({ key, value }) });
  expect(saved.status, await saved.text()).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: { ...smtp.env, SHOP_EMAIL: 'shop@sala.test' } });
  adminToken = (await signInAdmin(cms)).token;
});

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
});

describe('the editors’ texts in what the CMS builds', () => {
  it('a refusal’s message is the text the editor saved, in Thai; English keeps its own', async () => {
    const before = await call('POST', '/public/cart/getCouponByCouponCode', null, { coupon_code: 'NO-SUCH-CODE' });
    expect(before.status).toBe(404);
    expect(before.body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'ไม่พบข้อมูลที่ต้องการ' });

    await editText('error_not_found', 'ขออภัย ไม่พบรายการที่คุณค้นหา');
    const after = await call('POST', '/public/cart/getCouponByCouponCode', null, { coupon_code: 'NO-SUCH-CODE' });
    expect(after.status).toBe(404);
    expect(after.body.error).toMatchObject({ code: 'NOT_FOUND', msg: 'ขออภัย ไม่พบรายการที่คุณค้นหา' });

    const english = await fetch(`${cms.url}/public/cart/getCouponByCouponCode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      body: JSON.stringify({ coupon_code: 'NO-SUCH-CODE' }),
    });
    expect(((await english.json()) as { error: { msg: string } }).error.msg).not.toMatch(/[\u0E00-\u0E7F]/);
  });

  it('a field’s validation message and the envelope’s message follow the editor’s text', async () => {
    const buyer = await createBuyer(cms, 'texts.validation');
    await editText('error_validation_error', 'ข้อมูลในช่องนี้ไม่ถูกต้อง โปรดตรวจสอบอีกครั้ง');
    const res = await call('POST', '/api/bookstore/cart', buyer, { course_id: [1], shipping_address_id: 'not-an-id' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      msg: 'ข้อมูลในช่องนี้ไม่ถูกต้อง โปรดตรวจสอบอีกครั้ง',
      errors: { shipping_address_id: ['ข้อมูลในช่องนี้ไม่ถูกต้อง โปรดตรวจสอบอีกครั้ง'] },
    });
  });

  it('the payment mail’s subject and body are the editor’s texts', async () => {
    const buyer: Buyer = await createBuyer(cms, 'texts.mail', { firstname: 'สมหญิง', lastname: 'ทดสอบ' });
    const course = await db(COURSE).create({ data: { title: 'คอร์สทดสอบข้อความ', slug: 'editor-texts-fixture', course_type: 'Online', is_published: true } });
    const plan = await db(PLAN).create({
      data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 107000, course: course.id },
    });
    const placed = await call('POST', '/private/cart/order', buyer, { user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.orderId as number;

    const form = new FormData();
    form.append('imageinput0', new Blob([PNG], { type: 'image/png' }), 'slip.png');
    const upload = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: await visitorUploadHeaders(cms.url) });
    const slip = ((await upload.json()) as { fileName: string[] }).fileName[0];
    const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
    const account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id'], orderBy: { id: 'asc' } });
    const filed = await call('POST', '/private/payment/report', buyer, {
      order_id: orderId,
      payment_method_id: 1,
      contact_name: 'สมหญิง ทดสอบ',
      email: buyer.email,
      tel: '0891234567',
      bank_account: String(account.id),
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-25',
      time: '10:00:00',
      transfer_amount: '1070.00',
      description: '-',
      address: '-',
      slip: [slip],
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);

    await editText('mail_payment_reported_subject', 'ศาลาได้รับแจ้งโอนเงินของคุณแล้ว (คำสั่งซื้อ {orderId})');
    await editText('mail_payment_reported_body', 'ทีมงานจะตรวจสอบสลิปภายในหนึ่งวันทำการ');
    const sent = await call('POST', '/api/send/to/email/paymentorder', buyer, { orderId });
    expect(sent.status).toBe(200);

    // the order-placed mail (ADR 204) went to the same buyer when the order was placed
    const [mail] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.subject.includes('ศาลาได้รับแจ้ง'));
    expect(mail.subject).toBe(`ศาลาได้รับแจ้งโอนเงินของคุณแล้ว (คำสั่งซื้อ ${orderId})`);
    expect(mail.text).toContain('ทีมงานจะตรวจสอบสลิปภายในหนึ่งวันทำการ');
  });
});
