/**
 * What a student sees after paying, where only unit tests held it before: with the thank-you
 * page switched off, a reported payment lands on the order list; a course bought for a limited
 * time counts down the days left on "my courses", on its lessons page and on my orders.
 */
import { seededCourse, slipPng, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent } from './support/pay';
import { CMS_URL } from './support/servers';
import { DEMO_STUDENT, signInOnStorefront } from './support/storefront-pages';

const MARKETING = 'online-marketing-for-beginners';
const EXCEL = 'excel-for-work';
const DAY_MS = 24 * 60 * 60 * 1000;

test('with the thank-you page switched off, a student who reports their transfer lands on their order list, the order waiting for review', async ({ page, request }) => {
  test.setTimeout(150_000);
  await withSiteSettings(request, { is_thank_you_page: false }, async () => {
    const student = await signedInStudent(page, request, 'nothanks');
    const { orderId } = await placeOrder(request, student, MARKETING, 1);
    await page.goto(`/pay/${orderId}`);
    await waitForHydration(page);
    await page.getByTestId('open-report').click();
    const report = page.getByTestId('report-dialog');
    await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
    await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
    await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });
    await report.getByTestId('report-submit').click();

    await page.waitForURL((url) => url.pathname === '/myaccount/student/order', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('คำสั่งซื้อของฉัน');
    const order = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
    await expect(order).toHaveAttribute('data-status', 'pendingApproved');
    await expect(order).toContainText('แจ้งชำระเงินแล้ว รอทีมงานตรวจสอบ');
    await expect(page).not.toHaveURL(/thankyou/);
  });
});

test('a course bought for a limited time shows the days left on my courses, its lessons page and my orders; a lifetime course says so', async ({ page, request }) => {
  test.setTimeout(150_000);
  const excel = await seededCourse(request, EXCEL);
  const marketing = await seededCourse(request, MARKETING);
  // what the CMS counts for the demo student, asked with their own token
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: DEMO_STUDENT });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  const answer = await request.get(`${CMS_URL}/private/course/countdowntime/${excel.id}`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { countDownTime } = ((await answer.json()) as { data: { countDownTime: number | null } }).data;
  expect(countDownTime, 'the Excel course of the demo student is bought for six months').toBeGreaterThan(100 * DAY_MS);

  await signInOnStorefront(page, DEMO_STUDENT, '/myaccount/student/courses');
  const excelRow = page.locator(`[data-testid="my-course"][data-course-id="${excel.id}"]`);
  await expect(excelRow.getByTestId('my-course-access')).toHaveText(`เหลือเวลาเรียน ${Math.ceil(countDownTime! / DAY_MS)} วัน`);
  const marketingRow = page.locator(`[data-testid="my-course"][data-course-id="${marketing.id}"]`);
  await expect(marketingRow.getByTestId('my-course-access')).toHaveText('เรียนได้ไม่จำกัดเวลา');

  await page.goto(`${excel.path}/learn`);
  await waitForHydration(page);
  const countdown = page.getByTestId('learn-countdown');
  await expect(countdown).toContainText(new RegExp(`เหลือเวลาเรียน ${Math.floor(countDownTime! / DAY_MS)} วัน \\d+ ชั่วโมง \\d+ นาที`));
  await expect(countdown).toContainText('เรียนได้ถึง');

  await page.goto('/myaccount/student/order');
  const access = page.getByTestId('order-access').filter({ hasText: 'เหลือเวลาเรียน' });
  await expect(access.first()).toContainText(new RegExp(`เหลือเวลาเรียน ${Math.floor(countDownTime! / DAY_MS)} วัน`));
});
