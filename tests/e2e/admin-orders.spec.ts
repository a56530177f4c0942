/**
 * Orders in the Strapi admin (ADR 167, 168), in Thai: an order's amounts cannot be edited
 * (read-only fields, and a forged content-manager save is refused), approving the waiting
 * transfer report from the order's entry approves the order and mails the buyer once, as
 * the storefront's review does, and the order list then shows the order as approved.
 */
import type { APIRequestContext } from '@playwright/test';
import { registerStudent, slipPng, type Credentials } from './support/course-checkout';
import { loginAdmin } from './support/cms-admin';
import { placeOrder, readOrderStatus, type Student } from './support/pay';
import { CMS_URL } from './support/servers';
import { lastMailSeq, listMails, waitForMail } from './support/smtp';
import { adminUrl, ADMIN_TEST_TIMEOUT, expect as baseExpect, signInToAdmin, test } from './support/strapi-admin';

// the admin panel and each CMS round trip take their time on a loaded machine
const expect = baseExpect.configure({ timeout: 60_000 });

const ORDER_UID = 'api::order.order';
const BANK_TRANSFER = 1;

/** A new student who ordered a seeded course by bank transfer and reported the transfer with a slip. */
async function reportedOrder(request: APIRequestContext): Promise<{ student: Student; orderId: number; documentId: string }> {
  const credentials: Credentials = await registerStudent(request, 'adminorders');
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: credentials.username, password: credentials.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  const student: Student = { ...credentials, id: user.id, jwt };
  const headers = { authorization: `Bearer ${jwt}` };
  const { orderId } = await placeOrder(request, student, 'online-marketing-for-beginners', BANK_TRANSFER);

  const accounts = await request.post(`${CMS_URL}/api/payment/bank-transfer`, { headers, data: { orderId } });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const { data } = (await accounts.json()) as { data: { amount: string; accounts: { account_id: string }[] } };
  const upload = await request.post(`${CMS_URL}/api/home/test_upload`, { headers, multipart: { imageinput0: { name: 'slip.png', mimeType: 'image/png', buffer: slipPng(300, 120) } } });
  expect(upload.status(), await upload.text()).toBe(200);
  const slip = ((await upload.json()) as { fileName: string[] }).fileName[0];
  const report = await request.post(`${CMS_URL}/private/payment/report`, {
    headers,
    data: {
      order_id: orderId,
      payment_method_id: BANK_TRANSFER,
      contact_name: 'สมหญิง ใจดี',
      bank_account: data.accounts[0].account_id,
      bank_code: 'KBANK',
      transfer_datetime: '2026-11-26',
      time: '10:00:00',
      transfer_amount: data.amount,
      slip: [slip],
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  expect(await readOrderStatus(request, student, orderId)).toBe('pendingApproved');

  const session = await loginAdmin(request);
  const found = await request.get(`${CMS_URL}/content-manager/collection-types/${ORDER_UID}`, {
    headers: { authorization: `Bearer ${session.token}` },
    params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': orderId },
  });
  expect(found.status(), await found.text()).toBe(200);
  const documentId = ((await found.json()) as { results: { id: number; documentId: string }[] }).results[0].documentId;
  return { student, orderId, documentId };
}

test('an order is read-only in the admin; approving its transfer report there approves it, mails the buyer once and the list shows it approved', async ({
  page,
  request,
  consoleProblems,
}, testInfo) => {
  test.setTimeout(ADMIN_TEST_TIMEOUT * 3);
  // the edit view asks for Strapi's AI translation jobs and a preview address, neither set up for orders
  consoleProblems.allow(/404 \(Not Found\) \(.*\/i18n\/ai-localization-jobs\//);
  consoleProblems.allow(/404 \(Not Found\) \(.*\/content-manager\/preview\/url\//);
  const { student, orderId, documentId } = await reportedOrder(request);
  const mailsBefore = await lastMailSeq();

  await signInToAdmin(page);
  await page.goto(adminUrl(`/content-manager/collection-types/${ORDER_UID}/${documentId}`));

  // the amounts are shown, and cannot be typed into
  const net = page.locator('input[name="net"]');
  await expect(net).toBeVisible();
  await expect(net).toBeDisabled();
  await expect(page.locator('input[name="price"]')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'อนุมัติการชำระเงิน', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-order-entry.png'), fullPage: true });

  // a save forged with a Super Admin's session is refused, in Thai
  const forged = await request.put(`${CMS_URL}/content-manager/collection-types/${ORDER_UID}/${documentId}`, {
    headers: { authorization: `Bearer ${(await loginAdmin(request)).token}` },
    data: { net: 1, price: 1, state: 'approved' },
  });
  expect(forged.status()).toBe(403);
  expect(((await forged.json()) as { error: { message: string } }).error.message).toMatch(/แก้ไข หรือลบในหน้านี้ไม่ได้/);
  expect(await readOrderStatus(request, student, orderId)).toBe('pendingApproved');

  // approve from the entry, as the storefront's review would
  await page.getByRole('button', { name: 'อนุมัติการชำระเงิน', exact: true }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText('อนุมัติการชำระเงินนี้?')).toBeVisible();
  await dialog.getByRole('button', { name: 'ยืนยัน', exact: true }).click();
  await expect(page.getByText('อนุมัติการชำระเงินแล้ว')).toBeVisible();
  await expect.poll(() => readOrderStatus(request, student, orderId)).toBe('approved');
  // the decided order has no approve button any more
  await expect(page.getByRole('button', { name: 'อนุมัติการชำระเงิน', exact: true })).toHaveCount(0, { timeout: 30_000 });

  // the approval mail; the order-placed mail of the transfer (ADR 204) may arrive around the same moment
  await waitForMail({ to: student.email, subject: 'ยืนยันการชำระเงิน', after: mailsBefore });
  await page.waitForTimeout(1_000);
  expect((await listMails()).filter((mail) => mail.seq > mailsBefore && mail.to.includes(student.email.toLowerCase()) && mail.subject.includes('ยืนยันการชำระเงิน'))).toHaveLength(1);

  // the order list shows the order's own state, in Thai
  await page.goto(adminUrl(`/content-manager/collection-types/${ORDER_UID}?page=1&pageSize=10&sort=id:DESC`));
  const row = page.getByRole('row').filter({ has: page.getByRole('gridcell', { name: String(orderId), exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('อนุมัติแล้ว');
  await page.screenshot({ path: testInfo.outputPath('admin-order-list.png'), fullPage: true });
});
