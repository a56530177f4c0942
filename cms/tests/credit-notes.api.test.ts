/**
 * Credit notes (ADR 198) over HTTP on a booted CMS: the shop cancels an approved order with a
 * reason; seats and coupon uses go back in the same transaction; the order's receipt or tax
 * invoice gets a credit note numbered from its own per-year series, naming the original number
 * and date, the amounts, the reason and the total in Thai words (read back with pdftotext); the
 * student downloads it, a stranger gets 404; cancelling twice issues one credit note.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';

const ORDER = 'api::order.order';
const LINE = 'api::order-line.order-line';
const COURSE = 'api::course.course';
const COUPON = 'api::coupon.coupon';
const SETTING = 'api::site-setting.site-setting';
const DOCUMENT = 'api::tax-document.tax-document';
const CREDIT_NOTE = 'api::order-paperwork.credit-note';
const SELLER = { seller_name: 'บริษัท ศาลาการเรียน จำกัด', seller_address: '99 ถนนสุขุมวิท กรุงเทพมหานคร 10110', seller_tax_id: '0105561234567', seller_branch_no: '00000' };

let cms: TestStrapi;
let buyer: TestStudent;
let stranger: TestStudent;
let admin: TestStudent;

const call = jsonCaller(() => cms);
const db = (uid: string) => cms.strapi.db.query(uid);

async function fetchPdf(pathname: string, who: TestStudent | null): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(`${cms.url}${pathname}`, { headers: { connection: 'close', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) } });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-cn-'));
  try {
    fs.writeFileSync(path.join(dir, 'cn.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'cn.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An order holding one seat of a course and one use of a coupon, as checkout leaves it: a full tax
 * invoice of 1,070.00 baht (70.00 VAT included), 30.00 withheld, approved through the order states.
 */
async function approvedOrder(): Promise<{ orderId: number; courseId: number; couponId: number }> {
  const tag = randomBytes(3).toString('hex');
  const course = await db(COURSE).create({ data: { title: `คอร์สลดหนี้ ${tag}`, slug: `credit-${tag}`, course_type: 'Online', is_published: true, seat: 10, seats_taken: 1 } });
  const coupon = await db(COUPON).create({ data: { code: `CN${tag}`.toUpperCase(), name: `คูปอง ${tag}`, coupon_type: 'P1', discount_type: 'amount', used_count: 1 } });
  const order = await db(ORDER).create({
    data: {
      order_token: randomBytes(16).toString('hex'),
      state: 'notYetReceived',
      user: buyer.id,
      currency_code: 'THB',
      price: 107000,
      discount: 0,
      shipping_fee: 0,
      vat: 7000,
      vat_mode: 'included',
      is_withholding: true,
      withholding_percent: 3,
      withholding_price: 3000,
      net: 104000,
      is_require_tax_invoice: true,
      tax_info: {
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัท ผู้ซื้อน้ำดี จำกัด',
        tax_name_two: '',
        tax_payer_identification_no: '0105559876543',
        tax_address: '1 ถนนพระราม 4 กรุงเทพมหานคร',
        tax_postcode: '10330',
      },
      coupons: [coupon.id],
      pricing: { vat_basis_points: 700, claims: { courseIds: [course.id], couponIds: [coupon.id] } },
    },
  });
  await db(LINE).create({ data: { order: order.id, course: course.id, title: 'คอร์สภาษีไทยน้ำใจ', quantity: 1, price: 107000, discount: 0, net: 107000 } });
  await cms.strapi.service('api::checkout.order-state').approve({ orderId: order.id, by: 'admin' });
  return { orderId: order.id, courseId: course.id, couponId: coupon.id };
}

const cancel = (orderId: number, who: TestStudent | null, reason: unknown = 'ผู้เรียนขอยกเลิกก่อนเริ่มเรียน') => call('POST', `/private/admin/orders/${orderId}/cancel`, who, { reason });

