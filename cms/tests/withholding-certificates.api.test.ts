/**
 * Withholding certificates (ADR 197) over HTTP on a booted CMS: the buyer of an approved order
 * paid with withholding sends its 50 ทวิ (their own private upload, a PDF or a picture); a
 * stranger's call is 404; a video or a text file is refused with FILE_TYPE_NOT_ALLOWED and a Thai
 * message; an order without withholding is refused with WITHHOLDING_NOT_APPLIED; the shop's list
 * of orders missing a certificate shrinks once it arrives, and the shop reads the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller } from './helpers/api';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';

const ORDER = 'api::order.order';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The smallest ISO media file the type check reads as MP4: an ftyp box. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]);

let cms: TestStrapi;
let buyer: TestStudent;
let stranger: TestStudent;
let admin: TestStudent;

const call = jsonCaller(() => cms);

/** An approved order as checkout and approval store it: 1,070.00 baht, 30.00 withheld when `withholding`. */
async function approvedOrder(userId: number, withholding: boolean, state = 'approved'): Promise<number> {
  const order = await cms.strapi.db.query(ORDER).create({
    data: {
      order_token: randomBytes(16).toString('hex'),
      state,
      user: userId,
      currency_code: 'THB',
      price: 107000,
      discount: 0,
      shipping_fee: 0,
      vat: 7000,
      vat_mode: 'included',
      is_withholding: withholding,
      withholding_percent: withholding ? 3 : null,
      withholding_price: withholding ? 3000 : 0,
      net: withholding ? 104000 : 107000,
      approved_at: state === 'approved' ? new Date() : null,
      pricing: { vat_basis_points: 700, claims: { courseIds: [], couponIds: [] } },
    },
  });
  return order.id;
}

