import { createCourse, keepScreenshot, registerStudent, seededCourse, uniqueName, withSiteSettings } from './support/course-checkout';
import { expect, readOnPhone, test, THAI, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';
const LAYOUTS = ['4', '1', '3', 'default'] as const;

test.describe('course detail page', () => {
  test('answers the canonical /courses/{id}-{slug} with 301 from any other spelling, and 404 for an unknown id', async ({ page, request, consoleProblems }) => {
    const course = await seededCourse(request, MARKETING);
    for (const wrong of [`/courses/${course.id}`, `/courses/${course.id}-old-slug`, `/courses/${course.id}-old-slug?learn=true`]) {
      const response = await request.get(wrong, { maxRedirects: 0 });
      expect(response.status(), wrong).toBe(301);
      const search = wrong.includes('?') ? '?learn=true' : '';
      expect(response.headers().location).toBe(`${course.path}${search}`);
    }
    consoleProblems.allow(/Failed to load resource: the server responded with a status of 404/);
    const missing = await page.goto('/courses/99999-no-such-course');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText(THAI);
  });

  test('carries its meta and social tags (image 600x314) and JSON-LD Course data', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
    await expect(page).toHaveTitle(new RegExp(course.title));
    expect(await meta('name="description"')).toMatch(THAI);
    expect(await meta('property="og:title"')).toContain(course.title);
    expect(await meta('property="og:image"')).toMatch(new RegExp(`^${CMS_URL}/uploads/`));
    expect(await meta('property="og:image:width"')).toBe('600');
    expect(await meta('property="og:image:height"')).toBe('314');
    expect(await meta('property="og:url"')).toMatch(new RegExp(`${course.path}$`));
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${course.path}$`));
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@context': 'https://schema.org', '@type': 'Course', name: course.title, provider: { '@type': 'Organization' } });
    expect(jsonLd.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'THB', price: '1990' });
  });

  for (const layout of LAYOUTS) {
    test(`layout ${layout} renders its blocks and fits 390 px and 1280 px screens`, async ({ page, request }, testInfo) => {
      const course = await seededCourse(request, MARKETING);
      await withSiteSettings(request, { layout }, async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(course.path);
        await waitForHydration(page);
        await expect(page.getByTestId('course-layout')).toHaveAttribute('data-layout', layout);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
        await expect(page.getByTestId('course-type')).toHaveText('คอร์สออนไลน์');
        await expect(page.getByTestId('course-preview')).toBeVisible();
        await expect(page.getByTestId('course-facts')).toContainText('เรียนออนไลน์');
        await expect(page.getByTestId('course-tabs').getByRole('tab')).toHaveText(['รายละเอียดคอร์ส', 'ผู้สอน']);
        await page.getByTestId('course-tabs').getByRole('tab', { name: 'ผู้สอน' }).click();
        await expect(page.getByTestId('course-tabs').getByRole('tabpanel')).toContainText('อาจารย์สมชาย');
        await expect(page.getByTestId('course-curriculum')).toContainText('เริ่มต้นการตลาดออนไลน์');
        await expect(page.getByTestId('course-how-to-buy')).toContainText('วิธีสั่งซื้อคอร์สเรียน');
        await expect(page.getByTestId('course-comment-list')).toContainText('อาจารย์อธิบายเข้าใจง่าย');
        await expect(page.getByTestId('related-teacher').getByTestId('course-card').first()).toBeVisible();
        await expect(page.getByTestId('related-bestseller').getByTestId('course-card').first()).toBeVisible();

        if (layout === '4') {
          await expect(page.getByTestId('registration-bar')).toBeVisible();
          await expect(page.getByTestId('registration-fee')).toHaveText(/ค่าสมัคร\s*฿1,990\.00/);
          await expect(page.getByTestId('course-section-nav').getByRole('link')).toHaveText(['รายละเอียดคอร์ส', 'เนื้อหาคอร์ส', 'วิธีการสั่งซื้อ', 'คำถามและความคิดเห็น']);
          await expect(page.getByTestId('checkout-area')).toBeVisible();
          // the register button scrolls to the pricing and checkout area
          await page.getByTestId('registration-bar').getByTestId('register-button').click();
          await expect(page).toHaveURL(/#checkout$/);
          await expect(page.getByTestId('block-plans')).toBeInViewport();
        } else {
          await expect(page.getByTestId('course-price')).toContainText('฿1,990.00');
          await expect(page.getByTestId('checkout-area')).toHaveCount(0);
          await expect(page.getByTestId('registration-bar')).toHaveCount(0);
        }
        await keepScreenshot(page, testInfo, `course-layout-${layout}-1280`);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(course.path);
        await waitForHydration(page);
        if (layout === '4') {
          // narrow screens: the registration bar is a bar at the bottom of the screen
          const bottomBar = page.getByTestId('registration-bar-mobile');
          await expect(bottomBar).toBeVisible();
          await expect(page.getByTestId('registration-bar')).toBeHidden();
          const box = await bottomBar.boundingBox();
          expect(box!.y + box!.height).toBeCloseTo(844, 0);
          await expect(bottomBar.getByTestId('registration-fee-mobile')).toContainText('฿1,990.00');
        }
        await keepScreenshot(page, testInfo, `course-layout-${layout}-390`);
      });
    });
  }

  test('a switch changed in the CMS shows on the next page view, without a deploy', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await expect(page.getByTestId('course-curriculum')).toBeVisible();
    await withSiteSettings(request, { package_course_curriculum: false, is_enable_howtobuy: false, package_course_comment: false, course_teacher: false }, async () => {
      await page.reload();
      await expect(page.getByTestId('course-layout')).toBeVisible();
      await expect(page.getByTestId('course-curriculum')).toHaveCount(0);
      await expect(page.getByTestId('course-how-to-buy')).toHaveCount(0);
      await expect(page.getByTestId('course-comments')).toHaveCount(0);
      await expect(page.getByTestId('related-teacher')).toHaveCount(0);
      await expect(page.getByTestId('related-bestseller')).toBeVisible();
      // the in-page navigation offers only what the page shows
      await expect(page.getByTestId('course-section-nav').getByRole('link')).toHaveText(['รายละเอียดคอร์ส']);
    });
    await page.reload();
    await expect(page.getByTestId('course-curriculum')).toBeVisible();
    await expect(page.getByTestId('related-teacher')).toBeVisible();
  });

  test('a signed-in student replies under a comment; the reply shows beneath it, and visitors get no reply box', async ({ page, request }, testInfo) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await expect(page.getByTestId('course-comment-list')).toContainText('อาจารย์อธิบายเข้าใจง่าย');
    await expect(page.getByTestId('comment-reply')).toHaveCount(0);

    const student = await registerStudent(request, 'reply');
    const login = await page.request.post(course.path, { form: { intent: 'login', username: student.username, password: student.password } });
    expect(login.status()).toBe(200);
    await page.goto(course.path);
    await waitForHydration(page);
    const comment = page.getByTestId('course-comment-list').locator('li').filter({ hasText: 'อาจารย์อธิบายเข้าใจง่าย' }).first();
    const reply = comment.getByTestId('comment-reply');
    await reply.getByText('ตอบกลับ', { exact: true }).click();
    const text = `ขอบคุณสำหรับคำถาม ${uniqueName('r')}`;
    await reply.getByRole('textbox', { name: /ตอบกลับความคิดเห็นของ/ }).fill(text);
    await reply.getByRole('button', { name: 'ส่งคำตอบ' }).click();
    await expect(comment.getByTestId('comment-reply-item').filter({ hasText: text })).toBeVisible();
    await expect(reply.getByRole('textbox')).toBeHidden();
    await keepScreenshot(page, testInfo, 'course-comment-reply-1280');
    // it is stored: a reload still shows it under the same comment
    await page.reload();
    await expect(page.getByTestId('course-comment-list').locator('li').filter({ hasText: 'อาจารย์อธิบายเข้าใจง่าย' }).first().getByTestId('comment-reply-item').filter({ hasText: text })).toBeVisible();
  });

  test('keeps the page path as link_path in local storage', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('link_path'))).toBe(course.path);
  });

  test('a phone reads the page without loading a script; the first press wakes them, and a tab pressed before they are in opens once they are', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    const scripts = await readOnPhone(page, course.path);
    // the page is whole without them: its text, its checkout's form, the path kept for the flows that come back to it
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
    await expect(page.getByTestId('checkout-area').getByTestId('pay-button')).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('link_path'))).toBe(course.path);

    const tab = page.getByTestId('course-tabs').getByRole('tab', { name: 'ผู้สอน' });
    await tab.click();
    await expect.poll(scripts.requested, 'the press started loading the scripts').toBeGreaterThan(0);
    await expect(tab).toHaveAttribute('aria-selected', 'false');
    scripts.release();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('course-tabs').getByRole('tabpanel')).toContainText('อาจารย์สมชาย');
  });

  test('waking runs only the page’s own held module: one of the same kind placed in its content is never run with the page’s nonce', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.goto(course.path);
    await page.waitForLoadState('networkidle');
    // what HTML injected into the page would look like, ahead of the page's own in the document (in
    // the checkout's slot, which React keeps as the server sent it, so hydration is not disturbed)
    await page.evaluate(() => {
      const planted = document.createElement('script');
      planted.type = 'text/plain';
      planted.dataset.held = 'module';
      planted.textContent = 'window.plantedRan = true;';
      document.querySelector('[data-checkout-slot]')?.prepend(planted);
    });
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { plantedRan?: boolean }).plantedRan ?? false)).toBe(false);
  });

  test('the scripts wake when the checkout comes within a screen, before the visitor reaches it', async ({ page, request }) => {
    const course = await seededCourse(request, MARKETING);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(course.path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    // scrolled by the page itself, with no pointer or key, to where the checkout is half a screen
    // below the screen's bottom: only its nearness can wake them
    const below = await page.evaluate(() => {
      const checkout = document.getElementById('checkout');
      if (!checkout) return null;
      window.scrollTo(0, checkout.getBoundingClientRect().top + window.scrollY - 1.5 * window.innerHeight);
      return checkout.getBoundingClientRect().top - window.innerHeight;
    });
    expect(below).toBeGreaterThan(0);
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')));
  });

  test('a course without a video or picture shows a loading notice, then nothing; without a plan the pay button says the cart is empty', async ({ page, request }) => {
    const course = await createCourse(request, { title: 'คอร์สทดสอบไม่มีภาพ', slug: `no-preview-${Date.now()}`, course_type: 'Online', short_description: 'ยังไม่มีภาพตัวอย่าง' });
    // the checkout area belongs to layout 4: set it here rather than rely on what earlier tests left
    try {
      await withSiteSettings(request, { layout: '4' }, async () => {
        await page.goto(`/courses/${course.id}-${course.slug}`);
        await expect(page.getByTestId('course-preview-loading')).toHaveText('กำลังโหลดข้อมูลคอร์ส');
        await waitForHydration(page);
        await expect(page.getByTestId('course-preview-loading')).toHaveCount(0, { timeout: 5_000 });
        await expect(page.getByTestId('course-preview')).toHaveCount(0);
        // no fee: the registration bar hides its label
        await expect(page.getByTestId('registration-fee')).toHaveCount(0);
        await expect(page.getByTestId('block-plans')).toContainText('คอร์สนี้ยังไม่มีแพ็กเกจราคา');
        await expect(page.getByTestId('pay-blocked')).toHaveText('ไม่มีสินค้าในตะกร้า');
        await expect(page.getByTestId('pay-button')).toHaveAttribute('aria-disabled', 'true');
      });
    } finally {
      await course.remove();
    }
  });
});
