/**
 * The price summary the browser computes with the shared engine against the total the CMS
 * gives the order it stores, for every demo coupon and promotion. One signed-in student
 * places one order per course (an unpaid order blocks buying the same course again).
 */
import type { Page } from '@playwright/test';
import { applyCoupon, readOrder, registerStudent, satang, seededCourse, slipPng, withSiteSettings, type Credentials } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { DEMO_STUDENT, signInOnStorefront } from './support/storefront-pages';

test.describe.configure({ mode: 'serial' });

let student: Credentials;

test.beforeAll(async ({ request }) => {
  student = await registerStudent(request, 'price');
});

async function logIn(page: Page, path: string, who: { username: string; password: string } = student) {
  await page.goto(path);
  await waitForHydration(page);
  // the checkout mounts once the page is interactive
  await expect(page.getByTestId('checkout-account')).toBeVisible();
  if (await page.getByTestId('open-login').isVisible()) {
    await page.getByTestId('open-login').click();
    const modal = page.getByTestId('auth-modal');
    await expect(modal).toBeVisible();
    const box = await modal.boundingBox();
    const viewport = page.viewportSize()!;
    // 85% of the screen, at most 750 px
    expect(box!.width).toBeLessThanOrEqual(750);
    expect(box!.width).toBeLessThanOrEqual(viewport.width * 0.85 + 1);
    await modal.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(who.username);
    await modal.getByLabel('รหัสผ่าน').fill(who.password);
    await modal.getByLabel('รหัสผ่าน').press('Enter');
    await expect(modal).toBeHidden();
  }
  await expect(page.getByTestId('checkout-account')).toContainText('เข้าสู่ระบบในชื่อ');
  // a signed-in student gives no contact or login info
  await expect(page.getByTestId('block-contact')).toHaveCount(0);
}

/** Pays and returns [browser summary total, server total on the payment step, CMS order]. */
async function placeOrder(page: Page, request: import('@playwright/test').APIRequestContext) {
  const browserTotal = satang(await page.getByTestId('summary-total').textContent());
  await page.getByTestId('pay-button').click();
  const payment = page.getByTestId('payment-step');
  await expect(payment).toBeVisible({ timeout: 20_000 });
  const serverTotal = satang(await page.getByTestId('server-total').textContent());
  const order = await readOrder(request, Number(await payment.getAttribute('data-order-id')));
  return { browserTotal, serverTotal, order };
}

test('SALA10 and BANKONLY together, by bank transfer: 1990.00 - 10% - 200.00 = 1591.00', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await logIn(page, course.path);
  // a signed-in student sees the member price as a plan they can choose
  await expect(page.getByTestId('plan-card').nth(1).locator('input')).toBeEnabled();
  await applyCoupon(page, 'SALA10');
  await applyCoupon(page, 'bankonly');
  await expect(page.getByTestId('summary-total')).toHaveText('฿1,591.00');
  const { browserTotal, serverTotal, order } = await placeOrder(page, request);
  expect(serverTotal).toBe(browserTotal);
  expect(order.net).toBe(159100);
  expect(order.discount).toBe(39900);
});

test('the plain promotion is picked for the course; BUNDLE500 does not apply to one course: 2490.00 - 15% = 2116.50', async ({ page, request }) => {
  const course = await seededCourse(request, 'excel-for-work');
  await logIn(page, course.path);
  const promotion = page.getByTestId('promotion').filter({ hasText: 'โปรเปิดเทอม' });
  await expect(promotion.locator('input')).toBeChecked();
  await expect(page.getByTestId('summary-discount')).toHaveText('-฿373.50');
  await applyCoupon(page, 'BUNDLE500');
  await expect(page.getByTestId('coupon').filter({ hasText: 'BUNDLE500' }).getByTestId('coupon-notice')).toHaveText('จำนวนคอร์สในตะกร้ายังไม่ครบตามเงื่อนไขของคูปอง');
  await expect(page.getByTestId('summary-total')).toHaveText('฿2,116.50');
  const { browserTotal, serverTotal, order } = await placeOrder(page, request);
  expect(serverTotal).toBe(browserTotal);
  expect(order.net).toBe(211650);
});

