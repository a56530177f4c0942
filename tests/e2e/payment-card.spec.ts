/**
 * Card payments and PayPal on /pay/{orderId}: the Omise card form (tokenised by the Omise.js
 * stand-in, then 3-D Secure on the sandbox), the 2C2P card form (encrypted by the my2c2p
 * stand-in and handed over at /creditcard/{orderId}), and the PayPal modal. Each test
 * creates its own student and order; the sandboxes stand in for the providers.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { APIRequestContext, Page, Request, TestInfo } from '@playwright/test';
import { keepScreenshot, registerStudent, seededCourse, type Credentials } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { learnFromThankYou } from './support/pay';
import { CMS_URL, sandboxUrl } from './support/servers';

const COURSE = 'online-marketing-for-beginners';
const VISA = '4242424242424242';
const ORDER_LIST = '/myaccount/student/order';

type Placed = { orderId: number; token: string; credentials: Credentials; jwt: string; coursePath: string };

/** Runs `work` where the shop's thank-you page is on, as the demo seed has it (the providers' returns land there). */
async function withThankYouPage(request: APIRequestContext, work: () => Promise<void>): Promise<void> {
  const settings = await request.get(`${CMS_URL}/api/setting/site/into/1`);
  expect(((await settings.json()) as { data: { is_thank_you_page: boolean } }).data.is_thank_you_page, 'the thank-you page is on').toBe(true);
  await work();
}

