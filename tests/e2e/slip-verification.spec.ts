/**
 * A slip checked at the bank (ADR 196): with the shop's automatic check on, a student reports a
 * transfer with a slip picture whose mini-QR is a real slip payload (promptparse), the SCB stand-in's
 * bank knows that transfer, and the student reaches the thank-you page of an approved order
 * without anyone in the shop doing anything. A slip reported again for another order is refused,
 * and the administrator finds the refusal with a link to the slip's first use (ADR 205).
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { keepScreenshot, readOrder, registerStudent, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent, type Student } from './support/pay';
import { CMS_URL, sandboxUrl } from './support/servers';
import { signInOnStorefront } from './support/storefront-pages';

const MARKETING = 'online-marketing-for-beginners';

/** A phone-sized slip picture with the mini-QR of this payload in its corner. */
async function slipPicture(payload: string): Promise<Buffer> {
  const qr = await QRCode.toBuffer(payload, { width: 200, margin: 2 });
  return sharp({ create: { width: 1080, height: 1900, channels: 3, background: '#eef3f8' } })
    .composite([{ input: qr, left: 800, top: 1560 }])
    .png()
    .toBuffer();
}

/** Now in Bangkok, as the bank dates a transfer. */
function bangkokNow(): { transDate: string; transTime: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { transDate: `${get('year')}-${get('month')}-${get('day')}`, transTime: `${get('hour')}:${get('minute')}:${get('second')}` };
}

/** Registers the transfer at the stand-in's bank and files the order's report on /pay with a slip picture of it. */
async function reportVerifiedSlip(page: Page, request: APIRequestContext, orderId: number, amountBaht: string): Promise<void> {
  // the transfer as the bank knows it: to the shop's demo account (masked as banks show it), just now
  const transRef = `${Date.now().toString(36).toUpperCase()}E2E`.slice(0, 20);
  const registered = await request.post(`${sandboxUrl('scb')}/__sandbox/slips`, {
    data: { transRef, sendingBank: '004', amount: amountBaht, receiverAccount: 'xxx-x-x6789-x', ...bangkokNow() },
  });
  expect(registered.status()).toBe(201);
  await page.goto(`/pay/${orderId}`);
  await waitForHydration(page);
  await page.getByTestId('open-report').click();
  const report = page.getByTestId('report-dialog');
  await expect(report).toBeVisible();
  await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
  await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
  await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture(generate.slipVerify({ sendingBank: '004', transRef })) });
  await report.getByTestId('report-submit').click();
  await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 30_000 });
}

/** A new student signed in over the API (no browser needed for the buyers of the reuse case). */
async function apiStudent(request: APIRequestContext, prefix: string): Promise<Student> {
  const credentials = await registerStudent(request, prefix);
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: credentials.username, password: credentials.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  return { ...credentials, id: user.id, jwt };
}

