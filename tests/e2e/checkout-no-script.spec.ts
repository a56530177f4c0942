import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { fillGuestForm, readOrder, seededCourse, slipPng, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect, test } from './support/fixtures';
import { readOrderStatus, type Student } from './support/pay';
import { CMS_URL } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';

/** The CMS token of a student, as the storefront signs them in. */
async function studentLogin(request: APIRequestContext, username: string, password: string): Promise<Student> {
  const response = await request.post(`${CMS_URL}/public/students/login`, { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { jwt, user } = (await response.json()) as { jwt: string; user: { id: number; email: string } };
  return { username, password, email: user.email, id: user.id, jwt };
}

/** keepScreenshot scrolls with a script; without scripts the page is shot as it stands. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('checkout of the registration layout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest registers and orders by bank transfer with plain form posts: the server shows the errors, then the payment step', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4' }, async () => {
      await page.goto(course.path, { waitUntil: 'domcontentloaded' });
      const form = page.getByTestId('checkout-area');
      await expect(form).toBeVisible();
      // the form is there, served by the server: nothing asks for scripts
      await expect(form.locator('form[method="post"]').first()).toBeVisible();
      await expect(page.getByText('กรุณาเปิดใช้งาน JavaScript ในเบราว์เซอร์เพื่อสมัครเรียนและชำระเงิน')).toBeHidden();
      await expect(page.getByTestId('plan-card').first().locator('input[type="radio"]')).toBeChecked();
      await expect(page.getByTestId('payment-method').first().locator('input')).toBeChecked();

      // the browser's own checks pass, the server's do not (the passwords differ): the server answers
      // the same page with the error beside its field, and the other answers kept
      const username = uniqueName('noscript');
      const values = { firstname: 'สมปอง', lastname: 'ไม่ใช้สคริปต์', email: `${username}@example.com`, tel: '0812345678', username, password: 'secret1' };
      await fillGuestForm(page, { ...values, confirm: 'secret2' });
      await page.getByTestId('pay-button').click();
      await page.waitForLoadState('domcontentloaded');
      await expect(form.locator('[data-field="confirmNewPassword"]')).toContainText('ไม่ตรงกัน');
      await expect(form.getByRole('textbox', { name: 'ชื่อ', exact: true })).toHaveValue('สมปอง');
      await shoot(page, testInfo, 'checkout-no-script-errors-1280');

      await fillGuestForm(page, values);
      await page.getByTestId('pay-button').click();
      const payment = page.getByTestId('payment-step');
      await expect(payment).toBeVisible({ timeout: 20_000 });
      const orderId = Number(await payment.getAttribute('data-order-id'));
      expect(orderId).toBeGreaterThan(0);
      await expect(page.getByTestId('server-total')).toHaveText('฿1,990.00');
      const order = await readOrder(request, orderId);
      expect(order).toMatchObject({ net: 199_000, currency_code: 'THB' });
      // the content manager's `status` is the entry's publication state: the order's own state is read as the student's
      expect(await readOrderStatus(request, await studentLogin(request, username, values.password), orderId)).toBe('notYetReceived');
      await shoot(page, testInfo, 'checkout-no-script-payment-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await shoot(page, testInfo, 'checkout-no-script-payment-390');
      await page.setViewportSize({ width: 1280, height: 720 });

      // the transfer report is a plain form too: the server's check answers beside the field, then the thank-you page
      const report = page.getByTestId('report-plain');
      await expect(report).toBeVisible();
      await expect(report.getByRole('textbox', { name: 'จำนวนเงินที่โอน' })).toHaveValue('1990.00');
      await report.getByTestId('report-plain-submit').click();
      await page.waitForLoadState('domcontentloaded');
      await expect(page.getByTestId('report-plain').locator('[data-field="slip"]')).toContainText('กรุณาอัพโหลดหลักฐานการโอนเงิน');
      await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
      await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
      await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
      await report.getByTestId('report-plain-submit').click();
      await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ขอบคุณสำหรับการสั่งซื้อ');
      expect(new URL(page.url()).searchParams.get('orderId')).toBe((await readOrder(request, orderId)).order_token);
    });
  });
});
