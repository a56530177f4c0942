/**
 * The production server's request ids, /metrics and health endpoints (server.mjs with
 * request-log.mjs and operations.mjs, ADRs 200 and 201), on a real process over real HTTP.
 * The build is a stand-in module: these answers are given before Remix is reached, except
 * the page, whose failure to render does not matter to what is checked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '@sala/shared/operations';
import { withVisitor, requestIdHeaders } from '~/lib/client-address.server';

const STOREFRONT_DIR = path.resolve(__dirname, '..');
let cms: Server;
let cmsUp = true;
let buildFile: string;
let child: ChildProcess | undefined;
let output = '';

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  cms = http.createServer((req, res) => {
    res.writeHead(cmsUp && req.url === '/_health/live' ? 200 : 503, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  buildFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sala-build-')), 'index.mjs');
  fs.writeFileSync(
    buildFile,
    `export const entry = { module: {
      default: () => { throw new Error('not rendered here'); },
      withVisitor: (_visitor, work) => work(),
      publicUrl: () => 'http://shop.test',
      cmsUrl: () => ${JSON.stringify(cmsUrl)},
    } };
    export const routes = {};
    export const assets = { routes: {}, entry: { module: '/e.js', imports: [] }, url: '/m.js', version: '1' };
    export const publicPath = '/assets/';
    export const assetsBuildDirectory = ${JSON.stringify(path.dirname(buildFile))};
    export const future = {};
    export const mode = 'production';
    `,
  );
});

afterEach(() => {
  child?.kill();
  child = undefined;
});

afterAll(async () => {
  await new Promise((resolve) => cms.close(resolve));
  fs.rmSync(path.dirname(buildFile), { recursive: true, force: true });
});

async function boot(env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  child = spawn(process.execPath, ['server.mjs', buildFile], {
    cwd: STOREFRONT_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', REDIS_URL: '', PAGE_CACHE_SECRET: 'page-cache-secret-of-the-test', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      await fetch(`${base}/_health/live`);
      return base;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the storefront server did not start');
}

describe('request ids', () => {
  it('the CMS calls of a request carry its id', () => {
    expect(requestIdHeaders()).toEqual({});
    expect(withVisitor({ address: '203.0.113.5', requestId: 'req-0123456789' }, () => requestIdHeaders())).toEqual({ 'x-request-id': 'req-0123456789' });
  });

  it('every answer gets a fresh id; an incoming one is ignored without a trusted proxy', async () => {
    const base = await boot();
    const first = await fetch(`${base}/`, { headers: { 'x-request-id': 'chosen-by-the-visitor-1' } });
    const id = first.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${base}/`)).headers.get('x-request-id')).not.toBe(id);
    // the access line is one JSON object with the same id (LOG_FORMAT=json), the path without its query
    await fetch(`${base}/courses/a?token=secret`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.requestId === id)).toMatchObject({ level: 'info', method: 'GET', path: '/', status: 500 });
    expect(lines.find((line) => line.path === '/courses/a')).toBeTruthy();
    expect(output).not.toContain('secret');
  });

  it('a trusted proxy passes its well-formed id on; a malformed or oversized one is replaced', async () => {
    const base = await boot({ TRUSTED_PROXIES: '127.0.0.1' });
    expect((await fetch(`${base}/_health/live`, { headers: { 'x-request-id': 'lb-trace-0123456789' } })).headers.get('x-request-id')).toBe('lb-trace-0123456789');
    for (const bad of ['x'.repeat(65), 'two words here', 'tiny']) {
      const given = (await fetch(`${base}/_health/live`, { headers: { 'x-request-id': bad } })).headers.get('x-request-id')!;
      expect(given).not.toBe(bad);
      expect(given).toMatch(REQUEST_ID_PATTERN);
    }
  });
});

describe('metrics', () => {
  const count = (text: string, result: string) => Number(new RegExp(`^sala_page_cache_requests_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);

  it('count page-cache misses and time requests, for a loopback caller without a token', async () => {
    const base = await boot();
    const before = await (await fetch(`${base}/metrics`)).text();
    expect(count(before, 'miss')).toBe(0);
    await fetch(`${base}/courses/any-course`);
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(count(after, 'miss')).toBe(1);
    expect(count(after, 'hit')).toBe(0);
    expect(after).toMatch(/sala_storefront_http_request_duration_seconds_count\{method="GET",status="\d+"\} [1-9]/);
  });

  it('with METRICS_TOKEN, refuse a caller without it; in production without one, answer nothing', async () => {
    let base = await boot({ METRICS_TOKEN: 'storefront-metrics-token-0123456789' });
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain('sala_');
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer storefront-metrics-token-0123456789' } })).status).toBe(200);
    child?.kill();
    base = await boot({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.test' });
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});

describe('health', () => {
  it('liveness answers alone; readiness asks the CMS', async () => {
    const base = await boot();
    cmsUp = true;
    const ready = await fetch(`${base}/_health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { cms: 'ok' } });
    cmsUp = false;
    const down = await fetch(`${base}/_health/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not ready', checks: { cms: 'failing' } });
    expect((await fetch(`${base}/_health/live`)).status).toBe(200);
    cmsUp = true;
  });

  it('readiness fails while the configured Redis does not answer', async () => {
    const base = await boot({ REDIS_URL: 'redis://127.0.0.1:1' });
    const ready = await fetch(`${base}/_health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.redis).toBe('failing');
  }, 15_000);
});
