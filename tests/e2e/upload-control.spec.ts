/**
 * The administrator's upload control on a course's pictures and a product's gallery:
 * demo.admin adds, previews (arrow keys wrap), deletes with the confirmation and saves;
 * the CMS holds the result and a deleted picture is gone from the disk. Scripts and pages
 * renamed .png are refused in the browser and by the server, a full storage says
 * 'Out off Storage', and a student or a visitor never reaches the pages.
 */
import zlib from 'node:zlib';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { adminLogin, createCourse, keepScreenshot, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration, THAI } from './support/fixtures';
import { CMS_URL, STOREFRONT_URL } from './support/servers';

const ADMIN = { username: 'demo.admin', password: 'demo1234' };
const STUDENT = { username: 'demo.student', password: 'demo1234' };
const PRODUCT_UID = 'api::product.product';

/** A real PNG of one colour (the control and the CMS check the bytes, not only the name). */
function colourPng(rgb: [number, number, number], width = 120, height = 80): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), body])) >>> 0);
    return Buffer.concat([length, Buffer.from(type), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const RED = { name: 'red.png', mimeType: 'image/png', buffer: colourPng([220, 38, 38]) };
const BLUE = { name: 'blue.png', mimeType: 'image/png', buffer: colourPng([37, 99, 235]) };
const GREEN = { name: 'green.png', mimeType: 'image/png', buffer: colourPng([22, 163, 74]) };
const PHP = { name: 'shell.php', mimeType: 'application/x-php', buffer: Buffer.from('<?php echo "hi"; ?>\n') };
const HTML_AS_PNG = { name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n') };

/** Signs in through the course page's sign-in (the session cookie lands in the page's browser context). */
async function signIn(page: Page, coursePath: string, who: { username: string; password: string }) {
  const response = await page.request.post(`${STOREFRONT_URL}${coursePath}`, {
    form: { intent: 'login', username: who.username, password: who.password },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBeLessThan(400);
  const cookies = await page.context().cookies(STOREFRONT_URL);
  expect(
    cookies.some((cookie) => cookie.name === '__sala_session'),
    'session cookie after sign-in',
  ).toBe(true);
}

type CmsPictures = { title: string; files: { fileId: number; name: string; url: string; mime: string }[] };

/** What the CMS holds, asked with demo.admin's own CMS token. */
let adminJwt: string | undefined;
async function cmsPictures(request: APIRequestContext, type: 'course' | 'product', id: number): Promise<CmsPictures> {
  if (!adminJwt) {
    const login = await request.post(`${CMS_URL}/public/students/login`, { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    adminJwt = ((await login.json()) as { jwt: string }).jwt;
  }
  const jwt = adminJwt;
  const response = await request.get(`${CMS_URL}/private/admin/pictures/${type}/${id}`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: CmsPictures }).data;
}

async function createProduct(request: APIRequestContext, title: string) {
  const session = await adminLogin(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const response = await request.post(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}`, { headers, data: { title, course_type: 'product', is_published: true } });
  expect(response.status(), await response.text()).toBe(201);
  const created = ((await response.json()) as { data: { id: number; documentId: string } }).data;
  return {
    id: created.id,
    remove: async () => {
      const removed = await request.delete(`${CMS_URL}/content-manager/collection-types/${PRODUCT_UID}/${created.documentId}`, { headers });
      expect([200, 204]).toContain(removed.status());
    },
  };
}

const items = (page: Page) => page.getByTestId('upload-item');
const fileInput = (page: Page) => page.getByTestId('upload-control').locator('input[type=file]');

/** Saves go through the CMS twice (upload, then the list) on a machine shared with other runs. */
const SERVER = { timeout: 20_000 };

test.describe('administrator upload control', () => {
  // several sign-ins, uploads and saves per test
  test.describe.configure({ timeout: 360_000 });

  test('demo.admin adds two pictures to a course, previews them with wrapping arrows, deletes one after confirming and saves', async ({ page, request }, testInfo) => {
    const title = `ทดสอบรูปคอร์ส ${uniqueName('pic')}`;
    const course = await createCourse(request, { title, course_type: 'Online' });
    try {
      // a visitor is sent to sign in and comes back
      await page.goto('/admin/uploads');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fuploads$/);
      await waitForHydration(page);
      await page.getByRole('textbox', { name: 'ชื่อผู้ใช้', exact: true }).fill(ADMIN.username);
      await page.getByLabel('รหัสผ่าน', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/uploads$/, SERVER);
      await waitForHydration(page);
      await keepScreenshot(page, testInfo, 'upload-list-1280');
      await page.getByRole('link', { name: new RegExp(title) }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/uploads/courses/${course.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('ไม่ต้องย่อขนาดรูปเอง', { exact: false })).toBeVisible();
      await expect(page.getByText('600x600')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'อัพโหลด' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'บันทึก' })).toBeDisabled();

      await fileInput(page).setInputFiles([RED, BLUE]);
      await expect(items(page)).toHaveCount(2, SERVER);
      await expect(items(page).first().locator('img[alt="red.png"]')).toBeVisible();

      // preview: the arrows and the arrow keys move, wrapping at both ends
      await page.getByRole('button', { name: /ดูรูปที่ 1 จาก 2/ }).click();
      const preview = page.getByTestId('upload-preview');
      await expect(preview).toBeVisible();
      const shown = preview.getByTestId('upload-preview-image');
      await expect(shown).toHaveAttribute('data-name', 'red.png');
      const box = await preview.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(1100);
      await page.keyboard.press('ArrowRight');
      await expect(shown).toHaveAttribute('data-name', 'blue.png');
      await page.keyboard.press('ArrowRight');
      await expect(shown).toHaveAttribute('data-name', 'red.png');
      await page.keyboard.press('ArrowLeft');
      await expect(shown).toHaveAttribute('data-name', 'blue.png');
      await preview.getByRole('button', { name: 'ก่อนหน้า' }).click();
      await expect(shown).toHaveAttribute('data-name', 'red.png');
      await preview.getByRole('button', { name: 'ถัดไป' }).click();
      await expect(shown).toHaveAttribute('data-name', 'blue.png');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: testInfo.outputPath('upload-preview-1280.png') });
      await page.keyboard.press('Escape');
      await expect(preview).toBeHidden();

      await page.getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByTestId('save-message')).toHaveText('บันทึกรูปภาพเรียบร้อยแล้ว', SERVER);
      await page.reload();
      await waitForHydration(page);
      await expect(items(page)).toHaveCount(2);
      await expect(items(page).first()).toHaveAttribute('data-kind', 'saved');
      let held = await cmsPictures(request, 'course', course.id);
      expect(held.files.map((file) => file.mime)).toEqual(['image/png', 'image/png']);
      const [redSaved, blueSaved] = held.files;

      // a third picture, then the saved red one out: cancel keeps it, confirm removes it
      await fileInput(page).setInputFiles([GREEN]);
      await expect(items(page)).toHaveCount(3);
      await page.getByRole('button', { name: /ลบรูปที่ 1/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'ยืนยันการลบรูปภาพนี้?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'ยกเลิก' }).click();
      await expect(confirm).toBeHidden();
      await expect(items(page)).toHaveCount(3);
      await page.getByRole('button', { name: /ลบรูปที่ 1/ }).click();
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'ยืนยัน' }).click();
      await expect(confirm).toBeHidden();
      await expect(items(page)).toHaveCount(2);
      await keepScreenshot(page, testInfo, 'upload-course-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'upload-course-390');
      await page.setViewportSize({ width: 1280, height: 900 });

      // nothing is deleted before saving
      expect((await request.get(`${CMS_URL}${redSaved.url}`)).status()).toBe(200);
      await page.getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByTestId('save-message')).toHaveText('บันทึกรูปภาพเรียบร้อยแล้ว', SERVER);
      await page.reload();
      await waitForHydration(page);
      await expect(items(page)).toHaveCount(2);
      held = await cmsPictures(request, 'course', course.id);
      expect(held.files).toHaveLength(2);
      expect(held.files[0].fileId).toBe(blueSaved.fileId);
      expect(held.files.map((file) => file.fileId)).not.toContain(redSaved.fileId);
      // the deleted picture left the disk; the kept ones are served
      expect((await request.get(`${CMS_URL}${redSaved.url}`)).status()).toBe(404);
      for (const file of held.files) expect((await request.get(`${CMS_URL}${file.url}`)).status()).toBe(200);
    } finally {
      await course.remove();
    }
  });

  test('a product gallery is edited and saved with the same control', async ({ page, request }, testInfo) => {
    const title = `ทดสอบแกลเลอรี ${uniqueName('gal')}`;
    const course = await createCourse(request, { title: `${title} คอร์ส`, course_type: 'Online' });
    const product = await createProduct(request, title);
    try {
      await signIn(page, `/courses/${course.id}-${course.slug}`, ADMIN);
      await page.goto(`/admin/uploads/products/${product.id}`);
      await waitForHydration(page);
      await expect(page.getByRole('group', { name: 'แกลเลอรีสินค้า' })).toBeVisible();
      await fileInput(page).setInputFiles([GREEN, RED, BLUE]);
      await expect(items(page)).toHaveCount(3);
      await page.getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByTestId('save-message')).toHaveText('บันทึกรูปภาพเรียบร้อยแล้ว', SERVER);
      const held = await cmsPictures(request, 'product', product.id);
      expect(held.files).toHaveLength(3);
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'upload-product-390');
    } finally {
      await product.remove();
      await course.remove();
    }
  });

  test('scripts and pages renamed .png are refused in the browser and by the server, in English and in Thai', async ({ page, request }) => {
    const course = await createCourse(request, { title: `ทดสอบไฟล์ต้องห้าม ${uniqueName('bad')}`, course_type: 'Online' });
    try {
      await signIn(page, `/courses/${course.id}-${course.slug}`, ADMIN);
      await page.goto(`/admin/uploads/courses/${course.id}?lang=en`);
      await waitForHydration(page);
      const error = page.getByTestId('upload-error');

      await fileInput(page).setInputFiles([PHP]);
      await expect(error).toHaveText('File type is not allow to upload.', SERVER);
      await expect(page.getByTestId('toast').filter({ hasText: 'Can not upload file.' })).toBeVisible();
      await fileInput(page).setInputFiles([HTML_AS_PNG]);
      await expect(error).toHaveText('File type is not allow to upload.');
      await expect(items(page)).toHaveCount(0);

      // the server checks again: a page renamed .png sent straight to the save
      const answer = await page.request.post(`${STOREFRONT_URL}/admin/uploads/courses/${course.id}`, {
        multipart: { plan: JSON.stringify({ keep: [{ added: 0 }], deleted: [] }), file: HTML_AS_PNG },
      });
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain('File type is not allow to upload.');
      const php = await page.request.post(`${STOREFRONT_URL}/admin/uploads/courses/${course.id}`, {
        multipart: { plan: JSON.stringify({ keep: [{ added: 0 }], deleted: [] }), file: { ...PHP, name: 'shell.php.png', mimeType: 'image/png' } },
      });
      expect(await php.text()).toContain('File type is not allow to upload.');
      expect((await cmsPictures(request, 'course', course.id)).files).toEqual([]);

      await page.goto(`/admin/uploads/courses/${course.id}?lang=th`);
      await waitForHydration(page);
      await fileInput(page).setInputFiles([HTML_AS_PNG]);
      await expect(error).toHaveText('ไม่อนุญาตให้อัพโหลดไฟล์ประเภทนี้');
      await expect(error).toHaveText(THAI);
      await expect(page.getByTestId('toast').filter({ hasText: 'ไม่สามารถอัพโหลดไฟล์ได้' })).toBeVisible();
    } finally {
      await course.remove();
    }
  });

  test("a full storage says 'Out off Storage' in the browser and on save", async ({ page, request }) => {
    const course = await createCourse(request, { title: `ทดสอบพื้นที่เต็ม ${uniqueName('full')}`, course_type: 'Online' });
    try {
      await signIn(page, `/courses/${course.id}-${course.slug}`, ADMIN);
      await page.goto(`/admin/uploads/courses/${course.id}?lang=en`);
      await waitForHydration(page);
      // a picture chosen before the quota is lowered is still checked by the server on save
      await fileInput(page).setInputFiles([BLUE]);
      await expect(items(page)).toHaveCount(1);
      await withSiteSettings(request, { storage_quota_mb: 0 }, async () => {
        await fileInput(page).setInputFiles([RED]);
        await expect(page.getByTestId('upload-error')).toHaveText('Out off Storage', SERVER);
        await expect(items(page)).toHaveCount(1);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByTestId('save-message')).toHaveText('Out off Storage', SERVER);
        // the list the admin built is kept for a later try
        await expect(items(page)).toHaveCount(1);
        expect((await cmsPictures(request, 'course', course.id)).files).toEqual([]);
      });
      // with the quota back the same save goes through
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('save-message')).toHaveText('The pictures have been saved', SERVER);
      expect((await cmsPictures(request, 'course', course.id)).files).toHaveLength(1);
    } finally {
      await course.remove();
    }
  });

  test('a student gets no access and a visitor is sent to sign in', async ({ page, request, consoleProblems }, testInfo) => {
    const course = await createCourse(request, { title: `ทดสอบสิทธิ์ ${uniqueName('deny')}`, course_type: 'Online' });
    try {
      const visitor = await playwrightRequest.newContext();
      const anonymous = await visitor.get(`${STOREFRONT_URL}/admin/uploads`, { maxRedirects: 0 });
      expect(anonymous.status()).toBe(302);
      expect(anonymous.headers().location).toBe('/login?redirect=%2Fadmin%2Fuploads');
      await visitor.dispose();

      consoleProblems.allow(/status of 403/);
      await signIn(page, `/courses/${course.id}-${course.slug}`, STUDENT);
      for (const path of ['/admin/uploads', `/admin/uploads/courses/${course.id}`]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(403);
        await expect(page.getByTestId('admin-forbidden')).toContainText('คุณไม่มีสิทธิ์เข้าถึงหน้านี้');
        await expect(page.getByTestId('upload-control')).toHaveCount(0);
      }
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'upload-forbidden-390');
      const storage = await page.request.get(`${STOREFRONT_URL}/admin/uploads/storage`);
      expect(storage.status()).toBe(403);
      const save = await page.request.post(`${STOREFRONT_URL}/admin/uploads/courses/${course.id}`, {
        multipart: { plan: JSON.stringify({ keep: [{ added: 0 }], deleted: [] }), file: RED },
      });
      expect(save.status()).toBe(403);
      expect((await cmsPictures(request, 'course', course.id)).files).toEqual([]);
    } finally {
      await course.remove();
    }
  });
});
