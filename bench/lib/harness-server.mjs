/**
 * P1's ceiling: the same page rendered by the same components from the same data, on a bare
 * node:http server, without Remix's request pipeline and without loaders.
 *
 * It imports the storefront's server build, makes one real request through the Remix request
 * handler (loaders against the CMS named by CMS_URL) with the build's handleRequest
 * (entry.server) wrapped so that it keeps the EntryContext of that request: the route
 * modules, the router's state with the loaders' data, the manifest, and the bytes of the
 * data stream the page inlines for hydration. Every request to this server is then answered
 * with `handleRequest(request, 200, headers, context)`: the same entry.server, the same React
 * tree and the same data, rendered anew each time (the data stream is replayed from its bytes).
 *
 *   HARNESS_PORT, HARNESS_URL (the page, as the storefront serves it), HARNESS_COOKIE (sent with
 *   the captured request), STOREFRONT_BUILD_DIR, CMS_URL... (the storefront's environment)
 *
 * GET /__harness/stats answers { renders, cpuMs } (this process's CPU since the last reset);
 * POST /__harness/stats resets them. Exits with its parent.
 */
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { comparePages } from './same-page.mjs';

const storefrontDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'storefront');
const require = createRequire(path.join(storefrontDir, 'package.json'));
const { createRequestHandler } = require('@remix-run/node');
const buildDir = process.env.STOREFRONT_BUILD_DIR || storefrontDir;
const build = await import(pathToFileURL(path.join(buildDir, 'build', 'server', 'index.js')).href);

const port = Number(process.env.HARNESS_PORT);
const pageUrl = process.env.HARNESS_URL;
const cookie = process.env.HARNESS_COOKIE || '';

/** Reads a stream to its end, keeping its chunks as they came. */
async function drain(stream) {
  const chunks = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

const handleRequest = build.entry.module.default;
let captured = null;
const wrapped = (request, status, headers, context, loadContext) => {
  if (captured === null && context.serverHandoffStream) {
    const [forRender, forCopy] = context.serverHandoffStream.tee();
    captured = { status, headers: [...headers], context: { ...context, serverHandoffStream: forRender }, stream: drain(forCopy) };
    return handleRequest(request, status, headers, captured.context, loadContext);
  }
  return handleRequest(request, status, headers, context, loadContext);
};
// The build's modules are frozen namespaces: the handler gets a copy of the build with the wrapper in it.
const handler = createRequestHandler({ ...build, entry: { ...build.entry, module: { ...build.entry.module, default: wrapped } } }, 'production');
const headersOf = (extra) => ({ accept: 'text/html', ...(cookie ? { cookie } : {}), ...extra });
const first = await handler(new Request(pageUrl, { headers: headersOf() }));
await first.arrayBuffer();
if (first.status !== 200 || captured === null) throw new Error(`${pageUrl} answered ${first.status} through the Remix handler; nothing to replay`);
// The first render of a process loads the lazy components as it meets them, which orders its
// style tags differently; the page to compare with is the Remix handler's next render.
const again = await handler(new Request(pageUrl, { headers: headersOf() }));
const firstBody = Buffer.from(await again.arrayBuffer());
const streamChunks = await captured.stream;
const { context } = captured;

/** The EntryContext of one render: the captured one with a fresh data stream and render bookkeeping. */
function contextForRender() {
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of streamChunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { ...context, serverHandoffStream: stream, renderMeta: {} };
}

let renders = 0;
let cpuSince = process.cpuUsage();

async function render(url) {
  const request = new Request(url, { headers: headersOf() });
  const response = await handleRequest(request, captured.status, new Headers(captured.headers), contextForRender());
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

// The harness's own render of the page must be the page the Remix handler renders (the same
// data, so even the checkout's "now" is the same).
const check = await render(pageUrl);
const sameness = comparePages(check.body, firstBody, "the harness's page and the Remix handler's");

const server = http.createServer((req, res) => {
  req.resume();
  if (req.url === '/__harness/stats') {
    if (req.method === 'POST') {
      renders = 0;
      cpuSince = process.cpuUsage();
    }
    const used = process.cpuUsage(cpuSince);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ renders, cpuMs: (used.user + used.system) / 1000 }));
    return;
  }
  render(new URL(req.url, pageUrl).href).then(
    ({ status, headers, body }) => {
      renders += 1;
      res.writeHead(status, { 'content-type': headers.get('content-type') ?? 'text/html; charset=utf-8', 'content-length': String(body.length) });
      res.end(body);
    },
    (error) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error?.stack ?? error));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write(`harness on ${port}: ${firstBody.length} bytes per page, ${sameness} to the Remix handler's\n`));
process.once('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
