/**
 * Builds the shared package and compiles the CMS once, into a folder of this run's own
 * (so parallel runs never read a half-written dist/), before the API test files boot it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TEST_ENV } from './helpers/env';

const require = createRequire(import.meta.url);
const cmsDir = path.resolve(__dirname, '..');

export default async function setup() {
  Object.assign(process.env, TEST_ENV);
  const root = path.resolve(cmsDir, '..');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/shared'], { cwd: root, stdio: 'ignore' });

  // same depth as dist/ so config paths like `../../.tmp` resolve the same way
  const outDir = path.join(cmsDir, `dist-test-${process.pid}`);
  const tsUtils = require('@strapi/typescript-utils');
  await tsUtils.compile(cmsDir, { configOptions: { options: { outDir, incremental: false }, ignoreDiagnostics: false } });
  process.env.SALA_TEST_DIST = outDir;

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`[cms api tests] database: ${db}`);

  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
