/**
 * The registration layout's checkout stays the server's plain form until it nears the screen or
 * the visitor touches it; its code is then loaded and React renders the form in its place. What
 * the visitor did in the plain form meanwhile is kept: typed values, choices, focus, and the
 * button or Enter key they pressed, which the plain form held back instead of posting.
 */
import type { Page, Route } from '@playwright/test';
import { seededCourse, waitForCheckoutCode } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

const MARKETING = 'online-marketing-for-beginners';
const CHECKOUT_CHUNK = /\/assets\/checkout-area-[^/]+\.js$/;

/** Holds the checkout's chunk back until `release()`, as a slow network would. */
async function holdCheckoutCode(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(CHECKOUT_CHUNK, async (route: Route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { asked, release };
}

/** Whether React rendered this element (React's own key on the node), rather than the server's HTML alone. */
function renderedByReact(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));
}

test.use({ viewport: { width: 390, height: 844 } });

test('the checkout’s code waits below the screen; a visitor’s typing, choice and press before it came are kept', async ({ page, request }) => {
  const course = await seededCourse(request, MARKETING);
  const code = await holdCheckoutCode(page);
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posts.push(sent.url());
  });
  await page.goto(course.path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(code.asked, 'no checkout code while the form is far below the screen').toEqual([]);
  expect(await renderedByReact(page, 'pay-button')).toBe(false);

  // The visitor scrolls down and works in the plain form while its code is on its way.
  const form = page.getByTestId('checkout-area');
  await form.getByRole('textbox', { name: 'อีเมล', exact: true }).fill('not-an-email');
  await expect.poll(() => code.asked.length).toBe(1);
  const methods = form.locator('input[name="paymentMethodId"]:not([disabled])');
  expect(await methods.count()).toBeGreaterThan(1);
  const second = await methods.nth(1).getAttribute('value');
  await methods.nth(1).check();
  await form.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมชาย');
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('checkout-invalid')).toHaveCount(0);
  expect(posts, 'the plain form held the press back').toEqual([]);

  code.release();
  await waitForCheckoutCode(page);
  await expect(form.getByRole('textbox', { name: 'อีเมล', exact: true })).toHaveValue('not-an-email');
  await expect(form.getByRole('textbox', { name: 'ชื่อ', exact: true })).toHaveValue('สมชาย');
  await expect(form.locator(`input[name="paymentMethodId"][value="${second}"]`)).toBeChecked();
  // the press reached the rendered form: its checks ran in the browser, and nothing was posted
  await expect(page.getByTestId('checkout-invalid')).toHaveText('คุณกรอกข้อมูลไม่ถูกต้อง');
  await expect(form.locator('[data-field="email"]')).toContainText('อีเมลข้อมูลไม่ถูกต้อง');
  expect(posts).toEqual([]);
});

test('Enter in the coupon field before the code came applies the coupon once it is in', async ({ page, request }) => {
  const course = await seededCourse(request, MARKETING);
  const code = await holdCheckoutCode(page);
  await page.goto(course.path);
  await waitForHydration(page);
  const coupon = page.getByRole('textbox', { name: 'โค้ดส่วนลด' });
  await coupon.fill('SALA10');
  await coupon.press('Enter');
  await expect.poll(() => code.asked.length).toBe(1);
  code.release();
  const modal = page.getByTestId('coupon-result');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await modal.getByRole('button', { name: 'ตกลง' }).click();
  await expect(page.getByTestId('coupon-list')).toContainText('SALA10');
});

test('a client navigation to another course shows that course’s checkout, not the one the server rendered first', async ({ page, request }) => {
  const first = await seededCourse(request, MARKETING);
  const other = await seededCourse(request, 'excel-for-work');
  await page.goto(other.path);
  const otherPlans = ((await page.getByTestId('block-plans').textContent()) ?? '').trim();
  expect(otherPlans).not.toBe('');

  await page.goto(first.path);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(await renderedByReact(page, 'pay-button')).toBe(false);
  expect(((await page.getByTestId('block-plans').textContent()) ?? '').trim()).not.toBe(otherPlans);
  // the page's router, as a link in the page would navigate
  await page.evaluate((path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path), other.path);
  await expect(page).toHaveURL(new RegExp(`${other.path}$`));
  await expect(page.getByTestId('block-plans')).toHaveText(otherPlans);
  await waitForCheckoutCode(page);
});

test('when the form’s code cannot be loaded, the press that waited for it posts the plain form as without scripts', async ({ page, request, consoleProblems }) => {
  const course = await seededCourse(request, MARKETING);
  consoleProblems.allow(/Failed to load resource: net::ERR_FAILED .*checkout-area-/);
  await page.route(CHECKOUT_CHUNK, (route) => route.abort('failed'));
  await page.goto(course.path);
  await waitForHydration(page);
  await page.getByTestId('checkout-area').getByRole('textbox', { name: 'อีเมล', exact: true }).fill('not-an-email');
  const posted = page.waitForRequest((sent) => sent.method() === 'POST' && sent.isNavigationRequest());
  await page.getByTestId('pay-button').click({ noWaitAfter: true });
  const post = await posted;
  expect(new URL(post.url()).pathname).toBe(course.path);
  expect(post.postData() ?? '').toContain('not-an-email');
});
