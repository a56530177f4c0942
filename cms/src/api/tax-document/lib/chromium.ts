/**
 * The one Chromium of this CMS process that prints tax documents (docs/decisions/189):
 * launched on the first print, reused by every later one, closed when Strapi shuts down.
 * Each print gets its own context with JavaScript off and every request refused (the page
 * carries its fonts as data: URLs), and the whole print is bounded in time.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const DEFAULT_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const LAUNCH_TIMEOUT_MS = 20_000;
const DEFAULT_PRINT_TIMEOUT_MS = 20_000;

type Env = Readonly<Record<string, string | undefined>>;

/** The Chromium executable: CHROMIUM_PATH when set, else the first of the usual Debian paths that exists; null when none does. */
export function findChromium(env: Env = process.env): string | null {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return existsSync(configured) ? configured : null;
  return DEFAULT_PATHS.find((path) => existsSync(path)) ?? null;
}

let launching: Promise<Browser> | null = null;

function browser(): Promise<Browser> {
  if (!launching) {
    const executablePath = findChromium();
    if (!executablePath) return Promise.reject(new Error('Chromium was not found (set CHROMIUM_PATH)'));
    launching = chromium.launch({ executablePath, headless: true, timeout: LAUNCH_TIMEOUT_MS, args: ['--disable-gpu', '--disable-dev-shm-usage'] }).then((launched) => {
      launched.on('disconnected', () => {
        launching = null;
      });
      return launched;
    });
    launching.catch(() => {
      launching = null;
    });
  }
  return launching;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`printing took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The PDF Chromium prints of `html` (A4, backgrounds on). */
export async function printPdf(html: string, timeoutMs = Number(process.env.TAX_DOCUMENT_PRINT_TIMEOUT_MS) || DEFAULT_PRINT_TIMEOUT_MS): Promise<Buffer> {
  const context = await withTimeout(
    browser().then((b) => b.newContext({ javaScriptEnabled: false, offline: true })),
    timeoutMs,
  );
  try {
    return await withTimeout(
      (async () => {
        const page = await context.newPage();
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
        await page.evaluate('document.fonts.ready').catch(() => undefined);
        return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      })(),
      timeoutMs,
    );
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Closes the browser if one was launched (Strapi's destroy). */
export async function closeChromium(): Promise<void> {
  const pending = launching;
  launching = null;
  if (!pending) return;
  const launched = await pending.catch(() => null);
  await launched?.close().catch(() => undefined);
}