test('the tiered promotion needs two courses, so it is listed but not applied; SALA10 on 1200.00 = 1080.00', async ({ page, request }) => {
  const course = await seededCourse(request, 'small-business-accounting-recertification');
  await logIn(page, course.path);
  const tiered = page.getByTestId('promotion').filter({ hasText: 'ยิ่งเรียนมาก ยิ่งลดมาก' });
  await expect(tiered).toHaveAttribute('data-applicable', 'false');
  await expect(tiered).toContainText('ตะกร้ายังไม่ตรงตามเงื่อนไขของโปรโมชันนี้');
  await expect(tiered.getByRole('link', { name: 'ดูรายละเอียดโปรโมชัน' })).toHaveAttribute('href', /^\/promotion\/\d+$/);
  await applyCoupon(page, 'SALA10');
  await expect(page.getByTestId('summary-total')).toHaveText('฿1,080.00');
  const { browserTotal, serverTotal, order } = await placeOrder(page, request);
  expect(serverTotal).toBe(browserTotal);
  expect(order.net).toBe(108000);
});

test('a coupon for bank transfer only leaves with a card and comes back with bank transfer: 3500.00 - 200.00 = 3300.00', async ({ page, request }) => {
  const course = await seededCourse(request, 'mobile-photography-workshop');
  await logIn(page, course.path);
  await applyCoupon(page, 'BANKONLY');
  await expect(page.getByTestId('summary-total')).toHaveText('฿3,300.00');
  await page.getByTestId('payment-method').filter({ hasText: 'Visa, Mastercard, JCB' }).click();
  await expect(page.getByTestId('checkout-notice')).toHaveText('คูปองนี้ไม่สามารถใช้กับช่องทางการชำระเงินที่เลือก จึงถูกนำออก');
  await expect(page.getByTestId('summary-total')).toHaveText('฿3,500.00');
  await page.getByTestId('payment-method').first().click();
  const title = await applyCoupon(page, 'BANKONLY');
  expect(title).toBe('คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!');
  await expect(page.getByTestId('summary-total')).toHaveText('฿3,300.00');
  const { browserTotal, serverTotal, order } = await placeOrder(page, request);
  expect(serverTotal).toBe(browserTotal);
  expect(order.net).toBe(330000);
});

test('an unknown code opens the not-found modal', async ({ page, request }) => {
  const course = await seededCourse(request, 'live-english-conversation');
  await logIn(page, course.path);
  expect(await applyCoupon(page, 'NOPE-2026')).toBe('ไม่พบโค้ดส่วนลดนี้!');
  await expect(page.getByTestId('coupon')).toHaveCount(0);
});

test('a juristic person withholds 3%: 4900.00 - 15% = 4165.00, less 124.95 = 4040.05', async ({ page, request }) => {
  const course = await seededCourse(request, 'live-english-conversation');
  await logIn(page, course.path);
  const form = page.getByTestId('checkout-area');
  await form.getByText('ต้องการใบกำกับภาษี').click();
  await form.getByRole('textbox', { name: 'ชื่อบริษัท', exact: true }).fill('บริษัท ทดสอบ จำกัด');
  await form.getByRole('textbox', { name: 'สาขา', exact: true }).fill('สำนักงานใหญ่');
  await form.getByRole('textbox', { name: 'เลขประจำตัวผู้เสียภาษี', exact: true }).fill('0105561234560');
  await form.getByRole('textbox', { name: 'รหัสไปรษณีย์', exact: true }).fill('10120');
  await form.getByRole('textbox', { name: 'ที่อยู่ตามใบกำกับภาษี', exact: true }).fill('ถนนสาทรใต้ กรุงเทพฯ');
  await form.locator('input[name="taxCompanyCertificate"]').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: slipPng() });
  await form.getByText('ต้องการหักภาษี ณ ที่จ่าย').click();
  await expect(page.getByTestId('summary-withholding')).toHaveText('-฿124.95');
  await expect(page.getByTestId('summary-total')).toHaveText('฿4,040.05');
  const { browserTotal, serverTotal, order } = await placeOrder(page, request);
  expect(serverTotal).toBe(browserTotal);
  expect(order.net).toBe(404005);
  expect(order.withholding_price).toBe(12495);
  expect(order.is_withholding).toBe(true);
});

