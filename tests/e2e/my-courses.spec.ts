/**
 * The student's own state on the course page and their "my courses" page: an unpaid order
 * leads to its payment page instead of a new checkout, an owner goes to the lessons, the
 * courses they own list their progress and continue where they stopped, and a shop
 * administrator finds the administrator area in the header. The state is the student's
 * alone: the anonymous page cache never hands it to anyone else.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { keepScreenshot, registerStudent, seededCourse, type Credentials } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent } from './support/pay';
import { CMS_URL, STOREFRONT_URL } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';
const COOKING = 'easy-thai-home-cooking';
const SHOP_ADMIN = { username: 'demo.admin', password: 'demo1234' };

/** A cookie-less visitor of its own. */
function visitor(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: STOREFRONT_URL });
}

async function cmsLogin(request: APIRequestContext, who: { username: string; password: string }): Promise<{ jwt: string; id: number }> {
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: who.username, password: who.password } });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { jwt: string; user: { id: number } };
  return { jwt: body.jwt, id: body.user.id };
}

/** The student takes the course's free plan through the CMS's order call: a free order is approved at once. */
async function ownFreeCourse(request: APIRequestContext, student: Credentials, courseId: number): Promise<{ jwt: string }> {
  const { jwt, id } = await cmsLogin(request, student);
  const detail = await request.get(`${CMS_URL}/public/courses/${courseId}/0`, { headers: { authorization: `Bearer ${jwt}` } });
  const free = ((await detail.json()) as { data: { priceDetail: { id: number; plan_type: string }[] } }).data.priceDetail.find((plan) => plan.plan_type === 'Free');
  expect(free, 'the free plan of the course').toBeDefined();
  const order = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { user_id: id, course_id: [courseId], pricingplan_id: [free!.id], payment_method_id: 1, price: 0, currency_code: 'THB' },
  });
  expect(order.status(), await order.text()).toBe(201);
  return { jwt };
}

