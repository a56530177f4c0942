/**
 * What every benchmark shares: CPU pinning, child processes that are always stopped,
 * a bare HTTP server that sends fixed bytes (the ceiling), autocannon rounds
 * interleaved with their ceiling, medians and the markdown table.
 *
 * Everything listens on and talks to 127.0.0.1 only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BENCH_DIR = path.join(ROOT, 'bench');
export const HOST = '127.0.0.1';

export function log(message) {
  process.stdout.write(`\x1b[36m[bench]\x1b[0m ${message}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Cores for the load generator and for the servers. With two or more cores and taskset,
 * this process (and whatever it spawns without its own pinning) runs on the first core
 * and servers on the second, so a server never competes with autocannon for a core.
 */
export const CORES = (() => {
  const count = os.availableParallelism?.() ?? os.cpus().length;
  const taskset = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' }).status === 0;
  const pinned = taskset && count >= 2 && process.env.BENCH_NO_PIN !== '1';
  return { count, pinned, load: 0, server: count - 1 };
})();

/** Pins this process (every thread of it) to the load generator's core. */
export function pinSelf() {
  if (!CORES.pinned) return;
  spawnSync('taskset', ['-a', '-p', '-c', String(CORES.load), String(process.pid)], { stdio: 'ignore' });
}

/** The command line that runs `command args` on the servers' core (or as it is without pinning). */
export function onServerCore(command, args) {
  return CORES.pinned ? ['taskset', ['-c', String(CORES.server), command, ...args]] : [command, args];
}

export function machineDescription() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  return {
    cpu: `${cpus[0]?.model?.trim() ?? 'unknown CPU'} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load,
    pinning: CORES.pinned ? `load generator on core ${CORES.load}, servers on core ${CORES.server} (taskset)` : 'none (one core, no taskset, or BENCH_NO_PIN=1)',
  };
}

const children = new Set();

/** Kills every child still running; called on exit and on Ctrl-C. */
export function stopAllChildren(signal = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    }
  }
}

// The CMS hosts clean up (drop their database, delete their file) on SIGTERM or when this
// process goes away; a few seconds are left to them on Ctrl-C before anything is killed.
process.once('exit', () => stopAllChildren('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopAllChildren('SIGTERM');
    setTimeout(() => {
      stopAllChildren('SIGKILL');
      process.exit(130);
    }, 8000);
  });
}

/**
 * Starts a child process (on the servers' core unless `pin: false`), keeps the tail of
 * its output for error messages, and registers it so it is stopped whatever happens.
 */
export function startChild(name, command, args, { env = {}, cwd = ROOT, pin = true, ipc = false, quiet = true } = {}) {
  const [cmd, argv] = pin ? onServerCore(command, args) : [command, args];
  const child = spawn(cmd, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-8000);
    if (!quiet || process.env.BENCH_VERBOSE === '1') process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => children.delete(child));
  child.output = () => tail;
  child.label = name;
  return child;
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers below 500 (the child must stay alive meanwhile). */
export async function waitForUrl(url, { child, timeoutMs = 240_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${child.label ?? 'child'} exited (${child.exitCode ?? child.signalCode}) before ${url} answered:\n${child.output?.() ?? ''}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child?.output?.() ?? ''}`);
}

/** One GET with its status, headers and body bytes. */
export async function fetchBytes(url, headers = {}) {
  const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body };
}

/**
 * A GET that must answer 200: a busy server may answer 503 for a moment (the storefront
 * gives up on a slow CMS after its timeout), so a few tries are allowed.
 */
export async function fetchOk(url, attempts = 5, headers = {}) {
  let last;
  for (let i = 0; i < attempts; i++) {
    last = await fetchBytes(url, headers);
    if (last.status === 200) return last;
    await sleep(2000);
  }
  throw new Error(`${url} answered ${last.status} ${attempts} times`);
}

/**
 * Starts the ceiling: a bare node:http server (its own process, on the servers' core)
 * that answers every request with `body` and `contentType`, nothing else.
 */
export async function startBareServer(body, contentType) {
  const port = await freePort();
  const child = startChild('bare', process.execPath, [path.join(BENCH_DIR, 'lib', 'bare-server.mjs')], {
    env: { BARE_PORT: String(port), BARE_CONTENT_TYPE: contentType },
    ipc: true,
  });
  child.send({ body: body.toString('base64') });
  const url = `http://${HOST}:${port}`;
  await waitForUrl(`${url}/`, { child, timeoutMs: 30_000 });
  return { url, stop: () => stopChild(child, 3000) };
}

