#!/usr/bin/env node
/**
 * Starts the CMS from its compiled dist/ (compiling the TypeScript first unless
 * --no-compile). Serves the admin panel when it has been built (dist/build).
 * Used by the quick start and by the browser tests.
 *
 *   node cms/scripts/serve.mjs [--no-compile]
 *   env: PORT, HOST, DATABASE_FILENAME or DATABASE_URL, SEED_DEMO, SERVE_ADMIN,
 *        SALA_DIST_DIR (compile into and run from this folder instead of dist/, so that
 *        several test runs never read each other's half-written output; it must sit
 *        directly under cms/, as dist/ does, for the config's relative paths)
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.SALA_DIST_DIR ? path.resolve(appDir, process.env.SALA_DIST_DIR) : path.join(appDir, 'dist');
if (path.dirname(distDir) !== appDir) {
  console.error('serve: SALA_DIST_DIR must be a folder directly under cms/');
  process.exit(1);
}
process.chdir(appDir);

const { compileStrapi, createStrapi } = require('@strapi/strapi');
if (!process.argv.includes('--no-compile')) {
  if (process.env.SALA_DIST_DIR) {
    const tsUtils = require('@strapi/typescript-utils');
    await tsUtils.compile(appDir, { configOptions: { options: { outDir: distDir, incremental: false }, ignoreDiagnostics: false } });
  } else {
    await compileStrapi({ appDir });
  }
}
// A run in a dist folder of its own serves the admin panel built into dist/ (tests/e2e/support/admin-build.mjs).
const defaultBuild = path.join(appDir, 'dist', 'build');
if (process.env.SERVE_ADMIN === 'true' && distDir !== path.join(appDir, 'dist') && fs.existsSync(path.join(defaultBuild, 'index.html'))) {
  fs.rmSync(path.join(distDir, 'build'), { recursive: true, force: true });
  fs.cpSync(defaultBuild, path.join(distDir, 'build'), { recursive: true });
}
const adminBuilt = fs.existsSync(path.join(distDir, 'build', 'index.html'));
const serveAdminPanel = process.env.SERVE_ADMIN ? process.env.SERVE_ADMIN === 'true' : adminBuilt;

// createStrapi already destroys the app and exits on SIGINT/SIGTERM; a second handler here
// would run destroy() twice, and the second call throws before the first has finished.
const app = createStrapi({ appDir, distDir, autoReload: false, serveAdminPanel });
await app.start();
