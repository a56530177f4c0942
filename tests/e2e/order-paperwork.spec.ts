/**
 * The paperwork after payment (ADRs 197, 198). Withholding certificates: a juristic buyer withholds 3% on an order paid by PromptPay;
 * once approved, the shop's admin area lists the order as missing its certificate; the student
 * sends the certificate from "my orders", and the admin area no longer lists it as missing and
 * opens the file. Credit notes: the shop cancels a paid order from its admin area with a reason, and
 * the student downloads the credit note from my orders.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { keepScreenshot, seededCourse, slipPng } from './support/course-checkout';
import { expect as baseExpect, test, waitForHydration } from './support/fixtures';
import { defaultPlan, expectOrderStatus, latestReference, sandboxDecide, signedInStudent, type Student } from './support/pay';
import { CMS_URL } from './support/servers';

const expect = baseExpect.configure({ timeout: 30_000 });
const MARKETING = 'online-marketing-for-beginners';
const SHOP_ADMIN = { username: 'demo.admin', password: 'demo1234' };
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The student's company tax details (with its registration certificate), then an order withholding 3%, by PromptPay. */
async function orderWithWithholding(request: import('@playwright/test').APIRequestContext, student: Student): Promise<number> {
  const auth = { authorization: `Bearer ${student.jwt}` };
  const upload = await request.post(`${CMS_URL}/api/home/test_upload`, { headers: auth, multipart: { imageinput0: { name: 'company.png', mimeType: 'image/png', buffer: slipPng() } } });
  baseExpect(upload.status(), await upload.text()).toBe(200);
  const [certificate] = ((await upload.json()) as { fileName: string[] }).fileName;
  const tax = await request.put(`${CMS_URL}/private/myaccount/students/tax`, {
    headers: auth,
    data: {
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท หักภาษีทดสอบ จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: '0105561234560',
      tax_address: '99 ถนนสาทรใต้ กรุงเทพฯ',
      tax_postcode: '10120',
      tax_is_delivery_by_tax_address: 1,
      tax_company_certificate: [certificate],
    },
  });
  baseExpect(tax.status(), await tax.text()).toBe(200);
  const course = await seededCourse(request, MARKETING);
  const plan = await defaultPlan(request, course.id);
  const response = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: auth,
    data: { user_id: student.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: 9, price: 0, is_withholding: true, withholding_percent: 3 },
  });
  baseExpect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { orderId: number }).orderId;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/login?redirect=${encodeURIComponent('/admin/orders')}`);
  const panel = page.getByTestId('login-panel');
  await panel.locator('input[name="username"]').fill(SHOP_ADMIN.username);
  await panel.locator('input[name="password"]').fill(SHOP_ADMIN.password);
  await panel.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  return page;
}

test('the student sends the withholding certificate from my orders and the admin area no longer lists it as missing', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(240_000);
  const student = await signedInStudent(page, request, 'wht');
  const orderId = await orderWithWithholding(request, student);
  await page.goto(`/pay/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('qr-screen')).toBeVisible();
  await sandboxDecide(request, 'omise', 'approve', await latestReference(request, orderId));
  await expectOrderStatus(request, student, orderId, 'approved');

  // the shop sees it missing
  const admin = await adminPage(browser);
  await admin.goto('/admin/orders?filter=missing-certificate&page=1');
  const missingBefore = Number(await admin.getByTestId('admin-orders').getAttribute('data-missing'));
  baseExpect(missingBefore).toBeGreaterThan(0);
  await expect(admin.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`).getByTestId('admin-order-certificate-missing')).toBeVisible();

  // the student sends it
  await page.goto('/myaccount/student/order');
  await waitForHydration(page);
  const card = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
  await expect(card.getByTestId('certificate-form')).toContainText('คำสั่งซื้อนี้หักภาษี ณ ที่จ่าย');
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `my-orders-certificate-form-${width}`);
  }
  // the file input speaks the site's language, not the browser's, and its button opens the chooser
  const form = card.getByTestId('certificate-form');
  await expect(form.getByTestId('file-chosen')).toHaveText('ยังไม่ได้เลือกไฟล์');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByText('เลือกไฟล์', { exact: true }).click()]);
  await chooser.setFiles({ name: 'หนังสือรับรอง-50ทวิ.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE_PDF });
  await expect(form.getByTestId('file-chosen')).toHaveText('หนังสือรับรอง-50ทวิ.pdf');
  await card.getByTestId('certificate-submit').click();
  await expect(card.getByTestId('certificate-sent')).toHaveText(`ส่งหนังสือรับรองการหักภาษี ณ ที่จ่ายของคำสั่งซื้อเลขที่ ${orderId} เรียบร้อยแล้ว`);
  await expect(card.getByTestId('certificate-received')).toContainText('ร้านได้รับหนังสือรับรองการหักภาษี ณ ที่จ่ายแล้ว');
  await expect(card.getByTestId('certificate-form')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'my-orders-certificate-sent-1440');

  // the shop no longer sees it missing, and opens the file
  await admin.goto('/admin/orders?filter=missing-certificate&page=1');
  await expect(admin.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`)).toHaveCount(0);
  baseExpect(Number(await admin.getByTestId('admin-orders').getAttribute('data-missing'))).toBe(missingBefore - 1);
  await admin.goto('/admin/orders');
  const row = admin.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
  const open = row.getByTestId('admin-order-certificate');
  await expect(open).toBeVisible();
  for (const width of [390, 1440]) {
    await admin.setViewportSize({ width, height: 900 });
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(admin, testInfo, `admin-orders-certificate-${width}`);
  }
  const file = await admin.request.get((await open.getAttribute('href'))!);
  baseExpect(file.status()).toBe(200);
  baseExpect(file.headers()['content-type']).toBe('application/pdf');
  baseExpect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await admin.context().close();
});

