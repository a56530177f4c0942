/**
 * P1: the uncached course page. The Remix production server rendering a course of the
 * demo catalogue from the real CMS, against the target's ceiling: a bare node:http server
 * rendering the same page with the same components and the same data, without Remix's
 * request pipeline and without loaders (bench/lib/harness-server.mjs); a bare node:http
 * server sending the same bytes is measured too, for information. Then the CPU time of one
 * render, measured in-process.
 * Targets: >= 60% of the harness; <= 10 ms CPU per render.
 */
import path from 'node:path';
import { BENCH_DIR, HOST, cannon, check, fetchBytes, fetchOk, fmt, freePort, interleave, log, median, pct, row, startBareServer, startChild, stopChild, summarize, waitForUrl } from './lib/common.mjs';
import { comparePages } from './lib/same-page.mjs';
import { storefrontEnv } from './lib/storefront.mjs';

export const COURSE_SLUG = 'online-marketing-for-beginners';

/** The storefront path of a demo course (following the canonical redirect once). */
export async function coursePagePath(cmsUrl, storefrontUrl, slug = COURSE_SLUG) {
  const list = await (await fetch(`${cmsUrl}/public/courses`)).json();
  const course = list.data.find((item) => item.slug === slug) ?? list.data[0];
  if (!course) throw new Error('the CMS lists no course');
  let pathname = `/courses/${course.id}-${course.slug}`;
  const first = await fetchBytes(`${storefrontUrl}${pathname}`);
  if (first.status >= 300 && first.status < 400 && first.headers.get('location')) pathname = new URL(first.headers.get('location'), storefrontUrl).pathname;
  return { course, pathname };
}

/**
 * A cookie that is not the locale's: the storefront's page cache lets such a visitor through
 * to a render (storefront/page-cache.mjs), and the pages ignore it, so P1 measures renders.
 */
export const UNCACHED = { cookie: 'sala_bench_uncached=1' };

/** Starts the harness (its own process, on the servers' core), once it has captured the page. */
export async function startHarness(cmsUrl, pageUrl, buildDir) {
  const port = await freePort();
  // the storefront's own public origin, so the canonical and social links are the same bytes
  const env = {
    ...storefrontEnv(cmsUrl, port),
    PUBLIC_URL: new URL(pageUrl).origin,
    STOREFRONT_BUILD_DIR: buildDir,
    HARNESS_PORT: String(port),
    HARNESS_URL: pageUrl,
    HARNESS_COOKIE: UNCACHED.cookie,
  };
  const child = startChild('harness', process.execPath, [path.join(BENCH_DIR, 'lib', 'harness-server.mjs')], { env, ipc: true });
  const url = `http://${HOST}:${port}`;
  await waitForUrl(`${url}/__harness/stats`, { child, timeoutMs: 120_000 });
  const stats = async (method = 'GET') => (await fetch(`${url}/__harness/stats`, { method })).json();
  return { url, stats, stop: () => stopChild(child, 3000) };
}

export async function run({ cms, storefront, options }) {
  const { pathname } = await coursePagePath(cms.url, storefront.url);
  const pageUrl = `${storefront.url}${pathname}`;
  const page = await fetchOk(pageUrl, 5, UNCACHED);
  if (page.headers.get('x-cache')) throw new Error(`P1: the uncached page came from the page cache (X-Cache: ${page.headers.get('x-cache')})`);
  const contentType = page.headers.get('content-type') ?? 'text/html; charset=utf-8';
  log('P1: the harness (same components, same data) captures the page…');
  const harness = await startHarness(cms.url, pageUrl, storefront.dir);
  const bare = await startBareServer(page.body, contentType);
  const connections = 10;
  let result;
  let sameness;
  const bareRuns = [];
  const harnessCpu = [];
  try {
    const fromHarness = await fetchOk(`${harness.url}${pathname}`);
    sameness = comparePages(fromHarness.body, (await fetchOk(pageUrl, 5, UNCACHED)).body, "P1: the harness's page and the storefront's");
    log(`P1: the harness's page and the storefront's: ${sameness}`);
    const go = async (url, headers) => summarize(await cannon({ url, connections, duration: options.duration, headers }));
    result = await interleave({
      name: 'P1 course page (harness ceiling)',
      rounds: options.rounds,
      warmup: async () => {
        await cannon({ url: `${bare.url}/`, connections, duration: options.warmup });
        await cannon({ url: `${harness.url}${pathname}`, connections, duration: options.warmup });
        await cannon({ url: pageUrl, connections, duration: options.warmup, headers: UNCACHED });
      },
      ceiling: async () => {
        bareRuns.push(await go(`${bare.url}${pathname}`));
        await harness.stats('POST');
        const summary = await go(`${harness.url}${pathname}`);
        const { renders, cpuMs } = await harness.stats();
        if (renders > 0) harnessCpu.push(cpuMs / renders);
        return summary;
      },
      subject: () => go(pageUrl, UNCACHED),
    });
  } finally {
    await bare.stop();
    await harness.stop();
  }

  log('P1: CPU per render, in-process…');
  const render = await measureRenderCpu(cms.url, pageUrl, storefront.dir, options);
  const ratio = result.subject.rps / result.ceiling.rps;
  const bareRps = median(bareRuns.map((r) => r.rps));
  const note = `${connections} connections, ${options.duration} s × ${options.rounds} rounds, ${fmt(page.body.length / 1024, 1)} KB page; harness: ${sameness}, ${fmt(median(harnessCpu))} ms CPU per request`;
  return [
    row('P1', 'course page, uncached: storefront req/s (harness: same components and data on bare node:http)', `${fmt(result.subject.rps)} (${fmt(result.ceiling.rps)})`, '', null, note),
    row(
      'P1',
      'course page, uncached: share of the harness',
      pct(ratio),
      '>= 60%',
      check(ratio, (v) => v >= 0.6),
      `p50 ${fmt(result.subject.p50)} ms, p99 ${fmt(result.subject.p99)} ms; errors ${result.subject.errors}, non-2xx ${result.subject.non2xx}`,
    ),
    row('P1', 'course page, uncached: share of bare node:http sending the same bytes', pct(result.subject.rps / bareRps), '', null, `for information; bare ${fmt(bareRps)} req/s`),
    row(
      'P1',
      'CPU per render, in-process (loaders included)',
      `${fmt(render.cpuMsPerRender)} ms`,
      '<= 10 ms',
      check(render.cpuMsPerRender, (v) => v <= 10),
      `median ${fmt(render.cpuMsMedian)} ms over ${render.renders} renders; wall median ${fmt(render.wallMsMedian)} ms`,
    ),
  ];
}

/** Runs bench/lib/render-cpu.mjs in its own process (on the servers' core) and reads its JSON line. */
export async function measureRenderCpu(cmsUrl, pageUrl, buildDir, options) {
  const env = {
    ...storefrontEnv(cmsUrl, 3000),
    PUBLIC_URL: new URL(pageUrl).origin,
    STOREFRONT_BUILD_DIR: buildDir,
    RENDER_URL: pageUrl,
    RENDER_MAX: String(options.renders),
    RENDER_SECONDS: String(options.renderSeconds),
  };
  const child = startChild('render-cpu', process.execPath, [path.join(BENCH_DIR, 'lib', 'render-cpu.mjs')], { env });
  const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? s)));
  const line = child
    .output()
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`render-cpu failed (${code}):\n${child.output()}`);
  return JSON.parse(line);
}
