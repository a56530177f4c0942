/**
 * Tax documents (ADR 189): numbered in the approval's transaction with no gap and no duplicate
 * under concurrent approvals, printed by Chromium with the seller, the buyer, the number, the
 * amounts and the total in Thai words (read back with pdftotext), and handed out only to the
 * order's own student.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { createStudent, type TestStudent } from './helpers/students';

const ORDER = 'api::order.order';
const LINE = 'api::order-line.order-line';
const SETTING = 'api::site-setting.site-setting';
const DOCUMENT = 'api::tax-document.tax-document';
const CONCURRENT = 100;
const SELLER = { seller_name: 'บริษัท ศาลาการเรียน จำกัด', seller_address: '99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110', seller_tax_id: '0105561234567', seller_branch_no: '00000' };

let cms: TestStrapi;
let smtp: TestSmtp;
let buyer: TestStudent;

async function call(pathname: string, jwt?: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(`${cms.url}${pathname}`, { headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}

/** An order as checkout stores it: 1,070.00 baht with 70.00 VAT included, one course line. */
async function placeOrder(userId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const order = await cms.strapi.db.query(ORDER).create({
    data: {
      order_token: randomBytes(16).toString('hex'),
      state: 'notYetReceived',
      user: userId,
      currency_code: 'THB',
      price: 107000,
      discount: 0,
      shipping_fee: 0,
      vat: 7000,
      vat_mode: 'included',
      withholding_price: 0,
      net: 107000,
      pricing: { vat_basis_points: 700, claims: { courseIds: [], couponIds: [] } },
      ...fields,
    },
  });
  await cms.strapi.db.query(LINE).create({ data: { order: order.id, title: 'คอร์สภาษีไทยน้ำใจ', quantity: 1, price: 107000, discount: 0, net: 107000 } });
  return order.id;
}

const approve = (orderId: number) => cms.strapi.service('api::checkout.order-state').approve({ orderId, by: 'admin' });

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-doc-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ seed: false, env: { TAX_DOCUMENTS: 'true', ...smtp.env } });
  const setting = await cms.strapi.db.query(SETTING).findOne({ select: ['id'] });
  if (setting) await cms.strapi.db.query(SETTING).update({ where: { id: setting.id }, data: SELLER });
  else await cms.strapi.db.query(SETTING).create({ data: { title: 'Sala', ...SELLER } });
  buyer = await createStudent(cms.strapi);
}, 300_000);

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
});

describe('document numbers', () => {
  it(`gives ${CONCURRENT} concurrent approvals ${CONCURRENT} distinct numbers of the year with no gap`, async () => {
    const orderIds: number[] = [];
    for (let i = 0; i < CONCURRENT; i++) orderIds.push(await placeOrder(buyer.id));
    const before = await cms.strapi.db.query(DOCUMENT).count({});
    const results = await Promise.allSettled(orderIds.map((id) => approve(id)));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    // approving again issues nothing new
    await Promise.all(orderIds.slice(0, 5).map((id) => approve(id)));

    const documents = (await cms.strapi.db
      .query(DOCUMENT)
      .findMany({ where: { order: { id: { $in: orderIds } } }, select: ['year', 'number', 'code', 'kind'], populate: { order: { select: ['id'] } } })) as {
      year: number;
      number: number;
      code: string;
      kind: string;
      order: { id: number };
    }[];
    expect(documents).toHaveLength(CONCURRENT);
    expect(new Set(documents.map((d) => d.order.id)).size).toBe(CONCURRENT);
    expect(new Set(documents.map((d) => d.year)).size).toBe(1);
    const numbers = documents.map((d) => d.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: CONCURRENT }, (_, i) => before + i + 1));
    expect(new Set(documents.map((d) => d.code)).size).toBe(CONCURRENT);
    for (const d of documents) expect(d.code).toBe(`${d.year}-${String(d.number).padStart(6, '0')}`);
    expect(documents.every((d) => d.kind === 'receipt')).toBe(true);
  }, 300_000);
});

