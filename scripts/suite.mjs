#!/usr/bin/env node
/**
 * `npm run test:reliability` and `npm run test:security`: a suite of tests/<suite>/ on SQLite,
 * then again on PostgreSQL when TEST_DATABASE_URL is set, both on one compiled CMS.
 *   node scripts/suite.mjs reliability|security [vitest arguments, e.g. a file name]
 * Ends with one line: "Reliability: N passed, N failed" (or "Security: …").
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [suite, ...extra] = process.argv.slice(2);
if (!['reliability', 'security'].includes(suite)) {
  console.error('usage: node scripts/suite.mjs reliability|security [vitest arguments]');
  process.exit(2);
}
const title = suite[0].toUpperCase() + suite.slice(1);
const config = `tests/${suite}/vitest.config.ts`;
const databases = [['SQLite', '']];
if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);
else console.log(`[${suite}] TEST_DATABASE_URL is not set: SQLite only.`);

// One compiled CMS for every database (unless the caller compiled one already).
let prebuilt = process.env.SALA_PREBUILT_CMS_DIST;
let compiledHere = false;
if (!prebuilt) {
  prebuilt = path.join(root, 'cms', `dist-${suite}-${process.pid}`);
  const compiled = spawnSync(process.execPath, [path.join(root, 'tests/reliability/compile-cms.mjs'), prebuilt], { cwd: root, stdio: 'inherit' });
  if (compiled.status !== 0) {
    console.log(`${title}: 0 passed, 1 failed`);
    process.exit(1);
  }
  compiledHere = true;
}
const cleanUp = () => compiledHere && fs.rmSync(prebuilt, { recursive: true, force: true });
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

const totals = { passed: 0, failed: 0 };
let failedRuns = 0;
for (const [name, url] of databases) {
  console.log(`[${suite}] ── on ${name}`);
  const report = path.join(os.tmpdir(), `sala-${suite}-${process.pid}-${name}.json`);
  const result = spawnSync('npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url, SALA_PREBUILT_CMS_DIST: prebuilt },
  });
  if (result.status !== 0) failedRuns += 1;
  if (fs.existsSync(report)) {
    const data = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += data.numPassedTests ?? 0;
    totals.failed += data.numFailedTests ?? 0;
    fs.rmSync(report, { force: true });
  } else if (result.status !== 0) {
    totals.failed += 1;
  }
}
cleanUp();
console.log(`${title}: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRuns || totals.failed ? 1 : 0);
