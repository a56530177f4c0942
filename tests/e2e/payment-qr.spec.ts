import { keepScreenshot, readOrder, seededCourse, slipPng, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { expectOrderStatus, latestReference, learnFromThankYou, placeOrder, readOrderStatus, readPaymentStatus, readReferences, sandboxDecide, signedInStudent } from './support/pay';
import { STOREFRONT_URL, type SandboxName } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';

const QR_METHODS: { id: number; name: string; sandbox: SandboxName }[] = [
  { id: 4, name: 'SCB bank QR', sandbox: 'scb' },
  { id: 9, name: 'Omise PromptPay', sandbox: 'omise' },
  { id: 12, name: 'Xendit PromptPay', sandbox: 'xendit' },
  { id: 15, name: '2C2P QR', sandbox: '2c2p' },
];

test.describe('QR payments on /pay/{orderId}', () => {
  for (const method of QR_METHODS) {
    test(`method ${method.id} (${method.name}): the QR with its amount and expiry; the sandbox approves; the buyer lands on the thank-you page, the CMS approves the order and the course opens in the playlist`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(150_000);
      await withSiteSettings(request, { is_thank_you_page: true }, async () => {
        const student = await signedInStudent(page, request, `qr${method.id}`);
        const { orderId, token } = await placeOrder(request, student, MARKETING, method.id);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`/pay/${orderId}`);
        await waitForHydration(page);
        const screen = page.getByTestId('qr-screen');
        await expect(screen).toBeVisible({ timeout: 20_000 });
        await expect(screen).toHaveAttribute('data-method', String(method.id));
        await expect(page.getByTestId('pay-summary')).toContainText(`คำสั่งซื้อเลขที่ ${orderId}`);
        await expect(screen.getByTestId('qr-amount')).toHaveText('฿1,990.00');
        await expect(screen.getByRole('img', { name: 'QR สำหรับชำระเงิน ฿1,990.00' })).toHaveAttribute('src', /^data:image\/(png|svg\+xml|jpeg);base64,/);
        await expect(screen.getByTestId('qr-countdown')).toHaveText(/^QR หมดอายุใน (\d+:)?\d\d:\d\d$/);
        // the countdown runs
        const before = await screen.getByTestId('qr-countdown').textContent();
        await expect(screen.getByTestId('qr-countdown')).not.toHaveText(before ?? '', { timeout: 3_000 });
        await keepScreenshot(page, testInfo, `qr-${method.id}-390`);
        await page.setViewportSize({ width: 1280, height: 900 });
        await keepScreenshot(page, testInfo, `qr-${method.id}-1280`);

        // one attempt with the provider, pending until the buyer pays
        const { attempts } = await readPaymentStatus(request, student, orderId);
        expect(attempts.map((attempt) => [attempt.payment_method_id, attempt.status])).toEqual([[method.id, 'pending']]);
        await sandboxDecide(request, method.sandbox, 'approve', await latestReference(request, orderId));

        await page.waitForURL(`**/thankyou?orderId=${token}`, { timeout: 15_000 });
        await expect(page.getByTestId('thankyou-order')).toContainText(`คำสั่งซื้อเลขที่ ${orderId}`);
        await expect(page.getByTestId('thankyou-total')).toHaveText('฿1,990.00');
        const order = await expectOrderStatus(request, student, orderId, 'approved');
        expect(order.net).toBe(199_000);
        if (method.id === 9) {
          await page.setViewportSize({ width: 390, height: 844 });
          await keepScreenshot(page, testInfo, 'thankyou-after-qr-390');
        }

        // the paid order's payment page now only sends the buyer on
        await page.goto(`/pay/${orderId}`);
        await expect(page).toHaveURL(new RegExp(`/thankyou\\?orderId=${token}$`));

        // the course link of the thank-you page opens the playlist, paid lectures playable
        await learnFromThankYou(page, (await seededCourse(request, MARKETING)).path);
      });
    });
  }

  test('real time: the PromptPay screen turns to the thank-you page within 2 s of the approval, before any 6 s status poll', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4', is_thank_you_page: true }, async () => {
      const student = await signedInStudent(page, request, 'rt');
      const polls: string[] = [];
      page.on('request', (request) => {
        if (/\/pay\/\d+\/status/.test(request.url())) polls.push(request.url());
      });
      const sockets: string[] = [];
      page.on('websocket', (socket) => sockets.push(socket.url()));

      // the order is placed through the registration layout's checkout and continues on /pay
      await page.goto(course.path);
      await waitForHydration(page);
      await page.locator('[data-testid="payment-method"][data-method-id="9"]').click();
      await expect(page.locator('[data-testid="payment-method"][data-method-id="9"] input')).toBeChecked();
      await page.getByTestId('pay-button').click();
      await page.waitForURL(/\/pay\/\d+$/, { timeout: 20_000 });
      const orderId = Number(new URL(page.url()).pathname.split('/').pop());
      const screen = page.getByTestId('qr-screen');
      await expect(screen).toBeVisible({ timeout: 20_000 });
      await expect(screen).toHaveAttribute('data-method', '9');
      // the tab has joined the student's room
      await expect(screen).toHaveAttribute('data-realtime', 'ready', { timeout: 5_000 });
      // through the page's own origin: the browser checks certificates here (no ignored errors) and the channel's self-signed one is never offered to it
      expect(testInfo.project.use.ignoreHTTPSErrors ?? false).toBe(false);
      expect(sockets.map((url) => new URL(url).host)).toEqual([new URL(page.url()).host]);
      const { order_token: token } = await readOrder(request, orderId);
      const reference = await latestReference(request, orderId);

      const approvedAt = Date.now();
      await sandboxDecide(request, 'omise', 'approve', reference);
      await page.waitForURL(`**/thankyou?orderId=${token}`, { timeout: 5_000 });
      const elapsed = Date.now() - approvedAt;
      expect(elapsed, 'from the approval to the thank-you page (ms)').toBeLessThan(2_000);
      expect(polls, 'status polls before the page moved on').toEqual([]);
      await expect(page.getByTestId('thankyou-order')).toContainText(`คำสั่งซื้อเลขที่ ${orderId}`);
      await expectOrderStatus(request, student, orderId, 'approved');
      await keepScreenshot(page, testInfo, 'thankyou-realtime-1280');
    });
  });

  test('method 9 declined: the order list with the failure notice (spec section 4), then "pay again" shows a new QR for the same order', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const student = await signedInStudent(page, request, 'decl');
    const { orderId } = await placeOrder(request, student, MARKETING, 9);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/pay/${orderId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('qr-screen')).toBeVisible({ timeout: 20_000 });
    const first = await latestReference(request, orderId);
    await sandboxDecide(request, 'omise', 'decline', first);

    await page.waitForURL((url) => url.pathname === '/myaccount/student/order' && url.searchParams.get('order') === String(orderId), { timeout: 10_000 });
    const failure = page.getByTestId('payment-failure');
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('heading')).toHaveText('ผิดพลาด');
    await expect(failure).toContainText('ชำระเงินไม่สำเร็จ กรุณาลองอีกครั้ง');
    await expect(page.getByTestId('qr-screen')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'qr-declined-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreenshot(page, testInfo, 'qr-declined-1280');
    // the order still waits for its payment
    expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');

    await failure.getByTestId('payment-failure-retry').click();
    await expect(page).toHaveURL(new RegExp(`/pay/${orderId}$`));
    await expect(page.getByTestId('qr-screen')).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await readPaymentStatus(request, student, orderId)).attempts.map((attempt) => attempt.status)).toEqual(['pending', expect.stringMatching(/^(rejected|expired)$/)]);
    expect(await latestReference(request, orderId)).not.toBe(first);
  });

  test('someone else’s order is not found, and a visitor is sent to sign in', async ({ page, request }) => {
    const owner = await signedInStudent(page, request, 'own');
    const { orderId } = await placeOrder(request, owner, MARKETING, 9);
    await page.context().clearCookies();
    const visitor = await page.request.get(`/pay/${orderId}`, { maxRedirects: 0 });
    expect(visitor.status()).toBe(302);
    expect(visitor.headers().location).toBe(`/login?redirect=${encodeURIComponent(`/pay/${orderId}`)}`);
    await signedInStudent(page, request, 'other');
    expect((await page.request.get(`/pay/${orderId}`)).status()).toBe(404);
    expect((await page.request.post(`/pay/${orderId}`, { form: { intent: 'start', js: '1' } })).status()).toBe(404);
    expect((await page.request.get(`/pay/${orderId}/status`)).status()).toBe(404);
    // nothing was started for the owner's order by the other student
    expect(await readReferences(request, orderId)).toEqual([]);
  });
});

