/**
 * The shop's books in a browser (ADR 185): the shop administrator opens the sales overview from
 * the area's menu, chooses a period, sees its charts with their tables, and downloads the orders
 * as a CSV that Excel opens with Thai text. The sums themselves are held by the API tests.
 */
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { keepScreenshot } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { SHOP_ADMIN, signInOnStorefront } from './support/storefront-pages';

test.describe.configure({ timeout: 180_000 });

/** The demo's paid orders were approved 10 and 20 days before the seed: a period of the last 40 days holds both. */
function lastDays(days: number): { from: string; to: string } {
  const bangkok = (offsetDays: number) => new Date(Date.now() + 7 * 3600e3 - offsetDays * 24 * 3600e3).toISOString().slice(0, 10);
  return { from: bangkok(days), to: bangkok(0) };
}

test('the shop administrator reads the sales of a period and downloads its orders as CSV', async ({ page }, testInfo) => {
  await signInOnStorefront(page, SHOP_ADMIN, '/admin');
  await page.getByTestId('admin-nav').getByRole('link', { name: 'ยอดขาย' }).click();
  await page.waitForURL('**/admin/sales');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'สรุปยอดขาย' })).toBeVisible();

  const period = lastDays(40);
  await page.getByLabel('ตั้งแต่วันที่').fill(period.from);
  await page.getByLabel('ถึงวันที่').fill(period.to);
  await page.getByRole('button', { name: 'แสดงผล' }).click();
  await page.waitForURL((url) => url.searchParams.get('from') === period.from);

  await expect(page.getByTestId('sales-total-THB')).toContainText('฿');
  // other specs of a run may have sold more: at least the demo's two days
  expect(await page.getByTestId('sales-by-day-THB').getByTestId('sales-day-bars').locator('rect').count()).toBeGreaterThanOrEqual(2);
  // each chart is a table too, named by its heading
  await expect(page.getByRole('table', { name: 'ยอดขายตามคอร์ส' }).getByRole('rowheader', { name: 'การตลาดออนไลน์สำหรับมือใหม่' })).toBeVisible();
  expect(await page.getByRole('table', { name: 'ยอดขายตามวิธีชำระเงิน' }).getByRole('row').count()).toBeGreaterThanOrEqual(3);
  await page.getByText('ดูเป็นตาราง').first().click();
  expect(await page.getByRole('table', { name: 'ยอดขายรายวัน (THB)' }).getByRole('row').count()).toBeGreaterThanOrEqual(3);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('sales-export-orders').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-${period.from}-${period.to}.csv`);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('การตลาดออนไลน์สำหรับมือใหม่');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `admin-sales-${width}`);
  }
});

test('a wrong period is named in Thai next to its field, and a student may not open the books', async ({ page, consoleProblems }) => {
  // the browser logs the page's own 400 and 403 statuses
  consoleProblems.allow(/status of (400|403) .*\/admin\/sales/);
  await signInOnStorefront(page, SHOP_ADMIN, '/admin');
  const res = await page.goto('/admin/sales?from=2026-03-10&to=2026-03-01');
  expect(res?.status()).toBe(400);
  await expect(page.getByTestId('sales-to-error')).toHaveText('วันที่เริ่มต้นต้องไม่อยู่หลังวันที่สิ้นสุด');
  await expect(page.getByTestId('sales-figures')).toHaveCount(0);

  await page.context().clearCookies();
  await signInOnStorefront(page, { username: 'demo.student', password: 'demo1234' }, '/');
  const asStudent = await page.goto('/admin/sales');
  expect(asStudent?.status()).toBe(403);
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  const csv = await page.request.get('/admin/sales/export/orders');
  expect(csv.status()).toBe(403);
});
