import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { findCourse, loginAdmin, updateCourse } from './support/cms-admin';
import { createCourse, keepScreenshot, registerStudent, seededCourse, type Credentials } from './support/course-checkout';
import { expect, test, THAI, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';

const COOKING = 'easy-thai-home-cooking';
const VIDEO_LECTURE = 'ต้มยำกุ้งทีละขั้น';
const TEXT_LECTURE = 'สิ่งที่ต้องเตรียมก่อนเรียน';
const PREVIEW_LECTURE = 'แนะนำคอร์สและผู้สอน';
const TH_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];

/** A date as the playlist writes it in Thai: day, short month, Buddhist-era year, in Bangkok time. */
function thaiDate(date: Date): string {
  const bangkok = new Date(date.getTime() + 7 * 3600e3);
  return `${bangkok.getUTCDate()} ${TH_MONTHS[bangkok.getUTCMonth()]} ${bangkok.getUTCFullYear() + 543}`;
}

/** The student orders the course's free plan through the CMS's own order call: a free order is approved at once. */
async function ownCourse(request: APIRequestContext, student: Credentials, courseId: number): Promise<void> {
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: student.username, password: student.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  const detail = await request.get(`${CMS_URL}/public/courses/${courseId}/0`, { headers: { authorization: `Bearer ${jwt}` } });
  const plans = ((await detail.json()) as { data: { priceDetail: { id: number; plan_type: string }[] } }).data.priceDetail;
  const free = plans.find((plan) => plan.plan_type === 'Free');
  expect(free, 'the free plan of the course').toBeDefined();
  const order = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: { authorization: `Bearer ${jwt}` },
    data: { user_id: user.id, course_id: [courseId], pricingplan_id: [free!.id], payment_method_id: 1, price: 0, currency_code: 'THB' },
  });
  expect(order.status(), await order.text()).toBe(201);
  const placed = (await order.json()) as { order_detail: { payment_status: string } };
  expect(placed.order_detail.payment_status).toBe('approved');
}

/** Signs in through the course page's login action (the login modal posts the same form); the session cookie lands in the page's context. */
async function signIn(page: Page, coursePath: string, student: Credentials): Promise<void> {
  const response = await page.request.post(coursePath, { form: { intent: 'login', username: student.username, password: student.password } });
  expect(response.status()).toBe(200);
  const cookies = await page.context().cookies();
  expect(
    cookies.some((cookie) => cookie.name === '__sala_session'),
    'a session cookie after signing in',
  ).toBe(true);
}

function lectureRow(page: Page, name: string): Locator {
  return page.getByTestId('playlist-lecture').filter({ hasText: name });
}

async function videoTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element as HTMLVideoElement).currentTime);
}

async function waitForMetadata(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), { message: 'the video loads its metadata' }).toBeGreaterThanOrEqual(1);
}

/** Opens the playlist after the page loader has gone (about a second after load, without scripts too); `hydrated` waits for the player's scripts. */
async function openPlaylist(page: Page, path: string, hydrated = true): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  if (hydrated) await waitForHydration(page);
  await expect(page.getByTestId('page-loader')).toHaveCSS('opacity', '0', { timeout: 3_000 });
}

async function expectResumedAt(page: Page, coursePath: string, lectureId: string, second: number): Promise<void> {
  await openPlaylist(page, `${coursePath}/learn`);
  const video = page.getByTestId('lecture-video');
  await expect(video).toHaveAttribute('data-lecture-id', lectureId);
  await expect(page.getByRole('heading', { level: 2, name: VIDEO_LECTURE })).toBeVisible();
  await waitForMetadata(video);
  await expect.poll(() => videoTime(video)).toBeGreaterThanOrEqual(second - 2);
  expect(await videoTime(video)).toBeLessThanOrEqual(second + 2);
  await expect(page.getByTestId('video-resumed')).toHaveText(`เรียนต่อจากนาที 0:${second}`);
}

