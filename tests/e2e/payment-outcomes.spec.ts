/**
 * Where a student goes after a payment, and what they can do when it did not go through:
 * the transfer report's delays (spec sections 2 and 9), PayPal's end on the order list
 * (spec section 4, ADR 176), a hosted payment link that could not be made (spec section 8),
 * and the one click that retries a payment whose order a decline cancelled (ADR 178).
 */
import type { Page } from '@playwright/test';
import { keepScreenshot, readOrder, slipPng, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { expectOrderStatus, placeOrder, readOrderStatus, signedInStudent, withPaymentMethod } from './support/pay';
import { sandboxUrl } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';
const ORDER_LIST = '/myaccount/student/order';
const VISA = '4242424242424242';

/** Files the bank-transfer notification of the order on its /pay page. */
async function fileTransferReport(page: Page): Promise<void> {
  await page.getByTestId('open-report').click();
  const report = page.getByTestId('report-dialog');
  await expect(report).toBeVisible();
  await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
  await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
  await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
  await report.getByTestId('report-submit').click();
}

/** The failure notice of the order list, for `orderId`, as spec section 8 titles it. */
async function expectFailureNotice(page: Page, orderId: number) {
  const notice = page.getByTestId('payment-failure');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toHaveAttribute('data-order-id', String(orderId));
  await expect(notice.getByRole('heading')).toHaveText('ผิดพลาด');
  await expect(notice).toContainText('ชำระเงินไม่สำเร็จ กรุณาลองอีกครั้ง');
  await expect(notice).toContainText(`คำสั่งซื้อเลขที่ ${orderId}`);
  return notice;
}

test.describe('after a bank-transfer report', () => {
  for (const thankYouPage of [false, true]) {
    const [delay, target] = thankYouPage ? [500, '/thankyou'] : [1000, ORDER_LIST];
    test(`the success notice stays ${delay} ms, then ${thankYouPage ? 'the thank-you page' : 'the order list'} (spec sections 2 and 9)`, async ({ page, request }) => {
      test.setTimeout(150_000);
      await withSiteSettings(request, { is_thank_you_page: thankYouPage }, async () => {
        const student = await signedInStudent(page, request, `delay${thankYouPage ? 't' : 'o'}`);
        const { orderId } = await placeOrder(request, student, MARKETING, 1);
        // the page's clock is ours: it stands still from the press, and moves only as far as the test says
        await page.clock.install();
        await page.goto(`/pay/${orderId}`);
        await waitForHydration(page);
        await page.clock.pauseAt(Date.now() + 2_000);
        await fileTransferReport(page);
        await expect(page.getByTestId('toast').filter({ hasText: 'แจ้งชำระเงินเรียบร้อยแล้ว' })).toBeVisible({ timeout: 20_000 });

        // just before the delay: still here (a 500 ms delay before the order list would have left already)
        await page.clock.runFor(delay - 100);
        await page.waitForTimeout(1_500);
        expect(new URL(page.url()).pathname, `${delay - 100} ms after the notice`).toBe(`/pay/${orderId}`);
        // the delay is over: on to the next page
        await page.clock.runFor(200);
        await page.waitForURL((url) => url.pathname === target, { timeout: 20_000 });
        expect(await readOrderStatus(request, student, orderId)).toBe('pendingApproved');
      });
    });
  }
});

test.describe('PayPal declined, and the one-click retry', () => {
  test.beforeEach(({ consoleProblems }) => {
    // the providers' stand-in pages have no icon; that is their page, not ours
    consoleProblems.allow(/favicon\.ico/);
  });

  test('PayPal declines the funding: the order is cancelled, the order list says so, and one click places the same order again and opens PayPal for it', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    await withSiteSettings(request, { is_thank_you_page: true }, async () => {
      const student = await signedInStudent(page, request, 'ppdecl');
      const { orderId } = await placeOrder(request, student, MARKETING, 2);
      await page.goto(`/pay/${orderId}`);
      const modal = page.getByTestId('paypal-modal');
      await expect(modal).toBeVisible({ timeout: 45_000 });
      await modal.getByTestId('paypal-approve').click();
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('paypal')}/checkoutnow`), { timeout: 45_000 });
      await page.getByRole('button', { name: 'ปฏิเสธ · Decline' }).click();

      // spec section 4: a result other than success ends the order; the modal's way out is the order list
      await page.waitForURL((url) => url.pathname === ORDER_LIST, { timeout: 45_000 });
      await waitForHydration(page);
      expect(await readOrderStatus(request, student, orderId)).toBe('cancelled');
      const notice = await expectFailureNotice(page, orderId);
      const retry = notice.getByTestId('payment-failure-retry');
      await expect(retry).toHaveText('สั่งซื้ออีกครั้งและชำระเงิน');
      await expect(notice).toContainText('คำสั่งซื้อเดิมถูกยกเลิกแล้ว');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'paypal-declined-retry-390');
      await page.setViewportSize({ width: 1280, height: 900 });
      await keepScreenshot(page, testInfo, 'paypal-declined-retry-1280');

      await retry.click();
      await page.waitForURL((url) => /^\/pay\/\d+$/.test(url.pathname) && url.pathname !== `/pay/${orderId}`, { timeout: 30_000 });
      const newId = Number(new URL(page.url()).pathname.split('/').pop());
      await expect(page.getByTestId('paypal-modal')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('paypal-amount')).toHaveText('฿1,990.00');
      // a new order of the same course at the server's price; the old one stays cancelled
      const [before, after] = [await readOrder(request, orderId), await readOrder(request, newId)];
      expect(after.state).toBe('notYetReceived');
      expect(after.net).toBe(before.net);
      expect(before.state).toBe('cancelled');
    });
  });

  test('an Omise card declined on 3-D Secure: one click from the order list to a new order, paid with a new card entry', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const student = await signedInStudent(page, request, 'cardretry');
    const { orderId } = await placeOrder(request, student, MARKETING, 8);
    await page.goto(`/pay/${orderId}`);
    const form = page.getByTestId('card-form');
    await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
    const payWithCard = async () => {
      await form.getByLabel('หมายเลขบัตร').fill(VISA);
      await form.getByLabel('ชื่อผู้ถือบัตร').fill('SOMYING JAIDEE');
      await form.getByLabel('เดือนหมดอายุ').fill('01');
      await form.getByLabel('ปีหมดอายุ').fill('2031');
      await form.getByLabel('รหัส CVV').fill('321');
      await form.getByTestId('card-submit').click();
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('omise')}/payments/`), { timeout: 45_000 });
    };
    await payWithCard();
    await page.getByRole('button', { name: 'ปฏิเสธ · Decline' }).click();
    await page.waitForURL((url) => url.pathname === ORDER_LIST, { timeout: 45_000 });
    await waitForHydration(page);
    expect(await readOrderStatus(request, student, orderId)).toBe('cancelled');
    const notice = await expectFailureNotice(page, orderId);
    await keepScreenshot(page, testInfo, 'card-declined-retry-1280');

    await notice.getByTestId('payment-failure-retry').click();
    await page.waitForURL((url) => /^\/pay\/\d+$/.test(url.pathname) && url.pathname !== `/pay/${orderId}`, { timeout: 30_000 });
    const newId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
    await expect(form.getByTestId('card-submit')).toContainText('฿1,990.00');
    await payWithCard();
    await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/thankyou' || url.pathname === ORDER_LIST, { timeout: 45_000 });
    await expectOrderStatus(request, student, newId, 'approved');
    expect(await readOrderStatus(request, student, orderId)).toBe('cancelled');

    // the cancelled order's own page offers the same one click, and refuses it now the course is bought
    await page.goto(`/pay/${orderId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('pay-not-payable')).toBeVisible();
    await page.getByTestId('retry-order').click();
    await expect(page.getByTestId('retry-refused')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
  });
});

test.describe('a hosted payment link that could not be made', () => {
  test('2C2P refuses to make the installment link: the student is sent to the order list with the failure notice, and can pay again', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const student = await signedInStudent(page, request, 'linkfail');
    const { orderId } = await placeOrder(request, student, MARKETING, 10);
    await withPaymentMethod(request, 10, { application_id_1: 'NOT-OUR-MERCHANT' }, async () => {
      await page.goto(`/pay/${orderId}`);
      await page.waitForURL((url) => url.pathname === ORDER_LIST, { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('order')).toBe(String(orderId));
      await waitForHydration(page);
      const notice = await expectFailureNotice(page, orderId);
      await expect(page.getByTestId('payment-retry')).toHaveCount(0);
      await expect(notice.getByTestId('payment-failure-retry')).toHaveAttribute('href', `/pay/${orderId}`);
      await keepScreenshot(page, testInfo, 'link-failed-order-list-1280');
      // the notice is told once: a reload of the same address does not repeat it
      await page.reload();
      await expect(page.getByTestId('my-orders')).toBeVisible();
      await expect(page.getByTestId('payment-failure')).toHaveCount(0);
    });
    expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
  });
});
