import { adminUrl, ADMIN_TEST_TIMEOUT, expect, signInToAdmin, test } from './support/strapi-admin';

test.setTimeout(ADMIN_TEST_TIMEOUT);

test('the seeded admin signs in to the Strapi admin and reaches the content manager', async ({ page }) => {
  await signInToAdmin(page);
  await page.goto(adminUrl('/content-manager'));
  await expect(page).toHaveURL(/\/content-manager\/collection-types\/api::/, { timeout: 60_000 });
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
});
