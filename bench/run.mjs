#!/usr/bin/env node
/**
 * Runs the benchmarks and writes their table to bench/results/latest.md (and stdout).
 * Each figure is measured side by side with a ceiling on the same machine: warm-up,
 * then rounds of ceiling and subject in turn, medians and their ratio. Servers run on
 * one core and the load generator on the other (taskset) when the machine has two.
 *
 *   npm run bench                      everything (about 10 minutes on an idle 2-core machine)
 *   npm run bench -- --only p3,p4      some of them (p1 p2 p3 p4 p8)
 *   npm run bench -- --quick           short rounds, to check that the scripts work
 *   env: TEST_DATABASE_URL (else a PostgreSQL on 127.0.0.1:5432 is used when it answers),
 *        BENCH_NO_PIN=1 (no taskset), BENCH_VERBOSE=1 (servers' output)
 *
 * Every server it starts is stopped at the end (or on Ctrl-C); it only talks to 127.0.0.1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, CORES, log, machineDescription, markdownTable, pinSelf, row, stopAllChildren } from './lib/common.mjs';
import { compileCms, findPostgres, startCms } from './lib/cms.mjs';
import { buildStorefront, startStorefront } from './lib/storefront.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ALL = ['p1', 'p2', 'p3', 'p4', 'p8'];
const only = (value('only') ?? ALL.join(','))
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const unknown = only.filter((id) => !ALL.includes(id));
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.join(', ')}; choose from ${ALL.join(', ')}`);
  process.exit(2);
}
const quick = flag('quick');
const options = {
  quick,
  rounds: Number(value('rounds') ?? 3),
  duration: Number(value('duration') ?? (quick ? 3 : 10)),
  warmup: quick ? 2 : 5,
  renders: quick ? 40 : 200,
  renderSeconds: quick ? 10 : 30,
  orders: Number(value('orders') ?? (quick ? 60 : 300)),
  rawSeconds: quick ? 1 : 3,
  lighthouseRuns: Number(value('lighthouse-runs') ?? (quick ? 1 : 3)),
};
const wants = (id) => only.includes(id);

const started = Date.now();
const machine = machineDescription();
log(`machine: ${machine.cpu}, ${machine.memory}, Node ${machine.node}, load average ${machine.load}; pinning: ${machine.pinning}`);

const rows = [];
const problems = [];
/** Runs one benchmark; a failure becomes a row instead of ending the run. */
async function attempt(id, work) {
  log(`── ${id.toUpperCase()}`);
  try {
    rows.push(...(await work()));
  } catch (error) {
    problems.push(`${id}: ${error.message}`);
    rows.push(row(id.toUpperCase(), 'failed to run', 'n/a', '', false, String(error.message).split('\n')[0].slice(0, 200)));
    log(`${id} failed: ${error.stack ?? error}`);
  }
}

let compiled;
let cms;
let storefront;
let pgCms;
try {
  compiled = await compileCms();
  // after the compile, which may use both cores: from here on this process only generates load
  pinSelf();
  log('starting the CMS on SQLite with the demo data…');
  cms = await startCms({ distDir: compiled.distDir });
  log(`CMS at ${cms.url}`);

  if (wants('p3')) await attempt('p3', async () => (await import('./p3-sql-statements.mjs')).run({ cms, options }));

  if (wants('p1') || wants('p2') || wants('p8')) {
    const storefrontDir = buildStorefront();
    storefront = await startStorefront(cms.url, storefrontDir);
    log(`storefront at ${storefront.url}`);
    if (wants('p1')) await attempt('p1', async () => (await import('./p1-course-page.mjs')).run({ cms, storefront, options }));
    if (wants('p2')) await attempt('p2', async () => (await import('./p2-cached-pages.mjs')).run({ cms, storefront, options }));
    if (wants('p8')) await attempt('p8', async () => (await import('./p8-lighthouse.mjs')).run({ cms, storefront, options }));
    await storefront.stop();
    storefront = undefined;
  }

  if (wants('p4')) {
    const p4 = await import('./p4-orders.mjs');
    await attempt('p4', () => p4.run({ cms, engine: 'sqlite', options }));
    await cms.stop();
    cms = undefined;
    const pgUrl = await findPostgres();
    if (pgUrl) {
      log('starting the CMS on PostgreSQL with the demo data…');
      pgCms = await startCms({ distDir: compiled.distDir, database: 'postgres', pgUrl });
      await attempt('p4', () => p4.run({ cms: pgCms, engine: 'postgres', pgUrl, options }));
    } else {
      rows.push(row('P4', 'orders on PostgreSQL', 'not measured', '', null, 'no TEST_DATABASE_URL and nothing answers on 127.0.0.1:5432'));
    }
  }
} catch (error) {
  problems.push(String(error.stack ?? error));
  log(`the run stopped: ${error.stack ?? error}`);
} finally {
  await storefront?.stop().catch(() => {});
  await cms?.stop().catch(() => {});
  await pgCms?.stop().catch(() => {});
  stopAllChildren();
  compiled?.remove();
}

const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const header = [
  `# Benchmark results`,
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${machine.cpu}, ${machine.memory}, ${machine.os}, Node ${machine.node}`,
  `- load average at start: ${machine.load} (figures are only comparable on a quiet machine)`,
  `- pinning: ${machine.pinning}`,
  `- method: warm-up, then ${options.rounds} rounds of ceiling and subject in turn; medians${quick ? '; --quick (short rounds: a check that the scripts work, not figures)' : ''}`,
  `- benchmarks: ${only.join(', ')}; ${minutes} minutes`,
  '',
  '',
];
const table = markdownTable(rows);
const text = `${header.join('\n')}${table}\n${problems.length ? `\nProblems:\n${problems.map((p) => `- ${p.split('\n')[0]}`).join('\n')}\n` : ''}`;
fs.mkdirSync(path.join(BENCH_DIR, 'results'), { recursive: true });
fs.writeFileSync(path.join(BENCH_DIR, 'results', 'latest.md'), text);
process.stdout.write(`\n${text}\n`);
log(`written to bench/results/latest.md (${CORES.pinned ? 'pinned' : 'not pinned'})`);
process.exit(problems.length ? 1 : 0);
