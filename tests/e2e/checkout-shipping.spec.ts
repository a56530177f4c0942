import { fillGuestForm, keepScreenshot, readOrder, satang, seededCourse, uniqueName, type CmsOrder } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';

/** A demo course on the registration layout that comes with a printed book (free_book_type "physical"). */
const BOOK_COURSE = 'copywriting-with-printed-book';

test.describe('checkout of a course that ships a printed book', () => {
  test('a guest gives a delivery address and a method; the fee is in the summary and in the order the CMS prices', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, BOOK_COURSE);
    await page.goto(course.path);
    await waitForHydration(page);

    const shipping = page.getByTestId('block-shipping');
    await expect(shipping).toBeVisible();
    await expect(shipping).toContainText('คอร์สนี้มีหนังสือเล่มจริงจัดส่งถึงคุณ');
    // the shop's methods with their fees; the first is chosen and priced into the summary
    const fees = shipping.getByTestId('shipping-fee');
    await expect(fees).toHaveCount(3);
    await expect(fees.first()).toContainText('ไปรษณีย์ลงทะเบียน');
    await expect(fees.first()).toContainText('฿50.00');
    await expect(fees.nth(2)).toContainText('ฟรี');
    await expect(page.getByTestId('summary-shipping')).toHaveText('฿50.00');
    const subtotal = satang(await page.getByTestId('summary-subtotal').textContent());
    expect(subtotal).toBe(149_000);
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,540.00');

    // no address yet: the pay button waits, and pressing it says why
    const pay = page.getByTestId('pay-button');
    await expect(page.getByTestId('pay-blocked')).toHaveText('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    await expect(pay).toHaveAttribute('aria-disabled', 'true');
    await pay.click({ force: true });
    await expect(page.getByTestId('checkout-notice')).toHaveText('กรุณากรอกข้อมูลที่อยู่สำหรับจัดส่ง');
    await expect(page.getByTestId('payment-step')).toHaveCount(0);

    // another method changes the fee and the total at once
    await fees.filter({ hasText: 'EMS' }).click();
    await expect(page.getByTestId('summary-shipping')).toHaveText('฿80.00');
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,570.00');

    const username = uniqueName('book');
    await fillGuestForm(page, { firstname: 'มานี', lastname: 'รักหนังสือ', email: `${username}@example.com`, tel: '0812345678', username, password: 'secret1' });
    const address = page.getByTestId('checkout-shipping-address');
    await address.getByRole('textbox', { name: 'ชื่อผู้รับ' }).fill('มานี รักหนังสือ');
    await address.getByRole('textbox', { name: 'เบอร์โทรศัพท์ผู้รับ' }).fill('0899999999');
    await address.getByRole('textbox', { name: 'ที่อยู่ (บ้านเลขที่ ถนน)' }).fill('99/9 ถนนพหลโยธิน');
    await address.getByRole('textbox', { name: 'เขต/อำเภอ' }).fill('พญาไท');
    await address.getByRole('combobox', { name: 'จังหวัด' }).selectOption('กรุงเทพมหานคร');
    await expect(pay).toHaveAttribute('aria-disabled', 'true');
    await address.getByRole('textbox', { name: 'รหัสไปรษณีย์' }).fill('104');
    // every required field is filled: the button is free, and the checks answer with the spec's message
    await expect(page.getByTestId('pay-blocked')).toHaveCount(0);
    await expect(pay).not.toHaveAttribute('aria-disabled', 'true');
    await pay.click();
    await expect(address.locator('[data-field="shipping.postcode"]')).toContainText('กรุณากรอกรหัสไปรษณีย์ 5 หลัก');
    await expect(page.getByTestId('payment-step')).toHaveCount(0);

    await address.getByRole('textbox', { name: 'รหัสไปรษณีย์' }).fill('10400');
    await keepScreenshot(page, testInfo, 'checkout-shipping-1280');
    const browserTotal = satang(await page.getByTestId('summary-total').textContent());
    await pay.click();

    const payment = page.getByTestId('payment-step');
    await expect(payment).toBeVisible({ timeout: 20_000 });
    const orderId = Number(await payment.getAttribute('data-order-id'));
    await expect(page.getByTestId('server-summary')).toContainText('ค่าจัดส่ง');
    await expect(page.getByTestId('server-summary')).toContainText('฿80.00');
    expect(satang(await page.getByTestId('server-total').textContent())).toBe(browserTotal);
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'checkout-shipping-payment-390');

    // the CMS priced the fee itself and kept it with the order
    const order = (await readOrder(request, orderId)) as CmsOrder & { shipping_fee: number };
    expect(order.shipping_fee).toBe(8_000);
    expect(order.net).toBe(157_000);
    expect(order.net).toBe(browserTotal);
  });

  test('the free pick-up method adds no fee, and the typed address becomes the student’s own', async ({ page, request }) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, BOOK_COURSE);
    await page.goto(course.path);
    await waitForHydration(page);
    const username = uniqueName('bookpickup');
    await fillGuestForm(page, { firstname: 'ชูใจ', lastname: 'ใฝ่รู้', email: `${username}@example.com`, tel: '0812345678', username, password: 'secret1' });
    const address = page.getByTestId('checkout-shipping-address');
    await address.getByRole('textbox', { name: 'ชื่อผู้รับ' }).fill('ชูใจ ใฝ่รู้');
    await address.getByRole('textbox', { name: 'เบอร์โทรศัพท์ผู้รับ' }).fill('0811111111');
    await address.getByRole('textbox', { name: 'ที่อยู่ (บ้านเลขที่ ถนน)' }).fill('1 ถนนนิมมานเหมินท์');
    await address.getByRole('textbox', { name: 'เขต/อำเภอ' }).fill('เมืองเชียงใหม่');
    await address.getByRole('combobox', { name: 'จังหวัด' }).selectOption('เชียงใหม่');
    await address.getByRole('textbox', { name: 'รหัสไปรษณีย์' }).fill('50200');
    await page.getByTestId('shipping-fee').filter({ hasText: 'รับเองที่สำนักงาน' }).click();
    await expect(page.getByTestId('summary-shipping')).toHaveCount(0);
    await expect(page.getByTestId('summary-total')).toHaveText('฿1,490.00');
    await page.getByTestId('pay-button').click();
    const payment = page.getByTestId('payment-step');
    await expect(payment).toBeVisible({ timeout: 20_000 });
    const order = (await readOrder(request, Number(await payment.getAttribute('data-order-id')))) as CmsOrder & { shipping_fee: number };
    expect(order.shipping_fee).toBe(0);
    expect(order.net).toBe(149_000);

    // the address is the student's default now, as the CMS keeps it
    const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username, password: 'secret1' } });
    expect(login.status(), await login.text()).toBe(200);
    const { jwt } = (await login.json()) as { jwt: string };
    const saved = await request.get(`${CMS_URL}/private/shipping/addresses`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(saved.status()).toBe(200);
    const [first] = ((await saved.json()) as { data: { fullname: string; province: string; postcode: string; is_default: boolean }[] }).data;
    expect(first).toMatchObject({ fullname: 'ชูใจ ใฝ่รู้', province: 'เชียงใหม่', postcode: '50200', is_default: true });
  });
});
