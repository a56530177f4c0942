import { fillGuestForm, keepScreenshot, seededCourse, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

const MARKETING = 'online-marketing-for-beginners';

/** The message shown under a field of the checkout form. */
function fieldMessage(page: import('@playwright/test').Page, name: string) {
  return page.getByTestId('checkout-area').locator(`[data-field="${name}"]`);
}

test.describe('checkout validation', () => {
  test('shows the spec’s Thai messages next to each field before anything is sent', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await waitForHydration(page);
    let posted = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST') posted += 1;
    });

    await fillGuestForm(page, { firstname: 'สมชาย', lastname: 'ทดสอบ', email: 'not-an-email', tel: '12345', username: 'ชื่อไทย', password: '123', confirm: '456' });
    await page.getByTestId('pay-button').click();
    await expect(fieldMessage(page, 'email')).toContainText('อีเมลข้อมูลไม่ถูกต้อง');
    await expect(fieldMessage(page, 'tel')).toContainText('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
    await expect(fieldMessage(page, 'username')).toContainText('ชื่อผู้ใช้ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และ @ - _ .');
    await expect(fieldMessage(page, 'newPassword')).toContainText('รหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษร');
    await expect(page.getByTestId('checkout-invalid')).toHaveText('คุณกรอกข้อมูลไม่ถูกต้อง');
    // the input is linked to its message
    await expect(page.getByRole('textbox', { name: 'อีเมล', exact: true })).toHaveAttribute('aria-invalid', 'true');

    const form = page.getByTestId('checkout-area');
    await form.locator('input[name="newPassword"]').fill('secret1');
    await form.locator('input[name="confirmNewPassword"]').fill('secret2');
    await page.getByTestId('pay-button').click();
    await expect(fieldMessage(page, 'confirmNewPassword')).toContainText('รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน');
    await form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true }).fill('08123456');
    await expect(fieldMessage(page, 'tel')).toContainText('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
    await form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true }).fill('08l2345678');
    await expect(fieldMessage(page, 'tel')).toContainText('กรุณากรอกเบอร์โทรศัพท์เป็นตัวเลข 9-10 หลัก');
    await form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true }).fill('081234567');
    await expect(fieldMessage(page, 'tel')).not.toContainText('9-10 หลัก');

    // tax invoice: 13-digit tax id, 5-digit postcode, certificate for a company
    await form.getByText('ต้องการใบกำกับภาษี').click();
    await form.getByRole('textbox', { name: 'เลขประจำตัวผู้เสียภาษี', exact: true }).fill('12345');
    await form.getByRole('textbox', { name: 'รหัสไปรษณีย์', exact: true }).fill('101');
    await page.getByTestId('pay-button').click();
    await expect(fieldMessage(page, 'taxPayerIdentificationNo')).toContainText('กรุณากรอกเลขประจำตัวผู้เสียภาษี 13 หลัก');
    await expect(fieldMessage(page, 'taxPostcode')).toContainText('กรุณากรอกรหัสไปรษณีย์ 5 หลัก');
    await expect(fieldMessage(page, 'taxCompanyCertificate')).toContainText('กรุณาอัพโหลดหนังสือรับรอง');
    // a normal person's labels differ, and switching clears what was typed
    await form.getByText('บุคคลธรรมดา').click();
    await expect(form.getByRole('textbox', { name: 'เลขประจำตัวประชาชน', exact: true })).toHaveValue('');
    await expect(fieldMessage(page, 'taxCompanyCertificate')).toHaveCount(0);

    expect(posted, 'nothing was sent while the form was invalid').toBe(0);
  });

  test('a taken username comes back from the CMS as DUPLICATE_USERNAME’s message on the username field', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await waitForHydration(page);
    const email = `${uniqueName('dup')}@example.com`;
    await fillGuestForm(page, { firstname: 'สมชาย', lastname: 'ซ้ำ', email, tel: '0812345678', username: 'demo.student', password: 'secret1' });
    await page.getByTestId('pay-button').click();
    await expect(fieldMessage(page, 'username')).toContainText('ชื่อผู้ใช้นี้มีในระบบแล้ว', { timeout: 15_000 });
    // the server's refusal takes the buyer to the field, not to the end of the form
    const username = page.getByTestId('checkout-area').locator('input[name="username"]');
    await expect(username).toBeFocused();
    await expect(username).toBeInViewport();
    // what was typed stays
    await expect(page.getByRole('textbox', { name: 'อีเมล', exact: true })).toHaveValue(email);
    // no one was signed in
    await expect(page.getByTestId('open-login')).toBeVisible();
  });

  test('on a phone, a refused pay press is announced next to the pay button', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(course.path);
    await waitForHydration(page);
    const area = page.getByTestId('checkout-area');
    await area.getByRole('textbox', { name: 'อีเมล', exact: true }).fill('not-an-email');
    await page.getByTestId('pay-button').click();

    // the message next to the pay button is announced
    const summary = page.getByTestId('checkout-invalid');
    await expect(summary).toHaveText('คุณกรอกข้อมูลไม่ถูกต้อง');
    await expect(summary).toHaveAttribute('role', 'alert');
  });

  // The press starts while the e-mail field has the focus: its blur check must not move the button from under the pointer.
  test('on a phone, a refused pay press brings the first wrong field into view with the focus on it, on every press', async ({ page, request }, testInfo) => {
    const course = await seededCourse(request, MARKETING);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(course.path);
    await waitForHydration(page);
    const area = page.getByTestId('checkout-area');
    await area.getByRole('textbox', { name: 'อีเมล', exact: true }).fill('not-an-email');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('checkout-invalid')).toHaveText('คุณกรอกข้อมูลไม่ถูกต้อง');
    // the first field in error, in the form's order, holds the focus and is on screen, far above the button
    const expectFocusOnFirstError = async () => {
      const firstName = await area.locator('[data-invalid]').first().getAttribute('data-field');
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute('aria-invalid', 'true');
      expect(await focused.evaluate((element) => element.closest('[data-field]')?.getAttribute('data-field'))).toBe(firstName);
      await expect(focused).toBeInViewport();
      await expect(page.getByTestId('pay-button')).not.toBeInViewport();
      return firstName;
    };
    // the first name, empty, is the form's first field: it is the first problem, not the e-mail just typed
    expect(await expectFocusOnFirstError()).toBe('firstname');
    await keepScreenshot(page, testInfo, 'checkout-first-error-390');

    // a second press, with the errors already on screen, brings the buyer back to the first problem again
    await page.getByTestId('pay-button').click();
    expect(await expectFocusOnFirstError()).toBe('firstname');
  });

  test('withholding tax asks to switch to a juristic person first', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await waitForHydration(page);
    const form = page.getByTestId('checkout-area');
    await form.getByText('ต้องการหักภาษี ณ ที่จ่าย').click();
    const dialog = page.getByTestId('tax-person-dialog');
    await expect(dialog).toContainText('การหักภาษี ณ ที่จ่ายต้องใช้ข้อมูลใบกำกับภาษีแบบนิติบุคคล');
    await dialog.getByRole('button', { name: 'เปลี่ยนประเภทผู้เสียภาษี' }).click();
    await expect(form.locator('input[name="taxPersonType"][value="juristic_person"]')).toBeChecked();
    await expect(form.getByRole('combobox', { name: /หักภาษี ณ ที่จ่าย/ })).toHaveValue('3');
    // 3% of 1990.00 = 59.70
    await expect(page.getByTestId('summary-withholding')).toHaveText('-฿59.70');
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,930.30');
    await form.getByRole('combobox', { name: /หักภาษี ณ ที่จ่าย/ }).selectOption('1');
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,970.10');
  });
  test('the shop’s switch lets a short phone number through: without it the 9-10 digit rule holds', async ({ page, request }) => {
    // two page loads and a registration through the CMS
    test.slow();
    const course = await seededCourse(request, MARKETING);
    const tel = page.getByTestId('checkout-area').getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true });
    await page.goto(course.path);
    await waitForHydration(page);
    await fillGuestForm(page, { firstname: 'สมชาย', lastname: 'เบอร์สั้น', email: `${uniqueName('tel')}@example.com`, tel: '1133', username: uniqueName('tel'), password: 'secret1' });
    await page.getByTestId('pay-button').click();
    await expect(fieldMessage(page, 'tel')).toContainText('9-10 หลัก');

    await withSiteSettings(request, { is_tel_without_minimum: true }, async () => {
      await page.goto(course.path);
      await waitForHydration(page);
      await fillGuestForm(page, { firstname: 'สมชาย', lastname: 'เบอร์สั้น', email: `${uniqueName('tel')}@example.com`, tel: '1133', username: uniqueName('tel'), password: 'secret1' });
      await expect(tel).toHaveValue('1133');
      await page.getByTestId('pay-button').click();
      // the form goes on to the CMS: the registration is made and the payment step shows
      await expect(page.getByTestId('payment-step')).toBeVisible({ timeout: 30_000 });
      await expect(fieldMessage(page, 'tel')).toHaveCount(0);
    });
  });
});
