/**
 * Payments on the trust boundary (docs/security.md):
 *  (3) a 2C2P result settles only the attempt it names, verified with that attempt's own
 *      payment method's key (enabled), and only as a provider's response: the demo key left
 *      on another 2C2P method row, or the shop's own signed paymentRequest, settles nothing;
 * (10) card data never travels in a URL or lands in a log: the storefront's card form posts
 *      to the hand-off page, the access log keeps no query string, and the sandbox's card
 *      encryption holds nothing readable.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createSandbox, DEMO_KEYS, sandboxEncryptCard, type RunningSandbox } from '@sala/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer } from '../reliability/support/shop';
import { sharedCms } from './support/cms';
import { bearer, send, sendJson, sleep } from './support/http';
import { sharedStorefront } from './support/storefront';

const cms = sharedCms();
const sf = sharedStorefront(cms);

const UID = {
  attempt: 'api::payment-attempt.payment-attempt',
  method: 'api::payment-method.payment-method',
  order: 'api::order.order',
  role: 'plugin::users-permissions.role',
} as const;

const CARD = { number: '4111111111111111', month: '12', year: '2030', cvv: '987' };
/** The shop's own 2C2P account: method 3's keys replaced, the demo keys left on methods 10 and 15. */
const SHOP_2C2P = { merchantId: 'JT99', secretKey: `shop-own-secret-${randomBytes(8).toString('hex')}` };

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

type Student = { id: number; username: string; password: string; jwt: string };

let studentCount = 0;
async function student(): Promise<Student> {
  const strapi = cms().strapi as any;
  const role = await strapi.db.query(UID.role).findOne({ where: { type: 'authenticated' } });
  const username = `paysec${++studentCount}${randomBytes(3).toString('hex')}`;
  const password = `Pw-${randomBytes(6).toString('hex')}`;
  const user = await strapi
    .plugin('users-permissions')
    .service('user')
    .add({ username, email: `${username}@security.test`, password, provider: 'local', confirmed: true, blocked: false, role: role.id, firstname: 'ทดสอบ', lastname: 'บัตร' });
  return { id: user.id, username, password, jwt: strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) };
}

/** An order of a fresh course to be paid with `methodId`; answers its id and amount in satang. */
async function orderOf(buyer: Student, methodId: number): Promise<{ orderId: number; amount: number }> {
  const offer = await createOffer(cms().strapi, null, 150_000);
  const placed = await sendJson(
    'POST',
    `${cms().url}/private/cart/order`,
    { user_id: buyer.id, course_id: [offer.courseId], pricingplan_id: [offer.planId], payment_method_id: methodId, price: 1, currency_code: 'THB' },
    { headers: bearer(buyer.jwt) },
  );
  expect(placed.status, placed.text).toBe(201);
  return { orderId: placed.body.orderId as number, amount: offer.price };
}

/** Starts the 9.9 card hand-off of an order: the CMS signs the paymentRequest with method 3's key. */
async function startCard(buyer: Student, orderId: number) {
  const started = await sendJson('POST', `${cms().url}/api/payment/2c2p/creditcard`, { orderId, encryptedCardInfo: sandboxEncryptCard(CARD) }, { headers: bearer(buyer.jwt) });
  expect(started.status, started.text).toBe(200);
  const attempt = await (cms().strapi as any).db.query(UID.attempt).findOne({ where: { order: { id: orderId } }, orderBy: { id: 'desc' } });
  return { paymentRequest: started.body.result.fields.paymentRequest as string, attempt };
}

