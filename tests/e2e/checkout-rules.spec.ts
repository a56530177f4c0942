/**
 * Checkout rules a buyer meets in the browser that the shared engine's unit tests hold: a plan
 * free for owners of other courses, the user group a student picks at sign-up, a promotion
 * tier's discount in the summary, and one coupon per order.
 */
import type { APIRequestContext } from '@playwright/test';
import { loginAdmin } from './support/cms-admin';
import { keepScreenshot, satang, seededCourse, slipPng, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect as baseExpect, test, waitForHydration } from './support/fixtures';
import { defaultPlan, readOrderStatus, signedInStudent, type Student } from './support/pay';
import { CMS_URL } from './support/servers';

// Each test signs in, prices and places orders on a real CMS: give a busy machine room.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 240_000 });

const BANK_TRANSFER = 1;
const ORDER_UID = 'api::order.order';
const TIERED = 'ยิ่งเรียนมาก ยิ่งลดมาก';

/** The promotion of the demo data with this title, as the CMS lists it. */
async function promotionId(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get(`${CMS_URL}/public/cart/promotion/all`);
  expect(response.status()).toBe(200);
  const promotion = ((await response.json()) as { data: { id: number; title: string }[] }).data.find((item) => item.title === title);
  expect(promotion, `promotion ${title}`).toBeDefined();
  return promotion!.id;
}

/**
 * The student comes to own a seeded course: a bank-transfer order (with the promotion the course
 * must be ordered with, if any), its transfer report, and the shop's approval.
 */
