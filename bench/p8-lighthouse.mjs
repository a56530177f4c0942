/**
 * P8: Lighthouse on every page of a student's journey (bench/lib/journey.mjs), in Debian's
 * Chromium, each page at the mobile preset (simulated slow 4G, 4× slower CPU) and at a stand-in
 * for the budget Android phones most Thai students own: the CPU slowdown that makes this host as
 * slow as a phone of benchmarkIndex BENCH_P8_TARGET_BI (default 500), 4 × host / target, as
 * Lighthouse's throttling guide scales it; median of three runs each. Then what each page ships:
 * the gzipped size of every script it names (module preloads and imports) and of its HTML, and
 * its DOM size.
 * Targets: at the stand-in performance >= 90, TBT <= 200 ms, CLS <= 0.05; at the preset >= 95;
 * course-page JS <= 80 KB gzipped.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { check, fetchBytes, fetchOk, fmt, log, median, row } from './lib/common.mjs';
import { journeyPages } from './lib/journey.mjs';

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

/**
 * Every same-origin script the HTML names: <script src>, <link rel=modulepreload> and static imports
 * in inline modules. `held`: those a page holds until the visitor uses it instead (ADR 220), named
 * by <link data-held="modulepreload"> and <script data-held="module">.
 */
function scriptUrls(html, base, { held = false } = {}) {
  const urls = new Set();
  const preload = held ? 'data-held="modulepreload"' : 'rel="modulepreload"';
  const module = held ? 'data-held="module"' : 'type="module"';
  if (!held) for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(new RegExp(`<link[^>]*${preload}[^>]*href="([^"]+)"`, 'g'))) urls.add(match[1]);
  for (const match of html.matchAll(new RegExp(`<link[^>]*href="([^"]+)"[^>]*${preload}`, 'g'))) urls.add(match[1]);
  for (const script of html.matchAll(new RegExp(`<script[^>]*${module}[^>]*>([\\s\\S]*?)<\\/script>`, 'g'))) {
    for (const match of script[1].matchAll(/(?:import\s*(?:[^'"]*from\s*)?|import\()\s*["']([^"']+\.js)["']/g)) urls.add(match[1]);
  }
  return [...urls].map((u) => new URL(u, base)).filter((u) => u.origin === new URL(base).origin);
}

/** The scripts' bytes, plain and gzipped, and those the server did not answer with 200. */
async function scriptsWeight(scripts) {
  let raw = 0;
  let gzip = 0;
  const unserved = [];
  for (const url of scripts) {
    const script = await fetchBytes(url.href);
    if (script.status !== 200) {
      unserved.push(`${url.pathname} ${script.status}`);
      continue;
    }
    raw += script.body.length;
    gzip += gzipSize(script.body);
  }
  return { raw, gzip, unserved };
}

async function pageWeight(pageUrl, cookie) {
  const headers = cookie ? { cookie } : {};
  const page = await fetchOk(pageUrl, 5, headers);
  const html = page.body.toString('utf8');
  const scripts = scriptUrls(html, pageUrl);
  const heldScripts = scriptUrls(html, pageUrl, { held: true });
  const named = await scriptsWeight(scripts);
  const held = await scriptsWeight(heldScripts);
  return {
    htmlRaw: page.body.length,
    htmlGzip: gzipSize(page.body),
    jsRaw: named.raw,
    jsGzip: named.gzip,
    scripts: scripts.length,
    held: { scripts: heldScripts.length, raw: held.raw, gzip: held.gzip },
    unserved: [...named.unserved, ...held.unserved],
  };
}

/** BENCH_P8_PAGES=home,product: only these journey pages (ids in bench/lib/journey.mjs: home, course, course-layout-1, product, cart, pay, playlist); all by default. */
const PAGES = (process.env.BENCH_P8_PAGES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

/** The phone the stand-in stands for: BENCH_P8_TARGET_BI (benchmarkIndex, default 500). */
const TARGET_BI = Number(process.env.BENCH_P8_TARGET_BI) > 0 ? Number(process.env.BENCH_P8_TARGET_BI) : 500;

/**
 * The stand-in's CPU slowdown: 4 × host / target, the mobile preset's 4× scaled by how much faster
 * this host is than the phone. BENCH_P8_CPU_SLOWDOWN=<n> fixes it instead (no calibration).
 */
function standInSlowdown(hostBenchmarkIndex) {
  const fixed = Number(process.env.BENCH_P8_CPU_SLOWDOWN);
  if (Number.isFinite(fixed) && fixed > 0) return { multiplier: fixed, how: 'BENCH_P8_CPU_SLOWDOWN' };
  const scaled = Math.round(((4 * hostBenchmarkIndex) / TARGET_BI) * 10) / 10;
  // a host slower than the phone cannot stand in for it: no slowdown, and the row says so
  if (!(scaled >= 1)) return { multiplier: 1, how: `4 × ${fmt(hostBenchmarkIndex, 0)} / ${TARGET_BI} is below 1: this host is slower than the phone, so these figures are worse than the phone's` };
  return { multiplier: scaled, how: `4 × ${fmt(hostBenchmarkIndex, 0)} / ${TARGET_BI}` };
}

/** `runs` Lighthouse runs of one page (a fresh Chromium each), with the session cookie when given. */
async function lighthouseRuns(pageUrl, { cookie, slowdown, runs, label }) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (let i = 1; i <= runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    try {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
      if (cookie) flags.extraHeaders = { Cookie: cookie };
      if (slowdown) flags.throttling = { cpuSlowdownMultiplier: slowdown };
      const result = await lighthouse(pageUrl, flags);
      const { audits, categories } = result.lhr;
      if (process.env.BENCH_P8_REPORTS) {
        fs.mkdirSync(process.env.BENCH_P8_REPORTS, { recursive: true });
        const name = `${process.env.BENCH_P8_REPORTS}/${label.replace(/\W+/g, '-')}-${slowdown ?? 4}x-${i}`;
        fs.writeFileSync(`${name}.json`, JSON.stringify(result.lhr));
        // the page load's DevTools trace, to open in Chromium's Performance panel or read with bench/lib/trace-summary.mjs
        if (result.artifacts?.Trace) fs.writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
      }
      const run = {
        score: Math.round((categories.performance.score ?? NaN) * 100),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        dom: audits['dom-size']?.numericValue ?? NaN,
        benchmarkIndex: result.lhr.environment?.benchmarkIndex,
        warnings: result.lhr.runWarnings ?? [],
      };
      results.push(run);
      log(`P8: ${label} at ${slowdown ?? 4}× CPU, run ${i}/${runs}: performance ${run.score}, LCP ${fmt(run.lcp)} ms, TBT ${fmt(run.tbt)} ms, CLS ${fmt(run.cls, 3)}`);
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(results.map((r) => r[key]));
  const warnings = [...new Set(results.flatMap((r) => r.warnings))].map((w) => w.replace(/\s+/g, ' ').slice(0, 160));
  return { score: pick('score'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), dom: pick('dom'), benchmarkIndex: pick('benchmarkIndex'), warnings, runs: results.length };
}

const figures = (m) =>
  `LCP ${fmt(m.lcp / 1000, 2)} s, TBT ${fmt(m.tbt, 0)} ms, CLS ${fmt(m.cls, 3)}, DOM ${fmt(m.dom, 0)} elements; median of ${m.runs}${m.warnings.length ? `; warnings: ${m.warnings.join(' / ')}` : ''}`;

/** The rows of one page: what it ships, then Lighthouse at the preset and at the stand-in. */
async function measurePage(page, storefrontUrl, options, calibration) {
  const pageUrl = `${storefrontUrl}${page.path}`;
  const weight = await pageWeight(pageUrl, page.cookie);
  const jsKb = weight.jsGzip / 1024;
  const isCourse = page.id.startsWith('course');
  const rows = [
    row(
      'P8',
      `${page.label}: JS gzipped`,
      weight.unserved.length ? 'n/a' : `${fmt(jsKb, 1)} KB`,
      isCourse ? '<= 80 KB' : '',
      isCourse && !weight.unserved.length ? check(jsKb, (v) => v <= 80) : null,
      weight.unserved.length
        ? `not served: ${weight.unserved.join(', ')}`
        : `${weight.scripts} scripts, ${fmt(weight.jsRaw / 1024, 0)} KB before gzip; ${
            weight.held.scripts
              ? `held until the visitor uses the page: ${weight.held.scripts} scripts, ${fmt(weight.held.gzip / 1024, 1)} KB gzipped (${fmt(weight.held.raw / 1024, 0)} KB before gzip); `
              : ''
          }HTML ${fmt(weight.htmlRaw / 1024, 1)} KB (${fmt(weight.htmlGzip / 1024, 1)} KB gzipped); ${page.path}`,
    ),
  ];
  if (!fs.existsSync(CHROMIUM)) return rows;
  const preset = await lighthouseRuns(pageUrl, { cookie: page.cookie, runs: options.lighthouseRuns, label: page.label });
  // Each page is calibrated on its own preset runs: a host whose speed drifts during the run
  // (other work starting or stopping) still gives every page the phone's speed.
  calibration.hosts.push(preset.benchmarkIndex);
  const slowdown = standInSlowdown(preset.benchmarkIndex);
  const phone = await lighthouseRuns(pageUrl, { cookie: page.cookie, slowdown: slowdown.multiplier, runs: options.lighthouseRuns, label: page.label });
  rows.push(
    row(
      'P8',
      `${page.label}: Lighthouse, mobile preset`,
      fmt(preset.score, 0),
      '>= 95',
      check(preset.score, (v) => v >= 95),
      `${figures(preset)}; benchmarkIndex ${fmt(preset.benchmarkIndex, 0)}`,
    ),
    row(
      'P8',
      `${page.label}: Lighthouse, budget phone`,
      fmt(phone.score, 0),
      '>= 90; TBT <= 200 ms; CLS <= 0.05',
      check(phone.score, () => phone.score >= 90 && phone.tbt <= 200 && phone.cls <= 0.05),
      `${figures(phone)}; ${slowdown.multiplier}× CPU (${slowdown.how})`,
    ),
  );
  return rows;
}

export async function run({ cms, storefront, options }) {
  const pages = (await journeyPages({ cms, storefront })).filter((page) => PAGES.length === 0 || PAGES.includes(page.id));
  const calibration = { hosts: [] };
  const rows = [];
  for (const page of pages) {
    await page.before?.();
    try {
      rows.push(...(await measurePage(page, storefront.url, options, calibration)));
    } finally {
      await page.after?.();
    }
  }
  if (!fs.existsSync(CHROMIUM)) rows.push(row('P8', 'Lighthouse', 'not measured', '', null, `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`));
  else {
    const hosts = calibration.hosts.filter(Number.isFinite);
    const slowdowns = hosts.map((host) => standInSlowdown(host).multiplier);
    rows.push(
      row(
        'P8',
        'budget-phone stand-in',
        slowdowns.length ? `${fmt(Math.min(...slowdowns), 1)}–${fmt(Math.max(...slowdowns), 1)}× CPU` : 'not calibrated',
        '',
        null,
        `host benchmarkIndex ${hosts.length ? `${fmt(Math.min(...hosts), 0)}–${fmt(Math.max(...hosts), 0)}` : '–'} (each page's own preset runs, median), target ${TARGET_BI} (BENCH_P8_TARGET_BI); 4 × host / target per page`,
      ),
    );
  }
  return rows;
}
