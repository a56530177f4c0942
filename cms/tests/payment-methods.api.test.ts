/**
 * Every payment method of the spec, end to end over HTTP: a buyer places an order,
 * starts the payment through the CMS, pays or declines on the provider's sandbox,
 * the sandbox notifies the CMS (and sends the browser back), and the order ends
 * approved with exactly one mail, or not approved with its seats given back.
 */
import { DEMO_KEYS, sandboxEncryptCard, submitForm, type BrowserStep, type Decision, type Settlement } from '@sala/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SECRETS, METHOD_IDS, STOREFRONT, settleDown, startPaymentWorld, type Buyer, type MethodId, type PaymentWorld } from './payment-fixtures';

let world: PaymentWorld;

beforeAll(async () => {
  world = await startPaymentWorld();
});

afterAll(async () => {
  await world?.stop();
});

const PAID_SUBJECT = 'ชำระเงินสำเร็จ';
const BANK_APPROVED_SUBJECT = 'ยืนยันการชำระเงิน';

/** Where the provider sent the browser: it must land back on the storefront through the CMS. */
async function followBrowser(step: BrowserStep): Promise<string | null> {
  if (step.kind === 'none') return null;
  const answer =
    step.kind === 'form'
      ? await submitForm(step.action, step.fields)
      : await fetch(step.url, { redirect: 'manual' }).then(async (response) => ({ status: response.status, location: response.headers.get('location'), text: await response.text() }));
  expect(answer.status, answer.text).toBe(303);
  expect(answer.location?.startsWith(STOREFRONT)).toBe(true);
  return answer.location;
}

function decide(name: keyof PaymentWorld['sandboxes'], reference: string, decision: Decision): Promise<Settlement> {
  const sandbox = world.sandboxes[name];
  return decision === 'approve' ? sandbox.approve(reference) : sandbox.decline(reference);
}

async function referenceOf(orderId: number): Promise<string> {
  return (await world.attemptOf(orderId)).provider_reference;
}

function expectDelivered(settlement: Settlement) {
  for (const notification of settlement.notifications) expect(notification.status, notification.reply).toBe(200);
}

