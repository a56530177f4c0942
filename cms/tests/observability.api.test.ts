/**
 * What operators read (ADRs 200 and 201), over HTTP on a booted CMS: the request id the
 * storefront sends comes back in the header and in every error body, a malformed one is
 * replaced; /metrics counts orders, settlements and refused callbacks and refuses a caller
 * without the token; liveness and readiness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '@sala/shared/operations';
import { UID, startPaymentWorld, type PaymentWorld } from './payment-fixtures';

let world: PaymentWorld;

beforeAll(async () => {
  world = await startPaymentWorld();
}, 300_000);

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  delete process.env.REDIS_URL;
  await world?.stop();
});

const url = (path: string) => `${world.cms.url}${path}`;

async function metric(name: string, labels = ''): Promise<number> {
  const text = await (await fetch(url('/metrics'))).text();
  const line = text.split('\n').find((row) => row.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('request ids', () => {
  const sent = 'storefront-3f2a9c1e-8b7d-4e2f';

  it("an error answer of a custom route carries the storefront's id, in the header and the envelope", async () => {
    const res = await fetch(url('/private/orders/1'), { headers: { 'x-request-id': sent } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBe(sent);
    const body = (await res.json()) as { success: boolean; error: { code: string; msg: string; requestId: string } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('PERMISSION_DENIED');
    expect(body.error.requestId).toBe(sent);
  });

  it("Strapi's own error answers carry it too", async () => {
    const res = await fetch(url('/api/users/me'), { headers: { 'x-request-id': sent } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(((await res.json()) as { error: { requestId: string } }).error.requestId).toBe(sent);
  });

  it('a malformed or oversized id is replaced by a fresh one', async () => {
    for (const bad of ['x'.repeat(65), 'has spaces in it', 'short', 'a<script>b1234']) {
      const res = await fetch(url('/private/orders/1'), { headers: { 'x-request-id': bad } });
      const given = res.headers.get('x-request-id')!;
      expect(given).not.toBe(bad);
      expect(given).toMatch(REQUEST_ID_PATTERN);
      expect(((await res.json()) as { error: { requestId: string } }).error.requestId).toBe(given);
    }
  });

  it('a request without one gets one', async () => {
    const res = await fetch(url('/_health/live'));
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('count an order placed, a payment settled by its method and a refused callback', async () => {
    const before = {
      orders: await metric('sala_orders_placed_total'),
      settled: await metric('sala_payments_settled_total', '{method="omise"}'),
      refused: await metric('sala_payment_callbacks_refused_total', '{provider="omise"}'),
    };
    const buyer = await world.buyer('metrics');
    const { orderId } = await world.placeOrder(buyer, 8);
    expect(await metric('sala_orders_placed_total')).toBe(before.orders + 1);

    const attempt = await world.q(UID.attempt).create({
      data: { order: orderId, method_id: 8, provider: 'omise', provider_reference: `chrg_metrics_${orderId}`, state: 'pending', amount_expected: 150_000, currency_expected: 'THB' },
    });
    const settlement = world.cms.strapi.service('api::payment.settlement');
    const settled = await settlement.settle(attempt.id, {
      ok: true,
      providerReference: `chrg_metrics_${orderId}`,
      outcome: 'approved',
      amount: { amount: 150_000, currency: 'THB' },
      providerTransactionId: 'txn_metrics',
      raw: {},
    });
    expect(settled.changed).toBe(true);
    expect(await metric('sala_payments_settled_total', '{method="omise"}')).toBe(before.settled + 1);

    const forged = await fetch(url('/api/payments/omise/notify'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"charge.complete","data":{"id":"chrg_forged"}}' });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(await metric('sala_payment_callbacks_refused_total', '{provider="omise"}')).toBe(before.refused + 1);

    const text = await (await fetch(url('/metrics'))).text();
    expect(text).toMatch(/sala_cms_http_request_duration_seconds_bucket\{le="0\.005",method="GET",status="401"\} \d+/);
  });

  it('with METRICS_TOKEN set, refuse a caller without the token or with another, even on loopback', async () => {
    process.env.METRICS_TOKEN = 'metrics-token-of-the-test-0123456789';
    try {
      const none = await fetch(url('/metrics'));
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect(await none.text()).not.toContain('sala_orders_placed_total');
      expect((await fetch(url('/metrics'), { headers: { authorization: 'Bearer metrics-token-of-the-test-0123456780' } })).status).toBe(401);
      const allowed = await fetch(url('/metrics'), { headers: { authorization: 'Bearer metrics-token-of-the-test-0123456789' } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('sala_orders_placed_total');
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});

describe('health', () => {
  it('liveness answers without looking at the database; readiness checks it', async () => {
    const live = await fetch(url('/_health/live'));
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
    const ready = await fetch(url('/_health/ready'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('readiness fails, and liveness does not, when the configured Redis does not answer', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    try {
      const ready = await fetch(url('/_health/ready'));
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready', checks: { database: 'ok', redis: 'failing' } });
      expect((await fetch(url('/_health/live'))).status).toBe(200);
    } finally {
      delete process.env.REDIS_URL;
    }
  });

  it('readiness fails when the database does not answer', async () => {
    const connection = world.cms.strapi.db.connection;
    const raw = Object.getOwnPropertyDescriptor(connection, 'raw')!;
    Object.defineProperty(connection, 'raw', { ...raw, value: () => Promise.reject(new Error('database gone')) });
    try {
      const ready = await fetch(url('/_health/ready'));
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks.database).toBe('failing');
      expect((await fetch(url('/_health/live'))).status).toBe(200);
    } finally {
      Object.defineProperty(connection, 'raw', raw);
    }
  });
});
