/**
 * CPU time of one server render of a page, measured in-process: the storefront's
 * production server bundle is imported and its Remix request handler called in a loop
 * (loaders included: they fetch from the CMS named by CMS_URL, whose own CPU is not
 * counted here). Prints one JSON line: { renders, cpuMsPerRender, cpuMsMedian, wallMsMedian, bytes }.
 *
 *   RENDER_URL=http://127.0.0.1:3000/courses/1-x CMS_URL=... [STOREFRONT_BUILD_DIR=dir] node bench/lib/render-cpu.mjs
 *   RENDER_MAX (default 200 renders), RENDER_SECONDS (default 20 s): whichever ends first.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const storefrontDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'storefront');
const require = createRequire(path.join(storefrontDir, 'package.json'));
const { createRequestHandler } = require('@remix-run/node');
// a copy of the build (bench/lib/storefront.mjs) or the storefront's own
const buildDir = process.env.STOREFRONT_BUILD_DIR || storefrontDir;
const build = await import(pathToFileURL(path.join(buildDir, 'build', 'server', 'index.js')).href);
const handle = createRequestHandler(build, 'production');

const url = process.env.RENDER_URL;
const max = Number(process.env.RENDER_MAX || 200);
const seconds = Number(process.env.RENDER_SECONDS || 20);
const warmup = Number(process.env.RENDER_WARMUP || 10);

async function renderOnce() {
  const response = await handle(new Request(url, { headers: { accept: 'text/html' } }));
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body.length;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (let i = 0; i < warmup; i++) await renderOnce();

const cpu = [];
const wall = [];
let bytes = 0;
const started = process.cpuUsage();
const deadline = Date.now() + seconds * 1000;
while (cpu.length < max && Date.now() < deadline) {
  const before = process.cpuUsage();
  const t0 = performance.now();
  bytes = await renderOnce();
  wall.push(performance.now() - t0);
  const used = process.cpuUsage(before);
  cpu.push((used.user + used.system) / 1000);
}
const total = process.cpuUsage(started);
process.stdout.write(`${JSON.stringify({ renders: cpu.length, cpuMsPerRender: (total.user + total.system) / 1000 / cpu.length, cpuMsMedian: median(cpu), wallMsMedian: median(wall), bytes })}\n`);
process.exit(0);
