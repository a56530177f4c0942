/**
 * The anonymous page cache of the production server (../page-cache.mjs, ADR 130), in front
 * of a real Express app over real HTTP; the page handler counts its renders.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, PURGE_PATH } from '../page-cache.mjs';

const SECRET = 'page-cache-test-secret';
let server: Server | undefined;

async function serve(options: { secret?: string; now?: () => number } = {}) {
  const cache = createPageCache({ secret: SECRET, ...options });
  let renders = 0;
  const app = express();
  app.use(cache.middleware);
  app.get('*', (req, res) => {
    renders += 1;
    if (req.query.cookie) res.setHeader('Set-Cookie', 'lang=en; Path=/');
    res.setHeader('Cache-Control', req.query.private ? 'private, no-store' : 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    res.status(req.path === '/courses/missing' ? 404 : 200).type('html');
    res.write(`<h1>render ${renders} of ${req.path}</h1>`);
    res.end(`<p>${String(req.headers.cookie ?? '')}</p>`);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text(), age: res.headers.get('age') };
  };
  const purge = (secret: string) => fetch(`${base}${PURGE_PATH}`, { method: 'POST', headers: { 'x-sala-purge-secret': secret } });
  return { cache, get, purge, renders: () => renders };
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
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
    const s = await serve({ now: () => clock });
    await s.get('/');
    clock += 9_000;
    expect((await s.get('/')).cache).toBe('HIT');
    clock += 2_000;
    const renewing = await s.get('/');
    expect(renewing.cache).toBe('MISS');
    expect(renewing.body).toContain('render 2');
    clock += 1_000;
    expect((await s.get('/')).cache).toBe('HIT');
  });

  it('caches nothing without a secret, since nothing could empty it', async () => {
    const s = await serve({ secret: '' });
    await s.get('/');
    expect((await s.get('/')).cache).toBeNull();
    expect(s.renders()).toBe(2);
    expect((await s.purge(SECRET)).status).not.toBe(200);
  });
});
