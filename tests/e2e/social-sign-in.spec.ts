/**
 * Sign-in with Google through the provider's pages (ADR 175): the storefront's button, the
 * identity stand-in's account page, and back to the page the visitor started from, signed in
 * as a new student. The flow's security checks have their API tests (social-sign-in.api.test.ts).
 */
import { test, expect as baseExpect, waitForHydration } from './support/fixtures';
import { keepScreenshot, registerStudent, uniqueName } from './support/course-checkout';
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

test('a student whose e-mail already has an account links Google with that account’s password, and is signed in', async ({ page, request }, testInfo) => {
  const student = await registerStudent(request, 'linker');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login?redirect=%2Fcart');
  await page.getByTestId('login-panel').getByRole('link', { name: 'เข้าสู่ระบบด้วย Google' }).click();
  await page.getByLabel('อีเมล · E-mail').fill(student.email.toUpperCase());
  await page.getByRole('button', { name: 'ดำเนินการต่อ · Continue' }).click();

  // nothing is merged by the address alone: the account's password is asked for
  const offer = page.getByTestId('social-link');
  await expect(offer.getByRole('heading')).toHaveText('เชื่อม Google กับบัญชีที่มีอยู่');
  await expect(offer).toContainText(student.email);
  await expect(page.getByTestId('site-nav').getByTestId('nav-logout')).toHaveCount(0);
  // the wrong password is answered in the page, not as a new document the browser logs as a 400
  await waitForHydration(page);
  await offer.getByLabel('รหัสผ่าน').fill('not-the-password');
  await offer.getByRole('button', { name: 'เชื่อมบัญชีและเข้าสู่ระบบ' }).click();
  await expect(offer.getByTestId('social-link-problem')).toHaveText('รหัสผ่านไม่ถูกต้อง กรุณาลองอีกครั้ง');
  await keepScreenshot(page, testInfo, 'social-link-wrong-password-390');

  await offer.getByLabel('รหัสผ่าน').fill(student.password);
  await offer.getByRole('button', { name: 'เชื่อมบัญชีและเข้าสู่ระบบ' }).click();
  await expect(page).toHaveURL(`${STOREFRONT_URL}/cart`);
  await expect(page.getByTestId('cart-student')).toContainText('ผู้ทดสอบ');

  // signed out, Google alone signs the same student in now
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('site-nav').getByTestId('nav-logout').click();
  await page.goto('/login?redirect=%2Fcart');
  await page.getByTestId('login-panel').getByRole('link', { name: 'เข้าสู่ระบบด้วย Google' }).click();
  await page.getByLabel('อีเมล · E-mail').fill(student.email);
  await page.getByRole('button', { name: 'ดำเนินการต่อ · Continue' }).click();
  await expect(page).toHaveURL(`${STOREFRONT_URL}/cart`);
  await expect(page.getByTestId('cart-student')).toContainText('ผู้ทดสอบ');
});
