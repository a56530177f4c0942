/** Addresses of seeded storefront pages and the demo's sign-in, for the specs that walk many pages. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { CMS_URL } from './servers';

/** The seeded student (owns the marketing and Excel courses) and shop administrator. */
export const DEMO_STUDENT = { username: 'demo.student', password: 'demo1234' };
export const SHOP_ADMIN = { username: 'demo.admin', password: 'demo1234' };

/** The first product of the public list. */
export async function firstProductPath(page: Page): Promise<string> {
  const response = await page.request.get(`${CMS_URL}/public/product?pageSize=40`);
  expect(response.status()).toBe(200);
  const [product] = ((await response.json()) as { data: { id: number; slug: string }[] }).data;
  return `/products/${product.id}-${product.slug}`;
}

/** The visitor's first promotion page, from the CMS's list. */
export async function firstPromotionPath(page: Page): Promise<string> {
  const response = await page.request.get(`${CMS_URL}/public/cart/promotion/all`);
  expect(response.status()).toBe(200);
  const [promotion] = ((await response.json()) as { data: { link_path: string }[] }).data;
  return promotion.link_path;
}

/** The playlist opened at the course's quiz and at its homework lecture: their buttons lead to /quiz/{id} and /homework/{id}. */
export async function quizAndHomeworkLectures(page: Page, course: { id: number; path: string }): Promise<string[]> {
  const response = await page.request.get(`${CMS_URL}/public/course/videoplaylist/${course.id}`);
  expect(response.status()).toBe(200);
  const lectures = ((await response.json()) as { dataResult: { lectures: { lectures_id: number; lectures_content_type: string }[] }[] }).dataResult.flatMap((section) => section.lectures);
  return ['quiz', 'homework'].map((kind) => {
    const lecture = lectures.find((item) => item.lectures_content_type === kind);
    expect(lecture, `a ${kind} lecture in the course`).toBeDefined();
    return `${course.path}/learn?lecture=${lecture!.lectures_id}`;
  });
}

/** Signs in on /login, which goes back to `redirectTo`. */
export async function signInOnStorefront(page: Page, who: { username: string; password: string }, redirectTo: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(redirectTo)}`);
  const panel = page.getByTestId('login-panel');
  await panel.locator('input[name="username"]').fill(who.username);
  await panel.locator('input[name="password"]').fill(who.password);
  await panel.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === redirectTo.split('?')[0]);
}
