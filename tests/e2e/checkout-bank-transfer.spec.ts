import { applyCoupon, fillGuestForm, keepScreenshot, readOrder, satang, seededCourse, slipPng, uniqueName, waitForCheckoutCode, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

const MARKETING = 'online-marketing-for-beginners';

test.describe('checkout of the registration layout, bank transfer', () => {
  test('a visitor registers, applies SALA10, pays by bank transfer with a slip and lands on the thank-you page; the CMS holds the order at the server’s total', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4', is_thank_you_page: true }, async () => {
      await page.goto(course.path);
      await waitForHydration(page);
      await expect(page.getByTestId('course-layout')).toHaveAttribute('data-layout', '4');

      const username = uniqueName('guest');
      await fillGuestForm(page, { firstname: 'สมหญิง', lastname: 'ใจดี', email: `${username}@example.com`, tel: '0812345678', username, password: 'secret1' });
      // every custom label type is on the form
      const contact = page.getByTestId('checkout-contact');
      await expect(contact.locator('[data-field="customLabels.1"] input')).toBeVisible();
      await expect(contact.locator('[data-field="customLabels.2"] select')).toBeVisible();
      await expect(contact.locator('[data-field="customLabels.3"] input[type="checkbox"]')).toHaveCount(4);
      await expect(contact.locator('[data-field="customLabels.4"] input[type="checkbox"]')).toHaveCount(1);
      await expect(contact.locator('[data-field="customLabels.5"] input[type="radio"]')).toHaveCount(4);
      await expect(contact.locator('[data-field="customLabels.6"] input[type="file"]')).toHaveCount(1);
      await contact.getByText('การตลาด', { exact: true }).click();
      await contact.getByText('Google', { exact: true }).click();
      await contact.locator('[data-field="profileImage"] input[type="file"]').setInputFiles({ name: 'profile.png', mimeType: 'image/png', buffer: slipPng(40, 40) });

      // the default plan is chosen; the member-only plan is shown but cannot be chosen by a visitor
      const plans = page.getByTestId('plan-card');
      await expect(plans).toHaveCount(2);
      await expect(plans.nth(0).locator('input[type="radio"]')).toBeChecked();
      await expect(plans.nth(1).locator('input[type="radio"]')).toBeDisabled();
      await expect(plans.nth(1).getByTestId('plan-member-only')).toBeVisible();
      // the first payment method (bank transfer) is chosen, with the shop's accounts
      await expect(page.getByTestId('payment-method').first().locator('input')).toBeChecked();
      await expect(page.getByTestId('bank-accounts')).toContainText('123-4-56789-0');
      await page.getByTestId('bank-accounts').getByRole('button', { name: 'QR พร้อมเพย์' }).first().click();
      await expect(page.getByTestId('qr-dialog').getByRole('img', { name: /QR พร้อมเพย์/ })).toBeVisible();
      await page.getByTestId('qr-dialog').getByRole('button', { name: 'ปิด' }).first().click();

      await expect(page.getByTestId('summary-total')).toHaveText('฿1,990.00');
      expect(await applyCoupon(page, 'SALA10')).toBe('คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!');
      await expect(page.getByTestId('summary-discount')).toHaveText('-฿199.00');
      await expect(page.getByTestId('price-summary')).toContainText('ส่วนลดคูปอง SALA10');
      await expect(page.getByTestId('summary-total')).toHaveText('฿1,791.00');
      const browserTotal = satang(await page.getByTestId('summary-total').textContent());
      await keepScreenshot(page, testInfo, 'checkout-filled-1280');

      await page.getByTestId('pay-button').click();
      const payment = page.getByTestId('payment-step');
      await expect(payment).toBeVisible({ timeout: 20_000 });
      const orderId = Number(await payment.getAttribute('data-order-id'));
      const serverTotal = satang(await page.getByTestId('server-total').textContent());
      expect(serverTotal).toBe(browserTotal);
      // the guest is now signed in; the session cookie is httpOnly
      const cookie = (await page.context().cookies()).find((item) => item.name === '__sala_session');
      expect(cookie?.httpOnly).toBe(true);
      expect(await page.evaluate(() => document.cookie)).not.toContain('__sala_session');

      // a reload keeps the order waiting for its payment: nothing is ordered twice
      await page.reload();
      await expect(page.getByTestId('payment-step')).toHaveAttribute('data-order-id', String(orderId));

      await page.getByTestId('open-report').click();
      const report = page.getByTestId('report-dialog');
      await expect(report).toBeVisible();
      // on the registration layout the notification has no cancel and does not close on Escape
      await expect(report.getByRole('button', { name: 'แจ้งชำระเงินภายหลัง' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(report).toBeVisible();
      await expect(report.getByRole('textbox', { name: 'จำนวนเงินที่โอน' })).toHaveValue('1791.00');

      // the checks come in the spec's order, each in a toast titled as the spec says
      await report.getByTestId('report-submit').click();
      await expect(page.getByTestId('toast').first()).toContainText('คุณกรอกข้อมูลไม่ถูกต้อง');
      await expect(page.getByTestId('toast').first()).toContainText('กรุณาอัพโหลดหลักฐานการโอนเงิน');
      await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
      await report.getByTestId('report-submit').click();
      await expect(report.locator('[data-field="bankCode"]')).toContainText('กรุณาเลือกธนาคารต้นทางที่โอน');
      await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
      await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
      await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
      await keepScreenshot(page, testInfo, 'checkout-report-1280');
      await report.getByTestId('report-submit').click();

      await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 20_000 });
      const token = new URL(page.url()).searchParams.get('orderId');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ขอบคุณสำหรับการสั่งซื้อ');
      await expect(page.getByTestId('thankyou-total')).toHaveText('฿1,791.00');
      await expect(page.getByTestId('thankyou-status')).toHaveText('รอตรวจสอบ');
      // the summary adds up: the course at its list price, the coupon's discount by name, the total
      await expect(page.getByTestId('order-lines')).toContainText('฿1,990.00');
      await expect(page.getByTestId('order-lines')).not.toContainText('฿1,791.00');
      await expect(page.getByTestId('order-discount')).toHaveText(/ส่วนลดคูปอง SALA10\s*-฿199\.00/);

      const order = await readOrder(request, orderId);
      expect(order.order_token).toBe(token);
      expect(order.net).toBe(serverTotal);
      expect(order.price).toBe(199000);
      expect(order.discount).toBe(19900);
    });
  });

  test('the checkout fits a 390 px screen, with the registration bar at the bottom', async ({ page, request }, testInfo) => {
    const course = await seededCourse(request, 'excel-for-work');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(course.path);
    await waitForHydration(page);
    await page.getByTestId('registration-bar-mobile').getByTestId('register-button').click();
    await expect(page.getByTestId('block-plans')).toBeInViewport();
    // the press brought the form's code: the form the visitor sees is React's, laid out the same
    await waitForCheckoutCode(page);
    await expect(page.getByTestId('summary-total')).toHaveText('฿2,116.50');
    const area = page.getByTestId('checkout-area');
    const box = await area.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, testInfo, 'checkout-390');
  });
});
