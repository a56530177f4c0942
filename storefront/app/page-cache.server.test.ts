/**
 * The anonymous page cache of the production server (../page-cache.mjs, ADR 130), in front
 * of a real Express app over real HTTP; the page handler counts its renders.
 */
import type { AddressInfo } from 'node:net';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import zlib from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, isPathTarget, PURGE_PATH } from '../page-cache.mjs';

const SECRET = 'page-cache-test-secret';
let server: Server | undefined;

/** Bytes as they come off the wire (fetch would decompress them). */
function rawGet(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * `front: true` serves as storefront/server.mjs does: the cache answers on the bare node:http
 * request and the app only sees what it lets through; stale pages are rendered in the background.
 */
async function serve(options: { secret?: string; now?: () => number; ttlSeconds?: number; staleSeconds?: number; front?: boolean } = {}) {
  const { front, ...cacheOptions } = options;
  const cache = createPageCache({ secret: SECRET, ...cacheOptions });
  let renders = 0;
  const app = express();
  app.use(cache.middleware);
  app.get('*', (req, res) => {
    renders += 1;
    if (req.query.cookie) res.setHeader('Set-Cookie', 'lang=en; Path=/');
    res.setHeader('Cache-Control', req.query.private ? 'private, no-store' : 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    res.status(req.path === '/courses/missing' ? 404 : 200).type('html');
    res.write(`<h1>render ${renders} of ${req.path}</h1>`);
    // Long enough for compression to pay: a page of repeated course cards.
    res.write(`<ul>${'<li class="card">คอร์สเรียนออนไลน์ การตลาดสำหรับผู้เริ่มต้น</li>'.repeat(200)}</ul>`);
    res.end(`<p>${String(req.headers.cookie ?? '')}</p>`);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = front
      ? http.createServer((req, res) => void (cache.serve(req, res) || app(req, res))).listen(0, '127.0.0.1', () => resolve(listening))
      : app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (front) cache.setOrigin(base);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text(), age: res.headers.get('age') };
  };
  const purge = (secret: string) => fetch(`${base}${PURGE_PATH}`, { method: 'POST', headers: { 'x-sala-purge-secret': secret } });
  return { cache, get, purge, raw: (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers), renders: () => renders };
}

afterEach(async () => {
  const open = server;
  open?.closeAllConnections();
  if (open) await new Promise((resolve) => open.close(resolve));
  server = undefined;
});

describe('the anonymous page cache', () => {
  it('renders a course page once and answers the next visitors from memory, per locale', async () => {
    const s = await serve();
    const first = await s.get('/courses/1-excel');
    const second = await s.get('/courses/1-excel');
    expect(first.cache).toBe('MISS');
    expect(second.cache).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(s.renders()).toBe(1);
    const english = await s.get('/courses/1-excel', { cookie: 'lang=en' });
    expect(english.cache).toBe('MISS');
    expect((await s.get('/courses/1-excel', { cookie: 'lang=en' })).cache).toBe('HIT');
    expect(s.renders()).toBe(2);
    await s.get('/');
    expect((await s.get('/')).cache).toBe('HIT');
    expect((await s.get('/products/2-book')).cache).toBe('MISS');
  });

  it('never serves or stores pages of a visitor with a session cookie, a learn view, a 404 or an answer setting a cookie', async () => {
    const s = await serve();
    await s.get('/courses/1-excel');
    const signedIn = await s.get('/courses/1-excel', { cookie: 'lang=th; __sala_session=abc' });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body).toContain('__sala_session=abc');
    for (const path of ['/courses/1-excel/learn', '/cart', '/courses/missing', '/courses/2-x?cookie=1', '/courses/3-x?private=1']) {
      await s.get(path);
      expect((await s.get(path)).cache, path).not.toBe('HIT');
    }
  });

  it('is emptied by a purge with the secret, and refuses one without it', async () => {
    const s = await serve();
    await s.get('/courses/1-excel');
    expect((await s.purge('wrong')).status).toBe(403);
    expect((await s.get('/courses/1-excel')).cache).toBe('HIT');
    const purged = await s.purge(SECRET);
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({ success: true, purged: 1 });
    const after = await s.get('/courses/1-excel');
    expect(after.cache).toBe('MISS');
    expect(after.body).toContain('render 2');
  });

  it('serves a page for its fresh time, then stale to others while one request renders it again', async () => {
    let clock = 1_000_000;
    const s = await serve({ now: () => clock, ttlSeconds: 10, staleSeconds: 30 });
    await s.get('/');
    clock += 9_000;
    expect((await s.get('/')).cache).toBe('HIT');
    clock += 2_000;
    const renewing = await s.get('/');
    expect(renewing.cache).toBe('MISS');
    expect(renewing.body).toContain('render 2');
    clock += 1_000;
    // The renewed page replaces the old one once its gzip and brotli variants are made on the thread pool.
    await expect.poll(async () => (await s.get('/')).cache, { timeout: 5_000 }).toBe('HIT');
    expect((await s.get('/')).body).toContain('render 2');
  });

  it('caches nothing without a secret, since nothing could empty it', async () => {
    const s = await serve({ secret: '' });
    await s.get('/');
    expect((await s.get('/')).cache).toBeNull();
    expect(s.renders()).toBe(2);
    expect((await s.purge(SECRET)).status).not.toBe(200);
  });

  it('sends a cached page brotli- or gzip-compressed to clients that take it, and plain to those that do not', async () => {
    for (const front of [false, true]) {
      const s = await serve({ front });
      const first = await s.get('/courses/1-excel');
      const page = Buffer.from(first.body);
      // The variants are made in the background after the page is stored.
      await expect.poll(async () => (await s.raw('/courses/1-excel', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'], { timeout: 5_000 }).toBe('br');

      const brotli = await s.raw('/courses/1-excel', { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['x-cache']).toBe('HIT');
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.length);
      expect(brotli.bytes.length).toBeLessThan(page.length / 4);
      expect(zlib.brotliDecompressSync(brotli.bytes).equals(page)).toBe(true);

      const gzip = await s.raw('/courses/1-excel', { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(gzip.bytes).equals(page)).toBe(true);

      // br refused with q=0: gzip; nothing asked for (or only identity): the plain page.
      expect((await s.raw('/courses/1-excel', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const plain = await s.raw('/courses/1-excel', headers);
        expect(plain.headers['x-cache']).toBe('HIT');
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.bytes.equals(page)).toBe(true);
      }
      expect(s.renders()).toBe(1);
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      server = undefined;
    }
    // Compression runs on the thread pool: on a busy machine the variants take a while.
  }, 20_000);

  it('in front of the app, answers a stale page at once and renders it again behind it', async () => {
    let clock = 1_000_000;
    const s = await serve({ now: () => clock, front: true, ttlSeconds: 10, staleSeconds: 30 });
    await s.get('/courses/1-excel');
    clock += 11_000;
    const stale = await s.get('/courses/1-excel');
    expect(stale.cache).toBe('STALE');
    expect(stale.body).toContain('render 1');
    // The new page replaces the stale one only with its compressed variants ready: a browser never gets it plain.
    await expect.poll(async () => zlib.brotliDecompressSync((await s.raw('/courses/1-excel', { 'accept-encoding': 'br' })).bytes).toString(), { timeout: 5_000 }).toContain('render 2');
    expect((await s.get('/courses/1-excel')).body).toContain('render 2');
    expect(s.renders()).toBe(2);
    expect((await s.get('/courses/1-excel')).cache).toBe('HIT');
    // The refresh header without the secret gets no special treatment and nothing stored.
    const forged = await s.get('/courses/1-excel', { 'x-sala-page-cache-refresh': 'guess' });
    expect(forged.cache).toBeNull();
    expect((await s.get('/courses/1-excel')).body).toContain('render 2');
  }, 20_000);

  it('in front of the app, answers a purge with the secret and lets other paths through', async () => {
    const s = await serve({ front: true });
    await s.get('/courses/1-excel');
    expect((await s.purge('wrong')).status).toBe(403);
    expect((await s.get('/courses/1-excel')).cache).toBe('HIT');
    expect(await (await s.purge(SECRET)).json()).toEqual({ success: true, purged: 1 });
    expect((await s.get('/courses/1-excel')).cache).toBe('MISS');
    const learn = await s.get('/courses/1-excel/learn');
    expect(learn.status).toBe(200);
    expect(learn.cache).toBeNull();
  });
});

describe('request targets', () => {
  it('takes only origin-form paths', () => {
    for (const good of ['/', '/courses/1-a?x=1', '/products/', '/a%2F%2Fb']) expect(isPathTarget(good), good).toBe(true);
    for (const bad of ['//evil.example/', '///x', '/\\evil.example', 'http://evil.example/', '*', '', 'evil', '/\\/x']) expect(isPathTarget(bad), bad).toBe(false);
  });
});
