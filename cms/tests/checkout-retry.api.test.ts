/**
 * After a payment that did not go through: where PayPal sends the buyer and what happens to
 * the order (docs/decisions/176), and the one-click retry of POST /private/orders/:id/retry
 * (docs/decisions/178): the same order while it can still be paid, else a new order with the
 * same selections, priced again by the server from what it stored, never from the request.
 */
import { DEMO_KEYS } from '@sala/payment-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT, UID, startPaymentWorld, type Buyer, type PaymentWorld } from './payment-fixtures';

let world: PaymentWorld;

beforeAll(async () => {
  world = await startPaymentWorld();
});

afterAll(async () => {
  await world?.stop();
});

/** The buyer approves (or is declined) on PayPal's page; the browser comes back through the CMS, which captures. */
async function payPal(buyer: Buyer, orderId: number, decision: 'approve' | 'decline'): Promise<string | null> {
  const started = await world.call('POST', '/api/paypal/orders', { buyer, body: { orderId } });
  expect(started.status, started.text).toBe(200);
  const settlement = decision === 'approve' ? await world.sandboxes.paypal.approve(started.body.id) : await world.sandboxes.paypal.decline(started.body.id);
  expect(settlement.browser.kind).toBe('redirect');
  const back = await fetch((settlement.browser as { url: string }).url, { redirect: 'manual' });
  expect(back.status).toBe(303);
  return back.headers.get('location');
}

