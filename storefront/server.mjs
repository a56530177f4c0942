#!/usr/bin/env node
/**
 * The storefront's production server: what remix-serve does (compression, the built assets
 * cached for a year, public/ for an hour, the Remix request handler), plus the anonymous
 * page cache (page-cache.mjs, docs/decisions/130-anonymous-page-cache.md and
 * 143-page-cache-serving-and-freshness.md): hits and purges are answered on the bare
 * node:http request, before Express; everything else goes through the app, where the cache
 * records the pages it may keep.
 *
 * A request target that is not a path (`//host/`, `http://host/`, `*`) is answered 400 by the
 * cache's `serve`, before the cache and Express see it.
 *
 *   node server.mjs [build/server/index.js]      PORT (3000), HOST, PUBLIC_URL, PAGE_CACHE_SECRET, TRUSTED_PROXIES, LOG_FORMAT,
 *                                                PAGE_CACHE_TTL_SECONDS (30), PAGE_CACHE_STALE_SECONDS (10),
 *                                                REDIS_URL, REDIS_PREFIX (purges published by the CMS, page-cache-purges.mjs),
 *                                                REALTIME_INTERNAL_URL, REALTIME_INTERNAL_CA, REALTIME_FORWARD (/socket.io, realtime-forward.mjs)
 *
 * Run it from the storefront folder (public/ and the client assets resolve from the build).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { createPageCache } from './page-cache.mjs';
import { subscribeToPurges } from './page-cache-purges.mjs';
import { createRealtimeForward } from './realtime-forward.mjs';
import { assignRequestId, log, logAccess } from './request-log.mjs';
import { createOperations } from './operations.mjs';

const buildPath = path.resolve(process.argv[2] ?? 'build/server/index.js');
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future?.v3_singleFetch });

const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const cache = createPageCache({
  secret: process.env.PAGE_CACHE_SECRET || undefined,
  ttlSeconds: seconds('PAGE_CACHE_TTL_SECONDS', 30),
  staleSeconds: seconds('PAGE_CACHE_STALE_SECONDS', 10),
  // the build's reference-data cache (ADR 142) is emptied with the pages
  onPurge: () => build.entry.module.purgeReferenceData?.(),
});
// Every storefront hears the CMS's purges through Redis (ADR 192); not awaited: the pages are served meanwhile.
const purges = subscribeToPurges({ onPurge: () => cache.purge() });
// /_health/live, /_health/ready and /metrics (ADR 201): readiness asks the CMS and, with REDIS_URL, the purge subscription.
const operations = createOperations({ cacheStats: cache.stats, cmsUrl: () => build.entry.module.cmsUrl(), redis: () => purges });
const accessLog = process.env.STOREFRONT_ACCESS_LOG !== 'false';

/**
 * The static folders are asked only for paths whose first segment is one of their top-level
 * entries (read once at start: `assets`, `favicon.svg`, ...). The built assets are mounted on `/`,
 * so otherwise every page request cost a failed `stat` in each folder and `send`'s error path
 * before it reached the Remix handler (ADR 146).
 */
function staticFilesOnly(dir, handler) {
  let names = new Set();
  try {
    names = new Set(fs.readdirSync(dir));
  } catch {
    // no such folder: nothing to serve from it
  }
  return (req, res, next) => {
    const end = req.path.indexOf('/', 1);
    const first = req.path.slice(1, end === -1 ? undefined : end);
    let name;
    try {
      name = decodeURIComponent(first);
    } catch {
      return handler(req, res, next); // a malformed path: the static handler answers it as before
    }
    return names.has(name) ? handler(req, res, next) : next();
  };
}

const app = express();
app.disable('x-powered-by');
const trustedProxies = (process.env.TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter(Boolean);
if (trustedProxies.length > 0) app.set('trust proxy', trustedProxies);
app.use(compression());
app.use(build.publicPath, staticFilesOnly(build.assetsBuildDirectory, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' })));
app.use(staticFilesOnly('public', express.static('public', { maxAge: '1h' })));
app.use(cache.middleware);
const handleRemix = createRequestHandler({ build, mode: process.env.NODE_ENV });
// The visitor's address (X-Forwarded-For only from TRUSTED_PROXIES) rides on every CMS call made for the request, signed (ADR 158),
// and so does the request's id (ADR 200).
app.all('*', (req, res, next) => build.entry.module.withVisitor({ address: req.ip, requestId: req.requestId }, () => handleRemix(req, res, next)));

// Browsers open the real-time channel on this origin (ADR 202).
const realtime = createRealtimeForward();

const fromTrustedProxy = (address) => trustedProxies.length > 0 && app.get('trust proxy fn')(address, 0);
/** Every request, a cache hit (answered before Express) or not, gets its id and, with the access log on, its line (request-log.mjs). */
const server = http.createServer((req, res) => {
  assignRequestId(req, res, fromTrustedProxy);
  if (operations.serve(req, res)) return;
  if (realtime?.web(req, res)) return;
  if (accessLog) logAccess(req, res);
  if (!cache.serve(req, res)) return app(req, res);
});

server.on('upgrade', (req, socket, head) => {
  if (!realtime?.upgrade(req, socket, head)) socket.destroy();
});

const port = Number(process.env.PORT) || 3000;
const onListen = () => {
  // Stale pages are rendered again by a request of the server to itself, on the loopback address it listens on.
  const host = !process.env.HOST || process.env.HOST === '0.0.0.0' || process.env.HOST === '::' ? '127.0.0.1' : process.env.HOST;
  // They carry the public origin's Host (PUBLIC_URL, validated by the build's env.server.ts), as a visitor's request would.
  const publicUrl = new URL(build.entry.module.publicUrl());
  cache.setOrigin(`http://${host.includes(':') ? `[${host}]` : host}:${server.address().port}`, publicUrl.host);
  log('info', `[storefront] http://${process.env.HOST || 'localhost'}:${port}${process.env.PAGE_CACHE_SECRET ? '' : ' (no PAGE_CACHE_SECRET: anonymous pages are not cached)'}`);
};
if (process.env.HOST) server.listen(port, process.env.HOST, onListen);
else server.listen(port, onListen);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
