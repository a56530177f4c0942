/**
 * P8: Lighthouse on the course page with its default mobile preset (simulated slow 4G and
 * a 4× slower CPU), in Debian's Chromium, three runs and their median; then what the page
 * ships: the gzipped size of every script it names (module preloads and imports) and of
 * its HTML.
 * Targets: performance >= 90, CLS <= 0.1, JS <= 200 KB gzipped.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { check, fetchBytes, fetchOk, fmt, log, median, row } from './lib/common.mjs';
import { coursePagePath } from './p1-course-page.mjs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // only the local servers resolve: Chromium never looks up its own hosts
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

const gzipSize = (bytes) => zlib.gzipSync(bytes).length;

/** Every same-origin script the HTML names: <script src>, <link rel=modulepreload> and static imports in inline modules. */
function scriptUrls(html, base) {
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(match[1]);
  for (const script of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const match of script[1].matchAll(/(?:import\s*(?:[^'"]*from\s*)?|import\()\s*["']([^"']+\.js)["']/g)) urls.add(match[1]);
  }
  return [...urls].map((u) => new URL(u, base)).filter((u) => u.origin === new URL(base).origin);
}

async function pageWeight(pageUrl) {
  const page = await fetchOk(pageUrl);
  const html = page.body.toString('utf8');
  let jsRaw = 0;
  let jsGzip = 0;
  const scripts = scriptUrls(html, pageUrl);
  const unserved = [];
  for (const url of scripts) {
    const script = await fetchBytes(url.href);
    if (script.status !== 200) {
      unserved.push(`${url.pathname} ${script.status}`);
      continue;
    }
    jsRaw += script.body.length;
    jsGzip += gzipSize(script.body);
  }
  return { htmlRaw: page.body.length, htmlGzip: gzipSize(page.body), jsRaw, jsGzip, scripts: scripts.length, unserved };
}

/**
 * BENCH_P8_CPU_SLOWDOWN=<n> replaces the mobile preset's 4x CPU slowdown, to see on a fast machine
 * what a slower one would score: Lighthouse's throttling guide scales the multiplier with the
 * ratio of benchmarkIndex values (4 x 2,200 / 500 = about 18 for the slowest machines seen).
 */
function throttlingFlags() {
  const multiplier = Number(process.env.BENCH_P8_CPU_SLOWDOWN);
  return Number.isFinite(multiplier) && multiplier > 0 ? { throttling: { cpuSlowdownMultiplier: multiplier } } : {};
}

export async function run({ cms, storefront, options }) {
  const { pathname } = await coursePagePath(cms.url, storefront.url);
  const pageUrl = `${storefront.url}${pathname}`;
  const weight = await pageWeight(pageUrl);
  const rows = [
    weight.unserved.length
      ? row('P8', 'course page JS, gzipped', 'n/a', '<= 200 KB', null, `not served: ${weight.unserved.join(', ')}`)
      : row(
          'P8',
          'course page JS, gzipped',
          `${fmt(weight.jsGzip / 1024, 1)} KB`,
          '<= 200 KB',
          check(weight.jsGzip / 1024, (v) => v <= 200),
          `${weight.scripts} scripts, ${fmt(weight.jsRaw / 1024, 0)} KB before gzip`,
        ),
    row('P8', 'course page HTML', `${fmt(weight.htmlRaw / 1024, 1)} KB (${fmt(weight.htmlGzip / 1024, 1)} KB gzipped)`, '', null, pathname),
  ];

  if (!fs.existsSync(CHROMIUM)) {
    rows.push(row('P8', 'Lighthouse', 'not measured', '', null, `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`));
    return rows;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs = [];
  for (let i = 1; i <= options.lighthouseRuns; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const result = await lighthouse(pageUrl, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...throttlingFlags() });
      const { audits, categories } = result.lhr;
      if (process.env.BENCH_P8_REPORTS) {
        fs.mkdirSync(process.env.BENCH_P8_REPORTS, { recursive: true });
        fs.writeFileSync(`${process.env.BENCH_P8_REPORTS}/lighthouse-${i}.json`, JSON.stringify(result.lhr));
      }
      const run = {
        score: Math.round((categories.performance.score ?? NaN) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        benchmarkIndex: result.lhr.environment?.benchmarkIndex,
        warnings: result.lhr.runWarnings ?? [],
      };
      runs.push(run);
      log(`P8: Lighthouse run ${i}/${options.lighthouseRuns}: performance ${run.score}, LCP ${fmt(run.lcp)} ms, TBT ${fmt(run.tbt)} ms, CLS ${fmt(run.cls, 3)}`);
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  const score = pick('score');
  const cls = pick('cls');
  const benchmarkIndex = pick('benchmarkIndex');
  const warnings = [...new Set(runs.flatMap((r) => r.warnings))].map((w) => w.replace(/\s+/g, ' ').slice(0, 160));
  const slowdown = throttlingFlags().throttling?.cpuSlowdownMultiplier;
  const note = `mobile preset${slowdown ? ` with ${slowdown}× CPU slowdown (BENCH_P8_CPU_SLOWDOWN)` : ''}, median of ${runs.length}; Chromium benchmarkIndex ${fmt(benchmarkIndex, 0)}${warnings.length ? `; warnings: ${warnings.join(' / ')}` : ''}`;
  rows.push(
    row(
      'P8',
      'Lighthouse performance score',
      fmt(score, 0),
      '>= 90',
      check(score, (v) => v >= 90),
      note,
    ),
    row('P8', 'Largest Contentful Paint', `${fmt(pick('lcp') / 1000, 2)} s`, '', null, 'simulated slow 4G'),
    row('P8', 'Total Blocking Time', `${fmt(pick('tbt'), 0)} ms`, '', null, `simulated ${slowdown ?? 4}× CPU slowdown`),
    row(
      'P8',
      'Cumulative Layout Shift',
      fmt(cls, 3),
      '<= 0.1',
      check(cls, (v) => v <= 0.1),
    ),
  );
  return rows;
}
