/**
 * An in-process cache of anonymous pages (docs/decisions/130-anonymous-page-cache.md,
 * 143-page-cache-serving-and-freshness.md).
 *
 * Cached: GET and HEAD of the home, course pages (not their learn views) and product pages,
 * from visitors who carry no cookie but the locale cookie, answered 200 with a
 * `Cache-Control: public` and no Set-Cookie. The key is the URL (path and query) and the
 * locale cookie. An entry is fresh for `ttlSeconds`; after that, for `staleSeconds` more, it
 * is still served while the page is rendered again behind it. The CMS empties the cache when
 * content changes (POST {PURGE_PATH} with the shared secret); without a secret nothing can
 * empty it, so nothing is cached.
 *
 * A stored page is kept plain and, once compressed in the background (zlib on libuv's thread
 * pool), gzip and brotli too; a hit gets the smallest variant its `Accept-Encoding` takes.
 * `serve(req, res)` answers hits and purges on the bare node:http request, before any
 * Express middleware; `middleware` records misses (and, used alone, answers hits as well).
 *
 * A request target that is not a path (`//host/`, `http://host/`, `*`, `/\\host`) is answered
 * 400 before anything else: it would otherwise be keyed as the path it resolves to and
 * rendered again behind a stale answer at the host it names. The background render goes to
 * the server's own loopback listener with the public origin's Host (ADR 157).
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';

export const PURGE_PATH = '/__sala/page-cache/purge';
export const LOCALE_COOKIE = 'lang';
/** Sent with the background render of a stale page, with the secret: it is rendered and stored, never served from the cache. */
export const REFRESH_HEADER = 'x-sala-page-cache-refresh';
const CACHEABLE_PATH = /^\/(?:$|courses\/[^/]+\/?$|products(?:\/[^/]+)?\/?$)/;
/** Headers never replayed from a stored answer (the cache sets its own, the transport its own). */
const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection', 'date', 'age', 'x-cache', 'content-encoding', 'x-request-id']);

const PATH_BASE = 'http://storefront.invalid';

/** Whether a request target is an origin-form path (`/x?y`): not `//host`, `/\\host`, an absolute URL or `*`. */
export function isPathTarget(target) {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  try {
    return new URL(target, PATH_BASE).origin === PATH_BASE;
  } catch {
    return false;
  }
}

function refuseTarget(res) {
  const body = 'Bad Request';
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  res.end(body);
}

function cookieNames(header) {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.split('=')[0].trim())
    .filter(Boolean);
}

function cookieValue(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.split('=');
    if (key.trim() === name) return rest.join('=').trim();
  }
  return '';
}

/** Which stored variant a request takes: 'br', 'gzip' or '' (plain), by its Accept-Encoding (q=0 refuses). */
export function preferredEncoding(header) {
  if (!header) return '';
  let br = false;
  let gzip = false;
  for (const part of String(header).toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (coding === 'br') br = true;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = true;
    else if (coding === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : '';
}

/**
 * A page is compressed once per render, off the main thread, and sent many times. Brotli at
 * quality 7 (the course page: 132 KB to 23.3 KB in about 4 ms; quality 9 saves 1% more for ten
 * times the CPU, 11 another 9% for eighty), gzip at zlib's default level 6.
 */
const BROTLI_OPTIONS = (size) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
});
const GZIP_OPTIONS = { level: 6 };

/** A `Vary` value with Accept-Encoding in it once. */
function varyWithEncoding(vary) {
  const names = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}

