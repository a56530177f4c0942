/**
 * The student's tax-invoice details at /myaccount/student/tax: a form sent empty gets the shared
 * schema's Thai messages under its fields, in the browser and from the server; an individual's
 * details with the documents sent to the tax address are saved and shown again.
 */
import { keepScreenshot } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { signedInStudent } from './support/pay';

const REQUIRED_NAME = 'กรุณากรอกชื่อ';

test('a student’s tax details: an empty form is answered in Thai, in the browser and by the server; an individual’s details are saved and shown again', async ({
  page,
  request,
  consoleProblems,
}, testInfo) => {
  // the form sent without scripts is answered 400 with its messages, which the browser logs
  consoleProblems.allow(/status of 400 \(Bad Request\) \(.*\/myaccount\/student\/tax\)/);
  await signedInStudent(page, request, 'taxform');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/myaccount/student/tax');
  const form = page.locator('#tax-form');

  // the server's answer first: the form sent before its scripts check it
  await form.evaluate((element: HTMLFormElement) => {
    element.noValidate = true;
    for (const field of element.querySelectorAll('input, textarea')) if (!['radio', 'checkbox', 'hidden', 'file'].includes((field as HTMLInputElement).type)) (field as HTMLInputElement).value = '';
    HTMLFormElement.prototype.submit.call(element);
  });
  await expect(page.locator('[name="taxNameOne"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).not.toContainText('Invalid input');
  await expect(form).toContainText(REQUIRED_NAME);

  // the browser's own check, after a reload
  await page.goto('/myaccount/student/tax');
  await waitForHydration(page);
  await page.locator('[name="taxNameOne"]').fill('');
  await page.getByTestId('tax-save').click();
  await expect(page.locator('[name="taxNameOne"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).not.toContainText('Invalid input');
  await expect(form).toContainText(REQUIRED_NAME);
  await keepScreenshot(page, testInfo, 'tax-details-empty-390');

  await page.getByText('บุคคลธรรมดา', { exact: true }).click();
  await page.locator('[name="taxNameOne"]').fill('สมชาย');
  await page.locator('[name="taxNameTwo"]').fill('ใจดี');
  await page.locator('[name="taxPayerIdentificationNo"]').fill('1101700207030');
  await page.locator('[name="taxPostcode"]').fill('10110');
  await page.locator('[name="taxAddress"]').fill('99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร');
  const sameAddress = page.getByText('จัดส่งเอกสารตามที่อยู่ใบกำกับภาษี');
  if (await page.locator('[name="taxDeliveryAddress"]').count()) await sameAddress.click();
  await expect(page.locator('[name="taxDeliveryAddress"]')).toHaveCount(0);
  await page.getByTestId('tax-save').click();
  await expect(page.getByTestId('tax-saved')).toHaveText('บันทึกข้อมูลใบกำกับภาษีเรียบร้อยแล้ว');

  await page.reload();
  await expect(page.locator('[name="taxNameOne"]')).toHaveValue('สมชาย');
  await expect(page.locator('[name="taxPayerIdentificationNo"]')).toHaveValue('1101700207030');
  await expect(page.getByRole('radio', { name: 'บุคคลธรรมดา' })).toBeChecked();
});
