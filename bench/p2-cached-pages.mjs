/**
 * P2: anonymous course and product pages as the storefront serves them repeatedly to
 * visitors without a session, at 50 connections, against the bare ceiling; p99 and the
 * share of answers that came from a cache. A response counts as a cache hit when it
 * says so (X-Cache / X-Cache-Status / CF-Cache-Status "HIT") or carries an Age above 0.
 * When the storefront keeps no cache of its own, every answer is a render and the hit
 * rate is 0: the figure then shows what a cache would have to beat.
 * Every request carries the Accept-Encoding a browser sends, and the bare ceiling answers
 * the very bytes (compressed as the storefront compressed them, with the same
 * Content-Encoding and Vary) that the storefront answered a hit with.
 * Targets: >= 25% of bare; p99 <= 20 ms at 50 connections.
 */
import http from 'node:http';
import path from 'node:path';
import { BENCH_DIR, HOST, cannon, check, fetchBytes, fmt, freePort, interleave, log, pct, row, sleep, startChild, stopChild, summarize, waitForUrl } from './lib/common.mjs';
import { coursePagePath } from './p1-course-page.mjs';

const CONNECTIONS = 50;
/** What Chromium and Firefox send with every page request. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
/** The headers of an answer that the ceiling repeats with its bytes. */
const REPLAYED = ['content-encoding', 'vary'];

/** One GET as the load generator sends it, with the bytes as they came off the wire (fetch would decompress them). */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.once('timeout', () => request.destroy(new Error(`${url} did not answer within 30 s`)));
    request.once('error', reject);
  });
}

/**
 * The page as a browser gets it once it is in the cache: a hit, in the encoding the cache
 * settled on (its compressed variants are made just after the page is stored).
 */
async function cachedPage(url) {
  let last;
  for (let attempt = 0; attempt < 20; attempt++) {
    last = await rawGet(url, BROWSER_HEADERS);
    if (last.status === 200 && /hit/i.test(String(last.headers['x-cache'] ?? '')) && last.headers['content-encoding']) return last;
    await sleep(attempt < 5 ? 200 : 1000);
  }
  if (last.status !== 200) throw new Error(`${url} answered ${last.status}`);
  return last;
}

/** The ceiling: bench/lib/bare-server.mjs answering `page`'s bytes with its content type, encoding and Vary. */
async function startBare(page) {
  const port = await freePort();
  const child = startChild('bare', process.execPath, [path.join(BENCH_DIR, 'lib', 'bare-server.mjs')], {
    env: { BARE_PORT: String(port), BARE_CONTENT_TYPE: page.headers['content-type'] ?? 'text/html; charset=utf-8' },
    ipc: true,
  });
  const headers = Object.fromEntries(REPLAYED.filter((name) => page.headers[name] !== undefined).map((name) => [name, page.headers[name]]));
  child.send({ body: page.body.toString('base64'), headers });
  const url = `http://${HOST}:${port}`;
  await waitForUrl(`${url}/`, { child, timeoutMs: 30_000 });
  return { url, stop: () => stopChild(child, 3000) };
}

function isHit(headers) {
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = String(headers[i]).toLowerCase();
    const value = String(headers[i + 1]);
    if (['x-cache', 'x-cache-status', 'cf-cache-status'].includes(name) && /hit/i.test(value)) return true;
    if (name === 'age' && Number(value) > 0) return true;
  }
  return false;
}

/** The storefront page of a demo product, when the storefront has one. */
async function productPagePath(cmsUrl, storefrontUrl) {
  const answer = await fetch(`${cmsUrl}/public/product`);
  if (!answer.ok) return { missing: `the CMS answered ${answer.status} for /public/product` };
  const product = (await answer.json()).data?.[0];
  if (!product) return { missing: 'the CMS lists no product' };
  const tried = [];
  for (const candidate of [`/products/${product.id}-${product.slug}`, `/courses/${product.id}-${product.slug}`]) {
    let page = await fetchBytes(`${storefrontUrl}${candidate}`);
    let pathname = candidate;
    if (page.status >= 300 && page.status < 400 && page.headers.get('location')) {
      pathname = new URL(page.headers.get('location'), storefrontUrl).pathname;
      page = await fetchBytes(`${storefrontUrl}${pathname}`);
    }
    // Products have ids of their own: /courses/{id}-… of a product id is some course, redirected to its own slug.
    if (page.status === 200 && pathname.includes(product.slug)) return { pathname };
    tried.push(`${candidate} → ${page.status}${pathname !== candidate ? ` at ${pathname}` : ''}`);
  }
  return { missing: `the storefront has no page for product ${product.id}-${product.slug} (${tried.join('; ')})` };
}