describe('GET /private/orders/:orderId/documents/receipt', () => {
  let orderId: number;
  let code: string;

  beforeAll(async () => {
    orderId = await placeOrder(buyer.id, {
      is_require_tax_invoice: true,
      is_withholding: true,
      withholding_percent: 3,
      withholding_price: 3000,
      net: 104000,
      tax_info: {
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัท ผู้ซื้อน้ำดี จำกัด',
        tax_name_two: '',
        tax_payer_identification_no: '0105559876543',
        tax_address: '1 ถนนพระราม 4 แขวงลุมพินี เขตปทุมวัน กรุงเทพมหานคร',
        tax_postcode: '10330',
      },
    });
    await approve(orderId);
    code = (await cms.strapi.db.query(DOCUMENT).findOne({ where: { order: { id: orderId } }, select: ['code'] })).code;
  }, 60_000);

  it('hands the student a full tax invoice with seller, buyer, number, amounts, VAT, withholding and the total in Thai words', async () => {
    const res = await call(`/private/orders/${orderId}/documents/receipt`, buyer.jwt);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.body);
    for (const expected of [
      'ใบกำกับภาษีเต็มรูป / ใบเสร็จรับเงิน',
      SELLER.seller_name,
      'เลขประจำตัวผู้เสียภาษี 0105561234567',
      'สำนักงานใหญ่',
      'บริษัท ผู้ซื้อน้ำดี จำกัด',
      '0105559876543',
      `เลขที่ ${code}`,
      'คอร์สภาษีไทยน้ำใจ',
      '1,000.00',
      '70.00',
      '1,070.00',
      'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)',
      '(หนึ่งพันเจ็ดสิบบาทถ้วน)',
      'หักภาษี ณ ที่จ่าย 3%',
      '30.00',
      '1,040.00',
    ]) {
      expect(text).toContain(expected);
    }
  }, 60_000);

  it('prints the same document again', async () => {
    const first = pdfText((await call(`/private/orders/${orderId}/documents/receipt`, buyer.jwt)).body);
    const second = pdfText((await call(`/private/orders/${orderId}/documents/receipt`, buyer.jwt)).body);
    expect(second).toBe(first);
  }, 60_000);

  it('lists the document on the student’s order', async () => {
    const res = await fetch(`${cms.url}/private/orders?pageSize=40`, { headers: { authorization: `Bearer ${buyer.jwt}` } });
    const body = (await res.json()) as { data: { id: number; tax_document: unknown }[] };
    expect(body.data.find((item) => item.id === orderId)?.tax_document).toEqual({ code, kind: 'tax_invoice' });
  });

  it('answers 404 to another student, for an unapproved order, a free order and an order that does not exist, and 401 without a token', async () => {
    const stranger = await createStudent(cms.strapi);
    expect((await call(`/private/orders/${orderId}/documents/receipt`, stranger.jwt)).status).toBe(404);
    const unpaid = await placeOrder(buyer.id);
    expect((await call(`/private/orders/${unpaid}/documents/receipt`, buyer.jwt)).status).toBe(404);
    const free = await placeOrder(buyer.id, { price: 0, vat: 0, net: 0 });
    await approve(free);
    expect((await call(`/private/orders/${free}/documents/receipt`, buyer.jwt)).status).toBe(404);
    expect((await call('/private/orders/99999999/documents/receipt', buyer.jwt)).status).toBe(404);
    expect((await call('/private/orders/abc/documents/receipt', buyer.jwt)).status).toBe(404);
    expect((await call(`/private/orders/${orderId}/documents/receipt`)).status).toBe(401);
  }, 60_000);

  it('prints markup typed as a buyer name or a title as text', async () => {
    const markup = '<img src="http://127.0.0.1:9/x"><b>ชื่อ</b>';
    const id = await placeOrder(buyer.id, {
      is_require_tax_invoice: true,
      tax_info: { tax_name_one: markup, tax_name_two: '', tax_payer_identification_no: '1234567890123', tax_address: '<script>x</script>', tax_postcode: '10110' },
    });
    await approve(id);
    const res = await call(`/private/orders/${id}/documents/receipt`, buyer.jwt);
    expect(res.status).toBe(200);
    const text = pdfText(res.body);
    expect(text).toContain('<img src="http://127.0.0.1:9/x"><b>ชื่อ</b>');
    expect(text).toContain('<script>x</script>');
  }, 60_000);
});

describe('the approval mail', () => {
  it('carries the receipt when the shop approves a bank transfer', async () => {
    const orderId = await placeOrder(buyer.id);
    const report = await cms.strapi.db.query('api::payment-report.payment-report').create({
      data: { order: orderId, user: buyer.id, state: 'pending', contact_name: 'ทดสอบ', email: buyer.email, transfer_amount: 107000, transfer_datetime: new Date() },
    });
    await cms.strapi.service('api::bank-transfer.review').approve({ reportId: report.id, orderId, reviewer: { id: 1, username: 'shop.admin' } });
    const code = (await cms.strapi.db.query(DOCUMENT).findOne({ where: { order: { id: orderId } }, select: ['code'] })).code as string;
    const [mail] = await smtp.waitFor((m) => m.to.includes(buyer.email) && m.attachments.length > 0, 1, 30_000);
    expect(mail, 'the approval mail with an attachment').toBeDefined();
    const [attachment] = mail.attachments;
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.filename).toBe(`receipt-${code}.pdf`);
    const text = pdfText(attachment.content);
    expect(text).toContain('ใบเสร็จรับเงิน');
    expect(text).toContain(`เลขที่ ${code}`);
    expect(text).toContain('(หนึ่งพันเจ็ดสิบบาทถ้วน)');
  }, 60_000);
});
