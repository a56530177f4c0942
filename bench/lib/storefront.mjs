/**
 * The storefront for the benchmarks: its production build (rebuilt only when its sources
 * changed, the same stamp as `npm start`), copied into a folder of this run's own (so a
 * rebuild started meanwhile by someone else never changes what is measured) and served by
 * its production server (storefront/server.mjs, with the anonymous page cache) on the servers' core.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfChanged, run } from '../../scripts/lib.mjs';
import { BENCH_CLIENT_ADDRESS_SECRET, HOST, ROOT, freePort, startChild, stopChild, waitForUrl } from './common.mjs';

export const STOREFRONT_DIR = path.join(ROOT, 'storefront');

/**
 * Builds when needed, then copies build/ to storefront/.cache/bench-<pid>/build (git-ignored;
 * removed at exit). Packages still resolve from there: it is inside storefront/. Returns the
 * folder to run remix-serve in (it serves build/client relative to its working directory).
 */
export function buildStorefront() {
  const sources = ['storefront/app', 'storefront/vite.config.ts', 'storefront/package.json', 'shared/src'];
  const dir = path.join(STOREFRONT_DIR, '.cache', `bench-${process.pid}`);
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  // Another build may empty build/ while it is being copied (a browser-test run builds it too): check the copy, rebuild once.
  for (let attempt = 1; ; attempt++) {
    buildIfChanged('storefront', sources, 'storefront/build/.sala-build', () => run('npm', ['run', 'build', '-w', '@sala/storefront']));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.cpSync(path.join(STOREFRONT_DIR, 'build'), path.join(dir, 'build'), { recursive: true });
    const missing = missingAssets(dir);
    if (missing.length === 0) return dir;
    if (attempt === 2) throw new Error(`the storefront build is incomplete (${missing.slice(0, 3).join(', ')}…): is another build running?`);
    fs.rmSync(path.join(STOREFRONT_DIR, 'build', '.sala-build'), { force: true });
  }
}

/** Client files the server build names but the copy lacks (or the server build itself). */
function missingAssets(dir) {
  const serverDir = path.join(dir, 'build', 'server');
  if (!fs.existsSync(serverBuildOf(dir))) return [serverBuildOf(dir)];
  const files = [serverBuildOf(dir), ...(fs.existsSync(path.join(serverDir, 'assets')) ? fs.readdirSync(path.join(serverDir, 'assets')).map((f) => path.join(serverDir, 'assets', f)) : [])];
  const named = new Set(files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/"\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1])));
  return [...named].filter((asset) => !fs.existsSync(path.join(dir, 'build', 'client', 'assets', asset)));
}

export const serverBuildOf = (dir) => path.join(dir, 'build', 'server', 'index.js');

/** The environment of a production storefront talking to `cmsUrl`. */
export function storefrontEnv(cmsUrl, port) {
  return {
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    CMS_URL: cmsUrl,
    CMS_PUBLIC_URL: cmsUrl,
    PUBLIC_URL: `http://${HOST}:${port}`,
    SESSION_SECRET: BENCH_SESSION_SECRET,
    CLIENT_ADDRESS_SECRET: BENCH_CLIENT_ADDRESS_SECRET,
    PAGE_CACHE_SECRET: BENCH_PAGE_CACHE_SECRET,
    PREVIEW_SECRET: BENCH_PREVIEW_SECRET,
    STOREFRONT_ACCESS_LOG: 'false',
  };
}

/**
 * The page cache is on, as in production (it stays on for the run: the benchmarks change no content).
 * Production refuses short and published example secrets (ADR 156): these are random, of this run alone.
 */
export const BENCH_PAGE_CACHE_SECRET = randomBytes(36).toString('base64');
const BENCH_SESSION_SECRET = randomBytes(36).toString('base64');
const BENCH_PREVIEW_SECRET = randomBytes(36).toString('base64');

export async function startStorefront(cmsUrl, dir) {
  const port = await freePort();
  const server = path.join(STOREFRONT_DIR, 'server.mjs');
  const child = startChild('storefront', process.execPath, [server, serverBuildOf(dir)], { env: storefrontEnv(cmsUrl, port), cwd: dir });
  const url = `http://${HOST}:${port}`;
  await waitForUrl(`${url}/healthcheck`, { child, timeoutMs: 120_000 });
  return { url, port, child, dir, stop: () => stopChild(child, 5000) };
}
