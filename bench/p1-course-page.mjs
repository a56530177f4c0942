/**
 * P1: the uncached course page. The Remix production server rendering a course of the
 * demo catalogue from the real CMS, against a bare node:http server sending the same
 * bytes; then the CPU time of one render, measured in-process.
 * Targets: >= 60% of bare; <= 10 ms CPU per render.
 */
import path from 'node:path';
import { BENCH_DIR, cannon, check, fetchBytes, fetchOk, fmt, interleave, log, pct, row, startBareServer, startChild, summarize } from './lib/common.mjs';
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

export async function run({ cms, storefront, options }) {
  const { pathname } = await coursePagePath(cms.url, storefront.url);
  const pageUrl = `${storefront.url}${pathname}`;
  const page = await fetchOk(pageUrl, 5, UNCACHED);
  if (page.headers.get('x-cache')) throw new Error(`P1: the uncached page came from the page cache (X-Cache: ${page.headers.get('x-cache')})`);
  const bare = await startBareServer(page.body, page.headers.get('content-type') ?? 'text/html; charset=utf-8');
  const connections = 10;
  let result;
  try {
    const go = async (url, headers) => summarize(await cannon({ url, connections, duration: options.duration, headers }));
    result = await interleave({
      name: 'P1 course page',
      rounds: options.rounds,
      warmup: async () => {
        await cannon({ url: `${bare.url}/`, connections, duration: options.warmup });
        await cannon({ url: pageUrl, connections, duration: options.warmup, headers: UNCACHED });
      },
      ceiling: () => go(`${bare.url}${pathname}`),
      subject: () => go(pageUrl, UNCACHED),
    });
  } finally {
    await bare.stop();
  }

  log('P1: CPU per render, in-process…');
  const render = await measureRenderCpu(cms.url, pageUrl, storefront.dir, options);
  const ratio = result.subject.rps / result.ceiling.rps;
  const note = `${connections} connections, ${options.duration} s × ${options.rounds} rounds, ${fmt(page.body.length / 1024, 1)} KB page`;
  return [
    row('P1', 'course page, uncached: storefront req/s (bare node:http, same bytes)', `${fmt(result.subject.rps)} (${fmt(result.ceiling.rps)})`, '', null, note),
    row('P1', 'course page, uncached: share of bare', pct(ratio), '>= 60%', check(ratio, (v) => v >= 0.6), `p50 ${fmt(result.subject.p50)} ms, p99 ${fmt(result.subject.p99)} ms; errors ${result.subject.errors}, non-2xx ${result.subject.non2xx}`),
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
  const env = { ...storefrontEnv(cmsUrl, 3000), STOREFRONT_BUILD_DIR: buildDir, RENDER_URL: pageUrl, RENDER_MAX: String(options.renders), RENDER_SECONDS: String(options.renderSeconds) };
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
