/**
 * P4: orders placed per second through POST /private/cart/order (a fresh buyer per
 * order, one course with seats to spare, bank transfer), against the raw order
 * transaction on the driver with the same settings (bench/lib/raw-orders.mjs): SQLite
 * in WAL mode, and PostgreSQL when one answers.
 * The notes carry the CMS process's CPU time per order placed (less noisy than orders/s on a
 * shared machine; with PostgreSQL the database server's own CPU is not in it).
 * Target: >= 10% of the raw ceiling on SQLite WAL.
 */
import path from 'node:path';
import { BENCH_DIR, cannon, check, fmt, interleave, median, pct, row, startChild } from './lib/common.mjs';

const CONNECTIONS = 10;
const BANK_TRANSFER = 1;

async function rawCeiling(engine, pgUrl, options) {
  const env = { RAW_ENGINE: engine, RAW_SECONDS: String(options.rawSeconds), RAW_PG_URL: pgUrl ?? '' };
  const child = startChild(`raw-${engine}`, process.execPath, [path.join(BENCH_DIR, 'lib', 'raw-orders.mjs')], { env });
  const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? s)));
  const line = child
    .output()
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`raw ${engine} ceiling failed (${code}):\n${child.output()}`);
  const { perSecond } = JSON.parse(line);
  return { rps: perSecond, p50: NaN, p99: NaN };
}

const orderBody = (buyer, courseId, planId) => JSON.stringify({ user_id: buyer.id, course_id: [courseId], pricingplan_id: [planId], payment_method_id: BANK_TRANSFER, price: 1, currency_code: 'THB' });

/**
 * SQL statements of one order (knex `query` events in the CMS between the start and the end of
 * one request, nothing else running): the median over a few buyers who never ordered.
 */
async function statementsPerOrder(cms, samples = 5) {
  const { courseId, planId, buyers } = await cms.call('prepareOrders', { buyers: samples + 1, seat: (samples + 1) * 10 });
  const counts = [];
  for (const [index, buyer] of buyers.entries()) {
    const before = (await cms.call('queries')).count;
    const res = await fetch(`${cms.url}/private/cart/order`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` }, body: orderBody(buyer, courseId, planId) });
    await res.arrayBuffer();
    const after = (await cms.call('queries')).count;
    if (res.status !== 201) throw new Error(`P4: an order answered ${res.status}`);
    if (index > 0) counts.push(after - before); // the first one warms up
  }
  return median(counts);
}

/** One round: fresh buyers and course, then every buyer orders once; with the CMS process's CPU time per order placed. */
async function placeOrders(cms, count) {
  const { courseId, planId, buyers } = await cms.call('prepareOrders', { buyers: count, seat: count * 10 });
  const cpuBefore = (await cms.call('cpu')).micros;
  let next = 0;
  const statuses = {};
  // autocannon reports its result on its next one-second tick, so its duration (and the time
  // around the call) is rounded up to whole seconds: the rate is taken to the last answer.
  let lastAnswer = 0;
  const started = performance.now();
  const result = await cannon({
    url: `${cms.url}/private/cart/order`,
    connections: CONNECTIONS,
    amount: buyers.length,
    maxSeconds: 180,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const buyer = buyers[next++ % buyers.length];
          return {
            ...request,
            path: '/private/cart/order',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` },
            body: orderBody(buyer, courseId, planId),
          };
        },
        onResponse: (status) => {
          lastAnswer = performance.now();
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const seconds = ((lastAnswer || performance.now()) - started) / 1000;
  const cpuMicros = (await cms.call('cpu')).micros - cpuBefore;
  const placed = statuses[201] ?? 0;
  return { rps: placed / Math.max(seconds, 0.001), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: count - placed, statuses, cpuMs: placed ? cpuMicros / 1000 / placed : NaN };
}

export async function run({ cms, engine, pgUrl, options }) {
  const statements = await statementsPerOrder(cms);
  const result = await interleave({
    name: `P4 orders on ${engine}`,
    rounds: options.rounds,
    warmup: async () => {
      await placeOrders(cms, Math.min(50, options.orders));
    },
    ceiling: () => rawCeiling(engine, pgUrl, options),
    subject: () => placeOrders(cms, options.orders),
  });
  const ratio = result.subject.rps / result.ceiling.rps;
  const wal = engine === 'sqlite';
  const cpuPerOrder = median(result.rounds.subjects.map((s) => s.cpuMs));
  const refused = result.rounds.subjects.map((s) => Object.entries(s.statuses).filter(([code]) => code !== '201').map(([code, n]) => `${n}×${code}`).join(' ')).filter(Boolean);
  return [
    row(
      'P4',
      `orders/s on ${wal ? 'SQLite (WAL)' : 'PostgreSQL'} (raw transaction ceiling)`,
      `${fmt(result.subject.rps)} (${fmt(result.ceiling.rps)})`,
      '',
      null,
      `${statements} SQL statements per order; CMS CPU ${fmt(cpuPerOrder)} ms per order (median of rounds); ${options.orders} orders per round, ${CONNECTIONS} connections; p99 ${fmt(result.subject.p99)} ms${refused.length ? `; not placed: ${refused.join(', ')}` : ''}`,
    ),
    row(
      'P4',
      `orders on ${wal ? 'SQLite (WAL)' : 'PostgreSQL'}: share of raw ceiling`,
      pct(ratio),
      wal ? '>= 10%' : '',
      wal ? check(ratio, (v) => v >= 0.1) : null,
      wal ? 'better-sqlite3, WAL + synchronous=NORMAL, one connection' : 'pg, 10 connections, UPDATE … RETURNING on the seat',
    ),
  ];
}
