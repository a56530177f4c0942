/**
 * Slips verified at the bank (ADR 196), over HTTP on a booted CMS with the demo data, a real
 * SMTP server and the SCB stand-in: the test registers the transfer at the stand-in's bank,
 * draws a slip picture from the real mini-QR payload, uploads and reports it as a student.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, registerSandboxSlip, type RunningSandbox, type SandboxSlip } from '@sala/payment-sandbox';
import { getRealtimeChannel } from '../src/realtime';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { closeSockets, connectSocket, record, signIn, sleep } from './helpers/realtime';
import { slipPicture, uploadSlip } from './helpers/slips';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const REPORT = 'api::payment-report.payment-report';
const ATTEMPT = 'api::payment-attempt.payment-attempt';
const ACCOUNT = 'api::bank-account.bank-account';
const METHOD = 'api::payment-method.payment-method';
const SETTING = 'api::site-setting.site-setting';
const RECORD = 'api::storage.upload-record';
const USER = 'plugin::users-permissions.user';
const UPLOADS_DIR = path.join(CMS_DIR, 'public', 'uploads');
const PAID_SUBJECT = 'ชำระเงินสำเร็จ';

let cms: TestStrapi;
let smtp: TestSmtp;
let scb: RunningSandbox;
let account: { id: number; account_id: string };
let admin: Buyer;
let n = 0;
const db = (uid: string) => cms.strapi.db.query(uid);
const call = jsonCaller(() => cms);
const person = () => createBuyer(cms, 'verify.buyer');
const setting = (data: Record<string, unknown>) => db(SETTING).updateMany({ where: { id: { $notNull: true } }, data });

async function placeOrder(who: Buyer, price = 107050): Promise<number> {
  const id = ++n;
  const course = await db(COURSE).create({ data: { title: `คอร์สตรวจสลิป ${id}`, slug: `verify-fixture-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: course.id },
  });
  const res = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.orderId;
}

let refSeq = 0;
const freshRef = () => `${Date.now().toString(36).toUpperCase()}VRFY${++refSeq}`.slice(0, 20);

/** The shop's account as a bank shows it: all but four digits masked. */
const masked = (accountId: string) => {
  const digits = accountId.replace(/\D/g, '');
  return `xxx-x-x${digits.slice(5, 9)}-x`;
};

const bangkokNow = () => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + 5_000));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { transDate: `${get('year')}-${get('month')}-${get('day')}`, transTime: `${get('hour')}:${get('minute')}:${get('second')}` };
};

/** Registers the transfer at the stand-in's bank (unless `registered` is false) and returns its slip picture, uploaded by the student. */
async function slipOf(who: Buyer, overrides: Partial<SandboxSlip> = {}, registered = true): Promise<{ name: string; transRef: string }> {
  const transRef = freshRef();
  const slip: SandboxSlip = { transRef, sendingBank: '004', amount: '1070.50', receiverAccount: masked(account.account_id), ...bangkokNow(), ...overrides };
  if (registered) await registerSandboxSlip(scb.url, slip);
  const name = await uploadSlip(cms, who, await slipPicture(generate.slipVerify({ sendingBank: slip.sendingBank, transRef })));
  return { name, transRef };
}

const report = (who: Buyer, orderId: number, slip: string) =>
  call('POST', '/private/payment/report', who, {
    order_id: orderId,
    payment_method_id: 1,
    contact_name: 'ผู้โอน ทดสอบ',
    email: 'payer@sala.test',
    tel: '0891234567',
    bank_account: String(account.id),
    bank_code: 'KBANK',
    transfer_datetime: '2026-11-25',
    time: '10:00:00',
    // The slip's own claim: the bank's answer decides, not this.
    transfer_amount: '1070.50',
    description: '',
    address: '-',
    slip: [slip],
  });

const orderState = async (id: number) => ((await db(ORDER).findOne({ where: { id }, select: ['state'] })) as { state: string }).state;
const reportsOf = (orderId: number) =>
  db(REPORT).findMany({ where: { order: { id: orderId } }, select: ['id', 'state', 'approve_by', 'slip_verify_reason', 'slip_verify_detail', 'slip_key'] }) as Promise<
    { id: number; state: string; approve_by: string | null; slip_verify_reason: string | null; slip_verify_detail: string | null; slip_key: string | null }[]
  >;
const paidMails = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.includes(PAID_SUBJECT));

beforeAll(async () => {
  smtp = await startSmtp();
  scb = await createSandbox('scb');
  cms = await startStrapi({ env: { ...smtp.env, SLIP_VERIFY_SCB_BASE_URL: scb.baseUrls.api } });
  const method = await db(METHOD).findOne({ where: { method_id: 1 }, select: ['id'] });
  account = await db(ACCOUNT).findOne({ where: { payment_method: { id: method.id }, enabled: true }, select: ['id', 'account_id'], orderBy: { id: 'asc' } });
  await setting({ promptpay_id: '0812345678', slip: true, slip_auto_verify: true });
  const shopAdmin = await db(USER).findOne({ where: { username: 'demo.admin' }, select: ['id', 'email'] });
  admin = { id: shopAdmin.id, email: shopAdmin.email, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: shopAdmin.id }) } as Buyer;
}, 300_000);