function sameSecret(given, secret) {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a stored answer may be replayed to other visitors. */
function storable(status, headers) {
  if (status !== 200) return false;
  if (headers['set-cookie']) return false;
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  return cacheControl.includes('public') && !cacheControl.includes('private') && !cacheControl.includes('no-store');
}

/**
 * Options: `secret` (PAGE_CACHE_SECRET; none: the cache is off and only the purge path
 * answers 404), `ttlSeconds` (default 30), `staleSeconds` (default 10), `maxEntries`
 * (default 500), `onPurge` (called after each purge), `now` (for tests). `setOrigin(url, host)`
 * names the server's own loopback address and the public Host its renders carry: a stale page
 * is then rendered again by a request of the server to itself while every visitor gets the
 * stale copy; without it, the first visitor after expiry waits for the render.
 */
export function createPageCache({ secret, ttlSeconds = 30, staleSeconds = 10, maxEntries = 500, onPurge, now = () => Date.now() } = {}) {
  const entries = new Map();
  /** Keys being rendered again behind a stale answer. */
  const refreshing = new Set();
  let generation = 0;
  let origin = null;
  let publicHost = null;
  const stats = { hits: 0, stale: 0, misses: 0, bypassed: 0, purges: 0 };
  /** What `serve` decided for a request it let through, for `middleware` not to decide again. */
  const PASSED = Symbol('page-cache');

  function keyOf(req) {
    if (!secret || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const target = req.originalUrl ?? req.url;
    if (!isPathTarget(target)) return null;
    const url = new URL(target, PATH_BASE);
    if (!CACHEABLE_PATH.test(url.pathname)) return null;
    const cookies = req.headers.cookie;
    if (cookieNames(cookies).some((name) => name !== LOCALE_COOKIE)) return null;
    if (req.headers.authorization) return null;
    return `${url.pathname}${url.search}|${cookieValue(cookies, LOCALE_COOKIE)}`;
  }

  function replay(req, res, entry, state) {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const variant = (encoding && entry.variants[encoding]) || entry.variants[''];
    const age = String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000)));
    res.writeHead(entry.status, [...variant.headers, 'X-Cache', state, 'Age', age]);
    res.end(variant.body);
  }

  /** Raw header list of one variant (a flat [name, value, ...] list, as writeHead takes it). */
  function variantHeaders(headers, body, encoding) {
    const list = [];
    for (const [name, value] of Object.entries(headers)) {
      if (name === 'vary') continue;
      for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
    }
    list.push('Vary', varyWithEncoding(headers.vary), 'Content-Length', String(body.length));
    if (encoding) list.push('Content-Encoding', encoding);
    return list;
  }

  function put(key, entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
  }

  /**
   * Keeps a rendered page with its gzip and brotli variants, made on the thread pool. A new
   * page is stored at once and gets its variants when zlib is done; a page rendered again
   * replaces the previous one only once its variants are ready (the previous one is served
   * meanwhile), so hits never fall back to plain bytes. Nothing is kept if a purge came since
   * the render started.
   */
  function store(key, status, headers, body, startedIn) {
    const entry = { status, variants: { '': { body, headers: variantHeaders(headers, body, '') } }, storedAt: now() };
    const previous = entries.get(key);
    // A previous page still within its stale time is served until this one is ready; an older one is not served at all.
    const replacing = previous !== undefined && (now() - previous.storedAt) / 1000 < ttlSeconds + staleSeconds;
    if (!replacing) put(key, entry);
    let pending = 2;
    const add = (encoding) => (error, compressed) => {
      if (!error && compressed.length < body.length) entry.variants[encoding] = { body: compressed, headers: variantHeaders(headers, compressed, encoding) };
      if (--pending > 0 || !replacing) return;
      if (startedIn === generation) put(key, { ...entry, storedAt: now() });
      refreshing.delete(key);
    };
    zlib.gzip(body, GZIP_OPTIONS, add('gzip'));
    zlib.brotliCompress(body, BROTLI_OPTIONS(body.length), add('br'));
    return replacing;
  }

  /** Lets the answer through and keeps a copy when it may be replayed. */
  function record(key, req, res, next) {
    const startedIn = generation;
    const chunks = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk, encoding) => {
      if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    };
    res.write = (chunk, encoding, callback) => {
      keep(chunk, encoding);
      return write(chunk, encoding, callback);
    };
    res.end = (chunk, encoding, callback) => {
      if (typeof chunk !== 'function') keep(chunk, encoding);
      // A purge during the render may have changed what it read: keep it only if none came.
      let swapping = false;
      if (req.method === 'GET' && startedIn === generation && storable(res.statusCode, res.getHeaders())) {
        const headers = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!DROPPED_HEADERS.has(name)) headers[name] = value;
        swapping = store(key, res.statusCode, headers, Buffer.concat(chunks), startedIn);
      }
      // A page rendered again stays "being rendered" until it replaces the previous one.
      if (!swapping) refreshing.delete(key);
      return end(chunk, encoding, callback);
    };
    res.setHeader('X-Cache', 'MISS');
    // Whatever the render's encoding, the answer depends on Accept-Encoding, as a hit does.
    res.setHeader('Vary', 'Accept-Encoding');
    next();
  }

  function purge() {
    generation += 1;
    stats.purges += 1;
    const count = entries.size;
    entries.clear();
    refreshing.clear();
    onPurge?.();
    return count;
  }

  /** The page rendered again by a request of the server to itself, with only the locale cookie; its answer is stored by `record`. */
  function renderInBackground(req, key) {
    const locale = cookieValue(req.headers.cookie, LOCALE_COOKIE);
    const own = new URL(origin);
    const path = new URL(req.originalUrl ?? req.url, PATH_BASE);
    const headers = { host: publicHost ?? own.host, [REFRESH_HEADER]: secret, 'accept-encoding': 'identity', ...(locale ? { cookie: `${LOCALE_COOKIE}=${locale}` } : {}) };
    // Always the server's own listener, whatever the request named; the path is the one the key was made of.
    // The answer itself is recorded (and `refreshing` cleared) by `record` on the way out.
    const request = http.request(
      { protocol: own.protocol, hostname: own.hostname.replace(/^\[|\]$/g, ''), port: own.port, path: `${path.pathname}${path.search}`, method: 'GET', headers, timeout: 60_000 },
      (answer) => answer.resume(),
    );
    request.once('timeout', () => request.destroy(new Error('timeout')));
    request.once('error', () => refreshing.delete(key));
    request.end();
  }

  /**
   * Answers a purge, a hit or a stale hit on the bare request and returns true; otherwise
   * returns false and the request goes on to the app, where `middleware` records it.
   */
  function serve(req, res) {
    if (!isPathTarget(req.url)) {
      req.resume();
      refuseTarget(res);
      return true;
    }
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === PURGE_PATH) {
      if (!secret || req.method !== 'POST') {
        req[PASSED] = { key: null };
        return false;
      }
      req.resume();
      const ok = sameSecret(req.headers['x-sala-purge-secret'], secret);
      const body = JSON.stringify(ok ? { success: true, purged: purge() } : { success: false });
      res.writeHead(ok ? 200 : 403, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return true;
    }
    const key = keyOf(req);
    if (key === null) {
      stats.bypassed += 1;
      req[PASSED] = { key: null };
      return false;
    }
    if (req.headers[REFRESH_HEADER] !== undefined) {
      if (!sameSecret(req.headers[REFRESH_HEADER], secret)) {
        stats.bypassed += 1;
        req[PASSED] = { key: null };
        return false;
      }
      stats.misses += 1;
      req[PASSED] = { key };
      return false;
    }
    const entry = entries.get(key);
    const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
    if (entry && age < ttlSeconds) {
      stats.hits += 1;
      replay(req, res, entry, 'HIT');
      return true;
    }
    if (entry && age < ttlSeconds + staleSeconds && (refreshing.has(key) || origin)) {
      stats.stale += 1;
      if (!refreshing.has(key)) {
        refreshing.add(key);
        renderInBackground(req, key);
      }
      replay(req, res, entry, 'STALE');
      return true;
    }
    stats.misses += 1;
    // Without an origin, the first request after expiry renders again; others get the stale copy meanwhile.
    if (entry) refreshing.add(key);
    req[PASSED] = { key };
    return false;
  }

  /** Express middleware: records what `serve` let through; used alone, it serves hits and purges too. */
  function middleware(req, res, next) {
    const passed = req[PASSED] ?? (serve(req, res) ? undefined : req[PASSED]);
    if (passed === undefined) return;
    if (passed.key === null) return next();
    record(passed.key, req, res, next);
  }

  return {
    serve,
    middleware,
    purge,
    stats,
    size: () => entries.size,
    setOrigin: (url, host) => {
      origin = url;
      publicHost = host ?? null;
    },
  };
}