/** How the subject's answers were encoded, e.g. "br 100.0%" or "br 99.9%, identity 0.1%". */
function encodingShares(counts) {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([encoding, n]) => `${encoding} ${pct(n / total)}`)
    .join(', ');
}

async function measure(name, pageUrl, options) {
  const page = await cachedPage(pageUrl);
  const plain = await fetchBytes(pageUrl);
  const cacheControl = page.headers['cache-control'] ?? '(none)';
  const encoding = page.headers['content-encoding'] ?? 'identity';
  const bare = await startBare(page);
  const tally = { hits: 0, total: 0, encodings: {} };
  try {
    const result = await interleave({
      name: `P2 ${name}`,
      rounds: options.rounds,
      warmup: async () => {
        await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.warmup, headers: BROWSER_HEADERS });
        await cannon({ url: pageUrl, connections: CONNECTIONS, duration: options.warmup, headers: BROWSER_HEADERS });
      },
      ceiling: async () => summarize(await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.duration, headers: BROWSER_HEADERS })),
      subject: async () =>
        summarize(
          await cannon({
            url: pageUrl,
            connections: CONNECTIONS,
            duration: options.duration,
            headers: BROWSER_HEADERS,
            onHeaders: (headers) => {
              tally.total += 1;
              if (isHit(headers)) tally.hits += 1;
              let coding = 'identity';
              for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'content-encoding') coding = String(headers[i + 1]);
              tally.encodings[coding] = (tally.encodings[coding] ?? 0) + 1;
            },
          }),
        ),
    });
    return {
      result,
      hitRate: tally.total ? tally.hits / tally.total : NaN,
      cacheControl,
      bytes: page.body.length,
      plainBytes: plain.body.length,
      encoding,
      encodings: encodingShares(tally.encodings),
    };
  } finally {
    await bare.stop();
  }
}

export async function run({ cms, storefront, options }) {
  const rows = [];
  const pages = [['course page', (await coursePagePath(cms.url, storefront.url)).pathname]];
  const product = await productPagePath(cms.url, storefront.url);
  if (product.pathname) pages.push(['product page', product.pathname]);
  else {
    log(`P2: product page skipped: ${product.missing}`);
    rows.push(row('P2', 'product page, anonymous', 'not measured', '>= 25% of bare, p99 <= 20 ms', null, product.missing));
  }

  for (const [name, pathname] of pages) {
    const { result, hitRate, cacheControl, bytes, plainBytes, encoding, encodings } = await measure(name, `${storefront.url}${pathname}`, options);
    const ratio = result.subject.rps / result.ceiling.rps;
    const size = encoding === 'identity' ? `${fmt(bytes / 1024, 1)} KB` : `${fmt(bytes / 1024, 1)} KB ${encoding} (${fmt(plainBytes / 1024, 1)} KB plain)`;
    const note = `${CONNECTIONS} connections, Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}; ${size}, the same bytes from both; storefront answers: ${encodings}; Cache-Control: ${cacheControl}; storefront ${fmt(result.subject.rps)} req/s vs bare ${fmt(result.ceiling.rps)}`;
    rows.push(
      row(
        'P2',
        `${name}, anonymous: share of bare`,
        pct(ratio),
        '>= 25%',
        check(ratio, (v) => v >= 0.25),
        note,
      ),
    );
    rows.push(
      row(
        'P2',
        `${name}, anonymous: p99 latency`,
        `${fmt(result.subject.p99)} ms`,
        '<= 20 ms',
        check(result.subject.p99, (v) => v <= 20),
        `p50 ${fmt(result.subject.p50)} ms; bare server in the same rounds: p99 ${fmt(result.ceiling.p99)} ms, p50 ${fmt(result.ceiling.p50)} ms; errors ${result.subject.errors}, non-2xx ${result.subject.non2xx}`,
      ),
    );
    rows.push(
      row(
        'P2',
        `${name}, anonymous: cache hit rate`,
        pct(hitRate),
        '',
        null,
        hitRate > 0 ? 'hits counted from X-Cache / Age headers' : 'no answer came from a cache: the storefront keeps no in-process page cache; Cache-Control leaves caching to a shared cache in front',
      ),
    );
  }
  return rows;
}
