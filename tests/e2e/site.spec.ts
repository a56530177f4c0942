import { expect, test, THAI, waitForHydration } from './support/fixtures';

test('the TH/EN switch shows English texts and remembers the choice', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(THAI);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'TH', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(THAI);
});

test('a page follows the language another tab chose once its next navigation reloads the site’s data', async ({ page, context }) => {
  // The product list runs in the browser: its search is a navigation there, which fetches the texts
  // of the locale the cookie now names.
  await page.goto('/products');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  // Another tab switches to English: only the cookie changes under this page.
  await context.addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
  const englishTexts = page.waitForResponse((response) => new URL(response.url()).pathname === '/texts/en' && response.ok());
  const search = page.getByRole('search').getByRole('searchbox');
  await search.fill('Excel');
  await search.press('Enter');
  await englishTexts;
  await expect(page).toHaveURL(/\/products\?keyword=Excel(&|$)/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sala', exact: true })).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).not.toHaveAttribute('placeholder', THAI);

  // The home page is server HTML (ADR 212): its search loads the next page whole, in the cookie's language.
  await page.goto('/');
  await context.addCookies([{ name: 'lang', value: 'th', url: page.url() }]);
  const homeSearch = page.getByRole('search').getByRole('searchbox');
  await homeSearch.fill('Excel');
  await homeSearch.press('Enter');
  await expect(page).toHaveURL(/\/\?keyword=Excel$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('banner').getByRole('link', { name: 'ศาลา', exact: true })).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toHaveAttribute('placeholder', THAI);
});

test('an unknown path answers 404 with the not-found page inside the site layout', async ({ page, consoleProblems }) => {
  consoleProblems.allow(/Failed to load resource: the server responded with a status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('alert')).toContainText(THAI);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('alert').getByRole('link').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('course-card').first()).toBeVisible();
});

test('the healthcheck answers OK while the CMS is up', async ({ request }) => {
  const response = await request.get('/healthcheck');
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('OK');
});
