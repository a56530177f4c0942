/**
 * Private uploads (transfer slips, company certificates, anything received by the upload call
 * that is not a course or product picture) over HTTP on a booted CMS with the demo data: the
 * public /uploads/ folder answers 404 for them whoever asks, and GET /private/files/{name}
 * serves them to their owner and to shop administrators only. Pictures stay public.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const stored = (name: string) => fs.readFileSync(path.join(UPLOADS_DIR, name));
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let cms: TestStrapi;
let accountId: number;
let n = 0;
let buyer: Buyer;
let other: Buyer;
let admin: Buyer;
/** The slip of a report the buyer filed. */
let slip: string;

const db = (uid: string) => cms.strapi.db.query(uid);
const call = jsonCaller(() => cms);

async function upload(file: { data: Buffer; name: string; type: string }, who?: Buyer | null): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: who ? { authorization: `Bearer ${who.jwt}` } : await visitorUploadHeaders(cms.url) });
  const body = (await res.json()) as { fileName: string[] };
  expect(res.status).toBe(200);
  return body.fileName[0];
}

/** A GET as `who` (a visitor when null), with the raw bytes of the answer. */
async function fetchAs(pathname: string, who?: Buyer | null): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${cms.url}${pathname}`, { headers: { connection: 'close', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

/** Files a bank-transfer report for a fresh order of `who` with the given slip. */
async function fileReport(who: Buyer, slipName: string): Promise<void> {
  const id = ++n;
  const course = await db(COURSE).create({ data: { title: `คอร์สสลิปส่วนตัว ${id}`, slug: `private-slip-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 107000, course: course.id },
  });
  const order = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const report = await call('POST', '/private/payment/report', who, {
    order_id: order.body.orderId,
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
    slip: [slipName],
  });
  expect(report.status, JSON.stringify(report.body)).toBe(201);
}

beforeAll(async () => {
  cms = await startStrapi();
  const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
  const account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id'], orderBy: { id: 'asc' } });
  accountId = account.id;
  const adminRole = await db('plugin::users-permissions.role').findOne({ where: { type: 'shop_admin' } });
  buyer = await createBuyer(cms, 'private.buyer');
  other = await createBuyer(cms, 'private.other');
  admin = await createBuyer(cms, 'private.admin', { role: adminRole.id });
  slip = await upload({ data: png, name: 'slip.png', type: 'image/png' }, buyer);
  await fileReport(buyer, slip);
});

afterAll(async () => {
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
});