test('the shop cancels a paid order from the admin area and the student downloads its credit note', async ({ page, request, browser }, testInfo) => {
  test.setTimeout(240_000);
  const student = await signedInStudent(page, request, 'credit');
  const orderId = await orderWithWithholding(request, student);
  await page.goto(`/pay/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('qr-screen')).toBeVisible();
  await sandboxDecide(request, 'omise', 'approve', await latestReference(request, orderId));
  await expectOrderStatus(request, student, orderId, 'approved');

  const admin = await adminPage(browser);
  await waitForHydration(admin);
  const row = admin.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
  await row.getByTestId('admin-order-cancel-open').click();
  // an empty reason is refused by the browser before anything is sent; a reason goes through
  await row.locator('textarea[name="reason"]').fill('ผู้เรียนขอยกเลิกก่อนเริ่มเรียน');
  for (const width of [390, 1440]) {
    await admin.setViewportSize({ width, height: 900 });
    await row.scrollIntoViewIfNeeded();
    await keepScreenshot(admin, testInfo, `admin-orders-cancel-${width}`);
  }
  await row.getByTestId('admin-order-cancel-confirm').click();
  await expect(admin.getByTestId('admin-orders-notice')).toContainText(new RegExp(`ยกเลิกคำสั่งซื้อเลขที่ ${orderId} แล้ว · ใบลดหนี้ เลขที่ CN\\d{4}-\\d{6}`));
  await expect(row.getByTestId('admin-order-credit-note')).toBeVisible();
  await expect(row.getByTestId('admin-order-cancel-open')).toHaveCount(0);
  const shopCopy = await admin.request.get((await row.getByTestId('admin-order-credit-note').getAttribute('href'))!);
  baseExpect(shopCopy.status()).toBe(200);
  baseExpect(shopCopy.headers()['content-type']).toBe('application/pdf');
  await admin.context().close();

  await page.goto('/myaccount/student/order');
  const card = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
  await expect(card).toHaveAttribute('data-status', 'cancelled');
  const link = card.getByTestId('order-credit-note');
  await expect(link).toContainText(/ดาวน์โหลดใบลดหนี้ เลขที่ CN\d{4}-\d{6} \(PDF\)/);
  await expect(card.getByTestId('certificate-form')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'my-orders-credit-note-1280');
  const answer = await page.request.get(`/private/orders/${orderId}/documents/credit-note`);
  baseExpect(answer.status()).toBe(200);
  baseExpect(answer.headers()['content-type']).toBe('application/pdf');
  const pdf = await answer.body();
  baseExpect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await testInfo.attach('credit-note.pdf', { body: pdf, contentType: 'application/pdf' });
  fs.writeFileSync(testInfo.outputPath('credit-note.pdf'), pdf);
});
