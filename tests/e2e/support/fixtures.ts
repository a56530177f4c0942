/**
 * `test` for every browser spec: it fails a test on any console error, uncaught page error or
 * React hydration warning, whichever page of the test logged it. A test that expects one calls
 * `consoleProblems.allow(pattern)` first.
 */
import { test as base, expect, type Page } from '@playwright/test';

const HYDRATION_WARNING = /hydrat|did not match|server HTML|server rendered HTML|Minified React error #(418|421|422|423|425)/i;

export type ConsoleProblems = { list: string[]; allow: (pattern: RegExp) => void };

export const test = base.extend<{ consoleProblems: ConsoleProblems }>({
  consoleProblems: [
    async ({ context }, use) => {
      const list: string[] = [];
      const allowed: RegExp[] = [];
      const record = (problem: string) => {
        if (!allowed.some((pattern) => pattern.test(problem))) list.push(problem);
      };
      const watch = (page: Page) => {
        page.on('console', (message) => {
          const text = `console.${message.type()}: ${message.text()} (${message.location().url})`;
          if (message.type() === 'error' || HYDRATION_WARNING.test(message.text())) record(text);
        });
        page.on('pageerror', (error) => record(`pageerror: ${error.stack ?? error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use({ list, allow: (pattern) => allowed.push(pattern) });
      expect(list, 'console errors, page errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Resolves once React has hydrated the document (hydrated nodes carry React's fiber key). A page
 * sent as server HTML alone (no module script, ADR 212) is ready as soon as it has loaded. A page
 * that holds its scripts until the visitor uses it (ADR 220) is first used as a visitor would:
 * the mouse moves over it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if ((await page.locator('script[data-held="module"]').count()) > 0) await wakeHeldScripts(page);
  await page.waitForFunction(() => !document.querySelector('script[type="module"]') || Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
}

type SlowScripts = { readonly requested: () => number; readonly release: () => void };

/**
 * Counts the scripts a page requests and holds their answers back until `release()`, as a slow
 * network would: a page that holds its scripts (ADR 220) can be shown to request none until used,
 * and a press made while they are still coming can be seen to wait for them.
 */
export async function slowScripts(page: Page): Promise<SlowScripts> {
  const requested: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') requested.push(sent.url());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return { requested: () => requested.length, release };
}

/**
 * Opens `path` on a 390 px phone with its scripts slowed (slowScripts), as a visitor who only
 * reads it: a page that holds its scripts (ADR 220) requests none and names none live.
 */
export async function readOnPhone(page: Page, path: string): Promise<SlowScripts> {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await slowScripts(page);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(scripts.requested(), 'scripts fetched before the visitor did anything').toBe(0);
  await expectScriptsHeld(page);
  return scripts;
}

/** A page that holds its scripts (ADR 220), not used yet: it names none live and has loaded none. */
export async function expectScriptsHeld(page: Page): Promise<void> {
  await expect(page.locator('script[type="module"], link[rel="modulepreload"]')).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).length)).toBe(0);
}

/** The mouse moves over the page: a page holding its scripts (ADR 220) starts loading them. */
async function wakeHeldScripts(page: Page): Promise<void> {
  await page.mouse.move(4, 4);
  await page.mouse.move(8, 8);
}

export const THAI = /[\u0E01-\u0E5B]/;