test.describe('the bank-transfer notification on /pay/{orderId}', () => {
  test('before its scripts run the page shows the totals, the exact-amount QR and the accounts, its buttons disabled, and nothing moves once they run; without script the report is a plain form', async ({
    page,
    browser,
    request,
  }) => {
    const student = await signedInStudent(page, request, 'firstscreen');
    const { orderId } = await placeOrder(request, student, MARKETING, 1);
    const viewport = { width: 390, height: 844 };
    const noScript = await browser.newContext({ baseURL: STOREFRONT_URL, javaScriptEnabled: false, viewport });
    try {
      await noScript.addCookies(await page.context().cookies());
      const before = await noScript.newPage();
      await before.goto(`/pay/${orderId}`);
      await expect(before.getByTestId('server-total')).toHaveText(/^฿[\d,]+\.\d{2}$/);
      const qr = before.getByTestId('promptpay-exact').getByRole('img');
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the QR picture loaded').toBe(true);
      await expect(before.getByTestId('bank-accounts')).toBeVisible();
      await expect(before.getByTestId('open-report')).toBeDisabled();
      const buttonBefore = await before.getByTestId('open-report').boundingBox();

      await page.setViewportSize(viewport);
      await page.goto(`/pay/${orderId}`);
      await expect(page.getByTestId('payment-step')).toBeVisible();
      await expect(page.getByTestId('open-report')).toBeEnabled();
      expect(await page.getByTestId('open-report').boundingBox(), 'nothing above the button moved').toEqual(buttonBefore);
      await expect(page.getByTestId('report-plain'), 'a browser with script never draws the plain form').toHaveCount(0);
      // on a phone the report's modal scrolls its fields and keeps its buttons inside its box
      await page.getByTestId('open-report').click();
      const dialog = page.getByTestId('report-dialog');
      await expect(page.getByTestId('report-submit')).toBeVisible();
      const box = (await dialog.boundingBox())!;
      const submit = (await page.getByTestId('report-submit').boundingBox())!;
      expect(box.y + box.height, 'the modal fits the screen').toBeLessThanOrEqual(viewport.height);
      expect(submit.y + submit.height, 'the submit button is inside the modal').toBeLessThanOrEqual(box.y + box.height);
      // the slip's file field speaks the site's language, not the browser's, and its button opens the chooser
      const slip = dialog.locator('[data-field="slip"]');
      await expect(slip.getByText('เลือกไฟล์', { exact: true })).toBeVisible();
      await expect(slip.getByTestId('file-chosen')).toHaveText('ยังไม่ได้เลือกไฟล์');
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), slip.getByText('เลือกไฟล์', { exact: true }).click()]);
      await chooser.setFiles([
        { name: 'slip.png', mimeType: 'image/png', buffer: slipPng() },
        { name: 'slip-2.png', mimeType: 'image/png', buffer: slipPng() },
      ]);
      await expect(slip.getByTestId('file-chosen')).toHaveText('เลือกแล้ว 2 ไฟล์: slip.png, slip-2.png');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // a browser without script reports the transfer through the plain form, and goes on to the thank-you page
      const report = before.getByTestId('report-plain');
      await expect(report).toBeVisible();
      await expect(report.getByRole('textbox', { name: 'จำนวนเงินที่โอน' })).toHaveValue(/^\d+\.\d{2}$/);
      await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
      await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
      await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
      await report.getByTestId('report-plain-submit').click();
      await before.waitForURL(/\/(thankyou\?orderId=|myaccount\/student\/order)/, { timeout: 20_000 });
      expect(await readOrderStatus(request, student, orderId)).toBe('pendingApproved');
    } finally {
      await noScript.close();
    }
  });

  for (const thankYouPage of [true, false]) {
    test(`can be put off: Escape closes it, and "notify later" leads to ${thankYouPage ? 'the thank-you page' : 'the order list'}`, async ({ page, request }) => {
      test.setTimeout(150_000);
      await withSiteSettings(request, { is_thank_you_page: thankYouPage }, async () => {
        const student = await signedInStudent(page, request, `later${thankYouPage ? 't' : 'o'}`);
        const { orderId, token } = await placeOrder(request, student, MARKETING, 1);
        await page.goto(`/pay/${orderId}`);
        await waitForHydration(page);
        await page.getByTestId('open-report').click();
        const report = page.getByTestId('report-dialog');
        await expect(report).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(report).toBeHidden();
        await page.getByTestId('open-report').click();
        await report.getByRole('link', { name: 'แจ้งชำระเงินภายหลัง' }).click();
        if (thankYouPage) await expect(page).toHaveURL(new RegExp(`/thankyou\\?orderId=${token}$`));
        else await expect(page).toHaveURL(/\/myaccount\/student\/order$/);
        // nothing was reported: the order still waits for its payment
        expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
      });
    });
  }
});
