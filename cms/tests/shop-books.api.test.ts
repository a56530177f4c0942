/**
 * The shop's books (ADR 185): the sales overview of a period and its CSV exports, over HTTP on a
 * booted CMS with the demo data. The fixtures sit in March 2021, a month the demo data never
 * touches, so every figure is known.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const ORDER = 'api::order.order';
const LINE = 'api::order-line.order-line';
const REPORT = 'api::payment-report.payment-report';
const METHOD = 'api::payment-method.payment-method';
const USER = 'plugin::users-permissions.user';

const PERIOD = 'from=2021-03-01&to=2021-03-31';
const THAI_COURSE = 'คอร์สบัญชีสำหรับร้านค้าออนไลน์';
const FORMULA_COURSE = '=HYPERLINK("http://evil.test","คลิก")';

let cms: TestStrapi;
let admin: Buyer;
let student: Buyer;
let ids: { transfer: number; card: number; thai: number; formula: number; orders: number[] };

const db = (uid: string) => cms.strapi.db.query(uid);
const call = jsonCaller(() => cms);
const at = (iso: string) => new Date(iso);

async function order(fields: { state: string; currency?: string; net: number; method: number; createdAt: string; approvedAt?: string; course: number; title: string; buyer: number }) {
  const row = await db(ORDER).create({
    data: {
      order_token: `books-${Math.random().toString(36).slice(2)}`,
      state: fields.state,
      currency_code: fields.currency ?? 'THB',
      price: fields.net,
      net: fields.net,
      payment_method: fields.method,
      user: fields.buyer,
      createdAt: at(fields.createdAt),
      approved_at: fields.approvedAt ? at(fields.approvedAt) : null,
    },
  });
  await db(LINE).create({ data: { order: row.id, course: fields.course, title: fields.title, course_type: 'Online', quantity: 1, price: fields.net, discount: 0, net: fields.net } });
  return row.id as number;
}

async function get(path: string, who: Buyer | null = admin): Promise<Response> {
  return fetch(`${cms.url}${path}`, { headers: { connection: 'close', ...(who ? { authorization: `Bearer ${who.jwt}` } : {}) } });
}

beforeAll(async () => {
  cms = await startStrapi();
  const shopAdmin = await db(USER).findOne({ where: { username: 'demo.admin' }, select: ['id', 'email'] });
  admin = { id: shopAdmin.id, email: shopAdmin.email, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: shopAdmin.id }) };
  student = await createBuyer(cms, 'books.buyer', { firstname: 'สมหญิง', lastname: 'ใจดี' });
  const transfer = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
  const card = await db(METHOD).findOne({ where: { method_id: { $ne: 1 } }, select: ['id'], orderBy: { method_id: 'asc' } });
  const thai = await db(COURSE).create({ data: { title: THAI_COURSE, slug: 'books-thai', course_type: 'Online', is_published: true } });
  const formula = await db(COURSE).create({ data: { title: FORMULA_COURSE, slug: 'books-formula', course_type: 'Online', is_published: true } });
  ids = { transfer: transfer.id, card: card.id, thai: thai.id, formula: formula.id, orders: [] };
  const buyer = student.id;
  ids.orders.push(
    // 17:00 on 5 March in Bangkok
    await order({ state: 'approved', net: 350000, method: transfer.id, createdAt: '2021-03-05T09:00:00Z', approvedAt: '2021-03-05T10:00:00Z', course: thai.id, title: THAI_COURSE, buyer }),
    // 18:30 UTC on 5 March is 01:30 on 6 March in Bangkok
    await order({ state: 'approved', net: 120000, method: card.id, createdAt: '2021-03-05T18:00:00Z', approvedAt: '2021-03-05T18:30:00Z', course: formula.id, title: FORMULA_COURSE, buyer }),
    await order({
      state: 'approved',
      currency: 'USD',
      net: 4900,
      method: transfer.id,
      createdAt: '2021-03-06T02:00:00Z',
      approvedAt: '2021-03-06T03:00:00Z',
      course: thai.id,
      title: THAI_COURSE,
      buyer,
    }),
    // placed, never paid: no revenue, waits for payment
    await order({ state: 'notYetReceived', net: 999900, method: transfer.id, createdAt: '2021-03-07T03:00:00Z', course: thai.id, title: THAI_COURSE, buyer }),
    // slip sent, waits for the shop's review
    await order({ state: 'pendingApproved', net: 350000, method: transfer.id, createdAt: '2021-03-07T04:00:00Z', course: thai.id, title: THAI_COURSE, buyer }),
    // approved on 1 April (Bangkok): outside the period, though placed in it
    await order({ state: 'approved', net: 777700, method: transfer.id, createdAt: '2021-03-31T10:00:00Z', approvedAt: '2021-03-31T17:30:00Z', course: thai.id, title: THAI_COURSE, buyer }),
  );
  await db(REPORT).create({
    data: {
      order: ids.orders[0],
      payment_method: transfer.id,
      state: 'approved',
      contact_name: 'สมหญิง ใจดี',
      tel: '+66891234567',
      bank_code: 'SCB',
      transfer_amount: 350000,
      transfer_datetime: at('2021-03-05T09:30:00Z'),
      approve_by: 'demo.admin',
      createdAt: at('2021-03-05T09:40:00Z'),
    },
  });
  await db(REPORT).create({
    data: {
      order: ids.orders[4],
      payment_method: transfer.id,
      state: 'pending',
      contact_name: '@SUM(A1:A9)',
      bank_code: 'KBANK',
      transfer_amount: 350000,
      transfer_datetime: at('2021-03-07T04:10:00Z'),
      createdAt: at('2021-03-07T04:20:00Z'),
    },
  });
  // a loaded machine boots the CMS slowly
}, 300_000);

afterAll(async () => {
  await cms?.stop();
});

describe('the sales overview', () => {
  it('sums approved orders per day (Bangkok), per method and per course, each currency apart; an unpaid order does not count', async () => {
    const res = await call('GET', `/private/admin/sales?${PERIOD}`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    // THB: 3,500.00 + 1,200.00 = 4,700.00 in two orders; USD: 49.00 in one. The unpaid 9,999.00 and April's 7,777.00 are left out.
    expect(data.totals).toEqual([
      { currency: 'THB', amount: 470000, orders: 2 },
      { currency: 'USD', amount: 4900, orders: 1 },
    ]);
    expect(data.byDay).toEqual([
      { date: '2021-03-05', currency: 'THB', amount: 350000, orders: 1 },
      { date: '2021-03-06', currency: 'THB', amount: 120000, orders: 1 },
      { date: '2021-03-06', currency: 'USD', amount: 4900, orders: 1 },
    ]);
    const method = (currency: string, methodId: number) => data.byMethod.find((row: any) => row.currency === currency && row.methodId === methodId)?.amount;
    const transfer = await db(METHOD).findOne({ where: { id: ids.transfer }, select: ['method_id'] });
    const card = await db(METHOD).findOne({ where: { id: ids.card }, select: ['method_id'] });
    expect(method('THB', transfer.method_id)).toBe(350000);
    expect(method('THB', card.method_id)).toBe(120000);
    expect(method('USD', transfer.method_id)).toBe(4900);
    expect(data.byMethod).toHaveLength(3);
    expect(data.byCourse).toEqual([
      { courseId: ids.thai, title: THAI_COURSE, currency: 'THB', amount: 350000, orders: 1 },
      { courseId: ids.formula, title: FORMULA_COURSE, currency: 'THB', amount: 120000, orders: 1 },
      { courseId: ids.thai, title: THAI_COURSE, currency: 'USD', amount: 4900, orders: 1 },
    ]);
    expect(data.waiting).toEqual({ payment: 1, review: 1 });
  });

  it('counts the approval of the last evening in Bangkok on that day', async () => {
    const res = await call('GET', '/private/admin/sales?from=2021-04-01&to=2021-04-01', admin);
    expect(res.body.data.totals).toEqual([{ currency: 'THB', amount: 777700, orders: 1 }]);
    expect(res.body.data.byDay).toEqual([{ date: '2021-04-01', currency: 'THB', amount: 777700, orders: 1 }]);
  });

  it.each([
    ['from=2021-02-30&to=2021-03-01', 'from', 'กรุณาเลือกวันที่ให้ถูกต้อง'],
    ['from=yesterday&to=2021-03-01', 'from', 'กรุณาเลือกวันที่ให้ถูกต้อง'],
    ['to=2021-03-01', 'from', 'กรุณาเลือกวันที่ให้ถูกต้อง'],
    ['from=2021-03-10&to=2021-03-01', 'to', 'วันที่เริ่มต้นต้องไม่อยู่หลังวันที่สิ้นสุด'],
    ['from=2020-01-01&to=2021-03-01', 'to', 'เลือกช่วงเวลาได้ไม่เกิน 366 วัน'],
  ])('refuses the period %s with 400 INPUT_ERROR and a Thai message', async (query, field, message) => {
    for (const path of ['/private/admin/sales', '/private/admin/sales/orders.csv', '/private/admin/sales/payment-reports.csv']) {
      const res = await call('GET', `${path}?${query}`, admin);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
      expect(res.body.error.problems[field]).toBe(message);
    }
  });
});

describe('who may read the books', () => {
  it.each(['/private/admin/sales', '/private/admin/sales/orders.csv', '/private/admin/sales/payment-reports.csv'])('%s answers 403 to a student and 401 to a visitor', async (path) => {
    const asStudent = await get(`${path}?${PERIOD}`, student);
    expect(asStudent.status).toBe(403);
    expect(((await asStudent.json()) as any).error.code).toBe('PERMISSION_DENIED');
    expect((await get(`${path}?${PERIOD}`, null)).status).toBe(401);
  });
});

describe('the CSV exports', () => {
  async function csv(path: string): Promise<{ bytes: Buffer; records: string[][]; res: Response }> {
    const res = await get(`${path}?${PERIOD}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { bytes, res, records: parse(bytes, { bom: true, relax_column_count: false }) as string[][] };
  }

  it('exports the orders placed in the period as Excel reads them: BOM, CRLF, Thai intact, one row per order, formulas neutralised', async () => {
    const { bytes, records, res } = await csv('/private/admin/sales/orders.csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2021-03-01-2021-03-31.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n').length).toBe(records.length + 1);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const [header, ...rows] = records;
    expect(header.slice(0, 3)).toEqual(['เลขที่คำสั่งซื้อ', 'รหัสคำสั่งซื้อ', 'วันที่สั่งซื้อ']);
    expect(rows.map((row) => Number(row[0]))).toEqual(ids.orders);
    const column = (name: string) => header.indexOf(name);
    const first = rows[0];
    expect(first[column('รายการ')]).toBe(THAI_COURSE);
    expect(first[column('สถานะ')]).toBe('อนุมัติแล้ว');
    expect(first[column('วันที่สั่งซื้อ')]).toBe('2021-03-05 16:00');
    expect(first[column('สกุลเงิน')]).toBe('THB');
    expect(first[column('ยอดสุทธิ')]).toBe('3500.00');
    expect(rows[1][column('รายการ')]).toBe(`'${FORMULA_COURSE}`);
    expect(rows[2][column('สกุลเงิน')]).toBe('USD');
    expect(rows[2][column('ยอดสุทธิ')]).toBe('49.00');
    expect(rows[3][column('สถานะ')]).toBe('รอชำระเงิน');
  });

  it('exports the payment reports filed in the period, in the currency of their order', async () => {
    const { bytes, records } = await csv('/private/admin/sales/payment-reports.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = records;
    expect(rows).toHaveLength(2);
    const column = (name: string) => header.indexOf(name);
    expect(rows[0][column('ชื่อผู้โอน')]).toBe('สมหญิง ใจดี');
    expect(rows[0][column('โทรศัพท์')]).toBe("'+66891234567");
    expect(rows[0][column('ยอดโอน')]).toBe('3500.00');
    expect(rows[0][column('เลขที่คำสั่งซื้อ')]).toBe(String(ids.orders[0]));
    expect(rows[1][column('ชื่อผู้โอน')]).toBe("'@SUM(A1:A9)");
    expect(rows[1][column('สถานะ')]).toBe('รอตรวจสอบ');
  });

  it('streams more orders than one page (500) holds, each once, and sums them all', async () => {
    const made: number[] = [];
    for (let i = 0; i < 1203; i += 1) {
      made.push(
        (
          await db(ORDER).create({
            data: { order_token: `books-many-${i}`, state: 'approved', currency_code: 'THB', price: 100, net: 100, createdAt: at('2022-06-10T03:00:00Z'), approved_at: at('2022-06-10T03:00:00Z') },
          })
        ).id,
      );
    }
    const res = await get('/private/admin/sales/orders.csv?from=2022-06-01&to=2022-06-30');
    const records = parse(Buffer.from(await res.arrayBuffer()), { bom: true }) as string[][];
    expect(records.slice(1).map((row) => Number(row[0]))).toEqual(made);
    const summary = await call('GET', '/private/admin/sales?from=2022-06-01&to=2022-06-30', admin);
    expect(summary.body.data.totals).toEqual([{ currency: 'THB', amount: 120300, orders: 1203 }]);
  });
});
