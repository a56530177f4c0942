/**
 * What the payment API tests share: a CMS with an SMTP server, every provider's
 * sandbox on a free port with the CMS's notification URLs registered as a
 * provider dashboard would, the eleven payment methods pointed at them with the
 * demo keys, and buyers with orders placed through POST /private/cart/order.
 */
import { createSandbox, DEMO_BANK_ACCOUNTS, DEMO_METHOD_CONFIG, type RunningSandbox } from '@sala/payment-sandbox';
import { startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';

export const UID = {
  attempt: 'api::payment-attempt.payment-attempt',
  method: 'api::payment-method.payment-method',
  order: 'api::order.order',
  course: 'api::course.course',
  plan: 'api::pricing-plan.pricing-plan',
  report: 'api::payment-report.payment-report',
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
} as const;

export const METHOD_IDS = [1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 15] as const;
export type MethodId = (typeof METHOD_IDS)[number];

export const SANDBOX_NAMES = ['2c2p', 'omise', 'paypal', 'xendit', 'paysolutions', 'scb'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];

export const SHOP_EMAIL = 'shop@sala.test';
export const STOREFRONT = 'http://storefront.sala.test';

/** Every secret the demo methods hold: none may ever appear in an answer. */
export const DEMO_SECRETS: string[] = [
  ...new Set(Object.values(DEMO_METHOD_CONFIG).flatMap((config) => [config.applicationId2, config.webhookSecret, config.apiKey].filter((value): value is string => Boolean(value)))),
];

export type Buyer = { id: number; email: string; jwt: string };
export type Answer = { status: number; body: any; text: string };

export type PaymentWorld = {
  cms: TestStrapi;
  smtp: TestSmtp;
  sandboxes: Record<SandboxName, RunningSandbox>;
  q(uid: string): any;
  buyer(label: string): Promise<Buyer>;
  shopAdmin(): Promise<Buyer>;
  /** Places an order of one fresh In-class course (10 seats) through the checkout API. */
  placeOrder(buyer: Buyer, methodId: MethodId, price?: number): Promise<{ orderId: number; courseId: number; token: string }>;
  call(method: 'GET' | 'POST', path: string, options?: { buyer?: Buyer; body?: unknown }): Promise<Answer>;
  /** Every answer the payment routes gave, to look for secrets in. */
  answers: string[];
  mailsTo(email: string): ReceivedMail[];
  attemptOf(orderId: number): Promise<any>;
  orderOf(orderId: number): Promise<{ state: string }>;
  seatsTaken(courseId: number): Promise<number>;
  stop(): Promise<void>;
};

const SANDBOX_OF: Record<MethodId, SandboxName | null> = {
  1: null,
  2: 'paypal',
  3: '2c2p',
  4: 'scb',
  8: 'omise',
  9: 'omise',
  10: '2c2p',
  11: 'xendit',
  12: 'xendit',
  13: 'paysolutions',
  15: '2c2p',
};

let buyerCount = 0;

export type WorldOptions = {
  /** Sends a provider's server notifications elsewhere (a recorder), so a test delivers them itself. */
  notify?: Partial<Record<SandboxName, string>>;
};

export async function startPaymentWorld(options: WorldOptions = {}): Promise<PaymentWorld> {
  const smtp = await startSmtp();
  const cms = await startStrapi({ seed: false, env: { ...smtp.env, SHOP_EMAIL, STOREFRONT_URL: STOREFRONT } });
  const q = (uid: string) => cms.strapi.db.query(uid);
  const sandboxes = {} as Record<SandboxName, RunningSandbox>;
  for (const name of SANDBOX_NAMES) {
    // As registered in each provider's dashboard or portal.
    sandboxes[name] = await createSandbox(name, {
      callbackUrl: options.notify?.[name] ?? `${cms.url}/api/payments/${name}/notify`,
      resultUrl: `${cms.url}/api/payments/${name}/result`,
    });
  }

  await q('api::site-setting.site-setting').create({
    data: { title: 'ศาลา', is_thank_you_page: true, auto_cancel: 1, slip: false, is_production_mode: false },
  });
  for (const methodId of METHOD_IDS) {
    const demo = DEMO_METHOD_CONFIG[methodId];
    const sandbox = SANDBOX_OF[methodId];
    await q(UID.method).create({
      data: {
        method_id: methodId,
        name: `วิธีชำระเงิน ${methodId}`,
        name_web: 'ศาลา',
        payment_type: 'online',
        enabled: true,
        application_id_1: demo.applicationId1 || null,
        application_id_2: demo.applicationId2 || null,
        webhook_secret: demo.webhookSecret ?? null,
        api_key: demo.apiKey ?? null,
        settings: demo.settings ?? null,
        base_url: sandbox ? sandboxes[sandbox].url : null,
      },
    });
  }
  const bankMethod = await q(UID.method).findOne({ where: { method_id: 1 } });
  for (const account of DEMO_BANK_ACCOUNTS) {
    await q('api::bank-account.bank-account').create({
      data: { account_id: account.accountId, account_name: account.accountName, bank_name: account.bankName, promptpay_id: account.promptPayId, enabled: true, payment_method: bankMethod.id },
    });
  }
  await q('api::origin-bank.origin-bank').create({ data: { banktransfer_value: 'KBANK', banktransfer_nameth: 'ธนาคารกสิกรไทย' } });

  const answers: string[] = [];
  const jwtOf = (id: number) => cms.strapi.plugin('users-permissions').service('jwt').issue({ id });

  async function makeUser(label: string, roleType: string): Promise<Buyer> {
    const n = ++buyerCount;
    const role = await q(UID.role).findOne({ where: { type: roleType } });
    const email = `${label}.${n}@sala.test`;
    const user = await q(UID.user).create({
      data: { username: `${label}.${n}`, email, firstname: 'สมชาย', lastname: `ผู้ซื้อ${n}`, provider: 'local', confirmed: true, blocked: false, role: role.id },
    });
    return { id: user.id, email, jwt: jwtOf(user.id) };
  }

  async function call(method: 'GET' | 'POST', path: string, options: { buyer?: Buyer; body?: unknown } = {}): Promise<Answer> {
    const response = await fetch(`${cms.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.buyer ? { authorization: `Bearer ${options.buyer.jwt}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      redirect: 'manual',
    });
    const text = await response.text();
    answers.push(text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body, text };
  }

  let courseCount = 0;
  async function placeOrder(buyer: Buyer, methodId: MethodId, price = 150_000) {
    const n = ++courseCount;
    const course = await q(UID.course).create({
      data: { title: `เวิร์กช็อปชำระเงิน ${n}`, slug: `payment-workshop-${n}`, course_type: 'In-class', is_published: true, seat: 10, seats_taken: 0 },
    });
    const plan = await q(UID.plan).create({
      data: { name: 'ค่าลงทะเบียน', reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, is_default: true, price, course: course.id },
    });
    const placed = await call('POST', '/private/cart/order', {
      buyer,
      body: { user_id: buyer.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: methodId, price: 1, currency_code: 'THB' },
    });
    if (placed.status !== 201) throw new Error(`order not placed: ${placed.status} ${placed.text}`);
    return { orderId: placed.body.orderId as number, courseId: course.id as number, token: placed.body.order_detail.order_token as string };
  }

  return {
    cms,
    smtp,
    sandboxes,
    q,
    buyer: (label) => makeUser(label, 'authenticated'),
    shopAdmin: () => makeUser('shop.admin', 'shop_admin'),
    placeOrder,
    call,
    answers,
    mailsTo: (email) => smtp.mails.filter((mail) => mail.to.includes(email)),
    attemptOf: async (orderId) => q(UID.attempt).findOne({ where: { order: { id: orderId } }, orderBy: { id: 'desc' } }),
    orderOf: async (orderId) => q(UID.order).findOne({ where: { id: orderId }, select: ['state'] }),
    seatsTaken: async (courseId) => (await q(UID.course).findOne({ where: { id: courseId }, select: ['seats_taken'] })).seats_taken ?? 0,
    async stop() {
      for (const sandbox of Object.values(sandboxes)) await sandbox?.close();
      await cms?.stop();
      await smtp?.stop();
    },
  };
}

/** Gives asynchronous duplicates (resent notifications, a second mail) time to show up before counting. */
export const settleDown = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
