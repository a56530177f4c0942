/**
 * Mails that keep failing, in a browser (ADR 199): a student signs up with an address the mail
 * server refuses; the welcome mail fails twice and the shop administrator finds it under
 * "อีเมลที่ส่งไม่สำเร็จ" with its last error, and puts it back in the queue. The queue itself is
 * held by the API and scale tests.
 */
import AxeBuilder from '@axe-core/playwright';
import { keepScreenshot, registerStudent } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { SHOP_ADMIN, signInOnStorefront } from './support/storefront-pages';

test.describe.configure({ timeout: 180_000 });

test('the shop administrator sees a mail that keeps failing and sends it again', async ({ page, request }, testInfo) => {
  const student = await registerStudent(request, 'refused');
  await signInOnStorefront(page, SHOP_ADMIN, '/admin');
  await page.getByTestId('admin-nav').getByRole('link', { name: 'อีเมลที่ส่งไม่สำเร็จ' }).click();
  await page.waitForURL('**/admin/mails');
  await expect(page.getByRole('heading', { level: 1, name: 'อีเมลที่ส่งไม่สำเร็จ' })).toBeVisible();

  const item = page.getByTestId('admin-mail').filter({ hasText: student.email });
  await expect(async () => {
    await page.reload();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await waitForHydration(page);
  await expect(item).toContainText('ข้อผิดพลาดล่าสุด');
  await expect(item).toContainText('550');
  await expect(item).toContainText(/ลองส่งแล้ว \d+ ครั้ง/);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `admin-mails-${width}`);
  }

  await item.getByRole('button', { name: 'ส่งอีกครั้ง' }).click();
  await expect(page.getByTestId('admin-mails-notice')).toHaveText('นำอีเมลเข้าคิวส่งอีกครั้งแล้ว');
});

test('a student is not let into the failing mails', async ({ page, request, consoleProblems }) => {
  // the browser logs the page's own 403
  consoleProblems.allow(/status of 403 \(Forbidden\).*\/admin\/mails/);
  const student = await registerStudent(request, 'mailsvisitor');
  await signInOnStorefront(page, student, '/admin/mails');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  await expect(page.getByTestId('admin-mail')).toHaveCount(0);
});