test.describe('video playlist', () => {
  test('a student who owns the course watches, leaves, and resumes at the same lecture and second, after a reload and in a new session', async ({ page, request, browser }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, COOKING);
    const student = await registerStudent(request, 'learn');
    await ownCourse(request, student, course.id);
    await signIn(page, course.path, student);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openPlaylist(page, `${course.path}/learn`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
    await expect(page.getByTestId('learn-countdown')).toContainText('เรียนได้ไม่จำกัดเวลา');
    await expect(page.getByTestId('playlist-lecture')).toHaveCount(4);
    await expect(page.locator('[data-testid=playlist-lecture][data-locked=true]')).toHaveCount(0);

    // a reading lecture shows its text and counts as done once opened
    await lectureRow(page, TEXT_LECTURE).getByRole('link').click();
    await expect(page.getByTestId('lecture-text')).toContainText('เตรียมกระทะ หม้อ');
    await expect(page).toHaveURL(/\?lecture=\d+$/);
    // the count and the row follow at once, without a reload
    await expect(page.getByTestId('learn-countdown')).toContainText('เรียนจบแล้ว 1 จาก 4 บทเรียน');
    await expect(lectureRow(page, TEXT_LECTURE)).toContainText('เรียนจบแล้ว');

    // the one-minute video: plays, then the student stops at 0:37
    await lectureRow(page, VIDEO_LECTURE).getByRole('link').click();
    const video = page.getByTestId('lecture-video');
    await expect(page.getByRole('heading', { level: 2, name: VIDEO_LECTURE })).toBeVisible();
    const lectureId = (await video.getAttribute('data-lecture-id'))!;
    await waitForMetadata(video);
    expect(await video.evaluate((element) => Math.round((element as HTMLVideoElement).duration))).toBe(60);
    // Thai subtitles come with it
    await expect(video.locator('track')).toHaveAttribute('srclang', 'th');
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).textTracks[0]?.cues?.length ?? 0), { message: 'the subtitle cues load' }).toBeGreaterThan(0);
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    await expect.poll(() => videoTime(video)).toBeGreaterThan(0.5);
    await video.evaluate((element) => (element as HTMLVideoElement).pause());
    // keepalive posts carry no readable body in the browser's log: the request tells what was saved
    const saved = page.waitForResponse((response) => response.url().endsWith('/learn/progress') && /(^|&)position=37(&|$)/.test(response.request().postData() ?? ''));
    await video.evaluate((element) => {
      (element as HTMLVideoElement).currentTime = 37;
    });
    expect((await saved).status()).toBe(200);
    await keepScreenshot(page, testInfo, 'playlist-1280');

    // a reload opens the same lecture at the same second
    await expectResumedAt(page, course.path, lectureId, 37);
    await expect(lectureRow(page, TEXT_LECTURE)).toContainText('เรียนจบแล้ว');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expect(page.getByTestId('page-loader')).toHaveCSS('opacity', '0', { timeout: 3_000 });
    await keepScreenshot(page, testInfo, 'playlist-390');

    // signed out: a new browser with a new sign-in finds the same place
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const fresh = await context.newPage();
      const errors: string[] = [];
      fresh.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await signIn(fresh, course.path, student);
      await expectResumedAt(fresh, course.path, lectureId, 37);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // watched to its end, the video counts as finished at once
    await page.goto(`${course.path}/learn?lecture=${lectureId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('learn-countdown')).toContainText('เรียนจบแล้ว 1 จาก 4 บทเรียน');
    await waitForMetadata(video);
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      media.currentTime = media.duration - 0.5;
      await media.play();
    });
    await expect(page.getByTestId('learn-countdown')).toContainText('เรียนจบแล้ว 2 จาก 4 บทเรียน', { timeout: 15_000 });
    await expect(lectureRow(page, VIDEO_LECTURE)).toContainText('เรียนจบแล้ว');

    // ?learn=true on the course page opens the playlist for someone who may watch
    await page.goto(`${course.path}?learn=true`, { waitUntil: 'domcontentloaded' });
    await expect(page).toHaveURL(new RegExp(`${course.path}/learn$`));
  });

  test('a visitor and a student who did not buy see the free preview and every other lecture locked with its reason', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, COOKING);
    await openPlaylist(page, `${course.path}/learn`, false);
    await expect(page.getByTestId('learn-lock-notice')).toHaveText('กรุณาเข้าสู่ระบบก่อนทำรายการ');
    // the free preview opens for everyone
    await expect(page.getByTestId('lecture-video')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: PREVIEW_LECTURE })).toBeVisible();
    const locked = page.locator('[data-testid=playlist-lecture][data-locked=true]');
    await expect(locked).toHaveCount(3);
    await expect(locked.getByTestId('lecture-lock-reason')).toHaveText(Array(3).fill('กรุณาเข้าสู่ระบบก่อนทำรายการ'));
    await expect(locked.getByRole('link')).toHaveCount(0);
    // asking for a locked lecture by its id shows the lock, not its content
    const lockedId = await lectureRow(page, TEXT_LECTURE).getAttribute('data-lecture-id');
    await openPlaylist(page, `${course.path}/learn?lecture=${lockedId}`, false);
    await expect(page.getByTestId('lecture-locked')).toContainText('กรุณาเข้าสู่ระบบก่อนทำรายการ');
    await expect(page.getByTestId('lecture-text')).toHaveCount(0);
    await expect(page.getByTestId('lecture-locked').getByRole('link', { name: 'สมัครเรียนตอนนี้' })).toHaveAttribute('href', course.path);
    await keepScreenshot(page, testInfo, 'playlist-visitor-1280');
    // a visitor's ?learn=true stays on the course page
    await page.goto(`${course.path}?learn=true`, { waitUntil: 'domcontentloaded' });
    await expect(page).toHaveURL(new RegExp(`${course.path}\\?learn=true$`));

    const student = await registerStudent(request, 'nobuy');
    await signIn(page, course.path, student);
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlaylist(page, `${course.path}/learn`, false);
    await expect(page.getByTestId('learn-lock-notice')).toHaveText('คุณยังไม่ได้ซื้อคอร์สนี้ หรือคำสั่งซื้อยังไม่ได้รับการอนุมัติ');
    await expect(locked.getByTestId('lecture-lock-reason').first()).toHaveText('คุณยังไม่ได้ซื้อคอร์สนี้ หรือคำสั่งซื้อยังไม่ได้รับการอนุมัติ');
    // the progress route refuses a lecture the student may not open
    const refused = await page.request.post(`${course.path}/learn/progress`, { form: { lectureId: lockedId!, position: '5' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, code: 'COURSE_NOT_PURCHASED' });
    await keepScreenshot(page, testInfo, 'playlist-locked-390');
  });

  test('a buyer of a course whose classes start later gets only the free preview until the start date the CMS names, then every lecture', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, COOKING);
    const student = await registerStudent(request, 'early');
    await ownCourse(request, student, course.id);
    await signIn(page, course.path, student);
    const session = await loginAdmin(request);
    const document = (await findCourse(request, session, course.id)) as Awaited<ReturnType<typeof findCourse>> & { startDate?: string | null };
    const startsAt = new Date(Date.now() + 10 * 86_400_000);
    const notice = `บทเรียนนี้ยังไม่เปิด จะเปิดให้เรียนวันที่ ${thaiDate(startsAt)}`;
    let textId: string | null;
    // an editor moves the class start date ahead
    await updateCourse(request, session, document.documentId, { startDate: startsAt.toISOString() });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openPlaylist(page, `${course.path}/learn`);
      await expect(page.getByTestId('learn-lock-notice')).toHaveText(notice);
      // the free preview plays; the other lectures are locked with the date they open
      await expect(page.getByRole('heading', { level: 2, name: PREVIEW_LECTURE })).toBeVisible();
      await expect(page.getByTestId('lecture-video')).toBeVisible();
      const locked = page.locator('[data-testid=playlist-lecture][data-locked=true]');
      await expect(locked).toHaveCount(3);
      await expect(locked.getByTestId('lecture-lock-reason')).toHaveText(Array(3).fill(notice));
      await expect(locked.getByRole('link')).toHaveCount(0);
      textId = await lectureRow(page, TEXT_LECTURE).getAttribute('data-lecture-id');
      await openPlaylist(page, `${course.path}/learn?lecture=${textId}`);
      await expect(page.getByTestId('lecture-locked')).toContainText(notice);
      await expect(page.getByTestId('lecture-text')).toHaveCount(0);
      // a buyer is not asked to buy again
      await expect(page.getByTestId('lecture-locked').getByRole('link')).toHaveCount(0);
      await keepScreenshot(page, testInfo, 'playlist-not-released-1280');
      // the progress route refuses the lecture too: the CMS says so
      const refused = await page.request.post(`${course.path}/learn/progress`, { form: { lectureId: textId!, position: '0', completed: 'true' } });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ ok: false, code: 'NOT_RELEASED' });
    } finally {
      await updateCourse(request, session, document.documentId, { startDate: document.startDate ?? null });
    }

    // the start date is back where it was: the same lecture opens with its text
    await openPlaylist(page, `${course.path}/learn?lecture=${textId}`);
    await expect(page.getByTestId('learn-lock-notice')).toHaveCount(0);
    await expect(page.getByTestId('lecture-text')).toContainText('เตรียมกระทะ หม้อ');
  });

  test('a course with no lecture the caller may open sends them to the course page; progress needs a signed-in student', async ({ page, request }) => {
    test.setTimeout(120_000);
    const course = await createCourse(request, { title: 'คอร์สทดสอบยังไม่มีบทเรียน', slug: `no-lectures-${Date.now()}`, course_type: 'Online', short_description: 'ยังไม่มีบทเรียน' });
    try {
      const path = `/courses/${course.id}-${course.slug}`;
      await page.goto(`${path}/learn`, { waitUntil: 'domcontentloaded' });
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('คอร์สทดสอบยังไม่มีบทเรียน');
      const anonymous = await request.post(`${path}/learn/progress`, { form: { lectureId: '1', position: '5' } });
      expect(anonymous.status()).toBe(401);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(THAI);
    } finally {
      await course.remove();
    }
  });
});
