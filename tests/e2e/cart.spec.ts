import { test, expect as baseExpect, waitForHydration } from './support/fixtures';
import { fillShippingAddressForm, keepScreenshot, readOrder, registerStudent, satang, seededCourse, slipPng, withSiteSettings } from './support/course-checkout';
import { readOrderStatus, signedInStudent } from './support/pay';
import { IDENTITY_URL } from './support/servers';

// These flows post forms that sign in, mail and price on a real CMS: give a busy machine room.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const MARKETING = 'online-marketing-for-beginners';
const EXCEL = 'excel-for-work';

test.describe('the cart', () => {
  test('a signed-in student adds courses from their pages, applies SALA10 and places an order at the summary total', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    await withSiteSettings(request, { layout: '1', is_thank_you_page: true }, async () => {
      const student = await signedInStudent(page, request, 'cart');
      const marketing = await seededCourse(request, MARKETING);
      const excel = await seededCourse(request, EXCEL);

      // the course page's register button puts the course in the cart
      for (const course of [marketing, excel]) {
        await page.goto(course.path);
        await expect(page.getByTestId('course-layout')).toHaveAttribute('data-layout', '1');
        await page.getByTestId('course-price').getByRole('link', { name: 'สมัครเรียน' }).click();
        await expect(page).toHaveURL(/\/cart$/);
      }
      const lines = page.getByTestId('cart-line');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toHaveAttribute('data-course-id', String(marketing.id));
      await expect(page.getByTestId('nav-cart').getByTestId('nav-cart-count')).toHaveText('2');
      await waitForHydration(page);

      // two courses meet the tiered promotion: the best one is chosen for the student
      await expect(page.getByTestId('promotion-applied')).toBeVisible();
      const withoutCoupon = satang(await page.getByTestId('summary-total').textContent());

      await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill('SALA10');
      await page.getByTestId('coupon-apply').click();
      const result = page.getByTestId('coupon-result');
      await expect(result).toContainText('คุณได้รับส่วนลดจากคูปองนี้เรียบร้อยแล้ว!');
      await result.getByRole('button', { name: 'ตกลง' }).click();
      await expect(result).toBeHidden();
      await expect(page.getByTestId('coupon').filter({ hasText: 'SALA10' })).toHaveAttribute('data-applied', 'true');
      const total = satang(await page.getByTestId('summary-total').textContent());
      expect(total).toBeLessThan(withoutCoupon);

      // bank transfer: the shop's accounts and the PromptPay QR at half the width
      const payment = page.getByTestId('block-payment');
      await payment.locator('[data-method-id="1"]').click();
      await expect(payment.getByTestId('bank-accounts')).toBeVisible();
      await payment.getByRole('button', { name: 'QR พร้อมเพย์' }).first().click();
      const qr = page.getByTestId('qr-dialog');
      await expect(qr).toBeVisible();
      await expect(qr.locator('img')).toBeVisible();
      const box = await qr.boundingBox();
      // half of the page beside the dialog's own side padding
      expect(box!.width / page.viewportSize()!.width).toBeGreaterThan(0.45);
      expect(box!.width / page.viewportSize()!.width).toBeLessThanOrEqual(0.5);
      await qr.getByRole('button', { name: 'ปิด' }).first().click();
      await expect(qr).toBeHidden();

      await keepScreenshot(page, testInfo, 'cart-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, testInfo, 'cart-390');
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.getByTestId('pay-button').click();
      await page.waitForURL(/\/pay\/\d+/);
      const orderId = Number(/\/pay\/(\d+)/.exec(page.url())![1]);
      const order = await readOrder(request, orderId);
      expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
      expect(order.net).toBe(total);
      await keepScreenshot(page, testInfo, 'cart-paid-on-pay-page');

      // the order holds the lines now: the cart is empty again
      await page.goto('/cart');
      await expect(page.getByTestId('cart-empty')).toBeVisible();
      await expect(page.getByTestId('cart-empty')).toContainText('ไม่มีสินค้าในตะกร้า');
      await expect(page.getByTestId('nav-cart').getByTestId('nav-cart-count')).toHaveCount(0);
    });
  });

  test('a juristic person asks for a tax invoice with withholding tax: the modal saves the company, the summary deducts 3% and the CMS order records both', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const student = await signedInStudent(page, request, 'wht');
    const marketing = await seededCourse(request, MARKETING);
    const added = await page.request.post('/cart/add', { form: { courseId: String(marketing.id) }, maxRedirects: 0 });
    expect(added.status()).toBe(302);
    await page.goto('/cart');
    await waitForHydration(page);

    // no juristic details on the account yet: ticking withholding asks to change the person type first
    const tax = page.getByTestId('block-tax');
    await expect(tax.getByTestId('withholding-choice')).toContainText('หักภาษี ณ ที่จ่ายได้เฉพาะนิติบุคคลเท่านั้น');
    await tax.getByText('ต้องการหักภาษี ณ ที่จ่าย').click();
    const ask = page.getByTestId('change-person-type-dialog');
    await expect(ask).toBeVisible();
    await ask.getByTestId('change-person-type-confirm').click();

    // the tax-invoice modal: titled that withholding needs a juristic person, normal person disabled
    const modal = page.getByTestId('withholding-tax-modal');
    await expect(modal.getByRole('heading')).toHaveText('การหักภาษี ณ ที่จ่ายต้องใช้ข้อมูลใบกำกับภาษีแบบนิติบุคคล');
    await expect(modal.getByRole('radio', { name: 'นิติบุคคล' })).toBeChecked();
    await expect(modal.getByRole('radio', { name: 'บุคคลธรรมดา' })).toBeDisabled();
    await modal.locator('input[name="taxPayerIdentificationNo"]').fill('0105556001235');
    await modal.getByTestId('withholding-tax-save').click();
    // 13 digits, but the check digit is wrong
    await expect(modal.locator('[data-field="taxPayerIdentificationNo"]')).toContainText('เลขประจำตัวผู้เสียภาษีไม่ถูกต้อง');
    await expect(modal.locator('[data-field="taxCompanyCertificate"]')).toContainText('กรุณาอัพโหลดหนังสือรับรอง');
    await modal.locator('input[name="taxNameOne"]').fill('บริษัท ศาลาการค้า จำกัด');
    await modal.locator('input[name="taxNameTwo"]').fill('สำนักงานใหญ่');
    await modal.locator('input[name="taxPayerIdentificationNo"]').fill('0105556001234');
    await modal.locator('input[name="taxPostcode"]').fill('10500');
    await modal.locator('textarea[name="taxAddress"]').fill('123 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร');
    await modal.locator('input[name="taxCompanyCertificate"]').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: slipPng() });
    // the certificate's file input draws its button and the chosen name in the site's language
    const certificate = modal.locator('[data-field="taxCompanyCertificate"]');
    await expect(certificate.getByText('เลือกไฟล์', { exact: true })).toBeVisible();
    await expect(certificate.getByTestId('file-chosen')).toHaveText('certificate.png');
    await keepScreenshot(page, testInfo, 'cart-withholding-modal-1280');
    await modal.getByTestId('withholding-tax-save').click();
    await expect(modal).toBeHidden();

    // the account now holds the company: a juristic tax invoice is asked for, withholding ticked at 3%
    await expect(tax.getByTestId('withholding-choice')).toHaveAttribute('data-juristic', 'true');
    await expect(tax.getByRole('checkbox', { name: 'ต้องการใบกำกับภาษี' })).toBeChecked();
    await expect(tax.getByRole('radio', { name: 'นิติบุคคล' })).toBeChecked();
    await expect(tax.getByTestId('tax-invoice-on-file')).toHaveText('ออกใบกำกับภาษีในนาม บริษัท ศาลาการค้า จำกัด สำนักงานใหญ่ เลขประจำตัวผู้เสียภาษี 0105556001234');
    await expect(tax.getByRole('checkbox', { name: 'ต้องการหักภาษี ณ ที่จ่าย' })).toBeChecked();
    await expect(tax.getByRole('combobox')).toHaveValue('3');

    // to pay = price - discount - withholding; withholding is 3% of the goods (VAT is off in the demo)
    const summary = page.getByTestId('block-summary');
    await expect(summary).toContainText('หักภาษี ณ ที่จ่าย 3%');
    const subtotal = satang(await page.getByTestId('summary-subtotal').textContent());
    const discount = (await page.getByTestId('summary-discount').count()) > 0 ? -satang(await page.getByTestId('summary-discount').textContent()) : 0;
    const withheld = Math.round(((subtotal - discount) * 3) / 100);
    expect(withheld).toBeGreaterThan(0);
    expect(satang(await page.getByTestId('summary-withholding').textContent())).toBe(-withheld);
    const total = satang(await page.getByTestId('summary-total').textContent());
    expect(total).toBe(subtotal - discount - withheld);
    await keepScreenshot(page, testInfo, 'cart-withholding-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-withholding-390');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('block-payment').locator('[data-method-id="1"]').click();
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/pay\/\d+/);
    const orderId = Number(/\/pay\/(\d+)/.exec(page.url())![1]);
    expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
    // the CMS priced it again from the account's tax invoice: the same withholding and total
    const order = (await readOrder(request, orderId)) as Awaited<ReturnType<typeof readOrder>> & {
      withholding_percent: number;
      is_require_tax_invoice: boolean;
      tax_info: Record<string, unknown> | null;
    };
    expect(order.net).toBe(total);
    expect(order.withholding_price).toBe(withheld);
    expect(order.is_withholding).toBe(true);
    expect(order.withholding_percent).toBe(3);
    expect(order.is_require_tax_invoice).toBe(true);
    expect(order.tax_info).toMatchObject({
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลาการค้า จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: '0105556001234',
      tax_postcode: '10500',
    });
  });

  test('removing a line leaves the other one and prices it alone', async ({ page, request }) => {
    await signedInStudent(page, request, 'cartrm');
    const marketing = await seededCourse(request, MARKETING);
    const excel = await seededCourse(request, EXCEL);
    // the reusable add-to-cart action: POST /cart/add
    for (const course of [marketing, excel]) {
      const added = await page.request.post('/cart/add', { form: { courseId: String(course.id) }, maxRedirects: 0 });
      expect(added.status()).toBe(302);
      expect(added.headers().location).toBe('/cart');
    }
    await page.goto('/cart');
    await waitForHydration(page);
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const excelLine = page.locator(`[data-testid="cart-line"][data-course-id="${excel.id}"]`);
    const excelPrice = satang(await excelLine.getByTestId('cart-line-price').textContent());
    await page.locator(`[data-testid="cart-line"][data-course-id="${marketing.id}"]`).getByTestId('cart-line-remove').click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveAttribute('data-course-id', String(excel.id));
    await expect(page.getByTestId('summary-subtotal')).toHaveText(/฿/);
    expect(satang(await page.getByTestId('summary-subtotal').textContent())).toBe(excelPrice);
    await expect(page.getByTestId('nav-cart').getByTestId('nav-cart-count')).toHaveText('1');
  });

  test('a course with a printed book ships from the cart too: paying waits for an address, and the order carries the fee', async ({ page, request }, testInfo) => {
    const student = await signedInStudent(page, request, 'cartbook');
    const book = await seededCourse(request, 'copywriting-with-printed-book');
    // the register link's address: it puts the course in the cart and shows it
    await page.goto(`/cart?course=${book.id}`);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute('data-course-id', String(book.id));
    await waitForHydration(page);

    // no address yet: the pay button waits, with the shop's reason
    await expect(page.getByTestId('shipping-address-missing')).toHaveText('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    await expect(page.getByTestId('pay-button')).toBeDisabled();
    // 1,490.00 and the first method's 50.00
    await expect(page.getByTestId('summary-shipping')).toHaveText('฿50.00');
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,540.00');

    const form = page.getByTestId('shipping-address-form');
    await fillShippingAddressForm(form);
    await form.getByTestId('shipping-address-save').click();
    await expect(page.getByTestId('shipping-address-summary')).toContainText('มานี มีนา');
    await expect(page.getByTestId('pay-button')).toBeEnabled();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-printed-book-390');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('block-payment').locator('[data-method-id="1"]').click();
    await page.getByTestId('pay-button').click();
    await page.waitForURL(/\/pay\/\d+/);
    const orderId = Number(/\/pay\/(\d+)/.exec(page.url())![1]);
    const order = (await readOrder(request, orderId)) as Awaited<ReturnType<typeof readOrder>> & { shipping_fee: number };
    // priced again by the CMS: 1,490.00 + 50.00
    expect(order.shipping_fee).toBe(5_000);
    expect(order.net).toBe(154_000);
    expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
  });

  test('a visitor signs in from the cart: a wrong password gets the Thai message, the right one shows the cart with the course', async ({ page, request }, testInfo) => {
    const credentials = await registerStudent(request, 'cartin');
    const marketing = await seededCourse(request, MARKETING);
    const response = await page.goto(`/cart?course=${marketing.id}`);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await expect(page).toHaveURL(new RegExp(`/cart\\?course=${marketing.id}$`));
    const panel = page.getByTestId('login-panel');
    await expect(panel.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'ลืมรหัสผ่าน?' })).toHaveAttribute('href', '/forgotpass');
    await expect(panel.getByTestId('register-link')).toHaveAttribute('href', `/register?redirect=${encodeURIComponent(`/cart?course=${marketing.id}`)}`);
    await expect(panel.getByTestId('social-login').getByRole('link')).toHaveCount(3);
    await waitForHydration(page);
    await keepScreenshot(page, testInfo, 'cart-login-1280');

    await panel.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(credentials.username);
    await panel.getByLabel('รหัสผ่าน').fill('wrong-password');
    await panel.getByLabel('รหัสผ่าน').press('Enter');
    await expect(panel.getByTestId('login-error')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-login-error-390');

    await panel.getByLabel('รหัสผ่าน').fill(credentials.password);
    await panel.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toHaveAttribute('data-course-id', String(marketing.id));
  });

  test('a social sign-in button goes to the provider and comes back to the cart signed in (ADR 175)', async ({ page }) => {
    await page.goto('/cart');
    await page.getByTestId('social-login').getByRole('link', { name: 'เข้าสู่ระบบด้วย Facebook' }).click();
    await expect(page).toHaveURL((url) => url.href.startsWith(`${IDENTITY_URL}/facebook/v21.0/dialog/oauth?`));
    await page.locator('button[data-account="10223000000000001"]').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-student')).toContainText('สมชาย รักเรียน');
    await expect(page.getByTestId('login-panel')).toHaveCount(0);
  });

  test('an empty cart says so and leads to the courses', async ({ page, request }, testInfo) => {
    await signedInStudent(page, request, 'cartempty');
    await page.goto('/cart');
    await expect(page.getByTestId('cart-empty')).toContainText('ไม่มีสินค้าในตะกร้า');
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'cart-empty-390');
  });
});
