/**
 * An in-process cache of anonymous pages (docs/decisions/130-anonymous-page-cache.md).
 *
 * Cached: GET and HEAD of the home, course pages (not their learn views) and product pages,
 * from visitors who carry no cookie but the locale cookie, answered 200 with a
 * `Cache-Control: public` and no Set-Cookie. The key is the URL (path and query) and the
 * locale cookie. An entry is fresh for `ttlSeconds`; after that, for `staleSeconds` more, it
 * is still served while one request renders the page again behind it. The CMS empties the
 * cache when content changes (POST {PURGE_PATH} with the shared secret); without a secret
 * nothing can empty it, so nothing is cached.
 */
import { timingSafeEqual } from 'node:crypto';

export const PURGE_PATH = '/__sala/page-cache/purge';
export const LOCALE_COOKIE = 'lang';
const CACHEABLE_PATH = /^\/(?:$|courses\/[^/]+\/?$|products(?:\/[^/]+)?\/?$)/;
/** Headers never replayed from a stored answer (the cache sets its own, the transport its own). */
const DROPPED_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection', 'date', 'age', 'x-cache', 'content-encoding', 'vary']);

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
 * Express middleware. Options: `secret` (PAGE_CACHE_SECRET; none: the cache is off and only
 * the purge path answers 404), `ttlSeconds` (default 10), `staleSeconds` (default 30),
 * `maxEntries` (default 500), `now` (for tests).
 */
export function createPageCache({ secret, ttlSeconds = 10, staleSeconds = 30, maxEntries = 500, now = () => Date.now() } = {}) {
  const entries = new Map();
  /** Keys being rendered again behind a stale answer. */
  const refreshing = new Set();
  let generation = 0;
  const stats = { hits: 0, stale: 0, misses: 0, bypassed: 0, purges: 0 };

  function keyOf(req) {
    if (!secret || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const url = new URL(req.originalUrl ?? req.url, 'http://storefront.invalid');
    if (!CACHEABLE_PATH.test(url.pathname)) return null;
    const cookies = req.headers.cookie;
    if (cookieNames(cookies).some((name) => name !== LOCALE_COOKIE)) return null;
    if (req.headers.authorization) return null;
    return `${url.pathname}${url.search}|${cookieValue(cookies, LOCALE_COOKIE)}`;
  }

  function replay(res, entry, state) {
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('X-Cache', state);
    res.setHeader('Age', String(Math.max(0, Math.floor((now() - entry.storedAt) / 1000))));
    res.end(entry.body);
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
      if (req.method === 'GET' && startedIn === generation && storable(res.statusCode, res.getHeaders())) {
        const headers = {};
        for (const [name, value] of Object.entries(res.getHeaders())) if (!DROPPED_HEADERS.has(name)) headers[name] = value;
        entries.delete(key);
        entries.set(key, { status: res.statusCode, headers, body: Buffer.concat(chunks), storedAt: now() });
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
      }
      refreshing.delete(key);
      return end(chunk, encoding, callback);
    };
    res.setHeader('X-Cache', 'MISS');
    next();
  }

  function purge() {
    generation += 1;
    stats.purges += 1;
    const count = entries.size;
    entries.clear();
    refreshing.clear();
    return count;
  }

  function middleware(req, res, next) {
    if (req.path === PURGE_PATH) {
      if (!secret || req.method !== 'POST') return next();
      if (!sameSecret(req.headers['x-sala-purge-secret'], secret)) {
        res.status(403).json({ success: false });
        return;
      }
      res.status(200).json({ success: true, purged: purge() });
      return;
    }
    const key = keyOf(req);
    if (key === null) {
      stats.bypassed += 1;
      return next();
    }
    const entry = entries.get(key);
    const age = entry ? (now() - entry.storedAt) / 1000 : Infinity;
    if (entry && age < ttlSeconds) {
      stats.hits += 1;
      return replay(res, entry, 'HIT');
    }
    if (entry && age < ttlSeconds + staleSeconds && refreshing.has(key)) {
      stats.stale += 1;
      return replay(res, entry, 'STALE');
    }
    stats.misses += 1;
    // The first request after expiry renders again; others get the stale copy meanwhile.
    if (entry) refreshing.add(key);
    record(key, req, res, next);
  }

  return { middleware, purge, stats, size: () => entries.size };
}
