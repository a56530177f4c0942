/**
 * The shop's exact-amount PromptPay QR and the slip's mini-QR, over HTTP on a booted CMS with
 * the demo data: the QR of an unpaid bank-transfer order is decoded back with promptparse;
 * slips are PNG pictures the test draws from real mini-QR payloads (qrcode + sharp), uploaded
 * and reported like a phone's screenshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checksum, generate, parse, validate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { signInAdmin } from './helpers/admin';
import { slipPicture, uploadSlip as uploadAs } from './helpers/slips';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const REPORT = 'api::payment-report.payment-report';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const SETTING = 'api::site-setting.site-setting';
const RECORD = 'api::storage.upload-record';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const SLIP_USED_TH = 'สลิปนี้ถูกใช้แจ้งชำระคำสั่งซื้ออื่นไปแล้ว';

let cms: TestStrapi;
let n = 0;
let accountId: number;
const db = (uid: string) => cms.strapi.db.query(uid);
const call = jsonCaller(() => cms);
const person = () => createBuyer(cms, 'slip.buyer');
const uploadSlip = (who: Buyer, picture: Buffer) => uploadAs(cms, who, picture);

async function placeOrder(who: Buyer, price = 107050): Promise<{ id: number; token: string }> {
  const id = ++n;
  const course = await db(COURSE).create({ data: { title: `คอร์สสลิป ${id}`, slug: `slip-fixture-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: course.id },
  });
  const res = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.orderId, token: res.body.order_detail.order_token };
}

function reportBody(orderId: number, slip: string): Record<string, unknown> {
  return {
    order_id: orderId,
    payment_method_id: 1,
    contact_name: 'ผู้โอน ทดสอบ',
    email: 'payer@sala.test',
    tel: '0891234567',
    bank_account: String(accountId),
    bank_code: 'SCB',
    transfer_datetime: '2026-11-25',
    time: '10:00:00',
    transfer_amount: '1070.50',
    description: '',
    address: '-',
    slip: [slip],
  };
}

const report = (who: Buyer, orderId: number, slip: string) => call('POST', '/private/payment/report', who, reportBody(orderId, slip));
const slipFields = (id: number) => db(REPORT).findOne({ where: { id }, select: ['slip_sending_bank', 'slip_trans_ref', 'slip_key', 'state'] });
let refSeq = 0;
const freshRef = () => `${Date.now().toString(36).toUpperCase()}SALA${++refSeq}`.slice(0, 20);

beforeAll(async () => {
  cms = await startStrapi();
  const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
  const account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id'], orderBy: { id: 'asc' } });
  accountId = account.id;
  await db(SETTING).updateMany({ where: { id: { $notNull: true } }, data: { promptpay_id: '0812345678', slip: true } });
});

afterAll(async () => {
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
});

describe('the exact-amount PromptPay QR of a bank-transfer order', () => {
  it('carries the stored net amount, the order number as bill number and a valid CRC', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await call('GET', `/private/payments/methods/order/${order.id}`, buyer);
    expect(res.status).toBe(200);
    const payload: string = res.body.prompt_pay.payload;
    const qr = parse(payload, true, true);
    expect(qr, payload).not.toBeNull();
    expect(qr!.getTagValue('54')).toBe('1070.50');
    expect(qr!.getTagValue('53')).toBe('764');
    expect(qr!.getTagValue('62', '01')).toBe(String(order.id));
    expect(payload.slice(-4)).toBe(checksum(payload.slice(0, -4)));
    expect(validate.anyId(payload)).toMatchObject({ type: 'MSISDN', target: '0812345678', amount: 1070.5 });
    expect(res.body.prompt_pay.promptpay_id).toBe('0812345678');
  });

  it('follows the order in the database, not anything the caller sends', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    await db(ORDER).update({ where: { id: order.id }, data: { net: 50025 } });
    const res = await call('GET', `/private/payments/methods/order/${order.id}?amount=1&net=1`, buyer);
    expect(parse(res.body.prompt_pay.payload, true)!.getTagValue('54')).toBe('500.25');
  });

  it('is absent for a paid order, for someone else’s order and when the shop has no PromptPay id', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    expect((await call('GET', `/private/payments/methods/order/${order.id}`, await person())).status).toBe(404);
    await db(SETTING).updateMany({ where: { id: { $notNull: true } }, data: { promptpay_id: null } });
    try {
      expect((await call('GET', `/private/payments/methods/order/${order.id}`, buyer)).body.prompt_pay).toBeNull();
    } finally {
      await db(SETTING).updateMany({ where: { id: { $notNull: true } }, data: { promptpay_id: '0812345678' } });
    }
    await cms.strapi.service('api::checkout.order-state').approve({ orderId: order.id, by: 'payment' });
    expect((await call('GET', `/private/payments/methods/order/${order.id}`, buyer)).body.prompt_pay).toBeNull();
  });

  it('the Strapi admin refuses a PromptPay id that is not a phone, tax id or e-wallet id', async () => {
    const { token } = await signInAdmin(cms);
    const put = (promptpay_id: string) =>
      fetch(`${cms.url}/content-manager/single-types/${SETTING}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ promptpay_id }),
      });
    expect((await put('12345')).status).toBe(400);
    expect((await put('08123456789')).status).toBe(400);
    expect((await db(SETTING).findOne({ select: ['promptpay_id'] })).promptpay_id).toBe('0812345678');
    expect((await put('0105561234567')).status).toBe(200);
    expect((await db(SETTING).findOne({ select: ['promptpay_id'] })).promptpay_id).toBe('0105561234567');
    await db(SETTING).updateMany({ where: { id: { $notNull: true } }, data: { promptpay_id: '0812345678' } });
  });
});

describe('a slip’s mini-QR on a bank-transfer report', () => {
  it('stores the sending bank and the transaction reference the slip carries', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const transRef = freshRef();
    const slip = await uploadSlip(buyer, await slipPicture(generate.slipVerify({ sendingBank: '014', transRef })));
    const res = await report(buyer, order.id, slip);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await slipFields(res.body.orderPaymentId)).toMatchObject({ slip_sending_bank: '014', slip_trans_ref: transRef, slip_key: `014:${transRef}`, state: 'pending' });
  });

  it('refuses the same slip on another order with SLIP_ALREADY_USED in Thai, and takes it again on its own order', async () => {
    const first = await person();
    const firstOrder = await placeOrder(first);
    const payload = generate.slipVerify({ sendingBank: '004', transRef: freshRef() });
    const filed = await report(first, firstOrder.id, await uploadSlip(first, await slipPicture(payload)));
    expect(filed.status).toBe(201);

    const other = await person();
    const otherOrder = await placeOrder(other);
    const refused = await report(other, otherOrder.id, await uploadSlip(other, await slipPicture(payload)));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SLIP_ALREADY_USED');
    expect(JSON.stringify(refused.body)).toContain(SLIP_USED_TH);
    expect(JSON.stringify(refused.body)).not.toContain(String(firstOrder.id) + ',');
    expect(await db(REPORT).count({ where: { order: { id: otherOrder.id } } })).toBe(0);
    expect((await db(ORDER).findOne({ where: { id: otherOrder.id }, select: ['state'] })).state).toBe('notYetReceived');

    // a second report of the first order with the same slip is taken; only the first holds the key
    const again = await report(first, firstOrder.id, await uploadSlip(first, await slipPicture(payload)));
    expect(again.status).toBe(201);
    expect(await slipFields(again.body.orderPaymentId)).toMatchObject({ slip_sending_bank: '004', slip_key: null });

    // the review list names the report that first carried the slip
    const listed = await cms.strapi.service('api::bank-transfer.review').list({ status: 'pending', page: 1, pageSize: 500 });
    const second = listed.data.find((row: { id: number }) => row.id === again.body.orderPaymentId);
    expect(second.slip_qr).toEqual({ sending_bank: '004', trans_ref: expect.any(String), first_order_id: firstOrder.id, first_report_id: filed.body.orderPaymentId });
  });

  it('lets one of two reports of different orders sent at the same moment with the same slip through', async () => {
    const payload = generate.slipVerify({ sendingBank: '002', transRef: freshRef() });
    const buyers = await Promise.all([person(), person()]);
    const orders = await Promise.all(buyers.map((who) => placeOrder(who)));
    const slips = await Promise.all(buyers.map(async (who) => uploadSlip(who, await slipPicture(payload))));
    const answers = await Promise.all(buyers.map((who, i) => report(who, orders[i].id, slips[i])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('SLIP_ALREADY_USED');
    const ref = validate.slipVerify(payload)!;
    expect(await db(REPORT).count({ where: { slip_trans_ref: ref.transRef } })).toBe(1);
    // the loser's refusal is kept with the winner's report as the first use, whichever path refused it
    const kept = await cms.strapi.db.connection('sala_slip_refusals').where({ trans_ref: ref.transRef }).select('order_id', 'first_report_id');
    const winner = answers.find((a) => a.status === 201)!.body.orderPaymentId;
    const loser = orders[answers.findIndex((a) => a.status === 409)].id;
    expect(kept.map((row: { order_id: number; first_report_id: number }) => [Number(row.order_id), Number(row.first_report_id)])).toEqual([[loser, winner]]);
  });

  it('the database itself refuses a second report holding the same slip key (the check-then-write race ends here)', async () => {
    const buyer = await person();
    const orders = [await placeOrder(buyer), await placeOrder(buyer)];
    const key = `006:${freshRef()}`;
    await db(REPORT).create({ data: { order: orders[0].id, state: 'pending', slip_key: key } });
    await expect(db(REPORT).create({ data: { order: orders[1].id, state: 'pending', slip_key: key } })).rejects.toThrow();
    expect(await db(REPORT).count({ where: { slip_key: key } })).toBe(1);
  });

  it('a slip without a readable QR goes to review as before, with no reference', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await report(buyer, order.id, await uploadSlip(buyer, await slipPicture(null)));
    expect(res.status).toBe(201);
    expect(await slipFields(res.body.orderPaymentId)).toMatchObject({ slip_sending_bank: null, slip_trans_ref: null, slip_key: null, state: 'pending' });
    expect((await db(ORDER).findOne({ where: { id: order.id }, select: ['state'] })).state).toBe('pendingApproved');
  });

  it('a QR that is not a slip’s (a PromptPay payment QR) is no reference', async () => {
    const buyer = await person();
    const order = await placeOrder(buyer);
    const res = await report(buyer, order.id, await uploadSlip(buyer, await slipPicture(generate.anyId({ type: 'MSISDN', target: '0812345678', amount: 10 }))));
    expect(res.status).toBe(201);
    expect(await slipFields(res.body.orderPaymentId)).toMatchObject({ slip_sending_bank: null, slip_key: null });
  });
});

describe('a refused slip reuse, kept for the shop (ADR 205)', () => {
  const shopAdmin = async (): Promise<Buyer> => {
    const row = await db('plugin::users-permissions.user').findOne({ where: { username: 'demo.admin' }, select: ['id', 'email'] });
    return { id: row.id, email: row.email, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: row.id }) };
  };
  const refusals = (who: Buyer | null, query = '') => call('GET', `/private/payments/slip-refusals${query}`, who);

  it('keeps the refused attempt with its first use; staff list it and open the first order’s reports; the payer still reads the same 409', async () => {
    const first = await person();
    const firstOrder = await placeOrder(first);
    const transRef = freshRef();
    const payload = generate.slipVerify({ sendingBank: '025', transRef });
    const filed = await report(first, firstOrder.id, await uploadSlip(first, await slipPicture(payload)));
    expect(filed.status).toBe(201);

    const other = await person();
    const otherOrder = await placeOrder(other);
    const slip = await uploadSlip(other, await slipPicture(payload));
    const refused = await report(other, otherOrder.id, slip);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SLIP_ALREADY_USED');
    expect(JSON.stringify(refused.body)).toContain(SLIP_USED_TH);
    expect(JSON.stringify(refused.body)).not.toContain(String(firstOrder.id) + ',');
    // the same refusal again counts on the same row
    expect((await report(other, otherOrder.id, slip)).status).toBe(409);

    const admin = await shopAdmin();
    const listed = await refusals(admin, '?pageSize=100');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const kept = listed.body.data.filter((row: { order_id: number }) => row.order_id === otherOrder.id);
    expect(kept).toEqual([
      {
        id: expect.any(Number),
        order_id: otherOrder.id,
        reporter: { id: other.id, username: expect.stringMatching(/^slip\.buyer\./), email: other.email },
        sending_bank: '025',
        trans_ref: transRef,
        first_report_id: filed.body.orderPaymentId,
        first_order_id: firstOrder.id,
        attempts: 2,
        refused_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        last_refused_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // nothing else was written: no report, and the refused order is as it was
    expect(await db(REPORT).count({ where: { order: { id: otherOrder.id } } })).toBe(0);
    expect((await db(ORDER).findOne({ where: { id: otherOrder.id }, select: ['state'] })).state).toBe('notYetReceived');

    // the link target: the first order's reports, whatever their status
    await cms.strapi.service('api::bank-transfer.review').approve({ reportId: filed.body.orderPaymentId, orderId: firstOrder.id, reviewer: { id: admin.id, username: 'demo.admin' } });
    const firstReports = await call('GET', `/private/payments/reports?order_id=${firstOrder.id}`, admin);
    expect(firstReports.status).toBe(200);
    expect(firstReports.body.data.map((row: { id: number; status: string; order_id: number }) => [row.id, row.status, row.order_id])).toEqual([[filed.body.orderPaymentId, 'approved', firstOrder.id]]);
  });

  it('only shop staff read refused reuses or another order’s reports: a student gets 403, a visitor 401', async () => {
    const first = await person();
    const firstOrder = await placeOrder(first);
    const payload = generate.slipVerify({ sendingBank: '030', transRef: freshRef() });
    expect((await report(first, firstOrder.id, await uploadSlip(first, await slipPicture(payload)))).status).toBe(201);
    const other = await person();
    const otherOrder = await placeOrder(other);
    expect((await report(other, otherOrder.id, await uploadSlip(other, await slipPicture(payload)))).status).toBe(409);

    for (const who of [other, first]) {
      const answer = await refusals(who);
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(payload.slice(0, 20));
      const reports = await call('GET', `/private/payments/reports?order_id=${firstOrder.id}`, who);
      expect(reports.status).toBe(403);
      expect(JSON.stringify(reports.body)).not.toContain('"order_id"');
    }
    expect((await refusals(null)).status).toBe(401);
    expect((await call('GET', `/private/payments/reports?order_id=${firstOrder.id}`, null)).status).toBe(401);
    expect((await call('GET', `/public/payments/slip-refusals`, null)).status).toBe(404);
  });
});
