import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { fillGuestForm, keepScreenshot, seededCourse, slipPng, uniqueName, withSiteSettings, type Credentials } from './support/course-checkout';
import { expect as baseExpect, test, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';
import { learnFromThankYou } from './support/pay';
import { waitForMail } from './support/smtp';

// sign-up, order, upload and review each take a CMS round trip or several: allow a loaded machine its time
const expect = baseExpect.configure({ timeout: 30_000 });

const MARKETING = 'online-marketing-for-beginners';
const SHOP_ADMIN = { username: 'demo.admin', password: 'demo1234' };

type Bought = Credentials & { orderId: number; token: string; courseId: number; coursePath: string; total: string };

/** A visitor registers on the course page (layout 4), orders by bank transfer and reports the transfer with a slip. */
async function buyByTransfer(page: Page, request: APIRequestContext, slug = MARKETING): Promise<Bought> {
  const course = await seededCourse(request, slug);
  await page.goto(course.path);
  await waitForHydration(page);
  await expect(page.getByTestId('course-layout')).toHaveAttribute('data-layout', '4');
  const username = uniqueName('buyer');
  const credentials = { username, password: 'secret1', email: `${username}@example.com` };
  await fillGuestForm(page, { firstname: 'สมหญิง', lastname: 'ใจดี', email: credentials.email, tel: '0812345678', username, password: credentials.password });
  const contact = page.getByTestId('checkout-contact');
  // the demo's registration form asks for these too
  await contact.getByText('การตลาด', { exact: true }).click();
  await contact.getByText('Google', { exact: true }).click();
  await contact.locator('[data-field="profileImage"] input[type="file"]').setInputFiles({ name: 'profile.png', mimeType: 'image/png', buffer: slipPng(40, 40) });
  await page.getByTestId('pay-button').click();
  const payment = page.getByTestId('payment-step');
  await expect(payment).toBeVisible({ timeout: 60_000 });
  const orderId = Number(await payment.getAttribute('data-order-id'));
  const total = (await page.getByTestId('server-total').textContent())!.trim();

  await page.getByTestId('open-report').click();
  const report = page.getByTestId('report-dialog');
  await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
  await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
  await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng(300, 120) });
  await report.getByTestId('report-submit').click();
  await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 60_000 });
  const token = new URL(page.url()).searchParams.get('orderId')!;
  return { ...credentials, orderId, token, courseId: course.id, coursePath: course.path, total };
}

