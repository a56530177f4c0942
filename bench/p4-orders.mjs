/**
 * P4: orders placed per second through POST /private/cart/order (a fresh buyer per
 * order, one course with seats to spare, bank transfer), against the raw order
 * transaction on the driver with the same settings (bench/lib/raw-orders.mjs): SQLite
 * in WAL mode, and PostgreSQL when one answers.
 * The notes carry the CMS process's CPU time per order placed (less noisy than orders/s on a
 * shared machine; with PostgreSQL the database server's own CPU is not in it).
 * Target: >= 10% of the raw ceiling on SQLite WAL.
 *
 * Each round also measures the CMS's floor: the same buyers' authenticated GET /api/users/me
 * (the lightest real signed-in route: the same Koa middlewares, Strapi's content-API
 * authentication, a read of the account), at the same connections, right after the orders; its
 * rate, its share of the same raw ceiling and the CMS's CPU per request bound what an order path
 * inside Strapi could reach (docs/decisions/147).
 */
import path from 'node:path';
import { BENCH_DIR, cannon, check, fmt, interleave, log, median, pct, row, startChild } from './lib/common.mjs';

const CONNECTIONS = 10;
const BANK_TRANSFER = 1;
const FLOOR_PATH = '/api/users/me';
/** Floor requests per round, per order placed in a round: a floor request is far cheaper, so more of them make a round of similar length. */
const FLOOR_PER_ORDER = 4;

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

/** The body of one bank-transfer order of `buyer` ({ id }) for a course and its plan. */
export const orderBody = (buyer, courseId, planId) =>
  JSON.stringify({ user_id: buyer.id, course_id: [courseId], pricingplan_id: [planId], payment_method_id: BANK_TRANSFER, price: 1, currency_code: 'THB' });

/**
 * SQL statements of one order (knex `query` events in the CMS between the start and the end of
 * one request, nothing else running): the median over a few buyers who never ordered.
 */
async function statementsPerOrder(cms, samples = 5) {
  const { courseId, planId, buyers } = await cms.call('prepareOrders', { buyers: samples + 1, seat: (samples + 1) * 10 });
  const counts = [];
  for (const [index, buyer] of buyers.entries()) {
    const before = (await cms.call('queries')).count;
    const res = await fetch(`${cms.url}/private/cart/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` },
      body: orderBody(buyer, courseId, planId),
    });
    await res.arrayBuffer();
    const after = (await cms.call('queries')).count;
    if (res.status !== 201) throw new Error(`P4: an order answered ${res.status}`);
    if (index > 0) counts.push(after - before); // the first one warms up
  }
  return median(counts);
}

/** SQL statements of one floor request (as for an order: the median over a few, after a warm one). */
async function statementsPerFloorRequest(cms, samples = 5) {
  const { buyers } = await cms.call('prepareOrders', { buyers: 1, seat: 10 });
  const counts = [];
  for (let index = 0; index <= samples; index++) {
    const before = (await cms.call('queries')).count;
    const res = await fetch(`${cms.url}${FLOOR_PATH}`, { headers: { authorization: `Bearer ${buyers[0].jwt}` } });
    await res.arrayBuffer();
    const after = (await cms.call('queries')).count;
    if (res.status !== 200) throw new Error(`P4: ${FLOOR_PATH} answered ${res.status}`);
    if (index > 0) counts.push(after - before);
  }
  return median(counts);
}

/**
 * `count` requests at CONNECTIONS connections, the n-th shaped by `shape(buyer)` for the n-th
 * buyer in turn; answers of `okStatus` per second and the CMS process's CPU time per such answer.
 * autocannon reports its result on its next one-second tick, so its duration (and the time
 * around the call) is rounded up to whole seconds: the rate is taken to the last answer.
 */