test('a free plan has nothing to pay: the order goes to the thank-you page at once', async ({ page, request }) => {
  const course = await seededCourse(request, 'easy-thai-home-cooking');
  await logIn(page, course.path);
  await expect(page.getByTestId('summary-total')).toHaveText('฿0.00');
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 20_000 });
  await expect(page.getByTestId('thankyou-status')).toHaveText('อนุมัติแล้ว');
  await expect(page.getByTestId('thankyou-total')).toHaveText('฿0.00');
});

test('a signed-in student asks a question under the course', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  // a student of their own: this file's student has an unpaid order of this course, so its page offers that payment, not the checkout
  await logIn(page, course.path, await registerStudent(request, 'comment'));
  const comments = page.getByTestId('course-comments');
  const question = `มีเอกสารประกอบให้ดาวน์โหลดไหมครับ (${Date.now() % 10000})`;
  await comments.getByRole('textbox', { name: 'คำถามหรือความคิดเห็น' }).fill(question);
  await comments.getByRole('button', { name: 'ส่งความคิดเห็น' }).click();
  await expect(comments.getByTestId('course-comment-list').locator('li').first()).toContainText(question);
  await expect(comments.getByRole('textbox', { name: 'คำถามหรือความคิดเห็น' })).toHaveValue('');
});

test('when coupons and promotions exclude each other, switching asks first and removes the other', async ({ page, request }) => {
  const course = await seededCourse(request, 'excel-for-work');
  await withSiteSettings(request, { is_coupon_or_promotion: true }, async () => {
    await page.goto(course.path);
    await waitForHydration(page);
    await expect(page.getByTestId('summary-total')).toHaveText('฿2,116.50');
    await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill('BANKONLY');
    await page.getByTestId('coupon-apply').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('ใช้คูปองร่วมกับโปรโมชันไม่ได้');
    await confirm.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByTestId('coupon-result')).toContainText('คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!');
    await page.getByTestId('coupon-result').getByRole('button', { name: 'ตกลง' }).click();
    // the coupon replaces the promotion: 2490.00 - 200.00
    await expect(page.getByTestId('summary-total')).toHaveText('฿2,290.00');
    await expect(page.getByTestId('promotion').first().locator('input')).not.toBeChecked();
    await page.getByTestId('promotion').filter({ hasText: 'โปรเปิดเทอม' }).getByText('โปรเปิดเทอม').click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'ยืนยัน' }).click();
    await expect(page.getByTestId('coupon')).toHaveCount(0);
    await expect(page.getByTestId('summary-total')).toHaveText('฿2,116.50');
  });
});

test('?learn=true takes a student who may watch to the playlist', async ({ page, request, consoleProblems }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  consoleProblems.allow(/Failed to load resource: the server responded with a status of 404/);
  // an owner's course page has no checkout to sign in from: the sign-in page brings them back
  await signInOnStorefront(page, DEMO_STUDENT, course.path);
  await waitForHydration(page);
  // an owner is offered to learn rather than to register
  await expect(page.getByTestId('registration-bar').getByRole('link', { name: 'เข้าเรียน' })).toHaveAttribute('href', `${course.path}/learn`);
  await page.goto(`${course.path}?learn=true`);
  await expect(page).toHaveURL(new RegExp(`${course.path}/learn$`));
});
