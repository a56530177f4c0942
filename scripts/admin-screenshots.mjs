#!/usr/bin/env node
/* global document */
/**
 * Screenshots of the Strapi admin's main editing screens at 1440 px, to look at after
 * changing the admin catalogue (cms/src/admin-layouts) or its Thai texts (cms/src/admin):
 * the course, pricing plan, order and site-setting edit views and the order list.
 *
 *   node scripts/admin-screenshots.mjs [--url http://127.0.0.1:1337] [--out .tmp/admin-screenshots]
 *                                      [--email admin@sala.local] [--password Sala-admin-1]
 *
 * Needs a running CMS serving its built admin panel (npm start, or cms/scripts/serve.mjs after
 * npm run build -w @sala/cms) with the demo data, and Chromium (Debian's, /usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:1337' },
    out: { type: 'string', default: '.tmp/admin-screenshots' },
    email: { type: 'string', default: 'admin@sala.local' },
    password: { type: 'string', default: 'Sala-admin-1' },
  },
});
const base = values.url.replace(/\/$/, '');
fs.mkdirSync(values.out, { recursive: true });

async function api(method, pathname, token, body) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}`);
  return res.json();
}

const { data: login } = await api('POST', '/admin/login', null, { email: values.email, password: values.password });
async function firstDocument(uid) {
  const list = await api('GET', `/content-manager/collection-types/${uid}?page=1&pageSize=1&sort=id:ASC`, login.token);
  if (!list.results[0]) throw new Error(`no ${uid} entry: seed the demo data first`);
  return list.results[0].documentId;
}
const collection = (uid) => `/admin/content-manager/collection-types/${uid}`;
const screens = [
  ['course-edit', `${collection('api::course.course')}/${await firstDocument('api::course.course')}`],
  ['pricing-plan-edit', `${collection('api::pricing-plan.pricing-plan')}/${await firstDocument('api::pricing-plan.pricing-plan')}`],
  ['order-edit', `${collection('api::order.order')}/${await firstDocument('api::order.order')}`],
  ['site-setting-edit', '/admin/content-manager/single-types/api::site-setting.site-setting'],
  ['order-list', collection('api::order.order')],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  await page.goto(`${base}/admin/auth/login`);
  await page.getByRole('textbox', { name: /อีเมล|email/i }).fill(values.email);
  await page.locator('input[name="password"]').fill(values.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.includes('/auth/'));
  for (const [name, pathname] of screens) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}${pathname}`);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor({ timeout: 90_000 });
    // The admin scrolls inside its own panes: grow the window to the tallest one so the shot holds all of it.
    const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, ...[...document.querySelectorAll('main, main *')].map((el) => el.scrollHeight)));
    await page.setViewportSize({ width: 1440, height: Math.min(height + 100, 12000) });
    await page.waitForTimeout(300);
    const file = path.join(values.out, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
} finally {
  await browser.close();
}
