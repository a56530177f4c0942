#!/usr/bin/env node
/**
 * Runs every test: the lint (layers, cycles, formatting, types), unit (shared, storefront, payments), API tests on a booted
 * Strapi over SQLite and, when TEST_DATABASE_URL is set, again over PostgreSQL,
 * the reliability suite (tests/reliability) on the same databases (SALA_TEST_RELIABILITY=0
 * leaves it out of a local run), the scale suite (tests/scale: two CMS and two storefronts on
 * PostgreSQL and Redis, where both answer; SALA_TEST_SCALE=0 leaves it out), the security suite (tests/security) on the same databases
 * against the CMS and the storefront's production build, browser tests in
 * Debian's Chromium, and the docker-compose file check.
 * Ends with one line: "Tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, log, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const reports = path.join(ROOT, 'test-results', 'reports');
fs.mkdirSync(reports, { recursive: true });

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const install = 'apt-get update && apt-get install -y chromium fonts-thai-tlwg';
  if (process.getuid?.() === 0) {
    log(`Chromium is missing: ${install}`);
    run('sh', ['-c', install], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    log(`Chromium is missing. Install it with:\n  sudo sh -c '${install}'`);
    process.exit(1);
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function count(file, kind) {
  if (!fs.existsSync(file)) return false;
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (kind === 'vitest') {
    totals.passed += data.numPassedTests ?? 0;
    totals.failed += data.numFailedTests ?? 0;
    totals.skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  } else {
    totals.passed += (data.stats?.expected ?? 0) + (data.stats?.flaky ?? 0);
    totals.failed += data.stats?.unexpected ?? 0;
    totals.skipped += data.stats?.skipped ?? 0;
  }
  return true;
}

function step(name, command, args, { env = {}, report, kind, why } = {}) {
  log(`── ${name}`);
  if (report) fs.rmSync(report, { force: true });
  if (why) fs.rmSync(why, { force: true });
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const counted = report ? count(report, kind) : true;
  if (!ok && report && !counted) totals.failed += 1; // the runner died before it could report
  steps.push({ name, ok, why, seconds: Math.round((Date.now() - started) / 1000) });
}

const vitest = (name, projects, env = {}, extra = []) => {
  const report = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const why = report.replace(/\.json$/, '.why.txt');
  step(
    name,
    'npx',
    ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra, '--reporter=default', '--reporter=json', '--reporter=./scripts/why-reporter.mjs', `--outputFile.json=${report}`],
    {
      env: { ...env, SALA_WHY_FILE: why },
      report,
      kind: 'vitest',
      why,
    },
  );
  const last = steps[steps.length - 1];
  // a run that fails with every test passed (a failed hook, an error outside any test) counts once
  if (!last.ok && fs.existsSync(report) && JSON.parse(fs.readFileSync(report, 'utf8')).numFailedTests === 0) totals.failed += 1;
};

ensureChromium();
run('npm', ['run', 'build', '--silent', '-w', '@sala/shared']);

// Layers, import cycles, formatting and types (docs/architecture.md); first, that the layer and cycle rules bite.
for (const [name, script] of [
  ['lint rules refuse a wrong-way import and a cycle', 'test:lint-rules'],
  ['lint (Prettier, ESLint, import cycles, types)', 'lint'],
]) {
  step(name, 'npm', ['run', script, '--silent']);
  const last = steps[steps.length - 1];
  last.ok ? totals.passed++ : totals.failed++;
}

const config = fs.readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
const unitProjects = ['shared', 'storefront', 'payments'].filter((p) => config.includes(`name: '${p}'`));
// --coverage enforces the 100% branch gate on shared money and pricing (see vitest.config.ts)
vitest('unit tests', unitProjects, {}, ['--coverage']);

const sqliteEnv = { TEST_DATABASE_URL: '' };
vitest('API tests on SQLite', ['cms'], sqliteEnv);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['cms'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  log('TEST_DATABASE_URL is not set: the API suite runs on SQLite only.');
}

// The reliability and security suites: one compiled CMS for both suites and both databases,
// one CMS boot per test file. Part of every run (and so of CI); SALA_TEST_RELIABILITY=0 leaves
// the reliability suite out of a local run. The storefront's production build is made once,
// for the security suite and the browser tests.
const suiteDist = path.join(ROOT, 'cms', `dist-suites-${process.pid}`);
const storefrontBuild = `build-tests-${process.pid}`;
step('compile the CMS for the reliability and security suites', process.execPath, ['tests/reliability/compile-cms.mjs', suiteDist], { env: { SALA_SHARED_BUILT: '1' } });
const compiled = steps[steps.length - 1].ok;
if (!compiled) totals.failed += 1;
step('build the storefront for the security suite and the browser tests', 'npm', ['run', 'build', '--silent', '-w', '@sala/storefront'], {
  env: { NODE_ENV: 'production', SALA_STOREFRONT_BUILD_DIR: storefrontBuild },
});
const built = steps[steps.length - 1].ok;
if (!built) totals.failed += 1;
const databases = [['SQLite', sqliteEnv]];
if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }]);

if (process.env.SALA_TEST_RELIABILITY !== '0') {
  if (compiled) {
    for (const [name, env] of databases) {
      vitest(`reliability suite on ${name}`, [], { ...env, SALA_PREBUILT_CMS_DIST: suiteDist }, ['--config', 'tests/reliability/vitest.config.ts']);
    }
  }
} else {
  log('reliability suite: left out (SALA_TEST_RELIABILITY=0); npm run test:reliability runs it alone');
}
// The multi-instance suite (tests/scale): two CMS and two storefront processes on one fresh
// PostgreSQL database and one Redis; where either does not answer it says so and skips.
// SALA_TEST_SCALE=0 leaves it out of a local run; npm run test:scale runs it alone.
if (process.env.SALA_TEST_SCALE !== '0' && compiled && built) {
  const scaleEnv = { SALA_PREBUILT_CMS_DIST: suiteDist, SALA_PREBUILT_STOREFRONT_BUILD: storefrontBuild };
  if (!process.env.TEST_DATABASE_URL) scaleEnv.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
  vitest('scale suite (two CMS, two storefronts, PostgreSQL and Redis)', [], scaleEnv, ['--config', 'tests/scale/vitest.config.ts']);
}
if (compiled && built) {
  for (const [name, env] of databases) {
    vitest(`security suite on ${name}`, [], { ...env, SALA_PREBUILT_CMS_DIST: suiteDist, SALA_PREBUILT_STOREFRONT_BUILD: storefrontBuild }, ['--config', 'tests/security/vitest.config.ts']);
  }
}
fs.rmSync(suiteDist, { recursive: true, force: true });

// The browser tests sign in to the Strapi admin too: its panel is built once here.
step('build the Strapi admin panel for the browser tests', process.execPath, ['tests/e2e/support/admin-build.mjs']);
if (!steps[steps.length - 1].ok) totals.failed += 1;

const e2eReport = path.join(reports, 'e2e.json');
step('browser tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...(built ? { SALA_PREBUILT_STOREFRONT_BUILD: storefrontBuild } : {}) },
  report: e2eReport,
  kind: 'playwright',
});

fs.rmSync(path.join(ROOT, 'storefront', storefrontBuild), { recursive: true, force: true });

const compose = spawnSync('sh', ['-c', 'command -v docker-compose'], { encoding: 'utf8' });
if (compose.status === 0) {
  step('docker-compose.yml is valid', 'docker-compose', ['--env-file', 'deploy.env.example', '-f', 'docker-compose.yml', 'config', '-q']);
  const last = steps[steps.length - 1];
  last.ok ? totals.passed++ : totals.failed++;
} else {
  log('docker-compose is not installed: the compose file check is skipped (apt-get install -y docker-compose).');
}

log('');
// why each failed run failed, where the end of a long log shows it
for (const s of steps.filter((s) => !s.ok && s.why && fs.existsSync(s.why))) {
  log(`why ${s.name} failed:`);
  process.stdout.write(fs.readFileSync(s.why, 'utf8').split('\n').slice(0, 60).join('\n') + '\n');
}
for (const s of steps) log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedSteps || totals.failed ? 1 : 0);
