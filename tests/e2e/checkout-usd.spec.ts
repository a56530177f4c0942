import { fillGuestForm, keepScreenshot, readOrder, seededCourse, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

const MARKETING = 'online-marketing-for-beginners';

test.describe('checkout of the registration layout in US dollars', () => {
  test('plans show their USD price; paying in USD prices the summary and the order in USD', async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4' }, async () => {
      await page.goto(course.path, { waitUntil: 'domcontentloaded' });
      await waitForHydration(page);
      const plan = page.getByTestId('plan-card').first();
      await expect(plan.getByTestId('plan-price')).toHaveText('฿1,990.00');
      await expect(plan.getByTestId('plan-price-other')).toHaveText('$59.00');
      await expect(page.getByTestId('summary-total')).toHaveText('฿1,990.00');

      await page.getByTestId('currency-picker').getByLabel('ดอลลาร์สหรัฐ').check();
      await expect(plan.getByTestId('plan-price')).toHaveText('$59.00');
      await expect(plan.getByTestId('plan-price-other')).toHaveText('฿1,990.00');
      await expect(page.getByTestId('summary-subtotal')).toHaveText('$59.00');
      await expect(page.getByTestId('summary-total')).toHaveText('$59.00');
      await keepScreenshot(page, testInfo, 'checkout-usd-1280');

      const username = uniqueName('usd');
      await fillGuestForm(page, { firstname: 'จอห์น', lastname: 'ดอลลาร์', email: `${username}@example.com`, tel: '0812345678', username, password: 'secret1' });
      await page.getByTestId('pay-button').click();
      const payment = page.getByTestId('payment-step');
      await expect(payment).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('server-total')).toHaveText('$59.00');
      const order = await readOrder(request, Number(await payment.getAttribute('data-order-id')));
      expect(order).toMatchObject({ currency_code: 'USD', net: 5900 });

      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'checkout-usd-payment-390');
    });
  });
});
