#!/usr/bin/env node
/**
 * Compiles the CMS once into a folder of its own, for several test runs to share
 * (`node tests/reliability/compile-cms.mjs <outDir>`). The runs find it through
 * SALA_PREBUILT_CMS_DIST; the caller removes the folder when they are done. The folder
 * sits next to cms/dist (cms/dist-…) so config paths like `../../.tmp` resolve the same way.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cmsDir = path.join(root, 'cms');
const outDir = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || path.dirname(outDir) !== cmsDir) {
  console.error('usage: node tests/reliability/compile-cms.mjs cms/dist-<name>');
  process.exit(2);
}
// `npm test` built the shared package already (SALA_SHARED_BUILT=1); rebuilding empties its dist/ meanwhile.
if (process.env.SALA_SHARED_BUILT !== '1') execFileSync('npm', ['run', 'build', '--silent', '-w', '@sala/shared'], { cwd: root, stdio: 'inherit' });
const require = createRequire(path.join(cmsDir, 'package.json'));
const tsUtils = require('@strapi/typescript-utils');
await tsUtils.compile(cmsDir, { configOptions: { options: { outDir, incremental: false }, ignoreDiagnostics: false } });
console.log(`[reliability] CMS compiled into ${path.relative(root, outDir)}`);
