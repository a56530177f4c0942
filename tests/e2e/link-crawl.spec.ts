/**
 * No dead link: every link a visitor and a signed-in student can follow from the home, course,
 * product, cart, promotion, playlist (its quiz and homework lectures too) and account pages
 * answers without a 404 or a 5xx.
 */
import type { Page } from '@playwright/test';
import { seededCourse } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { DEMO_STUDENT, firstProductPath, firstPromotionPath, quizAndHomeworkLectures, signInOnStorefront } from './support/storefront-pages';

test.describe.configure({ timeout: 300_000 });

// Following these would change what the crawl sees: signing out, or switching the language.
const SKIP = /\/logout\b|[?&]lang=/;

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
  expect(await brokenLinks(page, ['/', course.path, '/products', await firstProductPath(page), '/cart', await firstPromotionPath(page)])).toEqual([]);
});

test('a signed-in student follows every link of the course, playlist, cart and account pages without a dead end', async ({ page, request }) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await signInOnStorefront(page, DEMO_STUDENT, '/myaccount/student/order');
  const lecturePages = await quizAndHomeworkLectures(page, course);
  expect(await brokenLinks(page, ['/', course.path, `${course.path}/learn`, ...lecturePages, '/cart', '/myaccount/student/order', '/myaccount/student/courses', '/myaccount/student/tax'])).toEqual([]);
});
