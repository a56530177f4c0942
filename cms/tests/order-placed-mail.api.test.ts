/**
 * The mail of a bank-transfer order just placed (ADR 204), read from a real SMTP server: its
 * inline PNG is decoded back (sharp + jsQR) and the payload parsed with promptparse, so the
 * QR the buyer scans is proven to carry the order's stored net amount and number. The order's
 * transaction writes the outbox row and the mail worker composes the mail when it sends it:
 * an order that is not placed leaves no row, and one cancelled while the SMTP server was down
 * gets no payment request once it is back.
 */
import { createRequire } from 'node:module';
import { checksum, parse, validate } from 'promptparse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, jsonCaller, type Buyer } from './helpers/api';
import { outboxSettled } from './helpers/outbox';
import { freePort } from './helpers/ports';
import { startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const jsQR = createRequire(import.meta.url)('jsqr') as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';
const ORDER = 'api::order.order';
const SETTING = 'api::site-setting.site-setting';
const ACCOUNT = 'api::bank-account.bank-account';
const OUTBOX = 'sala_mail_outbox';
const SUBJECT = 'รอการชำระเงิน คำสั่งซื้อเลขที่';
const PROMPTPAY_ID = '0812345678';

let cms: TestStrapi;
let smtp: TestSmtp;
let smtpPort: number;
let n = 0;
const db = (uid: string) => cms.strapi.db.query(uid);
const call = jsonCaller(() => cms);
const person = () => createBuyer(cms, 'placed.buyer', { firstname: 'สมศรี', lastname: 'ใจดี' });
const setPromptPay = (promptpay_id: string | null) => db(SETTING).updateMany({ where: { id: { $notNull: true } }, data: { promptpay_id } });

/** An order of one course at 1,234.75 baht (or `price` satang) with the payment method given. */
async function placeOrder(who: Buyer, methodId = 1, price = 123475): Promise<number> {
  const id = ++n;
  const course = await db(COURSE).create({ data: { title: `คอร์สภาษาไทยเพื่อการสื่อสาร ${id}`, slug: `placed-mail-${id}`, course_type: 'Online', is_published: true } });
  const plan = await db(PLAN).create({
    data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: course.id },
  });
  const res = await call('POST', '/private/cart/order', who, { user_id: who.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: methodId, price: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.orderId;
}

const placedMails = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.includes(SUBJECT));

async function placedMail(email: string): Promise<ReceivedMail> {
  const [mail] = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(SUBJECT), 1, 15_000);
  expect(mail, `no order-placed mail to ${email}`).toBeDefined();
  return mail;
}

async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(found, 'the inline picture holds no readable QR').not.toBeNull();
  return found!.data;
}

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = await startSmtp({ port: smtpPort });
  cms = await startStrapi({ env: { ...smtp.env, STOREFRONT_URL: 'https://shop.sala.test', MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300', MAIL_RETRY_MAX_MS: '1200' } });
  await setPromptPay(PROMPTPAY_ID);
});

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
});

