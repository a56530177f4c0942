import type { Page } from '@playwright/test';
import { expect, test as storefrontTest, type ConsoleProblems } from './fixtures';
import { CMS_URL, SEEDED_ADMIN } from './servers';

/** An account of the Strapi admin (the seed prints the demo ones at start). */
export type AdminAccount = { email: string; password: string };

/** The seeded Super Admin of the demo (cms/src/seed/accounts.ts). */
export const SUPER_ADMIN: AdminAccount = SEEDED_ADMIN;
/** The seeded content editor and marketer of the demo (their roles: ADR 162). */
export const CONTENT_EDITOR: AdminAccount = { email: 'editor@sala.local', password: 'Sala-editor-1' };
export const MARKETER: AdminAccount = { email: 'marketer@sala.local', password: 'Sala-marketer-1' };

/** The Strapi admin's own address on the browser tests' CMS. */
export const adminUrl = (path = '') => `${CMS_URL}/admin${path}`;

/** The Strapi admin is a large single-page app: its tests get more time than the storefront's. */
export const ADMIN_TEST_TIMEOUT = 120_000;

/** Signs in to the Strapi admin through its own login form and waits for the home page. */
export async function signInToAdmin(page: Page, account: AdminAccount = SUPER_ADMIN): Promise<void> {
  await page.goto(adminUrl('/auth/login'));
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 60_000 });
}

/**
 * `test` for the Strapi admin's own pages: the console watch of every browser spec, less what
 * Strapi's admin logs on every page and we cannot change: it asks for its AI features' config
 * and an entry's AI translation jobs, which answer 404 when they are off, and more below.
 */
export const test = storefrontTest.extend<{ consoleProblems: ConsoleProblems }>({
  consoleProblems: [
    async ({ consoleProblems }, use) => {
      consoleProblems.allow(/404 \(Not Found\) \(.*\/admin\/ai-feature-config\)/);
      // the AI translation jobs of an entry, off like the AI features
      consoleProblems.allow(/404 \(Not Found\) \(.*\/i18n\/ai-localization-jobs\//);
      // the preview link of a type that has no preview (orders, plans): Strapi asks, and hides the button
      consoleProblems.allow(/404 \(Not Found\) \(.*\/content-manager\/preview\/url\//);
      // a text Strapi's Thai does not have (a field's label, a list choice, one of our own
      // admin texts): Strapi's intl looks for a translation first, logs that it found none,
      // then shows the text the catalogue gives (ours are Thai)
      consoleProblems.allow(/MISSING_TRANSLATION\] Missing message: "[^"]*" for locale "th", using default message/);
      await use(consoleProblems);
    },
    { auto: true },
  ],
});

export { expect };
