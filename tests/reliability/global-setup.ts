/**
 * The CMS the suite boots: the one compiled by the caller for several runs to share
 * (SALA_PREBUILT_CMS_DIST, see compile-cms.mjs: `npm test` and `npm run test:reliability`
 * compile once for SQLite and PostgreSQL), else one compiled for this run by the API
 * tests' global setup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compileCms } from '../../cms/tests/global-setup';
import { TEST_ENV } from '../../cms/tests/helpers/env';

export default async function setup() {
  const prebuilt = process.env.SALA_PREBUILT_CMS_DIST;
  if (prebuilt && fs.existsSync(path.join(prebuilt, 'config', 'database.js'))) {
    Object.assign(process.env, TEST_ENV);
    process.env.SALA_TEST_DIST = prebuilt;
    console.log(`[reliability] database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; CMS compiled in ${path.basename(prebuilt)}`);
    return;
  }
  const removeDist = await compileCms();
  console.log(`[reliability] database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; CMS compiled for this run`);
  return removeDist;
}