describe('the order-placed mail of a bank-transfer order', () => {
  it('carries the exact-amount PromptPay QR inline: the order’s net, the order number as bill number, a valid CRC', async () => {
    const buyer = await person();
    const orderId = await placeOrder(buyer);
    const { net } = await db(ORDER).findOne({ where: { id: orderId }, select: ['net'] });
    const mail = await placedMail(buyer.email);

    expect(mail.subject).toBe(`${SUBJECT} ${orderId}`);
    const inline = mail.attachments.filter((a) => a.cid);
    expect(inline).toHaveLength(1);
    expect(inline[0].contentType).toBe('image/png');
    expect(inline[0].cid).toBe('promptpay-qr@sala');
    // mailparser puts an inline picture's bytes where the HTML named its cid: the <img> shows this very PNG
    expect(mail.html).toContain(`<img src="data:image/png;base64,${inline[0].content.toString('base64')}"`);

    const payload = await decodeQr(inline[0].content);
    const qr = parse(payload, true, true);
    expect(qr, payload).not.toBeNull();
    expect(qr!.getTagValue('54')).toBe((Number(net) / 100).toFixed(2));
    expect(qr!.getTagValue('54')).toBe('1234.75');
    expect(qr!.getTagValue('62', '01')).toBe(String(orderId));
    expect(payload.slice(-4)).toBe(checksum(payload.slice(0, -4)));
    expect(validate.anyId(payload)).toMatchObject({ type: 'MSISDN', target: PROMPTPAY_ID, amount: 1234.75 });
    // the same payload as the payment step's QR (ADR 187)
    expect((await call('GET', `/private/payments/methods/order/${orderId}`, buyer)).body.prompt_pay.payload).toBe(payload);
  });

  it('names the buyer, the lines, the amount, the shop’s bank accounts and the link to the order’s payment page, in Thai', async () => {
    const buyer = await person();
    const orderId = await placeOrder(buyer);
    const mail = await placedMail(buyer.email);
    const accounts = (await db(ACCOUNT).findMany({ where: { enabled: true, payment_method: { method_id: 1 } }, select: ['account_id', 'bank_name'] })) as {
      account_id: string;
      bank_name: string;
    }[];
    expect(accounts.length).toBeGreaterThan(0);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('เรียน คุณสมศรี ใจดี');
      expect(body).toContain(`คอร์สภาษาไทยเพื่อการสื่อสาร ${n}`);
      expect(body).toContain('1,234.75');
      expect(body).toContain(`https://shop.sala.test/pay/${orderId}`);
      for (const account of accounts) expect(body).toContain(account.account_id);
    }
    expect(mail.html).toContain('<html lang="th">');
  });

  it('prints the buyer’s own name as text: markup in it is escaped, never HTML', async () => {
    const buyer = await createBuyer(cms, 'placed.markup', { firstname: '<img src=x onerror=alert(1)>', lastname: 'ทดสอบ' });
    await placeOrder(buyer);
    const mail = await placedMail(buyer.email);
    expect(mail.html).toContain('เรียน คุณ&lt;img src=x onerror=alert(1)&gt; ทดสอบ');
    expect(mail.html).not.toContain('<img src=x');
  });

  it('goes without a QR when the shop has no PromptPay id', async () => {
    await setPromptPay(null);
    try {
      const buyer = await person();
      const orderId = await placeOrder(buyer);
      const mail = await placedMail(buyer.email);
      expect(mail.subject).toContain(String(orderId));
      expect(mail.attachments).toEqual([]);
      expect(mail.html).not.toContain('<img');
      expect(mail.text).toContain(`/pay/${orderId}`);
    } finally {
      await setPromptPay(PROMPTPAY_ID);
    }
  });

  it('is not sent for an order paid by card', async () => {
    const buyer = await person();
    await placeOrder(buyer, 8);
    expect(await outboxSettled(cms.strapi, buyer.email)).toBe(0);
    const rows = await cms.strapi.db.connection(OUTBOX).whereRaw('lower(recipient) = ?', [buyer.email.toLowerCase()]).count({ count: '*' });
    expect(Number(rows[0].count)).toBe(0);
    expect(placedMails(buyer.email)).toEqual([]);
  });

  it('an order refused in its transaction leaves no mail behind', async () => {
    const buyer = await person();
    const course = await db(COURSE).create({ data: { title: 'คอร์สที่นั่งเต็ม', slug: `placed-mail-full-${++n}`, course_type: 'In-class', is_published: true, seat: 1, seats_taken: 1 } });
    const plan = await db(PLAN).create({
      data: { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price: 50000, course: course.id },
    });
    const res = await call('POST', '/private/cart/order', buyer, { user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 1, price: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    const rows = await cms.strapi.db.connection(OUTBOX).whereRaw('lower(recipient) = ?', [buyer.email.toLowerCase()]).count({ count: '*' });
    expect(Number(rows[0].count)).toBe(0);
  });

  it('is composed when it is sent: an order cancelled while the mail server was down gets no payment request once it is back', async () => {
    const buyer = await person();
    await smtp.stop();
    let orderId: number;
    try {
      orderId = await placeOrder(buyer);
      // the row is there with a failed attempt: the mail waits for the server
      const deadline = Date.now() + 15_000;
      let row: { state: string; last_error: string | null } | undefined;
      while (Date.now() < deadline) {
        row = await cms.strapi.db.connection(OUTBOX).whereRaw('lower(recipient) = ?', [buyer.email.toLowerCase()]).first();
        if (row?.last_error) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(row).toMatchObject({ state: 'pending' });
      expect(row!.last_error).toBeTruthy();
      const cancelled = await call('POST', '/public/cart/deleteorder', buyer, { order_id: orderId });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    } finally {
      smtp = await startSmtp({ port: smtpPort });
    }
    expect(await outboxSettled(cms.strapi, buyer.email)).toBe(0);
    const [row] = await cms.strapi.db.connection(OUTBOX).whereRaw('lower(recipient) = ?', [buyer.email.toLowerCase()]);
    expect(row.state).toBe('skipped');
    // a mail to the same buyer sent after it arrives, and the payment request never does
    const second = await placeOrder(buyer);
    const mail = await placedMail(buyer.email);
    expect(mail.subject).toBe(`${SUBJECT} ${second}`);
    expect(placedMails(buyer.email)).toHaveLength(1);
  });
});
