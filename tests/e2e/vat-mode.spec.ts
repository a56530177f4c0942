/**
 * VAT both ways (ADR 182): an editor switches the site between VAT included in the price and
 * VAT added on top; the cart summary, the payment page, the thank-you page and "my orders"
 * show the value before VAT and the VAT in that mode, and the CMS stores the order as priced.
 * An order keeps the mode it was priced with after the switch goes back.
 */
import { keepScreenshot, readOrder, seededCourse, withSiteSettings, type CmsOrder } from './support/course-checkout';
import { test, expect as baseExpect, waitForHydration } from './support/fixtures';
import { signedInStudent } from './support/pay';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const MARKETING = 'online-marketing-for-beginners';
const ORDER_LIST = '/myaccount/student/order';

type Expected = { beforeVat: string; vat: string; total: string; net: number; vatAmount: number };

const MODES = {
  // ฿1,990.00 holds 199,000 × 700 / 10,700 = 13,018.69 -> ฿130.19 of VAT; ฿1,859.81 before VAT
  included: { beforeVat: '฿1,859.81', vat: '฿130.19', total: '฿1,990.00', net: 199_000, vatAmount: 13_019 },
  // ฿1,990.00 + 7% (13,930) = ฿2,129.30
  added: { beforeVat: '฿1,990.00', vat: '+฿139.30', total: '฿2,129.30', net: 212_930, vatAmount: 13_930 },
} satisfies Record<'included' | 'added', Expected>;

for (const mode of ['included', 'added'] as const) {
  test(`VAT ${mode}: the cart summary, the payment page, the thank-you page and my orders show the same breakdown the CMS stored`, async ({ page, request }, testInfo) => {
    const expected = MODES[mode];
    await signedInStudent(page, request, `vat${mode.slice(0, 3)}`);
    const marketing = await seededCourse(request, MARKETING);
    let orderId = 0;
    let token = '';
    await withSiteSettings(request, { is_enable_vat: true, vat_value: 700, vat_mode: mode, layout: '1', is_thank_you_page: true }, async () => {
      const added = await page.request.post('/cart/add', { form: { courseId: String(marketing.id) }, maxRedirects: 0 });
      expect(added.status()).toBe(302);
      await page.goto('/cart');
      await waitForHydration(page);
      const summary = page.getByTestId('price-summary');
      await expect(summary.getByTestId('summary-subtotal')).toHaveText('฿1,990.00');
      await expect(summary.getByTestId('summary-before-vat')).toHaveText(expected.beforeVat);
      await expect(summary.getByTestId('summary-vat')).toHaveText(expected.vat);
      await expect(summary.getByTestId('summary-total')).toHaveText(expected.total);
      await expect(summary).toContainText(mode === 'added' ? 'ภาษีมูลค่าเพิ่ม 7% (บวกเพิ่มจากราคา)' : 'ภาษีมูลค่าเพิ่ม 7% (รวมในราคาแล้ว)');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, `vat-${mode}-cart-390`);
      await page.setViewportSize({ width: 1280, height: 720 });
      await keepScreenshot(page, testInfo, `vat-${mode}-cart-1280`);

      await page.getByTestId('block-payment').locator('[data-method-id="1"]').click();
      await page.getByTestId('pay-button').click();
      await page.waitForURL(/\/pay\/\d+/);
      orderId = Number(/\/pay\/(\d+)/.exec(page.url())![1]);
      // a bank transfer's payment page: the order as the CMS priced it, with the shop's accounts
      const server = page.getByTestId('server-summary');
      await expect(server.getByTestId('server-before-vat')).toHaveText(expected.beforeVat);
      await expect(server.getByTestId('server-vat')).toHaveText(expected.vat);
      await expect(server.getByTestId('server-total')).toHaveText(expected.total);

      // the CMS priced the order again in the site's mode and keeps the mode with it
      const order = (await readOrder(request, orderId)) as CmsOrder & { vat: number; vat_mode: string; order_token: string };
      expect(order).toMatchObject({ price: 199_000, vat: expected.vatAmount, vat_mode: mode, net: expected.net });
      token = order.order_token;

      await page.goto(`/thankyou?orderId=${encodeURIComponent(token)}`);
      const thankyou = page.getByTestId('thankyou-order');
      await expect(thankyou.getByTestId('order-before-vat')).toHaveText(expected.beforeVat);
      await expect(thankyou.getByTestId('order-vat')).toHaveText(expected.vat);
      await expect(page.getByTestId('thankyou-total')).toHaveText(expected.total);
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, `vat-${mode}-thankyou-390`);
      await page.setViewportSize({ width: 1280, height: 720 });
    });

    // the site's switch is back to what it was: the order still shows the mode it was priced with
    await page.goto(ORDER_LIST);
    const card = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
    await expect(card.getByTestId('order-before-vat')).toHaveText(expected.beforeVat);
    await expect(card.getByTestId('order-vat')).toHaveText(expected.vat);
    await expect(card.getByTestId('order-total')).toHaveText(expected.total);
    await keepScreenshot(page, testInfo, `vat-${mode}-my-orders-1280`);
  });
}
