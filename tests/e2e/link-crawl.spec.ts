/**
 * No dead link: every link a visitor and a signed-in student can follow from the home, course,
 * product, cart, promotion, playlist (its quiz and homework lectures too) and account pages
 * answers without a 404 or a 5xx.
 */
import type { Page } from '@playwright/test';
import { seededCourse } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';

test.describe.configure({ timeout: 300_000 });

const DEMO_STUDENT = { username: 'demo.student', password: 'demo1234' };
// Following these would change what the crawl sees: signing out, or switching the language.
const SKIP = /\/logout\b|[?&]lang=/;

async function productPath(page: Page): Promise<string> {
  const response = await page.request.get(`${CMS_URL}/public/product?pageSize=40`);
  expect(response.status()).toBe(200);
  const [product] = ((await response.json()) as { data: { id: number; slug: string }[] }).data;
  return `/products/${product.id}-${product.slug}`;
}

/** The visitor's first promotion page, from the CMS's list: its course links are crawled too. */
async function promotionPath(page: Page): Promise<string> {
  const response = await page.request.get(`${CMS_URL}/public/cart/promotion/all`);
  expect(response.status()).toBe(200);
  const [promotion] = ((await response.json()) as { data: { link_path: string }[] }).data;
  return promotion.link_path;
}

/** The playlist opened at the course's quiz and at its homework lecture: their buttons lead to /quiz/{id} and /homework/{id}. */
async function quizAndHomeworkLectures(page: Page, course: { id: number; path: string }): Promise<string[]> {
  const response = await page.request.get(`${CMS_URL}/public/course/videoplaylist/${course.id}`);
  expect(response.status()).toBe(200);
  const lectures = ((await response.json()) as { dataResult: { lectures: { lectures_id: number; lectures_content_type: string }[] }[] }).dataResult.flatMap((section) => section.lectures);
  return ['quiz', 'homework'].map((kind) => {
    const lecture = lectures.find((item) => item.lectures_content_type === kind);
    expect(lecture, `a ${kind} lecture in the course`).toBeDefined();
    return `${course.path}/learn?lecture=${lecture!.lectures_id}`;
  });
}

/** Opens each page, gathers its same-site links, then asks for each once: the broken ones, with the page they were found on. */
async function brokenLinks(page: Page, starts: string[]): Promise<string[]> {
  const foundOn = new Map<string, string>();
  for (const start of starts) {
    const response = await page.goto(start);
    expect(response?.status(), start).toBeLessThan(400);
    await waitForHydration(page);
    const origin = new URL(page.url()).origin;
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      url.hash = '';
      if (url.origin !== origin || SKIP.test(url.pathname + url.search)) continue;
      if (!foundOn.has(url.href)) foundOn.set(url.href, start);
    }
  }
  expect(foundOn.size).toBeGreaterThan(10);
  const broken: string[] = [];
  for (const [url, start] of foundOn) {
    const response = await page.request.get(url);
    if (response.status() === 404 || response.status() >= 500) broken.push(`${response.status()} ${new URL(url).pathname}${new URL(url).search} (linked from ${start})`);
  }
  return broken;
}

test('a visitor follows every link of the home, course, product and cart pages without a dead end', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  expect(await brokenLinks(page, ['/', course.path, '/products', await productPath(page), '/cart', await promotionPath(page)])).toEqual([]);
});

test('a signed-in student follows every link of the course, playlist, cart and account pages without a dead end', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await page.goto(`/login?redirect=${encodeURIComponent('/myaccount/student/order')}`);
  const panel = page.getByTestId('login-panel');
  await panel.locator('input[name="username"]').fill(DEMO_STUDENT.username);
  await panel.locator('input[name="password"]').fill(DEMO_STUDENT.password);
  await panel.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/myaccount/student/order');
  const lecturePages = await quizAndHomeworkLectures(page, course);
  expect(await brokenLinks(page, ['/', course.path, `${course.path}/learn`, ...lecturePages, '/cart', '/myaccount/student/order', '/myaccount/student/courses', '/myaccount/student/tax'])).toEqual([]);
});
