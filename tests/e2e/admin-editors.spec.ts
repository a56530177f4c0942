import type { Page } from '@playwright/test';
import { adminUrl, ADMIN_TEST_TIMEOUT, expect as adminExpect, signInToAdmin, test as adminTest, SUPER_ADMIN, type AdminAccount } from './support/strapi-admin';

/**
 * The Strapi admin as the shop's editors see it (ADR 161-163): Thai labels instead of field
 * names, the columns that matter, and a content editor kept out of site settings and payment
 * methods in the menu and by address alike.
 */
const EDITOR: AdminAccount = { email: 'editor@sala.local', password: 'Sala-editor-1' };
const MARKETER: AdminAccount = { email: 'marketer@sala.local', password: 'Sala-marketer-1' };
const SITE_SETTING = '/content-manager/single-types/api::site-setting.site-setting';
const PAYMENT_METHODS = '/content-manager/collection-types/api::payment-method.payment-method';

// the admin is a large single-page app: allow a loaded machine its time
const expect = adminExpect.configure({ timeout: 45_000 });

/**
 * Strapi's admin logs, in any locale but English, an error for every label an administrator
 * configured (react-intl's MISSING_TRANSLATION: the configured label is the message's default),
 * and its edit view asks for a preview address and AI translation jobs, which answer 404 when
 * those features are off.
 */
const test = adminTest.extend({
  page: async ({ page, consoleProblems }, use) => {
    consoleProblems.allow(/MISSING_TRANSLATION|analytics\.strapi\.io|404 \(Not Found\) \(.*\/(content-manager\/preview\/url|i18n\/ai-localization-jobs)\//);
    await use(page);
  },
});
test.setTimeout(ADMIN_TEST_TIMEOUT);

function contentMenu(page: Page) {
  return page.getByRole('navigation').filter({ hasText: 'คอร์ส' });
}

test('the seeded marketer works in a Thai admin: the site setting shows Thai labels, not field names', async ({ page }) => {
  await signInToAdmin(page, MARKETER);
  await page.goto(adminUrl(SITE_SETTING));
  await expect(page.getByText('ภาษี · คิดภาษีมูลค่าเพิ่ม (VAT)')).toBeVisible();
  await expect(page.getByText('แสดงและคิด VAT ตามอัตราและวิธีคิดด้านล่าง')).toBeVisible();
  await expect(page.getByRole('button', { name: 'บันทึก' })).toBeVisible();
  const form = page.locator('main');
  await expect(form).not.toContainText('is_enable_vat');
  await expect(form).not.toContainText('vat_value');
  await expect(form).not.toContainText('package_user_group');
});

test('the content editor has no link to site settings or payment methods, and their addresses give no access', async ({ page }) => {
  await signInToAdmin(page, EDITOR);
  await page.goto(adminUrl('/content-manager'));
  await expect(page.getByRole('link', { name: 'จัดการเนื้อหา' })).toBeVisible();
  const menu = contentMenu(page);
  await expect(menu.getByRole('link', { name: 'คอร์ส', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'แผนราคา' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'ตั้งค่าเว็บไซต์' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'วิธีชำระเงิน' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'คำสั่งซื้อ' })).toHaveCount(0);

  for (const address of [SITE_SETTING, PAYMENT_METHODS]) {
    await page.goto(adminUrl(address));
    await expect(page.getByText('คุณไม่มีสิทธิ์เข้าถึงเนื้อหานี้')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('ภาษี ·');
    await expect(page.locator('main')).not.toContainText('คีย์ API');
  }
});

test("the course list shows the editor's columns in Thai: title, type, seats taken, seats, published", async ({ page }) => {
  await signInToAdmin(page, EDITOR);
  await page.goto(adminUrl('/content-manager/collection-types/api::course.course'));
  const courseHeaders = page.locator('main thead th');
  await expect(courseHeaders).toHaveText(['', 'รหัส', 'ชื่อคอร์ส', 'ประเภท', 'จองแล้ว', 'ที่นั่ง', 'เผยแพร่']);
  await expect(page.locator('main tbody tr').filter({ hasText: 'การตลาดออนไลน์สำหรับมือใหม่' })).toBeVisible();
});

test('the order list shows number, student, state, total, method and date', async ({ page }) => {
  await signInToAdmin(page, SUPER_ADMIN);
  await page.goto(adminUrl('/content-manager/collection-types/api::order.order'));
  await expect(page.locator('main thead th')).toHaveText(['', 'เลขที่', 'ผู้เรียน', 'สถานะ', 'ยอดสุทธิ', 'ชำระโดย', 'วันที่']);
  await expect(page.locator('main tbody tr').filter({ hasText: 'demo.student' }).first()).toBeVisible();
});
