import { test, expect as baseExpect, waitForHydration } from './support/fixtures';
import { keepScreenshot, registerStudent, uniqueName } from './support/course-checkout';
import { signedInStudent } from './support/pay';
import { STOREFRONT_URL } from './support/servers';
import { lastMailSeq, waitForMail } from './support/smtp';

// These flows post forms that sign in, mail and price on a real CMS: give a busy machine room.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('forgot password', () => {
  test('a student asks for a link, gets the Thai mail, sets a new password and only the new one works', async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const credentials = await registerStudent(request, 'forgot');
    const after = await lastMailSeq();

    await page.goto('/cart');
    await page.getByTestId('login-panel').getByRole('link', { name: 'ลืมรหัสผ่าน?' }).click();
    await expect(page).toHaveURL(/\/forgotpass$/);
    await waitForHydration(page);
    await page.getByLabel('อีเมล').fill(credentials.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toContainText('หากอีเมลนี้มีบัญชีอยู่ในระบบ');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'forgot-sent-390');

    const mail = await waitForMail({ to: credentials.email, subject: 'ตั้งรหัสผ่านใหม่', after });
    expect(mail.text).toContain(credentials.username);
    expect(mail.text).not.toContain(credentials.password);
    const link = /https?:\/\/\S+\/resetpassword\?code=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(new URL(link!).origin).toBe(STOREFRONT_URL);

    await page.goto(link!);
    await waitForHydration(page);
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('brand-new-7');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('brand-new-7');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-done')).toContainText('ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว');
    await keepScreenshot(page, testInfo, 'reset-done-390');

    // the link works once
    await page.goto(link!);
    await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('another-one-8');
    await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('another-one-8');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-error')).toContainText('ลิงก์ตั้งรหัสผ่านใหม่ไม่ถูกต้องหรือหมดอายุแล้ว');

    // the old password no longer signs in; the new one does
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/login?redirect=/cart');
    const panel = page.getByTestId('login-panel');
    await panel.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(credentials.username);
    await panel.getByLabel('รหัสผ่าน').fill(credentials.password);
    await panel.getByTestId('login-submit').click();
    await expect(panel.getByTestId('login-error')).toHaveText('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await panel.getByLabel('รหัสผ่าน').fill('brand-new-7');
    await panel.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-student')).toBeVisible();
  });

  test('an address without an account gets the same answer and no mail', async ({ page }) => {
    const email = `${uniqueName('nobody')}@example.com`;
    await page.goto('/forgotpass');
    await waitForHydration(page);
    await page.getByLabel('อีเมล').fill(email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toContainText('หากอีเมลนี้มีบัญชีอยู่ในระบบ');
    await expect(waitForMail({ to: email, timeoutMs: 1500 })).rejects.toThrow(/no mail/);
  });
});

test.describe('registration page', () => {
  test('a visitor signs up from the cart and comes back to it signed in', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const username = uniqueName('reg');
    await page.goto('/cart');
    await page.getByTestId('login-panel').getByTestId('register-link').click();
    await expect(page).toHaveURL(/\/register\?redirect=%2Fcart$/);
    await waitForHydration(page);
    const form = page.getByTestId('register-page');
    await form.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมศรี');
    await form.getByRole('textbox', { name: 'นามสกุล', exact: true }).fill('ทดสอบ');
    await form.getByRole('textbox', { name: 'อีเมล', exact: true }).fill(`${username}@example.com`);
    const tel = form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true });
    if (await tel.count()) await tel.fill('0812345678');
    const nickname = form.getByRole('textbox', { name: 'ชื่อเล่น', exact: true });
    if (await nickname.count()) await nickname.fill('ศรี');
    const address = form.getByRole('textbox', { name: 'ที่อยู่', exact: true });
    if (await address.count()) await address.fill('123 ถนนสุขุมวิท กรุงเทพฯ');
    const experience = form.getByRole('combobox', { name: 'ประสบการณ์ในเรื่องนี้' });
    if (await experience.count()) await experience.selectOption('beginner');
    await form.getByRole('textbox', { name: 'ชื่อผู้ใช้', exact: true }).fill(username);
    await form.locator('input[name="newPassword"]').fill('secret12');
    await form.locator('input[name="confirmNewPassword"]').fill('secret99');
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, testInfo, 'register-390');
    await form.locator('input[name="newPassword"]').fill('secret12');
    await form.locator('input[name="confirmNewPassword"]').fill('secret12');
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.getByTestId('cart-student')).toContainText('สมศรี ทดสอบ');
    baseExpect((await waitForMail({ to: `${username}@example.com`, subject: 'ยืนยันการสมัครสมาชิก' })).text).toContain(username);
  });
});

