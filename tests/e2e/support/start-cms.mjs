#!/usr/bin/env node
/**
 * Starts the CMS for the browser tests on a database file that is deleted first, so every
 * run boots on freshly seeded demo data. Env as cms/scripts/serve.mjs (DATABASE_FILENAME is
 * relative to cms/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'cms');
const filename = process.env.DATABASE_FILENAME;
if (!filename || path.isAbsolute(filename) || !filename.startsWith('.tmp/')) {
  console.error('start-cms: DATABASE_FILENAME must be a relative path under .tmp/');
  process.exit(1);
}
// The admin panel's browser tests need it built (a no-op when its sources did not change).
if (process.env.SERVE_ADMIN === 'true') {
  const { ensureAdminBuild } = await import('./admin-build.mjs');
  ensureAdminBuild();
}
for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(path.join(cmsDir, filename + suffix), { force: true });

await import(path.join(cmsDir, 'scripts', 'serve.mjs'));