/** A 9.9 paymentResponse as 2C2P signs one, with `key`. */
function paymentResponse(fields: { merchantId: string; reference: string; amountMinor: number; respCode?: string }, key: string): string {
  const inner =
    `<PaymentResponse><version>9.9</version><timeStamp>20261127120000</timeStamp><merchantID>${fields.merchantId}</merchantID>` +
    `<respCode>${fields.respCode ?? '00'}</respCode><pan>411111XXXXXX1111</pan><amt>${String(fields.amountMinor).padStart(12, '0')}</amt>` +
    `<uniqueTransactionCode>${fields.reference}</uniqueTransactionCode><tranRef>${Date.now()}</tranRef><approvalCode>123456</approvalCode>` +
    `<status>A</status><currencyCode>764</currencyCode></PaymentResponse>`;
  const payload = b64(inner);
  const signature = createHmac('sha256', key).update(payload).digest('hex').toUpperCase();
  return b64(`<PaymentResponse><version>9.9</version><payload>${payload}</payload><signature>${signature}</signature></PaymentResponse>`);
}

const postResult = (path: 'notify' | 'result', value: string) =>
  send('POST', `${cms().url}/api/payments/2c2p/${path}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ paymentResponse: value }).toString(),
  });

async function stateOf(orderId: number) {
  const strapi = cms().strapi as any;
  const attempt = await strapi.db.query(UID.attempt).findOne({ where: { order: { id: orderId } }, orderBy: { id: 'desc' }, select: ['state'] });
  const order = await strapi.db.query(UID.order).findOne({ where: { id: orderId }, select: ['state'] });
  return { attempt: attempt?.state, order: order?.state };
}

describe('(3) 2C2P settlement is bound to the attempt and its own method key', () => {
  beforeAll(async () => {
    const q = (cms().strapi as any).db.query(UID.method);
    // The shop replaced method 3's demo keys with its own and turned installments off; 10 and 15 keep the seed's demo key.
    await q.update({ where: { method_id: 3 }, data: { application_id_1: SHOP_2C2P.merchantId, application_id_2: SHOP_2C2P.secretKey } });
    await q.update({ where: { method_id: 10 }, data: { enabled: false } });
  });

  it('a result signed with the public demo key (still on disabled method 10 and on method 15) settles no method-3 attempt', async () => {
    const buyer = await student();
    const { orderId, amount } = await orderOf(buyer, 3);
    const { attempt } = await startCard(buyer, orderId);
    const forged = paymentResponse({ merchantId: DEMO_KEYS['2c2p'].merchantId, reference: attempt.provider_reference, amountMinor: amount }, DEMO_KEYS['2c2p'].secretKey);
    const forgedAsShop = paymentResponse({ merchantId: SHOP_2C2P.merchantId, reference: attempt.provider_reference, amountMinor: amount }, DEMO_KEYS['2c2p'].secretKey);

    for (const value of [forged, forgedAsShop]) {
      const notify = await postResult('notify', value);
      expect(notify.status, notify.text).toBeGreaterThanOrEqual(400);
      const result = await postResult('result', value);
      expect(result.status).toBe(303);
    }
    expect(await stateOf(orderId)).toEqual({ attempt: 'pending', order: 'notYetReceived' });

    // The same message signed with method 3's own key settles it: the attempt's key is the one that counts.
    const genuine = await postResult('notify', paymentResponse({ merchantId: SHOP_2C2P.merchantId, reference: attempt.provider_reference, amountMinor: amount }, SHOP_2C2P.secretKey));
    expect(genuine.status, genuine.text).toBe(200);
    expect(await stateOf(orderId)).toEqual({ attempt: 'approved', order: 'approved' });
  });

  it("the shop's own signed paymentRequest replayed as a paymentResponse settles nothing (neither approves nor declines)", async () => {
    const buyer = await student();
    const { orderId } = await orderOf(buyer, 3);
    const { paymentRequest } = await startCard(buyer, orderId);
    const notify = await postResult('notify', paymentRequest);
    expect(notify.status, notify.text).toBeGreaterThanOrEqual(400);
    await postResult('result', paymentRequest);
    expect(await stateOf(orderId)).toEqual({ attempt: 'pending', order: 'notYetReceived' });
  });
});

/** Every readable form the card number could take inside a blob: as is, and base64 at each of the three alignments. */
function readableForms(text: string): string[] {
  const forms = [text];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.from(`${'x'.repeat(shift)}${text}`).toString('base64');
    // drop the characters the prefix and the padding touch
    forms.push(encoded.slice(Math.ceil((shift * 4) / 3) + 1, -4));
  }
  return forms;
}

describe('(10) card data never in a URL or a log', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await createSandbox('2c2p');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function signIn(buyer: Student): Promise<string> {
    const login = await send('POST', `${sf().url}/login`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sf().url },
      body: new URLSearchParams({ username: buyer.username, password: buyer.password, redirect: '/' }).toString(),
    });
    expect(login.status, login.text.slice(0, 300)).toBe(302);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  }

  it('the card form posts to the hand-off page, the blob holds no readable card, and no log line holds the blob or the card number', async () => {
    const encrypted = sandboxEncryptCard(CARD);
    const buyer = await student();
    const cookie = await signIn(buyer);
    const { orderId } = await orderOf(buyer, 3);
    const fields = { encryptedCardInfo: encrypted, maskedCardInfo: '411111XXXXXX1111', expMonthCardInfo: '12', expYearCardInfo: '2030' };

    // Our card form (in the pay page's code the browser loads) posts to the hand-off page.
    const payPage = await send('GET', `${sf().url}/pay/${orderId}`, { headers: { cookie } });
    expect(payPage.status).toBe(200);
    const scripts = [...new Set(payPage.text.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    const codes = await Promise.all(scripts.map(async (script) => (await send('GET', `${sf().url}${script}`)).text));
    const cardForm = codes.find((code) => code.includes('sala-2c2p-card-form'));
    expect(cardForm, 'the pay page loads the 2C2P card form').toBeDefined();
    expect(cardForm).toMatch(/method:"post",action:`\/creditcard\//);
    expect(cardForm).not.toMatch(/method:"get",action:`\/creditcard\//);

    // The hand-off page takes the card from the body and answers the signed form to 2C2P.
    const posted = await send('POST', `${sf().url}/creditcard/${orderId}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: sf().url },
      body: new URLSearchParams(fields).toString(),
    });
    expect(posted.status, posted.text.slice(0, 500)).toBe(200);
    expect(posted.text).toContain('PaymentAuth.aspx');
    expect(posted.text).toContain('name="paymentRequest"');
    expect(posted.text).not.toContain(encrypted);

    // The spec's GET form still works, and its query string is not logged.
    const viaQuery = await send('GET', `${sf().url}/creditcard/${orderId}?${new URLSearchParams(fields)}`, { headers: { cookie } });
    expect(viaQuery.status).toBe(200);

    // The access log line is written once the answer is sent: wait for it.
    const deadline = Date.now() + 10_000;
    while (!new RegExp(`GET /creditcard/${orderId}\\S* 200`).test(sf().logs()) && Date.now() < deadline) await sleep(100);
    const logs = sf().logs();
    expect(logs).toMatch(new RegExp(`GET /creditcard/${orderId}\\S* 200`));
    expect(logs).not.toContain(encrypted.slice(0, 40));
    expect(logs).not.toContain(encodeURIComponent(encrypted).slice(0, 40));
    expect(logs).not.toContain(CARD.number);

    // The blob as the sandbox's my2c2p stand-in makes it holds nothing readable.
    for (const segment of encrypted.split('.')) {
      for (const decoded of [segment, unb64(segment), Buffer.from(segment, 'base64url').toString('latin1')]) {
        expect(decoded).not.toContain(CARD.number);
        expect(decoded).not.toContain(`"cvv":"${CARD.cvv}"`);
      }
    }
    for (const form of readableForms(CARD.number)) expect(encrypted).not.toContain(form);
    const script = await (await fetch(`${sandbox.url}/SecurePayment/api/my2c2p.1.7.3.min.js`)).text();
    expect(script).not.toMatch(/btoa\(JSON\.stringify\(\{\s*pan/);
  });
});
