/**
 * Sign-in with Google through the provider's pages (ADR 175): the storefront's button, the
 * identity stand-in's account page, and back to the page the visitor started from, signed in
 * as a new student. The flow's security checks have their API tests (social-sign-in.api.test.ts).
 */
import { test, expect as baseExpect } from './support/fixtures';
import { keepScreenshot, uniqueName } from './support/course-checkout';
import { IDENTITY_URL, STOREFRONT_URL } from './support/servers';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('a visitor signs in with Google from the sign-in page and lands on the cart signed in', async ({ page }, testInfo) => {
  const email = `${uniqueName('google')}@example.com`;
  await page.goto('/login?redirect=%2Fcart');
  await page.getByTestId('login-panel').getByRole('link', { name: 'เข้าสู่ระบบด้วย Google' }).click();

  await expect(page).toHaveURL((url) => url.href.startsWith(`${IDENTITY_URL}/google/o/oauth2/v2/auth?`));
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบด้วย Google' })).toBeVisible();
  await page.getByLabel('อีเมล · E-mail').fill(email);
  await page.getByLabel('ชื่อ · Name').fill('ใจดี กูเกิล');
  await page.getByRole('button', { name: 'ดำเนินการต่อ · Continue' }).click();

  await expect(page).toHaveURL(`${STOREFRONT_URL}/cart`);
  await expect(page.getByTestId('cart-student')).toContainText('ใจดี กูเกิล');
  await expect(page.getByTestId('site-nav').getByTestId('nav-logout')).toBeVisible();
  await keepScreenshot(page, testInfo, 'social-signed-in-1280');
});

test('a visitor who cancels at LINE is told so in Thai and can try again', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login?redirect=%2Fcart');
  await page.getByTestId('login-panel').getByRole('link', { name: 'เข้าสู่ระบบด้วย LINE' }).click();
  await expect(page).toHaveURL((url) => url.href.startsWith(`${IDENTITY_URL}/line/oauth2/v2.1/authorize?`));
  await page.getByRole('button', { name: 'ยกเลิก · Cancel' }).click();

  const notice = page.getByTestId('social-failed');
  await expect(notice).toContainText('เข้าสู่ระบบด้วย LINE ไม่สำเร็จ');
  await expect(notice).toContainText('คุณยกเลิกการเข้าสู่ระบบด้วย LINE');
  await keepScreenshot(page, testInfo, 'social-cancelled-390');
  await notice.getByTestId('social-try-again').click();
  await expect(page).toHaveURL((url) => url.href.startsWith(`${IDENTITY_URL}/line/`));
});
