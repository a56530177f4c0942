/** Builds the shared package and compiles the CMS once before the API test files boot it. */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TEST_ENV } from './helpers/env';

const require = createRequire(import.meta.url);

export default async function setup() {
  Object.assign(process.env, TEST_ENV);
  const root = path.resolve(__dirname, '..', '..');
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/shared'], { cwd: root, stdio: 'ignore' });
  const { compileStrapi } = require('@strapi/strapi');
  await compileStrapi({ appDir: path.resolve(__dirname, '..') });
  const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(`[cms api tests] database: ${db}`);
}
