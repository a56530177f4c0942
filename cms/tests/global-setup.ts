/**
 * Builds the shared package and compiles the CMS once, into a folder of this run's own
 * (so parallel runs never read a half-written dist/), before the API test files boot it;
 * then seeds the demo data once into a template database that every seeded start copies
 * (helpers/seed-template.ts, ADR 206).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TEST_ENV } from './helpers/env';
import { SEED_TEMPLATE_VARIABLE, makeSeedTemplate } from './helpers/seed-template';

const require = createRequire(import.meta.url);
const cmsDir = path.resolve(__dirname, '..');

/** Builds @sala/shared and compiles the CMS into SALA_TEST_DIST; returns the folder's removal. */
export async function compileCms(): Promise<() => void> {
  Object.assign(process.env, TEST_ENV);
  const root = path.resolve(cmsDir, '..');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/shared'], { cwd: root, stdio: 'ignore' });

  // same depth as dist/ so config paths like `../../.tmp` resolve the same way
  const outDir = path.join(cmsDir, `dist-test-${process.pid}`);
  const tsUtils = require('@strapi/typescript-utils');
  await tsUtils.compile(cmsDir, { configOptions: { options: { outDir, incremental: false }, ignoreDiagnostics: false } });
  process.env.SALA_TEST_DIST = outDir;

  return () => fs.rmSync(outDir, { recursive: true, force: true });
}

export default async function setup() {
  const removeDist = await compileCms();
  const started = Date.now();
  let seeded: ReturnType<typeof makeSeedTemplate>;
  try {
    seeded = makeSeedTemplate();
  } catch (error) {
    removeDist();
    throw error;
  }
  process.env[SEED_TEMPLATE_VARIABLE] = JSON.stringify(seeded.template);

  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`[cms api tests] database: ${db}; demo data seeded once in ${((Date.now() - started) / 1000).toFixed(1)} s for every seeded start to copy`);

  return async () => {
    delete process.env[SEED_TEMPLATE_VARIABLE];
    await seeded.remove();
    removeDist();
  };
}