/** A new student and their unpaid order of the course with `methodId`, placed through the CMS's order call with their token. */
async function placeOrder(request: APIRequestContext, methodId: number): Promise<Placed> {
  const credentials = await registerStudent(request, 'card');
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: credentials.username, password: credentials.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  const course = await seededCourse(request, COURSE);
  const plans = await request.post(`${CMS_URL}/public/cart/getallpriecingplan`, { data: { courseID: [course.id] } });
  const plan = ((await plans.json()) as { data: { id: number; is_default: boolean; price: number }[] }).data.find((candidate) => candidate.is_default);
  expect(plan, 'the default plan of the course').toBeDefined();
  const order = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: {
      user_id: user.id,
      course_id: [course.id],
      payment_method_id: methodId,
      coupon_id: [],
      promotion_id: null,
      status: 'notYetReceived',
      price: String(plan!.price),
      discount: '0',
      shipping_fee: '0',
      currency_code: 'THB',
      pricingplan_id: [plan!.id],
      courses: JSON.stringify([{ course_id: course.id, pricingplan_id: plan!.id, price: String(plan!.price), discount: '0', quantity: 1 }]),
      cancel_at: null,
      is_withholding: false,
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const body = (await order.json()) as { orderId: number; order_detail: { order_token: string } };
  return { orderId: body.orderId, token: body.order_detail.order_token, credentials, jwt, coursePath: course.path };
}

/** The order's state as its student reads it from the CMS (GET /private/orders/:orderId). */
async function orderStatus(request: APIRequestContext, placed: Placed): Promise<string> {
  const response = await request.get(`${CMS_URL}/private/orders/${placed.orderId}`, { headers: { authorization: `Bearer ${placed.jwt}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { payment_status: string }).payment_status;
}

/** Signs the student in through the storefront's login page, which then opens `to`. */
async function signIn(page: Page, credentials: Credentials, to: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await waitForHydration(page);
  await page.getByLabel('ชื่อผู้ใช้').fill(credentials.username);
  await page.getByLabel('รหัสผ่าน').fill(credentials.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === to.split('?')[0]);
  await waitForHydration(page);
}

/** A provider's page (a sandbox stand-in, not ours): a plain screenshot, no layout checks. */
async function shootProvider(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Screenshots of the page as it is now, at 390 and 1280 px. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  if (original) await page.setViewportSize(original);
}

/** Every URL and post body the browser sends, to prove the card number never leaves for the shop. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

function shopRequestsCarrying(requests: Request[], secret: string): string[] {
  const sandboxes = [sandboxUrl('omise'), sandboxUrl('2c2p')];
  return requests
    .filter((request) => !sandboxes.some((origin) => request.url().startsWith(origin)))
    .filter((request) => request.url().includes(secret) || (request.postData() ?? '').includes(secret))
    .map((request) => `${request.method()} ${request.url()}`);
}

test.describe('card payments and PayPal', () => {
  test.beforeEach(({ consoleProblems }) => {
    // the providers' stand-in pages have no icon; that is their page, not ours
    for (const name of ['omise', '2c2p', 'paypal'] as const) consoleProblems.allow(new RegExp(`status of 404 \\(Not Found\\) \\(${sandboxUrl(name).replace(/\./g, '\\.')}/favicon\\.ico\\)`));
  });

  test('Omise card: Thai messages for bad card fields, then the token pays through 3-D Secure, lands on the thank-you page and the course opens in the playlist', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    await withThankYouPage(request, async () => {
      const placed = await placeOrder(request, 8);
      const requests = recordRequests(page);
      await signIn(page, placed.credentials, `/pay/${placed.orderId}`);

      const form = page.getByTestId('card-form');
      await expect(form).toHaveAttribute('data-method-id', '8', { timeout: 45_000 });
      await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
      await expect(form.getByTestId('card-submit')).toContainText('฿1,990.00');

      // every field says what is wrong, in Thai, next to it
      await form.getByTestId('card-submit').click();
      await expect(form.locator('[data-field="omise-card-number"]')).toContainText('หมายเลขบัตรไม่ถูกต้อง');
      await expect(form.locator('[data-field="omise-card-name"]')).toContainText('กรุณากรอกชื่อผู้ถือบัตร');
      await expect(form.locator('[data-field="omise-card-month"]')).toContainText('เดือนหมดอายุต้องเป็น 01-12');
      await expect(form.locator('[data-field="omise-card-year"]')).toContainText('กรุณากรอกปีหมดอายุ 4 หลัก');
      await expect(form.locator('[data-field="omise-card-cvv"]')).toContainText('รหัส CVV ต้องเป็นตัวเลข 3-4 หลัก');

      // lengths of spec section 5: number 16, month 2, year 4, CVV 4; digits only
      const number = form.getByLabel('หมายเลขบัตร');
      await number.fill('4242 4242 4242 4242 9999');
      await expect(number).toHaveValue(VISA);
      await expect(form.getByTestId('card-type')).toHaveAttribute('data-type', 'visa');
      await form.getByLabel('เดือนหมดอายุ').fill('123');
      await expect(form.getByLabel('เดือนหมดอายุ')).toHaveValue('12');
      await form.getByLabel('ปีหมดอายุ').fill('203099');
      await expect(form.getByLabel('ปีหมดอายุ')).toHaveValue('2030');
      await form.getByLabel('รหัส CVV').fill('12345');
      await expect(form.getByLabel('รหัส CVV')).toHaveValue('1234');
      // a short number fails the length and check digit; editing clears only that field's message
      await number.fill('42424242');
      await form.getByTestId('card-submit').click();
      await expect(form.locator('[data-field="omise-card-number"]')).toContainText('หมายเลขบัตรไม่ถูกต้อง');
      await expect(form.locator('[data-field="omise-card-month"]')).not.toContainText('เดือนหมดอายุต้องเป็น');
      await form.getByLabel('เดือนหมดอายุ').fill('13');
      await form.getByTestId('card-submit').click();
      await expect(form.locator('[data-field="omise-card-month"]')).toContainText('เดือนหมดอายุต้องเป็น 01-12');
      await shoot(page, testInfo, 'omise-card-errors');

      await number.fill(VISA);
      await form.getByLabel('ชื่อผู้ถือบัตร').fill('SOMCHAI JAIDEE');
      await form.getByLabel('เดือนหมดอายุ').fill('12');
      await form.getByLabel('รหัส CVV').fill('123');
      await expect(form.locator('[data-field="omise-card-number"]')).not.toContainText('ไม่ถูกต้อง');
      await shoot(page, testInfo, 'omise-card-filled');
      await form.getByTestId('card-submit').click();

      // 3-D Secure on the provider's page, then back through the CMS
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('omise')}/payments/`), { timeout: 45_000 });
      await expect(page.getByText('฿1,990.00').or(page.getByText('1,990.00')).first()).toBeVisible();
      await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();
      await page.waitForURL((url) => url.pathname === '/thankyou', { timeout: 45_000 });
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(placed.token);
      await waitForHydration(page);

      expect(await orderStatus(request, placed)).toBe('approved');
      // the card number went to the provider's vault only, never to the shop
      expect(shopRequestsCarrying(requests, VISA)).toEqual([]);
      expect(requests.some((item) => item.url().startsWith(`${sandboxUrl('omise')}/tokens`))).toBe(true);

      // the course link of the thank-you page opens the playlist, paid lectures playable
      await learnFromThankYou(page, placed.coursePath);
    });
  });

  test('Omise card declined on the 3-D Secure page: the order is not approved and the buyer is back at the order list with the failure notice', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    const placed = await placeOrder(request, 8);
    await signIn(page, placed.credentials, `/pay/${placed.orderId}`);
    const form = page.getByTestId('card-form');
    await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
    await form.getByLabel('หมายเลขบัตร').fill(VISA);
    await form.getByLabel('ชื่อผู้ถือบัตร').fill('SOMYING JAIDEE');
    await form.getByLabel('เดือนหมดอายุ').fill('01');
    await form.getByLabel('ปีหมดอายุ').fill('2031');
    await form.getByLabel('รหัส CVV').fill('321');
    await form.getByTestId('card-submit').click();
    await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('omise')}/payments/`), { timeout: 45_000 });
    await shootProvider(page, testInfo, 'omise-3ds-page');
    await page.getByRole('button', { name: 'ปฏิเสธ · Decline' }).click();
    await page.waitForURL((url) => url.pathname === ORDER_LIST, { timeout: 45_000 });
    expect(await orderStatus(request, placed)).not.toBe('approved');

    // spec section 8: titled cart_fail with payment_fail, for this order
    await waitForHydration(page);
    const notice = page.getByTestId('payment-failure');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-order-id', String(placed.orderId));
    await expect(notice.getByRole('heading')).toHaveText('ผิดพลาด');
    await expect(notice).toContainText('ชำระเงินไม่สำเร็จ กรุณาลองอีกครั้ง');
    await expect(notice).toContainText(`คำสั่งซื้อเลขที่ ${placed.orderId}`);
    await shoot(page, testInfo, 'omise-3ds-declined-order-list');
    // the notice is the order's own: without the failure in the address the list shows none
    await page.goto(ORDER_LIST);
    await expect(page.getByTestId('my-orders')).toBeVisible();
    await expect(page.getByTestId('payment-failure')).toHaveCount(0);
  });

  test('2C2P card: my2c2p encrypts the card, the hand-off posts the signed request to 2C2P, approval lands on the thank-you page and the course opens in the playlist', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    await withThankYouPage(request, async () => {
      const placed = await placeOrder(request, 3);
      const requests = recordRequests(page);
      await signIn(page, placed.credentials, `/pay/${placed.orderId}`);

      const form = page.getByTestId('card-form');
      await expect(form).toHaveAttribute('data-method-id', '3', { timeout: 45_000 });
      await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
      // the card inputs are marked for the provider's script and carry no name
      await expect(form.locator('input[data-encrypt]')).toHaveCount(4);
      await expect(form.locator('input[data-encrypt][name]')).toHaveCount(0);
      await form.getByTestId('card-submit').click();
      await expect(form.locator('[data-field="twoc2p-card-number"]')).toContainText('หมายเลขบัตรไม่ถูกต้อง');
      await expect(form.locator('[data-field="twoc2p-card-cvv"]')).toContainText('รหัส CVV ต้องเป็นตัวเลข 3-4 หลัก');
      await form.getByLabel('หมายเลขบัตร').fill('4111111111111111');
      await form.getByLabel('เดือนหมดอายุ').fill('09');
      await form.getByLabel('ปีหมดอายุ').fill('2032');
      await form.getByLabel('รหัส CVV').fill('456');
      await shoot(page, testInfo, 'twoc2p-card-filled');
      const handOffRequest = page.waitForRequest((item) => new URL(item.url()).pathname === `/creditcard/${placed.orderId}` && item.method() === 'POST');
      await form.getByTestId('card-submit').click();

      // the hand-off screen receives, in a POST body and never in its address, only what my2c2p made
      // (the card sealed with the provider's public key), then posts to 2C2P by itself
      const handOff = await handOffRequest;
      expect(new URL(handOff.url()).search).toBe('');
      const query = new URLSearchParams(handOff.postData() ?? '');
      expect(query.get('encryptedCardInfo')).toMatch(/^SBX2\./);
      expect(Buffer.from(query.get('encryptedCardInfo')!.slice(5), 'base64').toString('latin1')).not.toContain('4111111111111111');
      expect(query.get('maskedCardInfo')).toBe('411111XXXXXX1111');
      expect(query.get('expMonthCardInfo')).toBe('09');
      expect(query.get('expYearCardInfo')).toBe('2032');
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('2c2p')}/SecurePayment/PaymentAuth.aspx`), { timeout: 45_000 });
      await shootProvider(page, testInfo, 'twoc2p-provider-page');
      await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();
      await page.waitForURL((url) => url.pathname === '/thankyou', { timeout: 45_000 });
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(placed.token);
      expect(await orderStatus(request, placed)).toBe('approved');
      expect(shopRequestsCarrying(requests, '4111111111111111')).toEqual([]);

      // the course link of the thank-you page opens the playlist, paid lectures playable
      await learnFromThankYou(page, placed.coursePath);
    });
  });

  test('the card hand-off keeps the path’s order id with its leading zeros, and without encryptedCardInfo nothing is started or posted', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const placed = await placeOrder(request, 3);
    await signIn(page, placed.credentials, `/creditcard/00${placed.orderId}`);
    const requests = recordRequests(page);
    const screen = page.getByTestId('card-handoff');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    await expect(screen).toHaveAttribute('data-order-code', `00${placed.orderId}`);
    await expect(screen).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('card-handoff-notice')).toContainText('ไม่พบข้อมูลบัตร');
    await page.waitForTimeout(1500);
    await shoot(page, testInfo, 'card-handoff-missing');
    expect(requests.filter((item) => item.method() === 'POST').map((item) => item.url())).toEqual([]);
    expect(requests.some((item) => item.url().startsWith(sandboxUrl('2c2p')))).toBe(false);
    await expect(page).toHaveURL(new RegExp(`/creditcard/00${placed.orderId}$`));

    // with the card (the spec's GET form), the same screen posts the signed request to 2C2P once, by itself
    const publicKey = await (await request.get(`${sandboxUrl('2c2p')}/SecurePayment/api/public-key.pem`)).text();
    // sealed as the my2c2p stand-in seals it: RSA-OAEP (SHA-256) with the sandbox's public key
    const sealed = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ pan: '4111111111111111', month: '10', year: '2031', cvv: '777' })),
    );
    const card = `SBX2.${sealed.toString('base64')}`;
    await page.goto(`/creditcard/00${placed.orderId}?encryptedCardInfo=${encodeURIComponent(card)}&maskedCardInfo=411111XXXXXX1111&expMonthCardInfo=10&expYearCardInfo=2031`);
    await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('2c2p')}/SecurePayment/PaymentAuth.aspx`), { timeout: 45_000 });
    await expect(page.getByRole('button', { name: 'อนุมัติ · Approve' })).toBeVisible();
    expect(requests.filter((item) => item.method() === 'POST' && item.url().startsWith(sandboxUrl('2c2p'))).length).toBe(1);
  });

  test('PayPal: the modal leads to PayPal’s approval page, the CMS captures on return, the order is approved, the buyer lands on the order list (spec section 4, even with the thank-you page on) and the course opens in the playlist', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    await withThankYouPage(request, async () => {
      const placed = await placeOrder(request, 2);
      await signIn(page, placed.credentials, `/pay/${placed.orderId}`);
      const modal = page.getByTestId('paypal-modal');
      await expect(modal).toBeVisible({ timeout: 45_000 });
      await expect(modal.getByRole('heading', { name: 'ชำระเงินด้วย PayPal' })).toBeVisible();
      await expect(modal.getByTestId('paypal-amount')).toHaveText('฿1,990.00');
      await shoot(page, testInfo, 'paypal-modal');
      await modal.getByTestId('paypal-approve').click();
      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('paypal')}/checkoutnow`), { timeout: 45_000 });
      await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();
      await page.waitForURL((url) => url.pathname === ORDER_LIST, { timeout: 45_000 });
      expect(await orderStatus(request, placed)).toBe('approved');
      const order = page.getByTestId('my-order').filter({ hasText: `${placed.orderId}` });
      await expect(order.getByTestId('order-status')).toHaveAttribute('data-status', 'approved');
      await shoot(page, testInfo, 'paypal-approved-order-list');

      // the course link of the order list opens the playlist, paid lectures playable
      await learnFromThankYou(page, placed.coursePath);
    });
  });

  test('PayPal: cancelling the modal goes to the order list and leaves the order unpaid', async ({ page, request }) => {
    test.setTimeout(240_000);
    const placed = await placeOrder(request, 2);
    await signIn(page, placed.credentials, `/pay/${placed.orderId}`);
    const modal = page.getByTestId('paypal-modal');
    await expect(modal).toBeVisible({ timeout: 45_000 });
    await modal.getByTestId('paypal-cancel').click();
    await page.waitForURL((url) => url.pathname === ORDER_LIST);
    expect(await orderStatus(request, placed)).toBe('notYetReceived');
  });
});
