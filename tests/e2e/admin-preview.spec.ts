/**
 * The Strapi admin as an editor and a shop owner use it (ADR 170, 171): the preview link the admin
 * gets for an unpublished course shows its storefront page with the latest change, framable by the
 * CMS only, while the public page still shows nothing; the home page's "ภาพรวมวันนี้" counts
 * today's orders.
 */
import { loginAdmin } from './support/cms-admin';
import { keepScreenshot, registerStudent, uniqueName } from './support/course-checkout';
import { placeOrder, type Student } from './support/pay';
import { CMS_URL, STOREFRONT_URL } from './support/servers';
import { adminUrl, expect, signInToAdmin, test } from './support/strapi-admin';

const COURSE_UID = 'api::course.course';

// The Strapi admin is a large single-page app: signing in and opening an entry take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 1000 } });

test('preview from an unpublished course entry shows its unpublished change on the storefront page; the public page does not', async ({ page, request, consoleProblems }, testInfo) => {
  consoleProblems.allow(/analytics\.strapi\.io/);
  const session = await loginAdmin(request);
  const created = await request.post(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { title: 'คอร์สเตรียมเปิดใหม่', course_type: 'Online', is_published: false, short_description: 'คอร์สที่ยังไม่เผยแพร่' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = ((await created.json()) as { data: { id: number; documentId: string } }).data;
  const changedTitle = `คอร์สเตรียมเปิดใหม่ ${uniqueName('v')}`;

  try {
    // The editor changes the unpublished course, then opens its preview from the entry in the admin.
    const saved = await request.put(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}/${course.documentId}`, {
      headers: { authorization: `Bearer ${session.token}` },
      data: { title: changedTitle },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await signInToAdmin(page);
    await page.goto(adminUrl(`/content-manager/collection-types/${COURSE_UID}/${course.documentId}`));
    await page.getByRole('link', { name: 'เปิดดูตัวอย่าง' }).click();
    await expect(page).toHaveURL(new RegExp(`/${course.documentId}/preview`));
    const frame = page.locator('iframe').first();
    await expect(frame).toHaveAttribute('src', new RegExp(`^${STOREFRONT_URL.replace(/[.:/]/g, '\\$&')}/preview\\?`));
    const framed = frame.contentFrame();
    await expect(framed.getByTestId('preview-banner')).toContainText('ตัวอย่างก่อนเผยแพร่', { timeout: 30_000 });
    await expect(framed.getByRole('heading', { level: 1, name: changedTitle })).toBeVisible();
    await keepScreenshot(page, testInfo, 'admin-preview-in-admin');

    // The same signed link opened on its own: never cached, framable by the CMS only.
    const url = (await frame.getAttribute('src')) ?? '';
    const preview = await page.goto(url);
    expect(preview?.headers()['cache-control']).toBe('private, no-store');
    expect(preview?.headers()['content-security-policy']).toContain(`frame-ancestors ${CMS_URL}`);
    await expect(page.getByTestId('preview-banner')).toContainText('ตัวอย่างก่อนเผยแพร่');
    await expect(page.getByRole('heading', { level: 1, name: changedTitle })).toBeVisible();
    await keepScreenshot(page, testInfo, 'admin-preview-course');

    // The page of the same course, as any visitor opens it: not published, so not found, and not the change.
    const visitor = await request.get(`${STOREFRONT_URL}/courses/${course.id}`, { maxRedirects: 0 });
    expect(visitor.status()).toBe(404);
    expect(await visitor.text()).not.toContain(changedTitle);
    // The CMS's public course call does not show it either.
    expect((await request.get(`${CMS_URL}/public/courses/${course.id}/0`)).status()).toBe(404);
  } finally {
    await request.delete(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}/${course.documentId}`, { headers: { authorization: `Bearer ${session.token}` } });
  }
});

test('the admin home shows today’s order count, and one more after an order is placed', async ({ page, request, consoleProblems }, testInfo) => {
  // The admin's own usage beacon goes to Strapi's analytics host, which the test machine cannot reach.
  consoleProblems.allow(/analytics\.strapi\.io/);
  await signInToAdmin(page);
  const count = page.getByTestId('glance-orders-today');
  const showWidget = async () => {
    // The home page is a scrolling container that mounts its widgets as they come into view.
    await page.getByRole('heading', { name: 'ภาพรวมวันนี้' }).evaluate((heading) => heading.scrollIntoView());
    await expect(count).toBeVisible({ timeout: 30_000 });
  };
  await showWidget();
  const before = Number((await count.textContent())?.replace(/,/g, ''));
  expect(Number.isInteger(before)).toBe(true);

  const credentials = await registerStudent(request, 'glance');
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: credentials.username, password: credentials.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  const student: Student = { ...credentials, id: user.id, jwt };
  await placeOrder(request, student, 'online-marketing-for-beginners', 1);

  await page.reload();
  await showWidget();
  await expect(count).toHaveText(String(before + 1), { timeout: 15_000 });
  await expect(page.getByTestId('glance-revenue-today')).toContainText('฿');
  // The admin scrolls inside its own container: a picture of the screen with the widget in view.
  await page.getByTestId('at-a-glance').evaluate((widget) => widget.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath('admin-home-at-a-glance.png') });
});
