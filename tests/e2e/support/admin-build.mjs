#!/usr/bin/env node
/**
 * The Strapi admin panel for the browser tests: built into cms/dist/build when its sources
 * changed since the last build (a stamp beside it), then copied by cms/scripts/serve.mjs into
 * the test CMS's own dist folder. `npm test` runs this once before the browser tests; a local
 * `npx playwright test` runs it from start-cms.mjs.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIfChanged, run } from '../../../scripts/lib.mjs';

/** The admin's sources: its React code, its config and the content model it shows. */
const ADMIN_SOURCES = ['cms/src/admin', 'cms/src/api', 'cms/src/components', 'cms/config', 'cms/package.json', 'shared/src'];

export function ensureAdminBuild() {
  buildIfChanged('Strapi admin panel', ADMIN_SOURCES, 'cms/dist/build/.sala-admin-build', () =>
    run('npx', ['strapi', 'build', '--silent'], { cwd: path.join(ROOT, 'cms'), env: { NODE_OPTIONS: '--max-old-space-size=4096' } }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureAdminBuild();