/** Omise.js in the browser: the card goes to the vault with the public key the CMS hands out. */
async function omiseToken(): Promise<string> {
  const key = await world.call('GET', '/api/omise/creditcard/applicationid');
  expect(key.body).toEqual({ success: true, publicKey: DEMO_KEYS.omise.publicKey, scriptUrl: `${world.sandboxes.omise.url}/omise.js` });
  const response = await fetch(`${world.sandboxes.omise.url}/tokens`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key.body.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** The buyer pays (or declines) with the order's method, through the CMS and the sandbox, as the storefront and the buyer's browser would. */
async function pay(methodId: MethodId, buyer: Buyer, orderId: number, decision: Decision): Promise<void> {
  const start = async (path: string, body: Record<string, unknown>) => {
    const answer = await world.call('POST', path, { buyer, body });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.success).toBe(true);
    return answer.body;
  };
  switch (methodId) {
    case 1: {
      const body = await start('/api/payment/bank-transfer', { orderId });
      expect(body.data.amount).toBe('1500.00');
      // The QR carries the exact amount (EMVCo tag 54).
      expect(body.data.accounts[0].prompt_pay.payload).toContain('54071500.00');
      expect(body.data.accounts[0].prompt_pay.image).toMatch(/^data:image\/png;base64,/);
      const report = await world.call('POST', '/private/payment/report', {
        buyer,
        body: {
          order_id: orderId,
          payment_method_id: 1,
          contact_name: 'สมชาย ผู้ซื้อ',
          transfer_amount: '1500.00',
          bank_code: 'KBANK',
          bank_account: body.data.accounts[0].account_id,
          transfer_datetime: new Date().toISOString().slice(0, 10),
          time: '10:00:00',
        },
      });
      expect(report.status, report.text).toBeLessThan(300);
      const admin = await world.shopAdmin();
      const review = await world.call('POST', decision === 'approve' ? '/private/orders/payment/approved' : '/private/orders/payment/rejected', {
        buyer: admin,
        body: { order_payment_id: report.body.orderPaymentId, order_id: orderId, payment_method_id: 1, reason: 'ไม่พบยอดโอน' },
      });
      expect(review.status, review.text).toBe(200);
      return;
    }
    case 2: {
      const body = await start('/api/paypal/orders', { orderId });
      expect(body).toMatchObject({ status: 'CREATED', clientId: DEMO_KEYS.paypal.clientId });
      const settlement = await decide('paypal', body.id, decision);
      // PayPal sends the buyer back; the CMS captures on the server.
      await followBrowser(settlement.browser);
      return;
    }
    case 3: {
      const body = await start('/api/payment/2c2p/creditcard', {
        orderId,
        encryptedCardInfo: sandboxEncryptCard({ number: '4111111111111111', month: '12', year: '2030', cvv: '123' }),
        maskedCardInfo: '411111XXXXXX1111',
      });
      // The browser auto-posts the signed request: the sandbox checks our HMAC before it shows the payment.
      const page = await submitForm(body.result.action, body.result.fields);
      expect(page.status, page.text).toBe(200);
      const settlement = await decide('2c2p', await referenceOf(orderId), decision);
      expectDelivered(settlement);
      await followBrowser(settlement.browser);
      return;
    }
    case 4: {
      const body = await start('/api/payment/scb/qrcode/create', { orderId });
      expect(body.status.code).toBe(1000);
      expect(body.data.qrImage).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(body.data.csExtExpiryTime).toBe('15');
      const settlement = await decide('scb', await referenceOf(orderId), decision);
      expectDelivered(settlement);
      if (decision === 'approve') expect(JSON.parse(settlement.notifications[0].reply)).toMatchObject({ resCode: '00' });
      // The QR page polls the order.
      const polled = await world.call('GET', `/private/orders/${orderId}/payment-status`, { buyer });
      expect(polled.status).toBe(200);
      return;
    }
    case 8: {
      const body = await start('/api/omise/creditcard', { orderId, omise_token: await omiseToken(), total_amount: 1, publicKeyOmise: DEMO_KEYS.omise.publicKey });
      expect(body.status).toBe('pending');
      expect(body.chargesDetails).toEqual({ last_digits: '4242', bank: 'Sandbox Bank' });
      expect(body.charges.authorize_uri).toContain(body.charges.id);
      const settlement = await decide('omise', body.charges.id, decision);
      expectDelivered(settlement);
      await followBrowser(settlement.browser);
      return;
    }
    case 9: {
      const body = await start('/api/omise/promptpay', { orderId });
      expect(body.QrcodeUrl.image.download_uri).toMatch(/^data:image\/png;base64,/);
      const settlement = await decide('omise', body.charges.id, decision);
      expectDelivered(settlement);
      await world.call('GET', `/private/orders/${orderId}/payment-status`, { buyer });
      return;
    }
    case 10:
    case 15: {
      const body =
        methodId === 10 ? await start('/api/payment/2c2p/payment/link', { orderId, amount: 1 }) : await start('/api/payment/2c2p/qr-code/link', { order_id: orderId, amount: 1, currency_code: 'THB' });
      if (methodId === 10) expect(body.result.webPaymentUrl).toContain(world.sandboxes['2c2p'].url);
      else expect(body.result.qrImage).toMatch(/^data:image\/png;base64,/);
      const settlement = await decide('2c2p', await referenceOf(orderId), decision);
      expectDelivered(settlement);
      await followBrowser(settlement.browser);
      return;
    }
    case 11: {
      const body = await start('/api/xendit', { orderId, total_amount: 1, success_redirect_url: 'https://evil.example/', failure_redirect_url: 'https://evil.example/' });
      expect(body.data.invoice_url).toContain(world.sandboxes.xendit.url);
      const settlement = await decide('xendit', body.data.id, decision);
      expectDelivered(settlement);
      await followBrowser(settlement.browser);
      return;
    }
    case 12: {
      const body = await start('/api/xendit/promptpay', { orderId, total_amount: 1 });
      expect(body.data.qrImage).toMatch(/^data:image\/png;base64,/);
      const settlement = await decide('xendit', body.data.id, decision);
      expectDelivered(settlement);
      return;
    }
    case 13: {
      const body = await start('/api/paysolutions', { order_id: orderId });
      expect(body.data.application_id_1).toBe(DEMO_KEYS.paysolutions.merchantId);
      expect(body.data.course_ids).toHaveLength(1);
      expect(body.data.fields).toMatchObject({ merchantid: DEMO_KEYS.paysolutions.merchantId, total: '1500.00', cc: '00' });
      const page = await submitForm(body.data.action, body.data.fields);
      expect(page.status, page.text).toBe(200);
      const settlement = await decide('paysolutions', body.data.fields.refno, decision);
      expectDelivered(settlement);
      await followBrowser(settlement.browser);
      return;
    }
  }
}

describe.each(METHOD_IDS.map((id) => [id] as const))('payment method %i', (methodId) => {
  it('approved by the provider: the order is approved, a payment report is filed and the buyer gets exactly one mail', async () => {
    const buyer = await world.buyer(`paid.m${methodId}`);
    const { orderId, courseId } = await world.placeOrder(buyer, methodId);
    expect(await world.seatsTaken(courseId)).toBe(1);

    await pay(methodId, buyer, orderId, 'approve');

    const order = await world.call('GET', `/private/orders/${orderId}`, { buyer });
    expect(order.body.payment_status).toBe('approved');
    expect(await world.seatsTaken(courseId)).toBe(1);
    const reports = await world.q('api::payment-report.payment-report').findMany({ where: { order: { id: orderId } }, select: ['state', 'transfer_amount'] });
    expect(reports).toEqual([{ state: 'approved', transfer_amount: 150_000 }]);
    if (methodId !== 1) expect(await world.attemptOf(orderId)).toMatchObject({ state: 'approved', amount_received: 150_000, currency_received: 'THB' });

    await settleDown();
    const subject = methodId === 1 ? BANK_APPROVED_SUBJECT : PAID_SUBJECT;
    const paid = world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(subject));
    expect(paid).toHaveLength(1);
    expect(paid[0].subject).toContain(String(orderId));
  });

  it('declined at the provider: the order is not approved, nothing is mailed as paid, and its seat goes back', async () => {
    const buyer = await world.buyer(`declined.m${methodId}`);
    const { orderId, courseId } = await world.placeOrder(buyer, methodId);

    await pay(methodId, buyer, orderId, 'decline');

    let status = (await world.orderOf(orderId)).state;
    expect(status).not.toBe('approved');
    if (status === 'notYetReceived') {
      // Providers that never report a failure (SCB, PaySolutions) or report an expiry: the order's own time runs out.
      await world.cms.strapi.service('api::checkout.order-expiry').expireDueOrders(new Date(Date.now() + 2 * 3600_000));
      status = (await world.orderOf(orderId)).state;
    }
    // a transfer the shop refuses is rejected; a payment the provider declines cancels the order (the student may buy again)
    expect(methodId === 1 ? ['rejected'] : ['cancelled', 'expired']).toContain(status);
    expect(await world.seatsTaken(courseId)).toBe(0);
    await settleDown();
    expect(world.mailsTo(buyer.email).filter((mail) => mail.subject.includes(PAID_SUBJECT) || mail.subject.includes(BANK_APPROVED_SUBJECT))).toEqual([]);
  });
});