async function ownCourse(request: APIRequestContext, student: Student, slug: string, promotionTitle: string | null = null): Promise<void> {
  const headers = { authorization: `Bearer ${student.jwt}` };
  const course = await seededCourse(request, slug);
  const plan = await defaultPlan(request, course.id);
  const promotion = promotionTitle ? await promotionId(request, promotionTitle) : null;
  const placed = await request.post(`${CMS_URL}/private/cart/order`, {
    headers,
    data: { user_id: student.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: BANK_TRANSFER, promotion_id: promotion, price: 0 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: number };
  const accounts = await request.post(`${CMS_URL}/api/payment/bank-transfer`, { headers, data: { orderId } });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const { data } = (await accounts.json()) as { data: { amount: string; accounts: { account_id: string }[] } };
  const upload = await request.post(`${CMS_URL}/api/home/test_upload`, { headers, multipart: { imageinput0: { name: 'slip.png', mimeType: 'image/png', buffer: slipPng(300, 120) } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const slip = ((await upload.json()) as { fileName: string[] }).fileName[0];
  const report = await request.post(`${CMS_URL}/private/payment/report`, {
    headers,
    data: {
      order_id: orderId,
      payment_method_id: BANK_TRANSFER,
      contact_name: 'ผู้ทดสอบ ระบบ',
      bank_account: data.accounts[0].account_id,
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-26',
      time: '10:00:00',
      transfer_amount: data.amount,
      slip: [slip],
    },
  });
  expect(report.status(), await report.text()).toBe(201);

  const admin = { authorization: `Bearer ${(await loginAdmin(request)).token}` };
  const found = await request.get(`${CMS_URL}/content-manager/collection-types/${ORDER_UID}`, { headers: admin, params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': orderId } });
  const documentId = ((await found.json()) as { results: { documentId: string }[] }).results[0].documentId;
  const approved = await request.post(`${CMS_URL}/sala-admin/orders/${documentId}/approve`, { headers: admin });
  expect(approved.status(), await approved.text()).toBe(200);
  expect(await readOrderStatus(request, student, orderId)).toBe('approved');
}

test('a student who owns the marketing and Excel courses sees the recertification course’s owners’ plan free, and gets it free', async ({ page, request }, testInfo) => {
  const accounting = await seededCourse(request, 'small-business-accounting-recertification');
  const student = await signedInStudent(page, request, 'owner');
  await page.goto(accounting.path);
  await waitForHydration(page);
  // not an owner yet: the owners' plan is not offered
  const ownersPlan = page.getByTestId('plan-card').filter({ hasText: 'ฟรีสำหรับผู้เรียนคอร์สการตลาดและ Excel' });
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await expect(ownersPlan).toHaveCount(0);

  await ownCourse(request, student, 'online-marketing-for-beginners');
  await ownCourse(request, student, 'excel-for-work', 'โปรเปิดเทอม ลด 15% คอร์ส Excel และห้องเรียนสด');
  await page.goto(accounting.path);
  await waitForHydration(page);
  await expect(ownersPlan).toBeVisible();
  await expect(ownersPlan.getByTestId('plan-price')).toHaveText('ฟรี');
  await ownersPlan.getByText('ฟรีสำหรับผู้เรียนคอร์สการตลาดและ Excel').click();
  await expect(page.getByTestId('summary-total')).toHaveText('฿0.00');
  await keepScreenshot(page, testInfo, 'owners-plan-1280');
  await page.getByTestId('pay-button').click();
  await page.waitForURL(/\/thankyou\?orderId=/, { timeout: 30_000 });
  await expect(page.getByTestId('thankyou-status')).toHaveText('อนุมัติแล้ว');
  await expect(page.getByTestId('thankyou-total')).toHaveText('฿0.00');
});

test.describe('the user group picker at sign-up', () => {
  async function fillRegistration(page: import('@playwright/test').Page, username: string) {
    const form = page.getByTestId('register-page');
    await form.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมศรี');
    await form.getByRole('textbox', { name: 'นามสกุล', exact: true }).fill('กลุ่มทดสอบ');
    await form.getByRole('textbox', { name: 'อีเมล', exact: true }).fill(`${username}@example.com`);
    const tel = form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true });
    if (await tel.count()) await tel.fill('0812345678');
    const experience = form.getByRole('combobox', { name: 'ประสบการณ์ในเรื่องนี้' });
    if (await experience.count()) await experience.selectOption('beginner');
    await form.getByRole('textbox', { name: 'ชื่อผู้ใช้', exact: true }).fill(username);
    await form.locator('input[name="newPassword"]').fill('secret12');
    await form.locator('input[name="confirmNewPassword"]').fill('secret12');
    return form;
  }

  test('a student picks their group when the site lets them, and the account keeps it; with the switch off there is no picker', async ({ page, request }, testInfo) => {
    const username = uniqueName('group');
    await withSiteSettings(request, { is_student_choose_group: true, package_user_group: true }, async () => {
      await page.goto('/register?redirect=%2Fcart');
      await waitForHydration(page);
      const form = await fillRegistration(page, username);
      const picker = form.getByRole('combobox', { name: 'กลุ่มผู้ใช้' });
      // the default group is chosen first
      await expect(picker.locator('option:checked')).toHaveText('บุคคลทั่วไป');
      await picker.selectOption({ label: 'พนักงานองค์กรพันธมิตร' });
      await keepScreenshot(page, testInfo, 'register-group-1280');
      await page.getByTestId('register-submit').click();
      await expect(page).toHaveURL(/\/cart$/);
    });
    const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username, password: 'secret12' } });
    expect(login.status(), await login.text()).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    const profile = await request.get(`${CMS_URL}/private/students`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(profile.status(), await profile.text()).toBe(200);
    expect(JSON.stringify(await profile.json())).toContain('พนักงานองค์กรพันธมิตร');

    await page.context().clearCookies();
    await withSiteSettings(request, { is_student_choose_group: false }, async () => {
      await page.goto('/register');
      await waitForHydration(page);
      await expect(page.getByTestId('register-page').getByRole('textbox', { name: 'ชื่อผู้ใช้', exact: true })).toBeVisible();
      await expect(page.getByTestId('register-page').getByRole('combobox', { name: 'กลุ่มผู้ใช้' })).toHaveCount(0);
    });
  });
});

test('three courses reach the tiered promotion’s third tier: the summary names the promotion with 15% off, two courses get 10%', async ({ page, request }, testInfo) => {
  await signedInStudent(page, request, 'tier');
  const slugs = ['online-marketing-for-beginners', 'excel-for-work', 'small-business-accounting-recertification'];
  for (const slug of slugs) {
    const course = await seededCourse(request, slug);
    await page.goto(`/cart?course=${course.id}`);
    await expect(page).toHaveURL(/\/cart$/);
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await waitForHydration(page);

  const summary = page.getByTestId('price-summary');
  // 1,990.00 + 2,490.00 + 1,200.00 = 5,680.00; the third tier takes 15%: 852.00
  await expect(page.getByTestId('summary-subtotal')).toHaveText('฿5,680.00');
  await expect(summary.getByText(`โปรโมชัน ${TIERED}`)).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-฿852.00');
  await expect(page.getByTestId('summary-total')).toHaveText('฿4,828.00');
  await keepScreenshot(page, testInfo, 'cart-tier-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'cart-tier-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // without the recertification course the cart is back at the second tier: 10% of 4,480.00
  await page.getByTestId('cart-line').filter({ hasText: 'บัญชีสำหรับธุรกิจขนาดเล็ก' }).getByTestId('cart-line-remove').click();
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('summary-subtotal')).toHaveText('฿4,480.00');
  await expect(summary.getByText(`โปรโมชัน ${TIERED}`)).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('-฿448.00');
  expect(satang(await page.getByTestId('summary-total').textContent())).toBe(403_200);
});

test('with one coupon per order, a second code is refused with the shop’s notice and the first coupon stays', async ({ page, request }, testInfo) => {
  await withSiteSettings(request, { is_one_coupon_per_order: true, is_coupon_or_promotion: false }, async () => {
    await signedInStudent(page, request, 'onecoupon');
    // SALA10 is for online courses: the marketing course is one
    const marketing = await seededCourse(request, 'online-marketing-for-beginners');
    await page.goto(`/cart?course=${marketing.id}`);
    await expect(page).toHaveURL(/\/cart$/);
    await waitForHydration(page);

    await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill('SALA10');
    await page.getByTestId('coupon-apply').click();
    const result = page.getByTestId('coupon-result');
    await expect(result).toContainText('คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!');
    await result.getByRole('button', { name: 'ตกลง' }).click();
    await expect(page.getByTestId('coupon').filter({ hasText: 'SALA10' })).toHaveAttribute('data-applied', 'true');
    const total = await page.getByTestId('summary-total').textContent();

    await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill('BANKONLY');
    await page.getByTestId('coupon-apply').click();
    await expect(page.getByTestId('cart-notice')).toHaveText('ใช้คูปองได้เพียง 1 ใบต่อคำสั่งซื้อ');
    await expect(page.getByTestId('coupon')).toHaveCount(1);
    await expect(page.getByTestId('coupon').filter({ hasText: 'SALA10' })).toHaveAttribute('data-applied', 'true');
    await expect(page.getByTestId('summary-total')).toHaveText(total!);
    await keepScreenshot(page, testInfo, 'cart-one-coupon-1280');
  });
});