/** An Omise card charge of the order, declined on the 3-D Secure page (its webhook cancels the order). */
async function declinedCard(buyer: Buyer, orderId: number): Promise<void> {
  const token = await fetch(`${world.sandboxes.omise.url}/tokens`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${DEMO_KEYS.omise.publicKey}:`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { name: 'Somchai', number: '4242424242424242', expiration_month: 12, expiration_year: 2030, security_code: '123' } }),
  });
  const charge = await world.call('POST', '/api/omise/creditcard', { buyer, body: { orderId, omise_token: ((await token.json()) as { id: string }).id } });
  expect(charge.status, charge.text).toBe(200);
  await world.sandboxes.omise.decline(charge.body.charges.id);
  await expect.poll(async () => (await world.orderOf(orderId)).state).toBe('cancelled');
}

describe('PayPal outcomes', () => {
  it('a completed capture approves the order and sends the buyer to the order list, though the thank-you page is on (spec section 4)', async () => {
    const buyer = await world.buyer('paypal.ok');
    const { orderId } = await world.placeOrder(buyer, 2);
    const site = await world.q('api::site-setting.site-setting').findOne({ select: ['is_thank_you_page'] });
    expect(site.is_thank_you_page).toBe(true);
    expect(await payPal(buyer, orderId, 'approve')).toBe(`${STOREFRONT}/myaccount/student/order`);
    expect((await world.orderOf(orderId)).state).toBe('approved');
  });

  it('a declined capture cancels the order (its seat goes back) and sends the buyer to the order list with the failure notice', async () => {
    const buyer = await world.buyer('paypal.declined');
    const { orderId, courseId } = await world.placeOrder(buyer, 2);
    expect(await world.seatsTaken(courseId)).toBe(1);
    expect(await payPal(buyer, orderId, 'decline')).toBe(`${STOREFRONT}/myaccount/student/order?payment=failed&order=${orderId}`);
    expect((await world.orderOf(orderId)).state).toBe('cancelled');
    expect(await world.seatsTaken(courseId)).toBe(0);
  });
});

describe('POST /private/orders/:orderId/retry', () => {
  it('an order that still waits for its payment is answered as it is: the next attempt goes on it', async () => {
    const buyer = await world.buyer('retry.same');
    const { orderId, courseId } = await world.placeOrder(buyer, 8);
    const retried = await world.call('POST', `/private/orders/${orderId}/retry`, { buyer });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toEqual({ success: true, orderId, reused: true });
    expect(await world.seatsTaken(courseId)).toBe(1);
  });

  it('a card declined (the order cancelled): a new order with the same course, plan, coupon code, method and withholding choice, priced by the server; prices in the request are ignored', async () => {
    const buyer = await world.buyer('retry.new');
    const { orderId, courseId } = await world.placeOrder(buyer, 8);
    const plan = await world.q(UID.plan).findOne({ where: { course: { id: courseId } }, select: ['id'] });
    const card = await world.q(UID.method).findOne({ where: { method_id: 8 }, select: ['id'] });
    const coupon = await world.q('api::coupon.coupon').create({
      data: {
        code: `AGAIN${orderId}`,
        coupon_type: 'P1',
        number_of_course: 1,
        discount_type: 'amount',
        discount_amount: 10_000,
        courses: [courseId],
        payment_methods: [card.id],
        used_count: 0,
        is_active: true,
      },
    });
    // the first order, placed again with the coupon's code: 1,500.00 - 100.00
    await world.call('POST', '/public/cart/deleteorder', { buyer, body: { order_id: orderId } });
    const first = await world.call('POST', '/private/cart/order', {
      buyer,
      body: { user_id: buyer.id, course_id: [courseId], pricingplan_id: [plan.id], payment_method_id: 8, coupon_code: [coupon.code], price: 1, currency_code: 'THB' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.order_detail).toMatchObject({ price: 1500, discount: 100, net: 1400 });
    await declinedCard(buyer, first.body.orderId);
    expect(await world.seatsTaken(courseId)).toBe(0);

    const retried = await world.call('POST', `/private/orders/${first.body.orderId}/retry`, { buyer, body: { price: 1, discount: 1500, payment_method_id: 1, coupon_code: ['NOPE'] } });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body).toMatchObject({
      success: true,
      reused: false,
      order_detail: { payment_status: 'notYetReceived', payment_method_id: 8, price: 1500, discount: 100, net: 1400, coupon_list_code: [coupon.code] },
    });
    const newId = retried.body.orderId as number;
    expect(newId).not.toBe(first.body.orderId);
    const stored = await world.q(UID.order).findOne({ where: { id: newId }, populate: { lines: { populate: { course: true, pricing_plan: true } }, user: true } });
    expect(stored.user.id).toBe(buyer.id);
    expect(stored.lines.map((line: { course: { id: number }; pricing_plan: { id: number } }) => [line.course.id, line.pricing_plan.id])).toEqual([[courseId, plan.id]]);
    // the seat and the coupon use are taken again, once
    expect(await world.seatsTaken(courseId)).toBe(1);
    expect((await world.q('api::coupon.coupon').findOne({ where: { id: coupon.id }, select: ['used_count'] })).used_count).toBe(1);
    // the old order stays cancelled; asking again for it places nothing twice while the new one waits
    expect((await world.orderOf(first.body.orderId)).state).toBe('cancelled');
    const again = await world.call('POST', `/private/orders/${first.body.orderId}/retry`, { buyer });
    expect(again.status, again.text).toBe(409);
    expect(await world.seatsTaken(courseId)).toBe(1);
  });

  it('someone else’s order is not found; a paid order is not ordered again; an id that is not a number is not found', async () => {
    const owner = await world.buyer('retry.owner');
    const other = await world.buyer('retry.other');
    const { orderId } = await world.placeOrder(owner, 2);
    const foreign = await world.call('POST', `/private/orders/${orderId}/retry`, { buyer: other });
    expect(foreign.status).toBe(404);
    expect((await world.call('POST', `/private/orders/${orderId}/retry`)).status).toBe(401);
    await payPal(owner, orderId, 'approve');
    const paid = await world.call('POST', `/private/orders/${orderId}/retry`, { buyer: owner });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toMatchObject({ code: 'ORDER_STATE_CONFLICT' });
    expect((await world.call('POST', '/private/orders/abc/retry', { buyer: owner })).status).toBe(404);
  });
});
