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

/** The mouse moves over the page: a page holding its scripts (ADR 220) starts loading them. */
export async function wakeHeldScripts(page: Page): Promise<void> {
  await page.mouse.move(4, 4);
  await page.mouse.move(8, 8);
}

export const THAI = /[\u0E01-\u0E5B]/;
