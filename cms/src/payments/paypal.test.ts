import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { createSandbox, DEMO_KEYS, sandboxPaymentConfig, type RunningSandbox } from '@sala/payment-sandbox';
import { paypalAdapter } from './paypal';
import type { PaymentConfig, PaymentOrder } from './types';

let sandbox: RunningSandbox;
let nextId = 2001;
const order = (amount = '1234.50'): PaymentOrder => ({ id: nextId++, token: `tok-${nextId}`, amount: parseMajor(amount), description: 'Online course', email: 'buyer@example.com', name: 'Buyer' });
const config = (): PaymentConfig => sandboxPaymentConfig(2, sandbox, { returnUrl: 'https://shop.example/payment/paypal/{orderToken}', cancelUrl: 'https://shop.example/myaccount/student/order' });

type SandboxOrder = { status: string; purchase_units: Array<{ amount: { currency_code: string; value: string } }> };

async function orderOnSandbox(id: string): Promise<SandboxOrder> {
  const token = (await (
    await fetch(`${sandbox.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.paypal.clientId}:${DEMO_KEYS.paypal.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    })
  ).json()) as { access_token: string };
  const response = await fetch(`${sandbox.url}/v2/checkout/orders/${id}`, { headers: { authorization: `Bearer ${token.access_token}` } });
  return (await response.json()) as SandboxOrder;
}

beforeAll(async () => {
  sandbox = await createSandbox('paypal');
});
afterAll(() => sandbox.close());

describe('PayPal Orders v2', () => {
  it('creates the order with the amount as a baht decimal string and hands the browser the public client id only', async () => {
    const start = await paypalAdapter.startPayment(order('1234.50'), config());
    expect(start.browser).toEqual({
      kind: 'modal',
      data: { orderId: start.providerReference, clientId: DEMO_KEYS.paypal.clientId, currency: 'THB', approveUrl: `${sandbox.url}/checkoutnow?token=${start.providerReference}` },
    });
    const created = await orderOnSandbox(start.providerReference);
    expect(created.purchase_units[0].amount).toEqual({ currency_code: 'THB', value: '1234.50' });
    expect(created.status).toBe('CREATED');
  });

  it('a repeated start for the same order returns the same PayPal order (PayPal-Request-Id)', async () => {
    const paying = order();
    const first = await paypalAdapter.startPayment(paying, config());
    const second = await paypalAdapter.startPayment(paying, config());
    expect(second.providerReference).toBe(first.providerReference);
  });

  it('after approval the server captures; a COMPLETED capture for the order amount is approved, and inquiry agrees', async () => {
    const paying = order('990.00');
    const start = await paypalAdapter.startPayment(paying, config());
    const settlement = await sandbox.approve(start.providerReference);
    if (settlement.browser.kind !== 'redirect') throw new Error('expected the return redirect');
    const back = new URL(settlement.browser.url);
    expect(back.pathname).toBe(`/payment/paypal/${paying.token}`);
    const query = Object.fromEntries(back.searchParams);
    const verified = await paypalAdapter.verifyCallback({ headers: {}, rawBody: '', query }, config());
    expect(verified).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount, providerReference: start.providerReference });
    expect(verified.ok && verified.providerTransactionId).toMatch(/CAP$/);
    expect(await paypalAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'approved', amount: paying.amount });
  });

  it('capturing twice is harmless: the second verification reads the same capture', async () => {
    const start = await paypalAdapter.startPayment(order(), config());
    await sandbox.approve(start.providerReference);
    const body = { orderID: start.providerReference };
    const first = await paypalAdapter.verifyCallback({ headers: {}, rawBody: JSON.stringify(body), body }, config());
    const second = await paypalAdapter.verifyCallback({ headers: {}, rawBody: JSON.stringify(body), body }, config());
    expect(first.ok && second.ok && second.providerTransactionId === first.providerTransactionId).toBe(true);
  });

  it('a capture declined inside a COMPLETED order is rejected, not approved', async () => {
    const start = await paypalAdapter.startPayment(order(), config());
    await sandbox.decline(start.providerReference);
    const verified = await paypalAdapter.verifyCallback({ headers: {}, rawBody: '', query: { token: start.providerReference } }, config());
    expect(verified).toMatchObject({ ok: true, outcome: 'rejected' });
    expect((await orderOnSandbox(start.providerReference)).status).toBe('COMPLETED');
    expect(await paypalAdapter.inquire(start.providerReference, config())).toMatchObject({ ok: true, outcome: 'rejected' });
  });

  it('an order the buyer has not approved stays pending and is not captured', async () => {
    const start = await paypalAdapter.startPayment(order(), config());
    expect(await paypalAdapter.verifyCallback({ headers: {}, rawBody: '', query: { token: start.providerReference } }, config())).toMatchObject({ ok: true, outcome: 'pending' });
    expect((await orderOnSandbox(start.providerReference)).status).toBe('CREATED');
  });

  it('a return that names no order, or an unknown one, is refused', async () => {
    expect(await paypalAdapter.verifyCallback({ headers: {}, rawBody: '' }, config())).toMatchObject({ ok: false });
    expect(await paypalAdapter.verifyCallback({ headers: {}, rawBody: '', query: { token: 'NOPE' } }, config())).toMatchObject({ ok: false });
  });

  it('wrong client credentials fail the start with a configuration error', async () => {
    await expect(paypalAdapter.startPayment(order(), { ...config(), applicationId2: 'wrong' })).rejects.toMatchObject({ code: 'MISCONFIGURED' });
  });
});