async function upload(who: TestStudent, file: { data: Buffer; name: string; type: string }): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('imageinput0', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${who.jwt}`, connection: 'close' } });
  return { status: res.status, body: await res.json() };
}

async function uploaded(who: TestStudent, file: { data: Buffer; name: string; type: string }): Promise<string> {
  const res = await upload(who, file);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.fileName[0];
}

const attach = (orderId: number, fileName: string, who: TestStudent | null) => call('POST', `/private/orders/${orderId}/withholding-certificate`, who, { fileName });

async function missingList(): Promise<{ count: number; ids: number[] }> {
  const res = await call('GET', '/private/admin/orders?filter=missing-certificate&pageSize=100', admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { count: res.body.missingCertificates, ids: res.body.data.map((row: { id: number }) => row.id) };
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  buyer = await createStudent(cms.strapi);
  stranger = await createStudent(cms.strapi);
  admin = await createStudent(cms.strapi, { roleType: 'shop_admin' });
}, 300_000);

afterAll(async () => {
  if (cms) {
    const rows = (await cms.strapi.db.query(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
});

describe('POST /private/orders/:orderId/withholding-certificate', () => {
  it('takes the owner’s PDF, lists it on their order, shrinks the shop’s missing list and lets the shop read the file', async () => {
    const orderId = await approvedOrder(buyer.id, true);
    const before = await missingList();
    expect(before.ids).toContain(orderId);

    const name = await uploaded(buyer, { data: pdf, name: 'หนังสือรับรอง 50 ทวิ.pdf', type: 'application/pdf' });
    const res = await attach(orderId, name, buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fileName).toBe(name);

    const after = await missingList();
    expect(after.ids).not.toContain(orderId);
    expect(after.count).toBe(before.count - 1);

    const all = await call('GET', '/private/admin/orders?pageSize=100', admin);
    expect(all.body.data.find((row: { id: number }) => row.id === orderId)?.certificate?.fileName).toBe(name);

    const own = await call('GET', '/private/orders?pageSize=40', buyer);
    expect(own.body.data.find((row: { id: number }) => row.id === orderId)?.withholding_certificate?.fileName).toBe(name);

    // the file stays private: its owner and the shop read it, a stranger does not
    for (const [who, status] of [
      [admin, 200],
      [buyer, 200],
      [stranger, 404],
    ] as const) {
      const file = await fetch(`${cms.url}/private/files/${name}`, { headers: { authorization: `Bearer ${who.jwt}`, connection: 'close' } });
      expect(file.status).toBe(status);
      await file.arrayBuffer();
    }
    expect((await fetch(`${cms.url}/uploads/${name}`, { headers: { connection: 'close' } })).status).toBe(404);
  });

  it('a picture replaces an earlier certificate; the order keeps one', async () => {
    const orderId = await approvedOrder(buyer.id, true);
    await attach(orderId, await uploaded(buyer, { data: pdf, name: 'first.pdf', type: 'application/pdf' }), buyer);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4IaeBFTEMLQkAiE5DgdolD9EAAAAASUVORK5CYII=', 'base64');
    const second = await uploaded(buyer, { data: png, name: 'scan.png', type: 'image/png' });
    expect((await attach(orderId, second, buyer)).status).toBe(200);
    const rows = await cms.strapi.db.query('api::order-paperwork.withholding-certificate').findMany({ where: { order: { id: orderId } }, select: ['file_name'] });
    expect(rows.map((row: { file_name: string }) => row.file_name)).toEqual([second]);
  });

  it('answers a stranger 404 and leaves the order without a certificate', async () => {
    const orderId = await approvedOrder(buyer.id, true);
    const name = await uploaded(stranger, { data: pdf, name: 'c.pdf', type: 'application/pdf' });
    const res = await attach(orderId, name, stranger);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await missingList()).ids).toContain(orderId);
    // nor may the owner attach someone else's upload
    expect((await attach(orderId, name, buyer)).body.error.code).toBe('INPUT_ERROR');
    expect((await attach(orderId, name, null)).status).toBe(401);
  });

  it('refuses a file that is not a PDF or a picture with FILE_TYPE_NOT_ALLOWED and a Thai message', async () => {
    const orderId = await approvedOrder(buyer.id, true);
    const text = await upload(buyer, { data: Buffer.from('not a certificate'), name: 'certificate.txt', type: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(text.body.error.msg).toMatch(/[\u0E00-\u0E7F]/);

    const video = await uploaded(buyer, { data: mp4, name: 'certificate.mp4', type: 'video/mp4' });
    const res = await attach(orderId, video, buyer);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(res.body.error.msg).toMatch(/[\u0E00-\u0E7F]/);
    expect((await missingList()).ids).toContain(orderId);
  });

  it('refuses an order paid without withholding (WITHHOLDING_NOT_APPLIED, Thai) and an order not approved (ORDER_STATE_CONFLICT)', async () => {
    const name = await uploaded(buyer, { data: pdf, name: 'c.pdf', type: 'application/pdf' });
    const plain = await approvedOrder(buyer.id, false);
    const res = await attach(plain, name, buyer);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('WITHHOLDING_NOT_APPLIED');
    expect(res.body.error.msg).toBe('คำสั่งซื้อนี้ไม่ได้หักภาษี ณ ที่จ่าย จึงไม่ต้องส่งหนังสือรับรองการหักภาษี ณ ที่จ่าย');

    const unpaid = await approvedOrder(buyer.id, true, 'notYetReceived');
    expect((await attach(unpaid, name, buyer)).body.error.code).toBe('ORDER_STATE_CONFLICT');
    expect((await missingList()).ids).not.toContain(unpaid);

    expect((await call('POST', `/private/orders/${plain}/withholding-certificate`, buyer, { fileName: '../../etc/passwd' })).body.error.code).toBe('INPUT_ERROR');
    expect((await attach(999999999, name, buyer)).status).toBe(404);
  });

  it('keeps the shop’s list from students', async () => {
    expect((await call('GET', '/private/admin/orders', buyer)).status).toBe(403);
    expect((await call('GET', '/private/admin/orders?filter=bogus', admin)).body.error.code).toBe('INPUT_ERROR');
  });
});