/** Signs in on /login, which goes back to `redirectTo`. */
async function signIn(page: Page, who: { username: string; password: string }, redirectTo: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirectTo)}`);
  const panel = page.getByTestId('login-panel');
  await panel.locator('input[name="username"]').fill(who.username);
  await panel.locator('input[name="password"]').fill(who.password);
  await panel.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === redirectTo.split('?')[0]);
}

async function screenshots(page: Page, testInfo: Parameters<typeof keepScreenshot>[1], name: string) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
}

test('a student with an unpaid order is sent to its payment, and nobody else ever sees that state', async ({ page, request, browser }, testInfo) => {
  const course = await seededCourse(request, MARKETING);
  const anonymous = await visitor();
  try {
    // a visitor's copy of the page is in the shared cache first
    await anonymous.get(course.path);
    expect((await anonymous.get(course.path)).headers()['x-cache']).toBe('HIT');

    const student = await signedInStudent(page, request, 'unpaid');
    const { orderId } = await placeOrder(request, student, MARKETING, 1);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(course.path);
    await waitForHydration(page);
    const state = page.getByTestId('course-student-state');
    await expect(state).toHaveAttribute('data-state', 'unpaid');
    await expect(state).toContainText('คุณมีคำสั่งซื้อคอร์สนี้ที่ยังไม่ได้ชำระเงิน');
    const resume = page.getByTestId('course-continue-payment');
    await expect(resume).toHaveText('ชำระเงินต่อ');
    await expect(resume).toHaveAttribute('href', `/pay/${orderId}`);
    // no second checkout to fill in: neither the form nor its pay button
    await expect(page.locator('[data-checkout-slot]')).toHaveCount(0);
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    await expect(page.getByTestId('registration-bar').getByRole('link', { name: 'ชำระเงินต่อ' })).toHaveAttribute('href', `/pay/${orderId}`);
    // the course's points
    await expect(page.locator('[data-fact="points"]').first()).toContainText('3 คะแนน');
    await screenshots(page, testInfo, 'course-unpaid');

    // the student's page never went through the shared cache...
    const own = await page.request.get(course.path, { maxRedirects: 0 });
    expect(own.headers()['cache-control']).toContain('private');
    expect(own.headers()['x-cache']).toBeUndefined();
    // ...and the visitor's copy still says nothing about anyone's order
    const shared = await anonymous.get(course.path);
    expect(shared.headers()['x-cache']).toBe('HIT');
    const sharedHtml = await shared.text();
    expect(sharedHtml).not.toContain(`/pay/${orderId}`);
    expect(sharedHtml).not.toContain('data-testid="course-student-state"');
    expect(sharedHtml).not.toContain('data-testid="course-continue-payment"');
    expect(sharedHtml).toContain('data-checkout-slot');

    // another student gets the checkout, not the first student's order
    const otherContext = await browser.newContext();
    try {
      const otherPage = await otherContext.newPage();
      await signedInStudent(otherPage, request, 'other');
      await otherPage.goto(course.path);
      await expect(otherPage.locator('[data-checkout-slot]')).toHaveCount(1);
      await expect(otherPage.getByTestId('course-student-state')).toHaveCount(0);
      expect(await otherPage.content()).not.toContain(`/pay/${orderId}`);
      await expect(otherPage.getByTestId('course-continue-payment')).toHaveCount(0);
    } finally {
      await otherContext.close();
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await resume.click();
    await page.waitForURL((url) => url.pathname === `/pay/${orderId}`);
  } finally {
    await anonymous.dispose();
  }
});

test('an owner goes to the lessons, and "my courses" shows progress and continues where they stopped', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, COOKING);
  const student = await registerStudent(request, 'owner');
  const { jwt } = await ownFreeCourse(request, student, course.id);

  // one lecture finished, through the CMS's progress call as the playlist saves it
  const playlist = await request.get(`${CMS_URL}/public/course/videoplaylist/${course.id}`, { headers: { authorization: `Bearer ${jwt}` } });
  const lectures = ((await playlist.json()) as { dataResult: { lectures: { lectures_id: number; lectures_name: string }[] }[] }).dataResult.flatMap((section) => section.lectures);
  const stoppedAt = lectures[1];
  const saved = await request.post(`${CMS_URL}/private/progress`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { course_id: course.id, lecture_id: stoppedAt.lectures_id, position_seconds: 30, completed: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, student, course.path);
  await waitForHydration(page);
  const state = page.getByTestId('course-student-state');
  await expect(state).toHaveAttribute('data-state', 'owned');
  await expect(state).toContainText('คุณเป็นเจ้าของคอร์สนี้แล้ว');
  await expect(page.getByTestId('course-go-to-lessons')).toHaveAttribute('href', `${course.path}/learn`);
  await expect(page.locator('[data-checkout-slot]')).toHaveCount(0);
  // a student is no shop administrator
  await expect(page.getByTestId('nav-admin')).toHaveCount(0);
  await screenshots(page, testInfo, 'course-owned');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('course-go-to-lessons').click();
  await page.waitForURL((url) => url.pathname === `${course.path}/learn`);
  await expect(page.getByTestId('learn-page')).toBeVisible();

  // the header's "คอร์สของฉัน"
  await page.goto('/');
  await page.getByTestId('site-nav').getByRole('link', { name: 'คอร์สของฉัน' }).click();
  await page.waitForURL((url) => url.pathname === '/myaccount/student/courses');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'คอร์สของฉัน' })).toBeVisible();
  const row = page.getByTestId('my-course');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(course.title);
  await expect(row.getByTestId('my-course-progress')).toHaveText(`เรียนจบแล้ว 1 จาก ${lectures.length} บทเรียน`);
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  await expect(row.getByTestId('my-course-access')).toHaveText(/เรียนได้ไม่จำกัดเวลา|เหลือเวลาเรียน \d+ วัน/);
  const resume = row.getByTestId('my-course-continue');
  await expect(resume).toHaveText('เรียนต่อจากที่ค้างไว้');
  await expect(resume).toHaveAttribute('href', `${course.path}/learn?lecture=${stoppedAt.lectures_id}`);
  await screenshots(page, testInfo, 'my-courses');

  // the narrow screen's menu has it too
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('site-nav-mobile').getByRole('link', { name: 'คอร์สของฉัน' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'my-courses-menu-390');
  await page.getByTestId('nav-toggle').click();

  await resume.click();
  await page.waitForURL((url) => url.pathname === `${course.path}/learn`);
  await expect(page.getByTestId('playlist-lecture').filter({ hasText: stoppedAt.lectures_name }).locator('[aria-current="true"]')).toHaveCount(1);
});

test('a shop administrator finds the administrator area in the header', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, SHOP_ADMIN, '/');
  await waitForHydration(page);
  const link = page.getByTestId('site-nav').getByTestId('nav-admin');
  await expect(link).toHaveText('ผู้ดูแลร้าน');
  await expect(link).toHaveAttribute('href', '/admin');
  await screenshots(page, testInfo, 'header-admin');
  // a tablet: the header's links go to the menu rather than out of the screen
  await page.setViewportSize({ width: 768, height: 900 });
  await keepScreenshot(page, testInfo, 'header-admin-768');
  await page.getByTestId('nav-toggle').click();
  await expect(page.getByTestId('site-nav-mobile').getByTestId('nav-admin')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await link.click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
