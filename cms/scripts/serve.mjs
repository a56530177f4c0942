#!/usr/bin/env node
/**
 * Starts the CMS from its compiled dist/ (compiling the TypeScript first unless
 * --no-compile). Serves the admin panel when it has been built (dist/build).
 * Used by the quick start and by the browser tests.
 *
 *   node cms/scripts/serve.mjs [--no-compile]
 *   env: PORT, HOST, DATABASE_FILENAME or DATABASE_URL, SEED_DEMO, SERVE_ADMIN
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(appDir, 'dist');
process.chdir(appDir);

const { compileStrapi, createStrapi } = require('@strapi/strapi');
if (!process.argv.includes('--no-compile')) {
  await compileStrapi({ appDir });
}
const adminBuilt = fs.existsSync(path.join(distDir, 'build', 'index.html'));
const serveAdminPanel = process.env.SERVE_ADMIN ? process.env.SERVE_ADMIN === 'true' : adminBuilt;

// createStrapi already destroys the app and exits on SIGINT/SIGTERM; a second handler here
// would run destroy() twice, and the second call throws before the first has finished.
const app = createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel });
await app.start();