afterAll(async () => {
  closeSockets();
  if (cms) {
    const rows = (await db(RECORD).findMany({ select: ['name'] })) as { name: string }[];
    for (const { name } of rows) fs.rmSync(path.join(UPLOADS_DIR, name), { force: true });
  }
  await cms?.stop();
  await scb?.close();
  await smtp?.stop();
});

describe('a slip the bank confirms', () => {
  it('approves the order once when the same slip is reported twice at the same moment: one attempt, one mail, one push', async () => {
    const buyer = await person();
    const orderId = await placeOrder(buyer);
    const slip = await slipOf(buyer);
    const socket = await connectSocket(getRealtimeChannel(cms.strapi)!.url);
    expect((await signIn(socket, { userId: buyer.id, token: buyer.jwt })).event).toBe('signin:ok');
    const payments = record<{ orderId: number; provider: string; status: string }>(socket, 'payment:status');
    const orders = record<{ orderId: number; status: string }>(socket, 'order:status');

    const answers = await Promise.all([report(buyer, orderId, slip.name), report(buyer, orderId, slip.name)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);

    expect(await orderState(orderId)).toBe('approved');
    const attempts = await db(ATTEMPT).findMany({ where: { order: { id: orderId } }, select: ['state', 'provider', 'provider_reference', 'provider_transaction_id', 'amount_received'] });
    expect(attempts).toEqual([{ state: 'approved', provider: 'bank-transfer', provider_reference: `slip:004:${slip.transRef}`, provider_transaction_id: slip.transRef, amount_received: 107050 }]);
    const reports = await reportsOf(orderId);
    expect(reports.filter((row) => row.slip_key)).toHaveLength(1);
    expect(reports.find((row) => row.slip_key)).toMatchObject({ state: 'approved', approve_by: 'payment', slip_verify_reason: 'verified' });

    await smtp.waitFor((mail) => mail.to.includes(buyer.email) && mail.subject.includes(PAID_SUBJECT), 1, 30_000);
    await sleep(1_500);
    expect(paidMails(buyer.email)).toHaveLength(1);
    expect(payments.filter((event) => event.orderId === orderId && event.status === 'succeeded')).toHaveLength(1);
    expect(orders.filter((event) => event.orderId === orderId && event.status === 'approved')).toHaveLength(1);
  });
});

describe('a slip left for a person', () => {
  it('another amount at the bank: the report waits with the reason, the admin list names it, nothing is approved or mailed', async () => {
    const buyer = await person();
    const orderId = await placeOrder(buyer);
    const slip = await slipOf(buyer, { amount: '1000.00' });
    const res = await report(buyer, orderId, slip.name);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await orderState(orderId)).toBe('pendingApproved');
    const [row] = await reportsOf(orderId);
    expect(row).toMatchObject({ state: 'pending', slip_verify_reason: 'amount_mismatch' });
    expect(row.slip_verify_detail).toBe('1000.00 THB ≠ 1070.50 THB');
    expect(await db(ATTEMPT).count({ where: { order: { id: orderId } } })).toBe(0);
    const list = await call('GET', '/private/payments/reports?status=pending&pageSize=100', admin);
    expect(list.body.data.find((item: { id: number }) => item.id === row.id).slip_verify).toEqual({ reason: 'amount_mismatch', detail: row.slip_verify_detail });
    await sleep(500);
    expect(paidMails(buyer.email)).toHaveLength(0);
  });

  it('a reference the bank does not know waits as not_found', async () => {
    const buyer = await person();
    const orderId = await placeOrder(buyer);
    const slip = await slipOf(buyer, {}, false);
    expect((await report(buyer, orderId, slip.name)).status).toBe(201);
    expect(await orderState(orderId)).toBe('pendingApproved');
    expect((await reportsOf(orderId))[0]).toMatchObject({ state: 'pending', slip_verify_reason: 'not_found' });
  });

  it('money to someone else, or a transfer dated before the order, waits too', async () => {
    const buyer = await person();
    const other = await placeOrder(buyer);
    expect((await report(buyer, other, (await slipOf(buyer, { receiverAccount: 'xxx-x-x0000-x', receiverProxy: '0899999999' })).name)).status).toBe(201);
    expect((await reportsOf(other))[0]).toMatchObject({ state: 'pending', slip_verify_reason: 'receiver_mismatch' });
    const early = await placeOrder(buyer);
    expect((await report(buyer, early, (await slipOf(buyer, { transDate: '2020-01-01', transTime: '09:00:00' })).name)).status).toBe(201);
    expect((await reportsOf(early))[0]).toMatchObject({ state: 'pending', slip_verify_reason: 'date_before_order' });
  });

  it('with the setting off a confirmed slip waits for review as before, and the bank is not asked', async () => {
    await setting({ slip_auto_verify: false });
    try {
      const buyer = await person();
      const orderId = await placeOrder(buyer);
      const slip = await slipOf(buyer);
      expect((await report(buyer, orderId, slip.name)).status).toBe(201);
      expect(await orderState(orderId)).toBe('pendingApproved');
      expect((await reportsOf(orderId))[0]).toMatchObject({ state: 'pending', slip_verify_reason: null });
      expect(await db(ATTEMPT).count({ where: { order: { id: orderId } } })).toBe(0);
    } finally {
      await setting({ slip_auto_verify: true });
    }
  });
});
