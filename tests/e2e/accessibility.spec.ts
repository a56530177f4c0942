/**
 * WCAG 2.1 A and AA, as axe-core checks them in a real browser: no serious or critical violation
 * on the storefront's pages, for a visitor, a signed-in student and a shop administrator.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { seededCourse } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent } from './support/pay';
import { DEMO_STUDENT, SHOP_ADMIN, firstProductPath, firstPromotionPath, quizAndHomeworkLectures, signInOnStorefront } from './support/storefront-pages';

test.describe.configure({ timeout: 240_000 });

const WCAG_21_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations of a page, each with the elements it names. */
async function violations(page: Page, testInfo: TestInfo, path: string): Promise<string[]> {
  await page.goto(path);
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_A_AA).analyze();
  const found = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  if (found.length > 0) await testInfo.attach(`axe ${path}`, { body: JSON.stringify(found, null, 2), contentType: 'application/json' });
  // Each element with what axe says of it (the colours it measured, the name it expected).
  return found.flatMap((violation) => violation.nodes.map((node) => `${path}: ${violation.id} on ${node.target.join(' ')}: ${[...node.any, ...node.all].map((check) => check.message).join('; ')}`));
}

async function checkAll(page: Page, testInfo: TestInfo, paths: string[]) {
  const all: string[] = [];
  for (const path of paths) all.push(...(await violations(page, testInfo, path)));
  expect(all).toEqual([]);
}

test('a visitor’s pages: home, course, products, cart, a promotion and the sign-in forms', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await checkAll(page, testInfo, ['/', course.path, '/products', await firstProductPath(page), '/cart', await firstPromotionPath(page), '/login', '/register', '/forgotpass']);
  // The English pages are the same pages with other words: one check that the switch keeps them readable.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
  await checkAll(page, testInfo, ['/', course.path]);
});

test('a signed-in student’s pages: the course, the orders, my courses, the tax details and the playlist', async ({ page, request }, testInfo) => {
  const student = await signedInStudent(page, request, 'axe');
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  await placeOrder(request, student, 'online-marketing-for-beginners', 1);
  await checkAll(page, testInfo, [course.path, '/myaccount/student/order', '/myaccount/student/courses', '/myaccount/student/tax', `${course.path}/learn`]);
});

test('the shop administrator’s area: payments to review, uploads and homework', async ({ page }, testInfo) => {
  await signInOnStorefront(page, SHOP_ADMIN, '/admin');
  await checkAll(page, testInfo, ['/admin', '/admin/payments', '/admin/uploads', '/admin/homework']);
});

test('an owner’s quiz and homework lectures', async ({ page, request }, testInfo) => {
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  const lectures = await quizAndHomeworkLectures(page, course);
  await signInOnStorefront(page, DEMO_STUDENT, course.path);
  const pages: string[] = [];
  for (const [kind, playlistPath] of ['quiz', 'homework'].map((kind, index) => [kind, lectures[index]] as const)) {
    await page.goto(playlistPath);
    const href = await page.locator(`a[href^="/${kind}/"]`).first().getAttribute('href');
    expect(href, `the ${kind} lecture's button`).toBeTruthy();
    pages.push(href!);
  }
  await checkAll(page, testInfo, pages);
});