describe('the public uploads folder', () => {
  it('answers 404 for a filed slip to a visitor, as for a missing file', async () => {
    const missing = await fetchAs(`/uploads/${randomBytes(16).toString('hex')}.png`);
    const res = await fetchAs(`/uploads/${slip}`);
    expect(res.status).toBe(404);
    expect(res.bytes.includes(png)).toBe(false);
    // the same answer but for each request's own id
    const withoutId = (bytes: Buffer) => bytes.toString('utf8').replace(/"requestId":"[^"]*"/, '');
    expect(withoutId(res.bytes)).toBe(withoutId(missing.bytes));
    expect(res.headers.get('content-length')).toBe(missing.headers.get('content-length'));
  });

  it('answers 404 for a filed slip to another student, to its owner and to a shop admin alike', async () => {
    for (const who of [other, buyer, admin]) expect((await fetchAs(`/uploads/${slip}`, who)).status).toBe(404);
  });

  it('answers 404 for the slip under another spelling of its path', async () => {
    const encoded = [...slip].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    for (const spelling of [`/uploads/${encoded}`, `/uploads//${slip}`, `/uploads/./${slip}`, `/uploads/x/../${slip}`, `/uploads/${slip.toUpperCase()}`]) {
      const res = await fetchAs(spelling);
      expect(res.status, spelling).toBe(404);
      expect(res.bytes.includes(png), spelling).toBe(false);
    }
    const head = await fetch(`${cms.url}/uploads/${slip}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('answers 404 for an upload not attached to anything yet (a slip before its report)', async () => {
    const visitors = await upload({ data: png, name: 'slip.png', type: 'image/png' });
    const students = await upload({ data: pdf, name: 'certificate.pdf', type: 'application/pdf' }, buyer);
    expect((await fetchAs(`/uploads/${visitors}`)).status).toBe(404);
    expect((await fetchAs(`/uploads/${students}`)).status).toBe(404);
  });

  it("answers 404 for a student's company certificate", async () => {
    const certificate = await upload({ data: pdf, name: 'certificate.pdf', type: 'application/pdf' }, buyer);
    const saved = await call('PUT', '/private/myaccount/students/tax', buyer, {
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลา จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: '0105545123457',
      tax_address: '99 ถนนสุขุมวิท กรุงเทพฯ',
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: 1,
      tax_company_certificate: [certificate],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await fetchAs(`/uploads/${certificate}`)).status).toBe(404);
    const own = await fetchAs(`/private/files/${certificate}`, buyer);
    expect(own.status).toBe(200);
    expect(own.bytes.equals(pdf)).toBe(true);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect((await fetchAs(`/private/files/${certificate}`, other)).status).toBe(404);
  });

  it('keeps course and product pictures public', async () => {
    const [cover, detail] = [await upload({ data: png, name: 'cover.png', type: 'image/png' }, admin), await upload({ data: png, name: 'detail.png', type: 'image/png' }, admin)];
    const course = await db(COURSE).create({ data: { title: 'คอร์สรูปสาธารณะ', course_type: 'Online' } });
    const product = await db('api::product.product').create({ data: { title: 'หนังสือรูปสาธารณะ', course_type: 'product' } });
    expect((await call('PUT', `/private/admin/pictures/course/${course.id}`, admin, { files: [{ name: cover }], deleted: [] })).status).toBe(200);
    expect((await call('PUT', `/private/admin/pictures/product/${product.id}`, admin, { files: [{ name: detail }], deleted: [] })).status).toBe(200);
    for (const name of [cover, detail]) {
      const res = await fetchAs(`/uploads/${name}`);
      expect(res.status, name).toBe(200);
      // the stored file: the shop's own encoding of the picture (ADR 193)
      expect(res.bytes.equals(stored(name))).toBe(true);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('keeps serving files the media library placed there (no upload record)', async () => {
    const name = `${randomBytes(16).toString('hex')}.png`;
    fs.writeFileSync(path.join(UPLOADS_DIR, name), png);
    try {
      const res = await fetchAs(`/uploads/${name}`);
      expect(res.status).toBe(200);
      expect(res.bytes.equals(png)).toBe(true);
    } finally {
      fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
    }
  });
});

describe('GET /private/files/{name}', () => {
  it('gives the slip to the buyer who uploaded it, uncached and sandboxed', async () => {
    const res = await fetchAs(`/private/files/${slip}`, buyer);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(stored(slip))).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('gives the slip to a shop admin', async () => {
    const res = await fetchAs(`/private/files/${slip}`, admin);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(stored(slip))).toBe(true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('gives a shop admin a visitor’s upload, which no student may read', async () => {
    const visitors = await upload({ data: png, name: 'slip.png', type: 'image/png' });
    expect((await fetchAs(`/private/files/${visitors}`, admin)).status).toBe(200);
    expect((await fetchAs(`/private/files/${visitors}`, other)).status).toBe(404);
  });

  it('answers a visitor 401 PERMISSION_DENIED in the error envelope', async () => {
    const res = await fetchAs(`/private/files/${slip}`);
    expect(res.status).toBe(401);
    expect(json(res.bytes)).toEqual({ success: false, error: { code: 'PERMISSION_DENIED', msg: expect.any(String), requestId: expect.any(String) } });
    expect(res.bytes.includes(png)).toBe(false);
  });

  it('answers another student 404 NOT_FOUND, exactly as for a name that does not exist', async () => {
    const res = await fetchAs(`/private/files/${slip}`, other);
    const missing = await fetchAs(`/private/files/${randomBytes(16).toString('hex')}.png`, other);
    expect(res.status).toBe(404);
    expect(json(res.bytes)).toEqual({ success: false, error: { code: 'NOT_FOUND', msg: expect.any(String), requestId: expect.any(String) } });
    expect(json(res.bytes).error.msg).toBe(json(missing.bytes).error.msg);
    expect(missing.status).toBe(404);
    expect(json(res.bytes).error.msg).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('answers 404 for a name that is not a stored name', async () => {
    for (const name of ['..%2F..%2Fconfig%2Fdatabase.ts', 'handout.pdf', `${slip}.png`]) {
      expect((await fetchAs(`/private/files/${name}`, admin)).status, name).toBe(404);
    }
  });
});