test.describe('site header', () => {
  test('a visitor sees courses, products, cart and log in; pages are shared-cacheable', async ({ page }, testInfo) => {
    const response = await page.goto('/');
    expect(response!.headers()['cache-control']).not.toContain('private');
    const nav = page.getByTestId('site-nav');
    await expect(nav.getByRole('link', { name: 'คอร์สเรียน' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'สินค้า' })).toHaveAttribute('href', '/products');
    await expect(nav.getByTestId('nav-cart')).toHaveAttribute('href', '/cart');
    await expect(nav.getByTestId('nav-login')).toHaveAttribute('href', '/login?redirect=%2F');
    await expect(nav.getByTestId('nav-logout')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'header-visitor-1280');
  });

  test('a signed-in student gets my orders and log out, private pages, and a menu at 390 px', async ({ page, request }, testInfo) => {
    await signedInStudent(page, request, 'header');
    const response = await page.goto('/');
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await waitForHydration(page);
    const nav = page.getByTestId('site-nav');
    await expect(nav.getByTestId('nav-orders')).toHaveAttribute('href', '/myaccount/student/order');
    await expect(nav.getByTestId('nav-login')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'header-student-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(nav).toBeHidden();
    await expect(page.getByTestId('nav-cart-mobile')).toBeVisible();
    const menu = page.getByTestId('site-nav-mobile');
    await expect(menu).toBeHidden();
    await page.getByTestId('nav-toggle').click();
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('nav-orders')).toBeVisible();
    await keepScreenshot(page, testInfo, 'header-menu-390');

    await menu.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(`${STOREFRONT_URL}/`);
    await page.getByTestId('nav-toggle').click();
    await expect(menu.getByTestId('nav-login')).toBeVisible();
    const after = await page.request.get('/');
    expect(after.headers()['cache-control']).not.toContain('private');
  });

  test('/login signs in and goes back where the visitor was', async ({ page, request }) => {
    const credentials = await registerStudent(request, 'loginpage');
    await page.goto('/');
    await page.getByTestId('site-nav').getByTestId('nav-login').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
    const panel = page.getByTestId('login-panel');
    await panel.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(credentials.username);
    await panel.getByLabel('รหัสผ่าน').fill(credentials.password);
    await panel.getByLabel('รหัสผ่าน').press('Enter');
    await expect(page).toHaveURL(`${STOREFRONT_URL}/`);
    await expect(page.getByTestId('site-nav').getByTestId('nav-logout')).toBeVisible();
    // only local paths are followed after a sign-in
    const open = await page.request.get('/login?redirect=//evil.example/x', { maxRedirects: 0 });
    expect(open.status()).toBe(302);
    expect(open.headers().location).toBe('/');
  });

  test('an empty sign-in gets the Thai messages under its fields: from the server at first, from the browser once a field was touched (ADR 216); so does an empty password request', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto('/login');
    await waitForHydration(page);
    // the page hydrates without the schemas: no chunk of the form checks is fetched
    expect(scripts.filter((path) => path.includes('form-checks'))).toEqual([]);

    const panel = page.getByTestId('login-panel');
    const username = panel.getByRole('textbox', { name: 'ชื่อผู้ใช้' });
    const password = panel.getByLabel('รหัสผ่าน');
    // posted before any field was touched (as an autofilled form's Enter would be)
    await panel.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(panel.getByText('กรุณากรอกชื่อผู้ใช้')).toBeVisible();
    await expect(panel.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(posts.length, 'the first sign-in was checked by the server').toBeGreaterThan(0);

    // a field's focus fetches the checks: the next empty sign-in is stopped in the browser, with the same words
    await username.click();
    await expect.poll(() => scripts.some((path) => path.includes('form-checks'))).toBe(true);
    await username.fill('somchai');
    await password.fill('');
    const postsBefore = posts.length;
    await panel.getByTestId('login-submit').click();
    await expect(panel.getByText('กรุณากรอกรหัสผ่าน')).toBeVisible();
    await expect(panel.getByText('กรุณากรอกชื่อผู้ใช้')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(posts.length, 'the second press stayed in the browser').toBe(postsBefore);

    // the password pages read blank fields the same way: an empty request gets the Thai message
    await page.goto('/forgotpass');
    await page
      .getByTestId('forgot-panel')
      .locator('form')
      .evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect(page.getByTestId('forgot-panel').getByText('กรุณากรอกอีเมลให้ถูกต้อง')).toBeVisible();
  });
});