async function timedRound(cms, { buyers, count, path, method, okStatus, shape }) {
  const cpuBefore = (await cms.call('cpu')).micros;
  let next = 0;
  const statuses = {};
  let lastAnswer = 0;
  const started = performance.now();
  const result = await cannon({
    url: `${cms.url}${path}`,
    connections: CONNECTIONS,
    amount: count,
    maxSeconds: 180,
    requests: [
      {
        method,
        setupRequest: (request) => ({ ...request, path, ...shape(buyers[next++ % buyers.length]) }),
        onResponse: (status) => {
          lastAnswer = performance.now();
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const seconds = ((lastAnswer || performance.now()) - started) / 1000;
  const cpuMicros = (await cms.call('cpu')).micros - cpuBefore;
  const ok = statuses[okStatus] ?? 0;
  return {
    rps: ok / Math.max(seconds, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: count - ok,
    statuses,
    cpuMs: ok ? cpuMicros / 1000 / ok : NaN,
  };
}

/** The floor of one round: each of the round's buyers asks for its own account in turn, `count` requests in all; with the CMS's CPU per request. */
function floorRequests(cms, buyers, count) {
  return timedRound(cms, { buyers, count, path: FLOOR_PATH, method: 'GET', okStatus: 200, shape: (buyer) => ({ headers: { authorization: `Bearer ${buyer.jwt}` } }) });
}

/** One round: fresh buyers and course, then every buyer orders once; with the CMS process's CPU time per order placed. */
async function placeOrders(cms, count) {
  const { courseId, planId, buyers } = await cms.call('prepareOrders', { buyers: count, seat: count * 10 });
  const round = await timedRound(cms, {
    buyers,
    count: buyers.length,
    path: '/private/cart/order',
    method: 'POST',
    okStatus: 201,
    shape: (buyer) => ({ headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.jwt}` }, body: orderBody(buyer, courseId, planId) }),
  });
  return { buyers, ...round };
}

/** A round's subject: the orders, then the floor with the same buyers. */
async function orderRound(cms, engine, count) {
  const orders = await placeOrders(cms, count);
  const floor = await floorRequests(cms, orders.buyers, count * FLOOR_PER_ORDER);
  log(`P4 on ${engine}: floor ${fmt(floor.rps)} req/s, CMS CPU ${fmt(floor.cpuMs)} ms per request (orders: ${fmt(orders.cpuMs)} ms per order)`);
  return { ...orders, buyers: undefined, floor };
}

export async function run({ cms, engine, pgUrl, options }) {
  const statements = await statementsPerOrder(cms);
  const floorStatements = await statementsPerFloorRequest(cms);
  const result = await interleave({
    name: `P4 orders on ${engine}`,
    rounds: options.rounds,
    warmup: async () => {
      const { buyers } = await placeOrders(cms, Math.min(50, options.orders));
      await floorRequests(cms, buyers, Math.min(50, options.orders) * FLOOR_PER_ORDER);
    },
    ceiling: () => rawCeiling(engine, pgUrl, options),
    subject: () => orderRound(cms, engine, options.orders),
  });
  const ratio = result.subject.rps / result.ceiling.rps;
  const wal = engine === 'sqlite';
  const cpuPerOrder = median(result.rounds.subjects.map((s) => s.cpuMs));
  const floors = result.rounds.subjects.map((s) => s.floor);
  const floorRps = median(floors.map((f) => f.rps));
  const floorRatio = floorRps / result.ceiling.rps;
  const floorRefused = floors
    .map((f) =>
      Object.entries(f.statuses)
        .filter(([code]) => code !== '200')
        .map(([code, n]) => `${n}×${code}`)
        .join(' '),
    )
    .filter(Boolean);
  const refused = result.rounds.subjects
    .map((s) =>
      Object.entries(s.statuses)
        .filter(([code]) => code !== '201')
        .map(([code, n]) => `${n}×${code}`)
        .join(' '),
    )
    .filter(Boolean);
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
    row(
      'P4',
      `CMS floor: authenticated request on ${wal ? 'SQLite (WAL)' : 'PostgreSQL'}: req/s (share of raw ceiling)`,
      `${fmt(floorRps)} (${pct(floorRatio)})`,
      '',
      null,
      `GET ${FLOOR_PATH} by the same buyers, right after each round's orders; ${floorStatements} SQL statements per request; CMS CPU ${fmt(median(floors.map((f) => f.cpuMs)))} ms per request (median of rounds); ${options.orders * FLOOR_PER_ORDER} requests per round, ${CONNECTIONS} connections; p99 ${fmt(median(floors.map((f) => f.p99)))} ms${floorRefused.length ? `; not answered 200: ${floorRefused.join(', ')}` : ''}`,
    ),
  ];
}
