/**
 * The Strapi admin as editors and marketers use it (ADR 164, 165): a price is typed in baht with
 * two decimals and the storefront sells at that price within seconds; the VAT rate reads as a
 * percent; the course page layout is picked by its Thai name and the course page follows it.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { adminLogin, keepScreenshot, readSiteSettings, seededCourse, updateSiteSettings } from './support/course-checkout';
import type { AdminSession } from './support/cms-admin';
import { waitForHydration } from './support/fixtures';
import { CMS_URL, STOREFRONT_URL } from './support/servers';
import { ADMIN_TEST_TIMEOUT, adminUrl, CONTENT_EDITOR, expect, MARKETER, signInToAdmin, test } from './support/strapi-admin';

const MARKETING = 'online-marketing-for-beginners';
const PLAN_UID = 'api::pricing-plan.pricing-plan';
const DEFAULT_PLAN = 'ซื้อขาด เรียนได้ตลอด';

type PlanDocument = { documentId: string; name: string; price: number };

function auth(session: AdminSession) {
  return { authorization: `Bearer ${session.token}` };
}

async function findPlan(request: APIRequestContext, session: AdminSession, name: string): Promise<PlanDocument> {
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/${PLAN_UID}`, {
    headers: auth(session),
    params: { page: 1, pageSize: 10, 'filters[$and][0][name][$eq]': name },
  });
  expect(response.status(), await response.text()).toBe(200);
  const plan = ((await response.json()) as { results: PlanDocument[] }).results[0];
  expect(plan, `pricing plan ${name}`).toBeDefined();
  return plan;
}

/** Puts a price back through a request context of its own: a timed-out test's `request` is already closed. */
async function restorePlanPrice(session: AdminSession, documentId: string, price: number) {
  const own = await playwrightRequest.newContext();
  try {
    const response = await own.put(`${CMS_URL}/content-manager/collection-types/${PLAN_UID}/${documentId}`, {
      headers: auth(session),
      data: { price },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await own.dispose();
  }
}

/** The stored price, as the content manager's own API answers it (minor units). */
async function storedPrice(request: APIRequestContext, session: AdminSession, documentId: string): Promise<number> {
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/${PLAN_UID}/${documentId}`, { headers: auth(session) });
  return ((await response.json()) as { data: { price: number } }).data.price;
}

/** Opens an edit view of the content manager. */
async function openEditView(page: Page, path: string) {
  await page.goto(adminUrl(`/content-manager/${path}`));
}

/** A cookie-less visitor: the storefront answers it from the page cache, which the CMS purges on a change. */
async function visitorPage(path: string): Promise<string> {
  const visitor = await playwrightRequest.newContext({ baseURL: STOREFRONT_URL });
  try {
    return await (await visitor.get(path, { maxRedirects: 0 })).text();
  } finally {
    await visitor.dispose();
  }
}

test.describe('the Strapi admin in Thai money and names', () => {
  // The admin panel is a large single-page app: its first load takes far longer than a storefront page.
  test.describe.configure({ timeout: 2 * ADMIN_TEST_TIMEOUT });
  test.beforeEach(async ({ page, consoleProblems }) => {
    // The admin panel asks for Strapi's own news and a project logo the offline CMS does not have.
    consoleProblems.allow(/Failed to load resource: (net::ERR_NAME_NOT_RESOLVED|the server responded with a status of 404)/);
    await page.setViewportSize({ width: 1440, height: 1000 });
    // A new editor's first visits start Strapi's guided tour over the page, whenever it appears: skip it.
    await page.addLocatorHandler(page.getByRole('button', { name: /^(Skip|ข้าม)$/ }), async (skip) => {
      await skip.click();
    });
  });

  test('an editor types a price as 1,490.00 baht and the course page sells at ฿1,490.00 within 5 s', async ({ page, request }, testInfo) => {
    const course = await seededCourse(request, MARKETING);
    const admin = await adminLogin(request);
    const plan = await findPlan(request, admin, DEFAULT_PLAN);
    expect(plan.price).toBe(199000);
    const before = await visitorPage(course.path);
    expect(before).toContain('฿1,990.00');
    try {
      await signInToAdmin(page, CONTENT_EDITOR);
      await openEditView(page, `collection-types/${PLAN_UID}/${plan.documentId}`);
      const price = page.locator('[data-money-field="price"]');
      // the stored 199000 satang reads as baht with two decimals, never as 199000
      await expect(price).toHaveValue('1,990.00', { timeout: 120_000 });
      await expect(page.locator('[data-money-field="price_usd"]')).toHaveValue('59.00');
      await keepScreenshot(page, testInfo, 'admin-pricing-plan-1440');

      // a third decimal is refused in Thai, not rounded away
      await price.fill('14.905');
      await expect(page.getByText('ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง')).toBeVisible();
      await price.fill('-1');
      await expect(page.getByText('จำนวนต้องไม่ติดลบ')).toBeVisible();

      await price.fill('1,490.00');
      await expect(page.getByText('ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง')).toHaveCount(0);
      // pricing plans have no drafts: saving is what the storefront sells at
      await page.getByRole('button', { name: /^(Save|บันทึก)$/ }).click();
      // stored as minor units in the same integer column: no data changed shape
      await expect.poll(() => storedPrice(request, admin, plan.documentId), { timeout: 30_000 }).toBe(149000);
      const savedAt = Date.now();
      await expect.poll(async () => (await visitorPage(course.path)).includes('฿1,490.00'), { timeout: 5_000, intervals: [100, 250, 500] }).toBe(true);
      testInfo.annotations.push({ type: 'price visible after', description: `${Date.now() - savedAt} ms` });

      await page.goto(`${STOREFRONT_URL}${course.path}`);
      await waitForHydration(page);
      await expect(page.locator('body')).toContainText('฿1,490.00');
    } finally {
      await restorePlanPrice(admin, plan.documentId, 199000);
    }
  });

  test('a marketer reads VAT as a percent and switches the course layout by its Thai name', async ({ page, request }, testInfo) => {
    const course = await seededCourse(request, MARKETING);
    const admin = await adminLogin(request);
    const settings = await readSiteSettings(request, admin);
    const target = settings.layout === '1' ? { code: '3', name: 'ภาพตัวอย่างใหญ่ด้านบน' } : { code: '1', name: 'แบนเนอร์เต็มจอ' };
    try {
      await signInToAdmin(page, MARKETER);
      await openEditView(page, 'single-types/api::site-setting.site-setting');
      // 700 basis points read as 7.00 %
      await expect(page.locator('[data-percent-field="vat_value"]')).toHaveValue('7.00', { timeout: 120_000 });
      const layout = page.getByRole('combobox', { name: /แบบหน้าคอร์ส|layout/ });
      await layout.scrollIntoViewIfNeeded();
      await keepScreenshot(page, testInfo, 'admin-site-setting-1440');
      await layout.click();
      for (const name of ['มาตรฐาน (กล่องราคาด้านข้าง)', 'แบนเนอร์เต็มจอ', 'ภาพตัวอย่างใหญ่ด้านบน', 'หน้าสมัครเรียนและชำระเงิน']) {
        await expect(page.getByRole('option', { name })).toBeVisible();
      }
      await page.getByRole('option', { name: target.name }).click();
      await page.getByRole('button', { name: /^(Save|บันทึก)$/ }).click();
      // the API and the storefront receive the same code as before
      await expect.poll(async () => (await readSiteSettings(request, admin)).layout, { timeout: 30_000 }).toBe(target.code);
      const savedAt = Date.now();
      await expect.poll(async () => (await visitorPage(course.path)).includes(`data-layout="${target.code}"`), { timeout: 5_000, intervals: [100, 250, 500] }).toBe(true);
      testInfo.annotations.push({ type: 'layout visible after', description: `${Date.now() - savedAt} ms` });
      await page.goto(`${STOREFRONT_URL}${course.path}`);
      await waitForHydration(page);
      await expect(page.getByTestId('course-layout')).toHaveAttribute('data-layout', target.code);
    } finally {
      const own = await playwrightRequest.newContext();
      await updateSiteSettings(own, admin, { layout: settings.layout }).finally(() => own.dispose());
    }
  });
});
