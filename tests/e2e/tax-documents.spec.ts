/**
 * The student downloads the receipt of a paid order from "my orders" (ADR 189): the sandbox
 * approves a PromptPay payment, the order lists its receipt, and the link answers the PDF.
 */
import { keepScreenshot } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { expectOrderStatus, latestReference, placeOrder, sandboxDecide, signedInStudent } from './support/pay';

const MARKETING = 'online-marketing-for-beginners';

test('a paid order lists its receipt in my orders, and the link downloads the PDF', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const student = await signedInStudent(page, request, 'receipt');
  const { orderId } = await placeOrder(request, student, MARKETING, 9);
  await page.goto(`/pay/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('qr-screen')).toBeVisible({ timeout: 20_000 });
  await sandboxDecide(request, 'omise', 'approve', await latestReference(request, orderId));
  await expectOrderStatus(request, student, orderId, 'approved');

  await page.goto('/myaccount/student/order');
  const card = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
  const link = card.getByTestId('order-document');
  await expect(link).toContainText(/ดาวน์โหลดใบเสร็จรับเงิน เลขที่ \d{4}-\d{6} \(PDF\)/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `my-orders-receipt-${width}`);
  }

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^receipt-\d{4}-\d{6}\.pdf$/);
  const answer = await page.request.get(`/private/orders/${orderId}/documents/receipt`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
