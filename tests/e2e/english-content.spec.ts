import { createCourse, keepScreenshot, seededCourse } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { signedInStudent } from './support/pay';

test('with English chosen, the course page shows the editors’ English plan and payment-method names, Thai where none, and the length in English', async ({ page, request }, testInfo) => {
  // a language switch loads the page again: two full page loads and hydrations
  test.slow();
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(course.path);
  await waitForHydration(page);
  await expect(page.getByTestId('plan-card').first()).toContainText('ซื้อขาด เรียนได้ตลอด');
  await page.getByRole('link', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online Marketing for Beginners');
  await expect(page.getByTestId('plan-card').first()).toContainText('Lifetime access');
  // no English name for the member plan: its Thai name stands
  await expect(page.getByTestId('plan-card').nth(1)).toContainText('ราคาสมาชิก');
  await expect(page.getByTestId('payment-method').filter({ hasText: 'Bank transfer' })).toBeVisible();
  await expect(page.getByTestId('payment-method').filter({ hasText: 'โอนเงินผ่านธนาคาร' })).toHaveCount(0);
  await expect(page.getByTestId('course-facts').locator('[data-fact="length"]')).toContainText('4 hours 30 minutes');
  // the registration questions and their choices in the editors' English
  const checkout = page.getByTestId('checkout-area');
  await expect(checkout).toContainText('Your experience in this subject');
  await expect(checkout.locator('option', { hasText: 'Just starting' })).toHaveCount(1);
  await expect(checkout).not.toContainText('ประสบการณ์ในเรื่องนี้');
  await keepScreenshot(page, testInfo, 'english-course-page-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('plan-card').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'english-course-page-390');
});

test('English counts follow the plural rules: one point, one seat left, three points; Thai has one form', async ({ page, request }) => {
  test.slow();
  const single = await createCourse(request, { title: 'คอร์สทดสอบที่นั่งเดียว', title_en: 'One seat course', slug: `one-seat-${Date.now()}`, course_type: 'Online', seat: 1, coursePoint: 1 });
  try {
    await page.goto(`/courses/${single.id}-${single.slug}`);
    const facts = page.getByTestId('course-facts');
    await expect(facts.locator('[data-fact="points"]')).toContainText('1 คะแนน');
    await expect(facts.locator('[data-fact="seats"]')).toContainText('เหลือ 1 ที่นั่ง');
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(facts.locator('[data-fact="points"]')).toHaveText(/1 point$/);
    await expect(facts.locator('[data-fact="seats"]')).toHaveText(/1 seat left$/);
    const several = await seededCourse(request, 'online-marketing-for-beginners');
    await page.goto(several.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(facts.locator('[data-fact="points"]')).toHaveText(/3 points$/);
  } finally {
    await single.remove();
  }
});

test('with English chosen, the cart names the course and its plan in the editors’ English', async ({ page, request }) => {
  test.slow();
  await signedInStudent(page, request, 'englishcart');
  const course = await seededCourse(request, 'mobile-photography-workshop');
  const added = await page.request.post('/cart/add', { form: { courseId: String(course.id) }, maxRedirects: 0 });
  expect(added.status()).toBeLessThan(400);
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toContainText('เวิร์กช็อป');
  await page.getByRole('link', { name: 'EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(line).toContainText('Mobile Photography Workshop');
  await expect(line).toContainText('Workshop registration');
});