/**
 * autocannon (9.x) appends every answer's body to a string (`req.body += chunk`), so each answer
 * is decoded as UTF-8: for compressed or binary bytes that decoding cost the load generator about
 * 150 µs per 21 KB (profiled), which capped every server at about 2,800 answers/s on one core and
 * put the generator's own queueing into the latencies. No benchmark reads the bodies, so the
 * client's queue drops them; byte counts, statuses and headers are kept.
 */
function keepNoBodies(client) {
  const queue = client.pipelinedRequests;
  if (queue && typeof queue.addBody === 'function') queue.addBody = () => {};
}

/**
 * One autocannon run. `maxSeconds` bounds a run of `amount` requests in time too.
 * `onHeaders(headers)` sees every response's headers (a flat [name, value, ...] list).
 */
export function cannon({ url, connections = 10, duration = 10, amount, method = 'GET', headers, body, requests, onHeaders, maxSeconds = 120, timeout = 20 }) {
  return new Promise((resolve, reject) => {
    let guard;
    // autocannon refuses keys set to undefined (duration: undefined is "an invalid format")
    const settings = Object.fromEntries(
      Object.entries({
        url,
        connections,
        duration: amount ? undefined : duration,
        amount,
        method,
        headers,
        body,
        requests,
        timeout,
        setupClient: (client) => {
          keepNoBodies(client);
          if (onHeaders) client.on('headers', (info) => onHeaders(info.headers ?? [], info.statusCode));
        },
      }).filter(([, v]) => v !== undefined),
    );
    const instance = autocannon(settings, (error, result) => {
      clearTimeout(guard);
      if (error) reject(error);
      else resolve(result);
    });
    guard = setTimeout(() => instance.stop(), (amount ? maxSeconds : duration + 30) * 1000);
  });
}

/** The figures of a run that the tables use. */
export function summarize(result) {
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, Number(v.count)]));
  const completed = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const seconds = Math.max(result.duration, 0.001);
  return {
    rps: completed / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCounts,
    completed,
    seconds,
  };
}

/**
 * Warm-up, then `rounds` rounds of ceiling and subject in turn; medians of each. `ceiling`
 * and `subject` are functions returning a summary (see summarize).
 */
export async function interleave({ name, ceiling, subject, rounds = 3, warmup }) {
  if (warmup) {
    log(`${name}: warm-up`);
    await warmup();
  }
  const ceilings = [];
  const subjects = [];
  for (let round = 1; round <= rounds; round++) {
    const c = await ceiling(round);
    ceilings.push(c);
    const s = await subject(round);
    subjects.push(s);
    log(
      `${name}: round ${round}/${rounds}: ceiling ${fmt(c.rps)} req/s (p99 ${fmt(c.p99)} ms), subject ${fmt(s.rps)} req/s (p99 ${fmt(s.p99)} ms${s.errors || s.non2xx ? `, ${s.errors} errors, ${s.non2xx} non-2xx` : ''})`,
    );
  }
  const pick = (list, key) => median(list.map((item) => item[key]));
  return {
    ceiling: { rps: pick(ceilings, 'rps'), p50: pick(ceilings, 'p50'), p99: pick(ceilings, 'p99') },
    subject: {
      rps: pick(subjects, 'rps'),
      p50: pick(subjects, 'p50'),
      p99: pick(subjects, 'p99'),
      errors: subjects.reduce((a, s) => a + (s.errors ?? 0), 0),
      non2xx: subjects.reduce((a, s) => a + (s.non2xx ?? 0), 0),
    },
    rounds: { ceilings, subjects },
  };
}

export function fmt(value, digits) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  if (typeof value !== 'number') return String(value);
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export const pct = (ratio) => (Number.isFinite(ratio) ? `${(ratio * 100).toFixed(1)}%` : 'n/a');

/**
 * A row of the results table. `ok` is true, false, or null when there is no target or
 * no figure.
 */
export function row(id, measure, value, target = '', ok = null, note = '') {
  return { id, measure, value, target, ok, note };
}

export function check(value, test) {
  return Number.isFinite(value) ? test(value) : null;
}

export function markdownTable(rows) {
  const status = (ok) => (ok === true ? 'pass' : ok === false ? '**FAIL**' : '–');
  const lines = ['| # | measure | figure | target | status | notes |', '|---|---|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.id} | ${r.measure} | ${r.value} | ${r.target || '–'} | ${status(r.ok)} | ${String(r.note ?? '').replace(/\|/g, '\\|')} |`);
  return lines.join('\n');
}

/** Signs each visitor's address from the storefront to the CMS (ADR 158): random, of this run alone, shared by both. */
export const BENCH_CLIENT_ADDRESS_SECRET = randomBytes(36).toString('base64');
