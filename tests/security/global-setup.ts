/**
 * What every security test file boots from: the CMS compiled once (SALA_PREBUILT_CMS_DIST
 * from the caller, else compiled here by the API tests' setup) and the storefront's production
 * build (SALA_PREBUILT_STOREFRONT_BUILD, a folder under storefront/, from the caller, else
 * built here into a folder of this run's own and removed afterwards).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { compileCms } from '../../cms/tests/global-setup';
import { TEST_ENV } from '../../cms/tests/helpers/env';

const root = path.resolve(__dirname, '..', '..');

export default async function setup() {
  let teardownCms: (() => void) | undefined;
  const prebuilt = process.env.SALA_PREBUILT_CMS_DIST;
  if (prebuilt && fs.existsSync(path.join(prebuilt, 'config', 'database.js'))) {
    Object.assign(process.env, TEST_ENV);
    process.env.SALA_TEST_DIST = prebuilt;
  } else {
    teardownCms = await compileCms();
  }

  let builtHere: string | undefined;
  let build = process.env.SALA_PREBUILT_STOREFRONT_BUILD;
  if (!build || !fs.existsSync(path.join(root, 'storefront', build, 'server', 'index.js'))) {
    build = `build-security-${process.pid}`;
    execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/storefront'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', SALA_STOREFRONT_BUILD_DIR: build },
    });
    builtHere = build;
  }
  process.env.SALA_SECURITY_STOREFRONT_BUILD = build;
  console.log(`[security] database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; storefront build ${build}`);

  return () => {
    teardownCms?.();
    if (builtHere) fs.rmSync(path.join(root, 'storefront', builtHere), { recursive: true, force: true });
  };
}
