/**
 * The storefront keeps texts and site settings in memory between requests
 * (docs/decisions/142-reference-data-cache-and-p1-ceiling.md), and the public course data a
 * visitor without a session reads for a few seconds (146-uncached-page-render-costs.md); an
 * editor's change must still reach a page that is never cached (a signed-in student's, or a
 * visitor's whom the page cache lets through) on the very next request, because the CMS's purge
 * empties that memory before the editor's save answers.
 */
import { request as playwrightRequest } from '@playwright/test';
import { findCourse, loginAdmin, updateCourse } from './support/cms-admin';
import { CMS_URL, STOREFRONT_URL } from './support/servers';
import { adminLogin, fillGuestForm, keepScreenshot, readSiteSettings, seededCourse, uniqueName, withSiteSettings } from './support/course-checkout';
import { signedInStudent } from './support/pay';
import { expect, test, waitForHydration } from './support/fixtures';
import type { APIRequestContext } from '@playwright/test';

const TEXT_UID = 'api::text.text';
const KEY = 'nav_courses';

type TextDocument = { documentId: string; key: string; value: string | null };

async function findText(request: APIRequestContext, token: string, key: string): Promise<TextDocument> {
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/${TEXT_UID}`, {
    headers: { authorization: `Bearer ${token}` },
    params: { page: 1, pageSize: 10, locale: 'th', 'filters[$and][0][key][$eq]': key },
  });
  expect(response.status(), await response.text()).toBe(200);
  const found = ((await response.json()) as { results: TextDocument[] }).results.find((result) => result.key === key);
  expect(found, `text ${key} in the content manager`).toBeDefined();
  return found!;
}

async function saveText(request: APIRequestContext, token: string, text: TextDocument, value: string | null): Promise<void> {
  const response = await request.put(`${CMS_URL}/content-manager/collection-types/${TEXT_UID}/${text.documentId}`, {
    headers: { authorization: `Bearer ${token}` },
    params: { locale: 'th' },
    data: { key: text.key, value },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('an editor’s text and setting reach a signed-in student’s page on the next request', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await signedInStudent(page, request, 'refdata');
  const session = await adminLogin(request);
  const text = await findText(request, session.token, KEY);
  const edited = `คอร์สทั้งหมด ${Date.now().toString(36)}`;

  // The student's page is rendered for them (never from the page cache), with today's texts kept in memory.
  const before = await page.request.get(course.path);
  expect(before.headers()['cache-control']).toContain('private');
  expect(before.headers()['x-cache']).toBeUndefined();
  expect(await before.text()).not.toContain(edited);

  try {
    await saveText(request, session.token, text, edited);
    // No waiting: the save answered after the storefront had dropped what it kept.
    expect(await (await page.request.get(course.path)).text()).toContain(edited);

    await page.goto(course.path);
    await waitForHydration(page);
    await expect(page.getByRole('navigation').getByText(edited).first()).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, testInfo, `reference-data-text-${width}`);
    }
  } finally {
    await saveText(request, session.token, text, text.value);
  }
  expect(await (await page.request.get(course.path)).text()).not.toContain(edited);

  // A site setting: the shop's name, which the page gives to link previews.
  const siteName = `ศาลา ${Date.now().toString(36)}`;
  const current = await readSiteSettings(request, session);
  expect(current.title).not.toBe(siteName);
  await withSiteSettings(request, { title: siteName }, async () => {
    const html = await (await page.request.get(course.path)).text();
    expect(html).toContain(`<meta property="og:site_name" content="${siteName}"/>`);
  });
  expect(await (await page.request.get(course.path)).text()).not.toContain(siteName);
});

test('an editor’s change to a course reaches a visitor without a session on the next request', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  // A cookie that is not the locale's: the page cache lets the visitor through to a render, as for P1's benchmark.
  const visitor = await playwrightRequest.newContext({ baseURL: STOREFRONT_URL, extraHTTPHeaders: { cookie: 'sala_visit=1' } });
  const admin = await loginAdmin(request);
  const document = await findCourse(request, admin, course.id);
  const edited = `${document.title} (ฉบับแก้ไข ${Date.now().toString(36)})`;
  try {
    for (let i = 0; i < 2; i++) {
      const before = await visitor.get(course.path, { maxRedirects: 0 });
      expect(before.status()).toBe(200);
      expect(before.headers()['x-cache']).toBeUndefined();
      expect(before.headers()['cache-control']).toContain('public');
      expect(await before.text()).not.toContain(edited);
    }

    await updateCourse(request, admin, document.documentId, { title: edited, slug: document.slug });
    // No waiting: the course this visitor's pages were rendered from was dropped with the purge.
    const after = await visitor.get(course.path, { maxRedirects: 0 });
    expect(after.headers()['x-cache']).toBeUndefined();
    expect(await after.text()).toContain(edited);

    await page.context().addCookies([{ name: 'sala_visit', value: '1', url: STOREFRONT_URL }]);
    await page.goto(course.path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ฉบับแก้ไข');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, testInfo, `reference-data-course-${width}`);
    }
  } finally {
    await updateCourse(request, admin, document.documentId, { title: document.title, slug: document.slug });
    await visitor.dispose();
  }
  const restored = await playwrightRequest.newContext({ baseURL: STOREFRONT_URL, extraHTTPHeaders: { cookie: 'sala_visit=1' } });
  expect(await (await restored.get(course.path)).text()).not.toContain(edited);
  await restored.dispose();
});

test('a refusal the CMS answers shows the editor’s text for it: a taken username at checkout', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  const session = await adminLogin(request);
  const text = await findText(request, session.token, 'error_duplicate_username');
  const edited = `ชื่อนี้มีผู้ใช้แล้ว ลองชื่ออื่น ${Date.now().toString(36)}`;
  const message = page.getByTestId('checkout-area').locator('[data-field="username"]');
  try {
    await saveText(request, session.token, text, edited);
    await page.goto(course.path);
    await waitForHydration(page);
    await fillGuestForm(page, { firstname: 'สมชาย', lastname: 'ซ้ำ', email: `${uniqueName('dup')}@example.com`, tel: '0812345678', username: 'demo.student', password: 'secret1' });
    await page.getByTestId('pay-button').click();
    await expect(message).toContainText(edited, { timeout: 15_000 });
  } finally {
    await saveText(request, session.token, text, text.value);
  }
});
