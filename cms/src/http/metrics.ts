/**
 * The CMS's Prometheus metrics (prom-client), served at /metrics by the operations middleware
 * (docs/decisions/201-metrics-and-health-endpoints.md): orders placed, payments settled by method,
 * provider callbacks refused by provider, and the latency of every request by method and status.
 * Counters live per process: Prometheus scrapes each CMS instance and sums them.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'sala_cms_' });

export const ordersPlaced = new Counter({ name: 'sala_orders_placed_total', help: 'Orders placed', registers: [registry] });
export const paymentsSettled = new Counter({
  name: 'sala_payments_settled_total',
  help: 'Payments approved, by payment method (bank-transfer for a reviewed slip, free for a zero total)',
  labelNames: ['method'],
  registers: [registry],
});
export const callbacksRefused = new Counter({
  name: 'sala_payment_callbacks_refused_total',
  help: 'Provider notifications refused (bad signature, unknown attempt, disabled method)',
  labelNames: ['provider'],
  registers: [registry],
});
export const requestDuration = new Histogram({
  name: 'sala_cms_http_request_duration_seconds',
  help: 'CMS request latency by method and status',
  labelNames: ['method', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
