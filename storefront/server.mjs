#!/usr/bin/env node
/**
 * The storefront's production server: what remix-serve does (compression, the built assets
 * cached for a year, public/ for an hour, the Remix request handler), plus the anonymous
 * page cache in front of the handler (page-cache.mjs, docs/decisions/130-anonymous-page-cache.md).
 *
 *   node server.mjs [build/server/index.js]      PORT (3000), HOST, PAGE_CACHE_SECRET,
 *                                                PAGE_CACHE_TTL_SECONDS (10), PAGE_CACHE_STALE_SECONDS (30)
 *
 * Run it from the storefront folder (public/ and the client assets resolve from the build).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import morgan from 'morgan';
import { createPageCache } from './page-cache.mjs';

const buildPath = path.resolve(process.argv[2] ?? 'build/server/index.js');
const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future?.v3_singleFetch });

const seconds = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};
const cache = createPageCache({
  secret: process.env.PAGE_CACHE_SECRET || undefined,
  ttlSeconds: seconds('PAGE_CACHE_TTL_SECONDS', 10),
  staleSeconds: seconds('PAGE_CACHE_STALE_SECONDS', 30),
});

const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }));
app.use(express.static('public', { maxAge: '1h' }));
if (process.env.STOREFRONT_ACCESS_LOG !== 'false') app.use(morgan('tiny'));
app.use(cache.middleware);
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = Number(process.env.PORT) || 3000;
const onListen = () => console.log(`[storefront] http://${process.env.HOST || 'localhost'}:${port}${process.env.PAGE_CACHE_SECRET ? '' : ' (no PAGE_CACHE_SECRET: anonymous pages are not cached)'}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));