describe('the 20 THB minimum of methods 8 and 9', () => {
  it('checkout already refuses to place such an order', async () => {
    const buyer = await world.buyer('minimum.order');
    await expect(world.placeOrder(buyer, 8, 1999)).rejects.toThrow(/MINIMUM_AMOUNT/);
  });

  it.each([8, 9] as const)('method %i refuses an order of 19.99 THB with MINIMUM_AMOUNT before Omise is asked, and stores no attempt', async (methodId) => {
    const buyer = await world.buyer(`minimum.m${methodId}`);
    const { orderId } = await world.placeOrder(buyer, methodId);
    // An order stored below the floor (placed before a price change, or edited by staff): the payment call checks again.
    await world.q('api::order.order').update({ where: { id: orderId }, data: { price: 1999, net: 1999 } });
    const path = methodId === 8 ? '/api/omise/creditcard' : '/api/omise/promptpay';
    const answer = await world.call('POST', path, { buyer, body: { orderId, omise_token: 'tokn_test_unused', total_amount: 100 } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'MINIMUM_AMOUNT', msg: 'ยอดชำระขั้นต่ำสำหรับช่องทางนี้คือ 20 บาท' } });
    expect(await world.attemptOf(orderId)).toBeNull();
  });
});

/** Base64 runs inside a text, decoded: a secret must not hide in an encoded layer either. */
function layersOf(text: string, depth = 0): string[] {
  if (depth > 3) return [text];
  const decoded = [...text.matchAll(/[A-Za-z0-9+/_-]{24,}={0,2}/g)].map((match) => Buffer.from(match[0], 'base64').toString('utf8'));
  return [text, ...decoded.flatMap((layer) => layersOf(layer, depth + 1))];
}

describe('secrets', () => {
  it('GET /api/payments/methods/3 gives the merchant id and the website name, never the signing key', async () => {
    const answer = await world.call('GET', '/api/payments/methods/3');
    expect(answer.body).toEqual({
      success: true,
      application_id_1: DEMO_KEYS['2c2p'].merchantId,
      name_web: 'ศาลา',
      scriptUrl: `${world.sandboxes['2c2p'].url}/SecurePayment/api/my2c2p.1.6.9.min.js`,
    });
  });

  it('the Omise public keys are all the key calls give', async () => {
    for (const path of ['/api/omise/creditcard/applicationid', '/api/omise/promptpay/applicationid']) {
      expect((await world.call('GET', path)).body).toEqual({ success: true, publicKey: DEMO_KEYS.omise.publicKey, scriptUrl: `${world.sandboxes.omise.url}/omise.js` });
    }
  });

  it('no answer of any payment call above carries a secret key, API key or webhook secret, not even base64-encoded', () => {
    expect(world.answers.length).toBeGreaterThan(30);
    const leaks = world.answers.flatMap((text) => layersOf(text).flatMap((layer) => DEMO_SECRETS.filter((secret) => layer.includes(secret))));
    expect(leaks).toEqual([]);
  });
});