/** Signs in on /login, which goes back to `redirect`. */
async function signIn(page: Page, who: { username: string; password: string }, redirectTo: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirectTo)}`);
  // the sign-in form posts without script too: no need to wait for hydration
  const panel = page.getByTestId('login-panel');
  await panel.locator('input[name="username"]').fill(who.username);
  await panel.locator('input[name="password"]').fill(who.password);
  await panel.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === redirectTo.split('?')[0]);
}

/** A signed-in shop administrator in a browser context of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // a visitor is sent to the sign-in page and comes back
  await page.goto('/admin/payments');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fpayments/);
  await signIn(page, SHOP_ADMIN, '/admin/payments');
  await expect(page.getByTestId('admin-payments')).toBeVisible();
  return page;
}

/** The review card of an order's report, on whichever page of the pending list it is. */
async function findReport(page: Page, orderId: number) {
  for (let n = 1; n <= 20; n += 1) {
    await page.goto(`/admin/payments?page=${n}`);
    await waitForHydration(page);
    const card = page.locator(`[data-testid="payment-report"][data-order-id="${orderId}"]`);
    if (await card.count()) return card;
    if (!(await page.getByRole('link', { name: 'ถัดไป' }).count())) break;
  }
  throw new Error(`no pending report of order ${orderId}`);
}

async function studentJwt(request: APIRequestContext, who: Credentials): Promise<string> {
  const response = await request.post(`${CMS_URL}/public/students/login`, { data: { username: who.username, password: who.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { jwt: string }).jwt;
}

test.describe('orders, the thank-you page and the payments review', () => {
  test('a transfer is reported, demo.admin approves it from the slip, the student is mailed and can start learning', async ({ page, request, browser }, testInfo) => {
    test.setTimeout(420_000);
    await withSiteSettings(request, { layout: '4', is_thank_you_page: true }, async () => {
      const bought = await buyByTransfer(page, request);

      // thank-you: the order as the CMS priced it, waiting for the shop
      await expect(page.getByTestId('thankyou-order')).toHaveAttribute('data-order-id', String(bought.orderId));
      await expect(page.getByTestId('thankyou-status')).toHaveText('รอตรวจสอบ');
      await expect(page.getByTestId('thankyou-total')).toHaveText(bought.total);
      await expect(page.getByTestId('order-next-step')).toContainText('ทีมงานกำลังตรวจสอบหลักฐานการโอนเงิน');
      await expect(page.getByTestId('order-learn')).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'thankyou-pending-390');
      await page.setViewportSize({ width: 1280, height: 900 });

      // my orders: pending, with its amount
      await page.goto('/myaccount/student/order');
      const mine = page.locator(`[data-testid="my-order"][data-order-id="${bought.orderId}"]`);
      await expect(mine.getByTestId('order-status')).toHaveText('รอตรวจสอบ');
      await expect(mine.getByTestId('order-total')).toHaveText(bought.total);
      await expect(mine).toContainText('แจ้งชำระเงินแล้ว รอทีมงานตรวจสอบ');

      // the administrator sees the report with its slip and approves it
      const admin = await adminPage(browser);
      const card = await findReport(admin, bought.orderId);
      await expect(card.getByTestId('report-amount-due')).toHaveText(bought.total);
      await expect(card.getByTestId('report-amount')).toHaveText(bought.total);
      await expect(card.getByTestId('report-origin-bank')).toContainText('กสิกร');
      await expect(card).toContainText(bought.email);
      const slip = card.getByTestId('report-slip').first();
      await slip.scrollIntoViewIfNeeded();
      await expect(slip).toBeVisible();
      await expect.poll(() => slip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
      const slipUrl = await slip.getAttribute('src');
      expect(slipUrl).toMatch(/^\/admin\/payments\/slip\//);
      // the slip is served to the administrator only, and the CMS's public folder does not serve it at all
      expect((await page.request.get(slipUrl!, { maxRedirects: 0 })).status()).toBe(403);
      const slipName = decodeURIComponent(slipUrl!.slice(slipUrl!.lastIndexOf('/') + 1));
      expect((await request.get(`${CMS_URL}/uploads/${slipName}`)).status()).toBe(404);
      await admin.setViewportSize({ width: 1280, height: 900 });
      await keepScreenshot(admin, testInfo, 'admin-payments-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(admin, testInfo, 'admin-payments-390');
      await card.getByTestId('report-approve').click();
      await expect(admin.getByTestId('admin-payments-notice')).toHaveText(`อนุมัติคำสั่งซื้อเลขที่ ${bought.orderId} แล้ว`);
      await expect(admin.locator(`[data-testid="payment-report"][data-order-id="${bought.orderId}"]`)).toHaveCount(0);
      await admin.context().close();

      // the student's mail, in Thai
      const mail = await waitForMail({ to: bought.email, subject: `ยืนยันการชำระเงิน คำสั่งซื้อเลขที่ ${bought.orderId}` });
      expect(mail.text).toContain('การชำระเงินของคุณได้รับการอนุมัติแล้ว');
      expect(mail.text).toContain(`ยอดชำระ: ${bought.total}`);

      // my orders: approved, with the access of the course and the way in
      await page.goto('/myaccount/student/order');
      await expect(mine.getByTestId('order-status')).toHaveText('อนุมัติแล้ว');
      await expect(mine.getByTestId('order-access')).toBeVisible();
      await expect(mine.getByTestId('order-learn')).toHaveAttribute('href', `${bought.coursePath}/learn`);
      await keepScreenshot(page, testInfo, 'my-orders-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'my-orders-390');
      await page.setViewportSize({ width: 1280, height: 900 });

      // the thank-you page now opens the course
      await page.goto(`/thankyou?orderId=${encodeURIComponent(bought.token)}`);
      await waitForHydration(page);
      await expect(page.getByTestId('thankyou-status')).toHaveText('อนุมัติแล้ว');
      await expect(page.getByTestId('order-next-step')).toContainText('เริ่มเรียนได้ทันที');
      await keepScreenshot(page, testInfo, 'thankyou-approved-1280');
      // its course link opens the playlist, paid lectures playable
      await learnFromThankYou(page, bought.coursePath);

      // and the CMS agrees the student may watch it
      const jwt = await studentJwt(request, bought);
      const playlist = await request.get(`${CMS_URL}/public/course/videoplaylist/${bought.courseId}`, { headers: { authorization: `Bearer ${jwt}` } });
      expect(((await playlist.json()) as { canLearn: boolean }).canLearn).toBe(true);
    });
  });

  test('a rejection reaches the student with the shop’s reason; another account’s token shows nothing of the order', async ({ page, request, browser }) => {
    test.setTimeout(420_000);
    await withSiteSettings(request, { layout: '4', is_thank_you_page: true }, async () => {
      const bought = await buyByTransfer(page, request);

      const admin = await adminPage(browser);
      const card = await findReport(admin, bought.orderId);
      await card.getByTestId('report-reject').click();
      const dialog = admin.getByTestId('reject-dialog');
      // a reason is required
      await dialog.getByTestId('reject-confirm').click();
      await expect(dialog).toContainText('กรุณากรอกเหตุผลที่ไม่อนุมัติ');
      await dialog.getByRole('textbox').fill('ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ');
      await dialog.getByTestId('reject-confirm').click();
      await expect(admin.getByTestId('admin-payments-notice')).toHaveText(`ไม่อนุมัติคำสั่งซื้อเลขที่ ${bought.orderId} แล้ว`);
      await admin.context().close();

      const mail = await waitForMail({ to: bought.email, subject: `การแจ้งชำระเงินไม่ผ่านการตรวจสอบ คำสั่งซื้อเลขที่ ${bought.orderId}` });
      expect(mail.text).toContain('ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ');

      await page.goto('/myaccount/student/order');
      const mine = page.locator(`[data-testid="my-order"][data-order-id="${bought.orderId}"]`);
      await expect(mine.getByTestId('order-status')).toHaveText('ไม่อนุมัติ');
      await expect(mine.getByTestId('order-reject-reason')).toHaveText('เหตุผลที่ไม่อนุมัติ: ยอดเงินในสลิปไม่ตรงกับยอดที่ต้องชำระ');
      await expect(mine.getByTestId('order-learn')).toHaveCount(0);

      await page.goto(`/thankyou?orderId=${encodeURIComponent(bought.token)}`);
      await expect(page.getByTestId('thankyou-status')).toHaveText('ไม่อนุมัติ');
      await expect(page.getByTestId('order-reject-reason')).toBeVisible();

      // someone else holding the link sees a plain thank-you
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await otherPage.goto(`/thankyou?orderId=${encodeURIComponent(bought.token)}`);
      await expect(otherPage.getByTestId('thankyou-generic')).toBeVisible();
      await expect(otherPage.getByTestId('thankyou-order')).toHaveCount(0);
      await expect(otherPage.getByTestId('thankyou-generic')).toContainText('เข้าสู่ระบบด้วยบัญชีที่สั่งซื้อ');
      await other.close();
      await page.goto('/thankyou');
      await expect(page.getByTestId('thankyou-generic')).toBeVisible();
    });
  });

  test('a student gets no access to the administrator area, and a visitor signs in for my orders', async ({ page, request, consoleProblems }) => {
    test.setTimeout(120_000);
    // the browser logs the 403 answers this test asks for
    consoleProblems.allow(/status of 403 \(Forbidden\).*\/admin/);
    const username = uniqueName('nosy');
    const response = await request.post(`${CMS_URL}/public/students/course-detail-page`, {
      data: {
        firstname: 'ผู้ทดสอบ',
        lastname: 'สิทธิ์',
        email: `${username}@example.com`,
        tel: '0812345678',
        username,
        password: 'secret1',
        customLabel: [{ id: 2, value: 'beginner', validation: true, label: 'ประสบการณ์ในเรื่องนี้' }],
        studentGroupKpi: 1,
        is_require_tax_invoice: false,
        is_registration_layout_four: true,
      },
    });
    expect(response.status(), await response.text()).toBe(200);

    await page.goto('/myaccount/student/order');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmyaccount%2Fstudent%2Forder/);
    await signIn(page, { username, password: 'secret1' }, '/myaccount/student/order');
    await expect(page.getByTestId('my-orders-empty')).toHaveText(/คุณยังไม่มีคำสั่งซื้อ/);

    for (const path of ['/admin', '/admin/payments']) {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(403);
      await expect(page.getByTestId('admin-forbidden')).toContainText('คุณไม่มีสิทธิ์เข้าถึงหน้านี้');
      await expect(page.getByTestId('admin-nav')).toHaveCount(0);
    }
    // the review's actions refuse a student as well
    const approve = await page.request.post('/admin/payments', { form: { intent: 'approve', reportId: '1', orderId: '1' }, maxRedirects: 0 });
    expect(approve.status()).toBe(403);
  });
});
