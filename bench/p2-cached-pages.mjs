/**
 * P2: anonymous course and product pages as the storefront serves them repeatedly to
 * visitors without a session, at 50 connections, against the bare ceiling; p99 and the
 * share of answers that came from a cache. A response counts as a cache hit when it
 * says so (X-Cache / X-Cache-Status / CF-Cache-Status "HIT") or carries an Age above 0.
 * When the storefront keeps no cache of its own, every answer is a render and the hit
 * rate is 0: the figure then shows what a cache would have to beat.
 * Targets: >= 25% of bare; p99 <= 20 ms at 50 connections.
 */
import { cannon, check, fetchBytes, fetchOk, fmt, interleave, log, pct, row, startBareServer, summarize } from './lib/common.mjs';
import { coursePagePath } from './p1-course-page.mjs';

const CONNECTIONS = 50;

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

async function measure(name, pageUrl, options) {
  const page = await fetchOk(pageUrl);
  const cacheControl = page.headers.get('cache-control') ?? '(none)';
  const bare = await startBareServer(page.body, page.headers.get('content-type') ?? 'text/html; charset=utf-8');
  const tally = { hits: 0, total: 0 };
  try {
    const result = await interleave({
      name: `P2 ${name}`,
      rounds: options.rounds,
      warmup: async () => {
        await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.warmup });
        await cannon({ url: pageUrl, connections: CONNECTIONS, duration: options.warmup });
      },
      ceiling: async () => summarize(await cannon({ url: `${bare.url}/`, connections: CONNECTIONS, duration: options.duration })),
      subject: async () =>
        summarize(
          await cannon({
            url: pageUrl,
            connections: CONNECTIONS,
            duration: options.duration,
            onHeaders: (headers) => {
              tally.total += 1;
              if (isHit(headers)) tally.hits += 1;
            },
          }),
        ),
    });
    return { result, hitRate: tally.total ? tally.hits / tally.total : NaN, cacheControl, bytes: page.body.length };
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
    const { result, hitRate, cacheControl, bytes } = await measure(name, `${storefront.url}${pathname}`, options);
    const ratio = result.subject.rps / result.ceiling.rps;
    const note = `${CONNECTIONS} connections, ${fmt(bytes / 1024, 1)} KB; Cache-Control: ${cacheControl}; storefront ${fmt(result.subject.rps)} req/s vs bare ${fmt(result.ceiling.rps)}`;
    rows.push(row('P2', `${name}, anonymous: share of bare`, pct(ratio), '>= 25%', check(ratio, (v) => v >= 0.25), note));
    rows.push(row('P2', `${name}, anonymous: p99 latency`, `${fmt(result.subject.p99)} ms`, '<= 20 ms', check(result.subject.p99, (v) => v <= 20), `p50 ${fmt(result.subject.p50)} ms; errors ${result.subject.errors}, non-2xx ${result.subject.non2xx}`));
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
