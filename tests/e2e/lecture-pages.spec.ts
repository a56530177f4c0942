/**
 * The pages behind the storefront's links that used to lead nowhere: a promotion's page from
 * the checkout's promotion list, and the quiz and homework lectures from the playlist.
 */
import type { Page } from '@playwright/test';
import { keepScreenshot, seededCourse } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

async function atWidths(page: Page, testInfo: import('@playwright/test').TestInfo, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
}

test('the promotion link of the checkout opens the promotion with its tiers, courses and dates; an unknown one is a 404 page', async ({ page, request, consoleProblems }, testInfo) => {
  const course = await seededCourse(request, 'small-business-accounting-recertification');
  await page.goto(course.path);
  await waitForHydration(page);
  const tiered = page.getByTestId('promotion').filter({ hasText: 'ยิ่งเรียนมาก ยิ่งลดมาก' });
  await tiered.getByRole('link', { name: 'ดูรายละเอียดโปรโมชัน' }).click();
  await expect(page).toHaveURL(/\/promotion\/\d+$/);
  const promotion = page.getByTestId('promotion-page');
  await expect(promotion.getByRole('heading', { level: 1 })).toHaveText('ยิ่งเรียนมาก ยิ่งลดมาก');
  await expect(promotion.getByTestId('promotion-tier')).toHaveText([/ลด 10%/, /ลด 15%/, /ลด 20%/]);
  await expect(promotion.getByTestId('promotion-course-list').getByRole('link').first()).toHaveAttribute('href', /^\/courses\/\d+-/);
  await expect(promotion.getByTestId('promotion-period')).not.toBeEmpty();
  await atWidths(page, testInfo, 'promotion');

  consoleProblems.allow(/status of 404/);
  const missing = await page.goto('/promotion/999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeVisible();
});
