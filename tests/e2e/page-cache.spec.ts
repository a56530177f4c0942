/**
 * The anonymous page cache (docs/decisions/130-anonymous-page-cache.md): a visitor's second
 * request for a course page is answered from the storefront's cache, an editor's change in
 * the CMS shows within seconds anyway, and signed-in students and answers that set cookies
 * never go through it.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { findCourse, loginAdmin, updateCourse } from './support/cms-admin';
import { keepScreenshot, seededCourse } from './support/course-checkout';
import { signedInStudent } from './support/pay';
import { expect, test, waitForHydration } from './support/fixtures';
import { STOREFRONT_URL } from './support/servers';

const SLUG = 'excel-for-work';

/** A cookie-less visitor of its own (the test's `request` may carry cookies of other calls). */
async function visitor(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: STOREFRONT_URL });
}

test('a visitor gets the course page from the cache, and an editor’s change shows within seconds', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, SLUG);
  const anonymous = await visitor();
  const admin = await loginAdmin(request);
  const document = await findCourse(request, admin, course.id);
  const edited = `${document.title} (ฉบับปรับปรุง ${Date.now().toString(36)})`;
  try {
    const first = await anonymous.get(course.path, { maxRedirects: 0 });
    expect(first.status()).toBe(200);
    const second = await anonymous.get(course.path, { maxRedirects: 0 });
    expect(second.headers()['x-cache']).toBe('HIT');
    expect(second.headers()['cache-control']).toContain('public');
    expect(await second.text()).toBe(await first.text());

    await updateCourse(request, admin, document.documentId, { title: edited, slug: SLUG });
    const changedAt = Date.now();
    await expect.poll(async () => (await (await anonymous.get(course.path, { maxRedirects: 0 })).text()).includes(edited), { timeout: 5_000, intervals: [100, 250, 500] }).toBe(true);
    testInfo.annotations.push({ type: 'edit visible after', description: `${Date.now() - changedAt} ms` });
    // ...and the new page is cached in turn.
    await anonymous.get(course.path);
    expect((await anonymous.get(course.path)).headers()['x-cache']).toBe('HIT');

    await page.goto(course.path);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ฉบับปรับปรุง');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, testInfo, `page-cache-edited-${width}`);
    }
  } finally {
    await updateCourse(request, admin, document.documentId, { title: document.title, slug: SLUG });
    await anonymous.dispose();
  }
});

test('a signed-in student’s pages and answers that set a cookie never come from the cache', async ({ page, request }) => {
  const course = await seededCourse(request, SLUG);
  const anonymous = await visitor();
  try {
    // Warm the cache as a visitor...
    await anonymous.get(course.path);
    expect((await anonymous.get(course.path)).headers()['x-cache']).toBe('HIT');

    // ...a student still gets a page rendered for them, never stored.
    await signedInStudent(page, request, 'cache');
    for (let i = 0; i < 2; i++) {
      const own = await page.request.get(course.path, { maxRedirects: 0 });
      expect(own.status()).toBe(200);
      expect(own.headers()['x-cache']).toBeUndefined();
      expect(own.headers()['cache-control']).toContain('private');
    }

    // A language switch answers with Set-Cookie: passed through, not stored.
    const switched = await anonymous.get(`${course.path}?lang=en`, { maxRedirects: 0 });
    expect(switched.headers()['set-cookie']).toBeTruthy();
    expect(switched.headers()['x-cache']).not.toBe('HIT');
    const again = await anonymous.get(`${course.path}?lang=en`, { maxRedirects: 0 });
    expect(again.headers()['x-cache']).not.toBe('HIT');
  } finally {
    await anonymous.dispose();
  }
});

test('the purge call refuses a wrong secret', async ({ request }) => {
  const refused = await request.post(`${STOREFRONT_URL}/__sala/page-cache/purge`, { headers: { 'x-sala-purge-secret': 'not-the-secret' } });
  expect(refused.status()).toBe(403);
});
