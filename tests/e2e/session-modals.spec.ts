/**
 * The modals of a session the CMS refuses (spec §6, ADR 179): a token revoked while the student
 * uploads a transfer slip shows the session-expired modal, which signs in again and comes back
 * to the same page; a student taken off the whitelist gets the sign-out modal on their next page.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { adminLogin, readOrder, seededCourse, slipPng, withSiteSettings } from './support/course-checkout';
import { expect, test, THAI, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent } from './support/pay';
import { CMS_URL } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';
const USER_UID = 'plugin::users-permissions.user';

async function keepViewport(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Puts a student on or off the site's whitelist, as an editor does in the admin. */
async function setWhitelisted(request: APIRequestContext, userId: number, whitelisted: boolean): Promise<void> {
  const session = await adminLogin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const found = await request.get(`${CMS_URL}/content-manager/collection-types/${USER_UID}`, { headers, params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': userId } });
  expect(found.status(), await found.text()).toBe(200);
  const user = ((await found.json()) as { results: { id: number; documentId: string }[] }).results.find((item) => item.id === userId);
  expect(user, `student ${userId} in the content manager`).toBeDefined();
  const saved = await request.put(`${CMS_URL}/content-manager/collection-types/${USER_UID}/${user!.documentId}`, { headers, data: { is_whitelisted: whitelisted } });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('a session the CMS refuses', () => {
  test('a token revoked while the student uploads a transfer slip shows the session-expired modal; signing in again comes back to the payment page', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    const student = await signedInStudent(page, request, 'expired');
    const { orderId } = await placeOrder(request, student, MARKETING, 1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/pay/${orderId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('session-expired-modal')).toHaveCount(0);
    await page.getByTestId('open-report').click();
    const report = page.getByTestId('report-dialog');
    await report.getByRole('combobox', { name: 'ธนาคารต้นทางที่โอน' }).selectOption('KBANK');
    await report.getByRole('combobox', { name: 'เลขบัญชีที่โอน' }).selectOption({ index: 1 });
    await report.locator('input[name="slip"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: slipPng() });

    // the student signs out on another device: every token of theirs stops working (ADR 157)
    const signOut = await request.post(`${CMS_URL}/private/students/logout`, { headers: { authorization: `Bearer ${student.jwt}` } });
    expect(signOut.status(), await signOut.text()).toBe(200);

    await report.getByTestId('report-submit').click();
    const modal = page.getByTestId('session-expired-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading')).toHaveText('เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่');
    await expect(modal).toContainText(THAI);
    // it does not close without an answer: every private call of the page would be refused again
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await keepViewport(page, testInfo, 'session-expired-modal-390');
    // nothing was reported
    expect((await readOrder(request, orderId)).state).toBe('notYetReceived');

    await modal.getByTestId('session-sign-in-again').click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fpay%2F${orderId}$`));
    const panel = page.getByTestId('login-panel');
    await panel.locator('input[name="username"]').fill(student.username);
    await panel.locator('input[name="password"]').fill(student.password);
    await panel.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === `/pay/${orderId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('open-report')).toBeVisible();
    await expect(page.getByTestId('session-expired-modal')).toHaveCount(0);
  });

  test('a student taken off the whitelist gets the sign-out modal on their next page, and it signs them out', async ({ page, request }, testInfo) => {
    test.setTimeout(150_000);
    // the page's real-time sign-in asks for its ticket and gets none, without an error in the browser's console
    const course = await seededCourse(request, MARKETING);
    const student = await signedInStudent(page, request, 'listed');
    await setWhitelisted(request, student.id, true);
    await withSiteSettings(request, { is_enable_whitelist: true }, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(course.path);
      await waitForHydration(page);
      await expect(page.getByTestId('session-signout-modal')).toHaveCount(0);

      await setWhitelisted(request, student.id, false);
      // the home page, otherwise sent without scripts (ADR 212), brings them for the modal
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.getByTestId('session-signout-modal')).toBeVisible();
      await page.goto(course.path);
      await waitForHydration(page);
      const modal = page.getByTestId('session-signout-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading')).toHaveText('บัญชีของคุณไม่ได้รับอนุญาต ระบบจะออกจากระบบ');
      await page.keyboard.press('Escape');
      await expect(modal).toBeVisible();
      await keepViewport(page, testInfo, 'session-signout-modal-390');

      await modal.getByTestId('session-sign-out').click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForHydration(page);
      await expect(page.getByTestId('session-signout-modal')).toHaveCount(0);
      await expect(page.getByTestId('nav-login').first()).toBeAttached();
      // the refused token left the session: the course page shows no modal any more
      await page.goto(course.path);
      await waitForHydration(page);
      await expect(page.getByTestId('nav-login').first()).toBeAttached();
      await expect(page.getByTestId('session-signout-modal')).toHaveCount(0);
    });
  });

  test('a tab still connected after its student signed out in another tab asks for a ticket, gets none, and the console stays clean', async ({ page, request, context }) => {
    await signedInStudent(page, request, 'ticket');
    await page.goto('/cart');
    await waitForHydration(page);
    const other = await context.newPage();
    await other.goto('/cart');
    await other.getByTestId('site-nav').getByTestId('nav-logout').click();
    await expect(other.getByTestId('nav-login').first()).toBeAttached();
    await other.close();
    // what the page's real-time sign-in does on its next reconnection
    const answer = await page.evaluate(async () => {
      const response = await fetch('/realtime/ticket', { headers: { accept: 'application/json' }, cache: 'no-store' });
      return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
    });
    expect(answer).toEqual({ status: 200, cache: 'private, no-store', body: { ticket: null } });
  });
});