/** Files the order's bank-transfer report over the API with this slip picture. */
async function reportOverApi(request: APIRequestContext, student: Student, orderId: number, picture: Buffer): Promise<APIResponse> {
  const headers = { authorization: `Bearer ${student.jwt}` };
  const accounts = await request.post(`${CMS_URL}/api/payment/bank-transfer`, { headers, data: { orderId } });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const { data } = (await accounts.json()) as { data: { amount: string; accounts: { account_id: string }[] } };
  const upload = await request.post(`${CMS_URL}/api/home/test_upload`, { headers, multipart: { imageinput0: { name: 'slip.png', mimeType: 'image/png', buffer: picture } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const slip = ((await upload.json()) as { fileName: string[] }).fileName[0];
  return request.post(`${CMS_URL}/private/payment/report`, {
    headers,
    data: {
      order_id: orderId,
      payment_method_id: 1,
      contact_name: 'สมหญิง ใจดี',
      bank_account: data.accounts[0].account_id,
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-26',
      time: '10:00:00',
      transfer_amount: data.amount,
      slip: [slip],
    },
  });
}

test.describe('slips checked at the bank', () => {
  test('a slip the bank confirms approves the order: the thank-you page says paid, no admin involved', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    await withSiteSettings(request, { is_thank_you_page: true, slip_auto_verify: true }, async () => {
      const student = await signedInStudent(page, request, 'slipcheck');
      const { orderId } = await placeOrder(request, student, MARKETING, 1);
      await reportVerifiedSlip(page, request, orderId, ((await readOrder(request, orderId)).net / 100).toFixed(2));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ขอบคุณสำหรับการสั่งซื้อ');
      await expect(page.getByTestId('thankyou-status')).toHaveAttribute('data-status', 'approved');
      expect((await readOrder(request, orderId)).state).toBe('approved');
      await keepScreenshot(page, testInfo, 'thankyou-slip-verified-1280');
    });
  });

  test('a slip of another amount waits, and the review page tells the administrator why in Thai', async ({ page, request, browser }, testInfo) => {
    test.setTimeout(150_000);
    await withSiteSettings(request, { is_thank_you_page: true, slip_auto_verify: true }, async () => {
      const student = await signedInStudent(page, request, 'slipshort');
      const { orderId } = await placeOrder(request, student, MARKETING, 1);
      await reportVerifiedSlip(page, request, orderId, '1.00');
      await expect(page.getByTestId('thankyou-status')).toHaveAttribute('data-status', 'pendingApproved');

      const admin = await (await browser.newContext()).newPage();
      await signInOnStorefront(admin, { username: 'demo.admin', password: 'demo1234' }, '/admin/payments');
      await expect(admin.getByTestId('admin-payments')).toBeVisible();
      let card = admin.locator(`[data-testid="payment-report"][data-order-id="${orderId}"]`);
      for (let n = 2; n <= 20 && !(await card.count()); n += 1) {
        await admin.goto(`/admin/payments?page=${n}`);
        await expect(admin.getByTestId('admin-payments')).toBeVisible();
        card = admin.locator(`[data-testid="payment-report"][data-order-id="${orderId}"]`);
      }
      const reason = card.getByTestId('report-slip-verify');
      await expect(reason).toHaveAttribute('data-reason', 'amount_mismatch');
      await expect(reason).toContainText('ยอดเงินที่ธนาคารยืนยันไม่ตรงกับยอดที่ต้องชำระ');
      await card.scrollIntoViewIfNeeded();
      for (const width of [1440, 390]) {
        await admin.setViewportSize({ width, height: 900 });
        await keepScreenshot(admin, testInfo, `admin-payments-slip-verify-${width}`);
        await card.screenshot({ path: testInfo.outputPath(`admin-payments-slip-verify-card-${width}.png`) });
      }
      await admin.context().close();
    });
  });

  test('a slip reused on another order is refused, and the review page shows the refusal with a working link to its first use', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const picture = await slipPicture(generate.slipVerify({ sendingBank: '014', transRef: `${Date.now().toString(36).toUpperCase()}REUSE`.slice(0, 20) }));
    const first = await apiStudent(request, 'slipfirst');
    const firstOrder = await placeOrder(request, first, MARKETING, 1);
    const filed = await reportOverApi(request, first, firstOrder.orderId, picture);
    expect(filed.status(), await filed.text()).toBe(201);
    const firstReportId = ((await filed.json()) as { orderPaymentId: number }).orderPaymentId;

    const second = await apiStudent(request, 'slipagain');
    const secondOrder = await placeOrder(request, second, MARKETING, 1);
    const refused = await reportOverApi(request, second, secondOrder.orderId, picture);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('สลิปนี้ถูกใช้แจ้งชำระคำสั่งซื้ออื่นไปแล้ว');

    await signInOnStorefront(page, { username: 'demo.admin', password: 'demo1234' }, '/admin/payments');
    const refusals = page.getByTestId('slip-refusals');
    await expect(refusals.getByRole('heading', { name: /สลิปซ้ำที่ระบบปฏิเสธ/ })).toBeVisible();
    const refusal = refusals.locator(`[data-testid="slip-refusal"][data-order-id="${secondOrder.orderId}"]`);
    await expect(refusal).toContainText(`คำสั่งซื้อเลขที่ ${secondOrder.orderId}`);
    await expect(refusal).toContainText(second.username);
    await expect(refusal.getByTestId('slip-refusal-reference')).toContainText('014 SCB');
    const link = refusal.getByTestId('slip-refusal-first-use');
    await expect(link).toHaveText(`ใช้ครั้งแรก: การแจ้งชำระ #${firstReportId} ของคำสั่งซื้อเลขที่ ${firstOrder.orderId}`);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await refusal.scrollIntoViewIfNeeded();
      await keepScreenshot(page, testInfo, `admin-payments-slip-refusal-${width}`);
      await refusal.screenshot({ path: testInfo.outputPath(`admin-payments-slip-refusal-card-${width}.png`) });
    }

    await link.click();
    await page.waitForURL(new RegExp(`/admin/payments\\?order=${firstOrder.orderId}#report-${firstReportId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`การแจ้งชำระเงินของคำสั่งซื้อเลขที่ ${firstOrder.orderId}`);
    const firstCard = page.locator(`[data-testid="payment-report"][data-report-id="${firstReportId}"]`);
    await expect(firstCard).toBeVisible();
    await expect(firstCard).toHaveAttribute('data-order-id', String(firstOrder.orderId));
    await expect(page.getByTestId('payment-report')).toHaveCount(1);
    await keepScreenshot(page, testInfo, 'admin-payments-first-use-390');

    // decided there, the report stays on its order's page with its status and no buttons
    await firstCard.getByTestId('report-approve').click();
    await expect(firstCard).toHaveAttribute('data-status', 'approved', { timeout: 30_000 });
    await expect(firstCard.getByTestId('report-status')).toContainText('อนุมัติแล้ว');
    await expect(firstCard.getByTestId('report-approve')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'admin-payments-first-use-approved-390');
  });
});
