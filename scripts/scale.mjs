#!/usr/bin/env node
/**
 * `npm run test:scale`: the multi-instance suite (tests/scale) — two CMS and two storefront
 * processes on one fresh PostgreSQL database and one Redis. Runs where PostgreSQL
 * (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and Redis
 * (TEST_REDIS_URL, else redis://127.0.0.1:6379) answer; otherwise the suite says why it skips.
 *   node scripts/scale.mjs [vitest arguments]
 * Ends with one line: "Scale: N passed, N failed" (", N skipped" where the services do not answer).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const report = path.join(os.tmpdir(), `sala-scale-${process.pid}.json`);
const result = spawnSync('npx', ['vitest', 'run', '--config', 'tests/scale/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
});
let passed = 0;
let skipped = 0;
let failed = result.status === 0 ? 0 : 1;
if (fs.existsSync(report)) {
  const data = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = data.numPassedTests ?? 0;
  failed = data.numFailedTests ?? 0;
  skipped = data.numPendingTests ?? 0;
  fs.rmSync(report, { force: true });
}
console.log(`Scale: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(result.status || failed ? 1 : 0);