beforeAll(async () => {
  cms = await startStrapi({ seed: false, env: { TAX_DOCUMENTS: 'true' } });
  const setting = await db(SETTING).findOne({ select: ['id'] });
  if (setting) await db(SETTING).update({ where: { id: setting.id }, data: SELLER });
  else await db(SETTING).create({ data: { title: 'Sala', ...SELLER } });
  buyer = await createStudent(cms.strapi);
  stranger = await createStudent(cms.strapi);
  admin = await createStudent(cms.strapi, { roleType: 'shop_admin' });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe('POST /private/admin/orders/:orderId/cancel', () => {
  it('cancels an approved order, releases its seat and coupon use, and issues one credit note however often it is called', async () => {
    const { orderId, courseId, couponId } = await approvedOrder();
    const seatsBefore = (await db(COURSE).findOne({ where: { id: courseId }, select: ['seats_taken'] })).seats_taken;
    const usesBefore = (await db(COUPON).findOne({ where: { id: couponId }, select: ['used_count'] })).used_count;

    const answers = await Promise.all([cancel(orderId, admin), cancel(orderId, admin)]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answers.map((answer) => answer.body.data.changed).sort()).toEqual([false, true]);
    const again = await cancel(orderId, admin);
    expect(again.body.data).toMatchObject({ status: 'cancelled', changed: false });
    expect(again.body.data.creditNote.code).toBe(answers[0].body.data.creditNote.code);

    expect((await db(ORDER).findOne({ where: { id: orderId }, select: ['state'] })).state).toBe('cancelled');
    expect((await db(COURSE).findOne({ where: { id: courseId }, select: ['seats_taken'] })).seats_taken).toBe(seatsBefore - 1);
    expect((await db(COUPON).findOne({ where: { id: couponId }, select: ['used_count'] })).used_count).toBe(usesBefore - 1);
    expect(await db(CREDIT_NOTE).count({ where: { order: { id: orderId } } })).toBe(1);
  });

  it('numbers credit notes per year with no gap, apart from the receipts', async () => {
    const orders = [await approvedOrder(), await approvedOrder(), await approvedOrder()];
    const documentsBefore = await db(DOCUMENT).count({});
    const before = await db(CREDIT_NOTE).count({});
    for (const { orderId } of orders) expect((await cancel(orderId, admin)).status).toBe(200);
    const notes = (await db(CREDIT_NOTE).findMany({ where: { order: { id: { $in: orders.map((o) => o.orderId) } } }, select: ['year', 'number', 'code'] })) as {
      year: number;
      number: number;
      code: string;
    }[];
    expect(notes.map((note) => note.number).sort((a, b) => a - b)).toEqual([before + 1, before + 2, before + 3]);
    for (const note of notes) expect(note.code).toBe(`CN${note.year}-${String(note.number).padStart(6, '0')}`);
    expect(await db(DOCUMENT).count({})).toBe(documentsBefore);
  });

  it('prints the credit note with the original number and date, the amounts, the reason and the total in Thai words', async () => {
    const { orderId } = await approvedOrder();
    const original = await db(DOCUMENT).findOne({ where: { order: { id: orderId } }, select: ['code'] });
    const answer = await cancel(orderId, admin, 'ผู้เรียนขอยกเลิก <b>ก่อนเริ่มเรียน</b>');
    const code = answer.body.data.creditNote.code as string;

    const res = await fetchPdf(`/private/orders/${orderId}/documents/credit-note`, buyer);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const text = pdfText(res.body);
    const today = new Intl.DateTimeFormat('th-TH-u-ca-buddhist', { timeZone: 'Asia/Bangkok', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
    for (const expected of [
      'ใบลดหนี้',
      `เลขที่ ${code}`,
      SELLER.seller_name,
      'เลขประจำตัวผู้เสียภาษี 0105561234567',
      'บริษัท ผู้ซื้อน้ำดี จำกัด',
      `อ้างอิงใบกำกับภาษี/ใบเสร็จรับเงิน เลขที่ ${original.code} ลงวันที่ ${today}`,
      'ผู้เรียนขอยกเลิก <b>ก่อนเริ่มเรียน</b>',
      'คอร์สภาษีไทยน้ำใจ',
      'มูลค่าตามเอกสารเดิม (ก่อนภาษีมูลค่าเพิ่ม)',
      '1,000.00',
      'ภาษีมูลค่าเพิ่มของผลต่าง 7%',
      '70.00',
      'รวมลดหนี้ทั้งสิ้น',
      '1,070.00',
      '(หนึ่งพันเจ็ดสิบบาทถ้วน)',
      'ยอดที่คืนให้ผู้ซื้อ',
      '1,040.00',
    ]) {
      expect(text).toContain(expected);
    }
    // the shop reads the same note
    const shop = await fetchPdf(`/private/admin/orders/${orderId}/documents/credit-note`, admin);
    expect(shop.status).toBe(200);
    expect(pdfText(shop.body)).toBe(text);
    // the student's order list names it
    const own = await call('GET', '/private/orders?pageSize=40', buyer);
    expect(own.body.data.find((row: { id: number }) => row.id === orderId)?.credit_note).toEqual({ code });
  }, 60_000);

  it('answers 404 to a stranger and for an order without a credit note, 403 to a student on the shop’s calls, 401 without a token', async () => {
    const { orderId } = await approvedOrder();
    expect((await fetchPdf(`/private/orders/${orderId}/documents/credit-note`, buyer)).status).toBe(404);
    await cancel(orderId, admin);
    expect((await fetchPdf(`/private/orders/${orderId}/documents/credit-note`, stranger)).status).toBe(404);
    expect((await fetchPdf(`/private/orders/${orderId}/documents/credit-note`, null)).status).toBe(401);
    expect((await fetchPdf(`/private/orders/abc/documents/credit-note`, buyer)).status).toBe(404);
    expect((await fetchPdf(`/private/admin/orders/${orderId}/documents/credit-note`, buyer)).status).toBe(403);
    const other = await approvedOrder();
    const refused = await cancel(other.orderId, buyer);
    expect(refused.status).toBe(403);
    expect((await db(ORDER).findOne({ where: { id: other.orderId }, select: ['state'] })).state).toBe('approved');
  });

  it('refuses a missing reason (INPUT_ERROR) and an order that is not approved (ORDER_STATE_CONFLICT, Thai)', async () => {
    const { orderId } = await approvedOrder();
    expect((await cancel(orderId, admin, '   ')).body.error.code).toBe('INPUT_ERROR');
    expect((await cancel(orderId, admin, 'x'.repeat(501))).body.error.code).toBe('INPUT_ERROR');
    const unpaid = await db(ORDER).create({ data: { order_token: randomBytes(16).toString('hex'), state: 'notYetReceived', user: buyer.id, currency_code: 'THB', price: 100, net: 100 } });
    const res = await cancel(unpaid.id, admin);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_STATE_CONFLICT');
    expect(res.body.error.msg).toBe('คำสั่งซื้อนี้ไม่สามารถเปลี่ยนสถานะได้แล้ว');
    expect((await cancel(999999999, admin)).status).toBe(404);
  });
});
