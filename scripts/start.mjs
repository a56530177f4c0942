#!/usr/bin/env node
/**
 * The quick start: builds what changed, then runs the payment sandbox, the CMS
 * (with the Thai demo data seeded on first start into SQLite) and the storefront
 * together. Ctrl-C stops everything.
 *
 *   npm start            production builds (admin panel included)
 *   npm run dev          Strapi develop + Remix dev server with hot reload
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, buildIfChanged, ensureCmsEnv, log, run, start, stop, storefrontSessionSecret, waitFor } from './lib.mjs';

const dev = process.argv.includes('--dev');
const CMS_PORT = Number(process.env.CMS_PORT || 1337);
const STORE_PORT = Number(process.env.STOREFRONT_PORT || 3000);
const cmsUrl = `http://127.0.0.1:${CMS_PORT}`;
const children = [];

function stopAll(code = 0) {
  for (const child of children) stop(child);
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const [major] = process.versions.node.split('.').map(Number);
if (major !== 20) log(`warning: Node ${process.versions.node}; Sala is built and tested on Node 20.`);

if (ensureCmsEnv()) log('cms/.env created with fresh secrets');

log('shared: building…');
run('npm', ['run', 'build', '--silent', '-w', '@sala/shared']);

if (!dev) {
  buildIfChanged('cms (admin panel and server)', ['cms/src', 'cms/config', 'cms/package.json', 'shared/src'], 'cms/dist/.sala-build', () =>
    run('npm', ['run', 'build', '-w', '@sala/cms'], { env: { NODE_OPTIONS: '--max-old-space-size=4096' } }),
  );
  buildIfChanged('storefront', ['storefront/app', 'storefront/vite.config.ts', 'storefront/package.json', 'shared/src'], 'storefront/build/.sala-build', () =>
    run('npm', ['run', 'build', '-w', '@sala/storefront']),
  );
}

const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const sandboxMain = path.join(ROOT, 'payment-sandbox', 'src', 'main.ts');
if (fs.existsSync(sandboxMain)) {
  children.push(start('payments', tsx, [sandboxMain]));
}
// the local stand-in for the book retailer the cart hands books to
const RETAILER_PORT = Number(process.env.BOOKSTORE_FAKE_PORT || 4600);
children.push(start('retailer', tsx, ['cms/src/bookstore-fake/index.ts'], { env: { BOOKSTORE_FAKE_PORT: String(RETAILER_PORT) } }));

// The CMS empties the storefront's anonymous page cache when content changes (ADR 130).
const pageCacheSecret = process.env.PAGE_CACHE_SECRET || randomBytes(24).toString('hex');
// The storefront signs each visitor's address on its CMS calls with it; the CMS's limits key on that address (ADR 158).
const clientAddressSecret = process.env.CLIENT_ADDRESS_SECRET || randomBytes(24).toString('hex');
// The CMS signs the admin's preview links with it and the storefront checks them (ADR 170).
const previewSecret = process.env.PREVIEW_SECRET || randomBytes(24).toString('hex');
const cmsEnv = {
  PAGE_CACHE_SECRET: pageCacheSecret,
  CLIENT_ADDRESS_SECRET: clientAddressSecret,
  PREVIEW_SECRET: previewSecret,
  PAGE_CACHE_PURGE_URLS: process.env.PAGE_CACHE_PURGE_URLS || `http://127.0.0.1:${STORE_PORT}/__sala/page-cache/purge`,
  PORT: String(CMS_PORT),
  STOREFRONT_URL: process.env.STOREFRONT_URL || `http://localhost:${STORE_PORT}`,
  BOOKSTORE_URL: process.env.BOOKSTORE_URL || `http://127.0.0.1:${RETAILER_PORT}`,
  // Google, Facebook and LINE sign-in through the stand-in the sandboxes start, with its demo keys,
  // for every provider not given its own keys (ADR 175); production refuses it.
  ...(process.env.NODE_ENV === 'production' ? {} : { SOCIAL_SIGN_IN_STAND_IN: process.env.SOCIAL_SIGN_IN_STAND_IN || `http://127.0.0.1:${process.env.PAYMENT_SANDBOX_IDENTITY_PORT || 4107}` }),
};
const cms = dev ? start('cms', 'npm', ['run', 'develop', '-w', '@sala/cms'], { env: cmsEnv }) : start('cms', process.execPath, ['cms/scripts/serve.mjs', '--no-compile'], { env: cmsEnv });
children.push(cms);
cms.on('exit', (code) => {
  log(`cms exited with ${code}`);
  stopAll(code || 1);
});

try {
  await waitFor(`${cmsUrl}/_health`, { child: cms, timeoutMs: 300_000 });
} catch (error) {
  log(String(error));
  stopAll(1);
}

const storeEnv = {
  PORT: String(STORE_PORT),
  CMS_URL: cmsUrl,
  CMS_PUBLIC_URL: `http://localhost:${CMS_PORT}`,
  // the storefront's public origin: canonical addresses and the page cache's own renders use it
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${STORE_PORT}`,
  SESSION_SECRET: storefrontSessionSecret(),
  PAGE_CACHE_SECRET: pageCacheSecret,
  CLIENT_ADDRESS_SECRET: clientAddressSecret,
  PREVIEW_SECRET: previewSecret,
};
const storefront = dev
  ? start('storefront', 'npm', ['run', 'dev', '-w', '@sala/storefront', '--', '--port', String(STORE_PORT)], { env: storeEnv })
  : start('storefront', process.execPath, ['server.mjs', './build/server/index.js'], {
      cwd: path.join(ROOT, 'storefront'),
      env: { NODE_ENV: 'production', ...storeEnv },
    });
children.push(storefront);
storefront.on('exit', (code) => {
  log(`storefront exited with ${code}`);
  stopAll(code || 1);
});
await waitFor(`http://127.0.0.1:${STORE_PORT}/healthcheck`, { child: storefront }).catch((error) => {
  log(String(error));
  stopAll(1);
});

log('');
log('Sala is running:');
log(`  storefront      http://localhost:${STORE_PORT}`);
log(`  CMS admin       http://localhost:${CMS_PORT}/admin`);
log(`  CMS health      http://localhost:${CMS_PORT}/_health`);
log('Demo accounts:');
log('  CMS admin       admin@sala.local / Sala-admin-1 (Super Admin)');
log('  content editor  editor@sala.local / Sala-editor-1 (CMS admin, ผู้แก้ไขเนื้อหา)');
log('  marketer        marketer@sala.local / Sala-marketer-1 (CMS admin, นักการตลาด)');
log('  student         demo.student / demo1234');
log('  shop admin      demo.admin / demo1234');
log('Mails are written to cms/outbox/. Press Ctrl-C to stop.');
