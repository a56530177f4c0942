import type { Page, TestInfo } from '@playwright/test';
import { seededCourse, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';

const MARKETING = 'online-marketing-for-beginners';

/** A screenshot of what the screen shows now (not the whole page), kept with the test's output. */
async function keepViewport(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('the registration layout on a 390 px screen', () => {
  test('the registration bar stays at the bottom of the screen and stops above the footer, which can be read and reached', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4' }, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(course.path);
      await waitForHydration(page);
      const bar = page.getByTestId('registration-bar-mobile');
      await expect(bar).toBeVisible();
      // in the middle of the page it sits at the bottom edge of the screen
      expect((await bar.boundingBox())!.y + (await bar.boundingBox())!.height).toBeCloseTo(844, 0);

      // to the very bottom, again while lazy pictures and lists below grow the page
      await page.evaluate(async () => {
        let last = -1;
        for (let i = 0; i < 50 && last !== document.documentElement.scrollHeight; i++) {
          last = document.documentElement.scrollHeight;
          window.scrollTo(0, last);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      });
      const footer = page.locator('footer.site-footer');
      await expect(footer).toBeInViewport({ ratio: 1 });
      const barBox = (await bar.boundingBox())!;
      const footerBox = (await footer.boundingBox())!;
      expect(barBox.y + barBox.height, 'the bar ends above the footer').toBeLessThanOrEqual(footerBox.y + 0.5);
      // nothing lies over the footer's text: a click there reaches the footer
      const onTop = await page.evaluate(() => {
        const text = document.querySelector('.site-footer-text')!.getBoundingClientRect();
        const hit = document.elementFromPoint(text.left + text.width / 2, text.top + text.height / 2);
        return Boolean(hit?.closest('footer'));
      });
      expect(onTop).toBe(true);
      await footer.click();
      await keepViewport(page, testInfo, 'course-bottom-390');
    });
  });

  test('the section links show a sign that they scroll at 390 px, reach every link by keyboard, and show none when they fit at 1280 px', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const course = await seededCourse(request, MARKETING);
    await withSiteSettings(request, { layout: '4' }, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(course.path);
      await waitForHydration(page);
      const nav = page.getByTestId('course-section-nav');
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(4);
      const more = page.getByTestId('course-section-nav-more');
      await expect(more).toBeVisible();
      await expect(page.getByTestId('course-section-nav-less')).toHaveCount(0);
      await nav.scrollIntoViewIfNeeded();
      await expect(links.last()).not.toBeInViewport({ ratio: 1 });
      await keepViewport(page, testInfo, 'course-section-nav-390');

      // keyboard: Tab walks every link, and the last one scrolls into view
      await links.first().focus();
      for (let i = 1; i < 4; i++) await page.keyboard.press('Tab');
      await expect(links.last()).toBeFocused();
      await expect(links.last()).toBeInViewport();
      // the row scrolled: the sign now shows there is more at the start
      const less = page.getByTestId('course-section-nav-less');
      await expect(less).toBeVisible();
      await keepViewport(page, testInfo, 'course-section-nav-390-end');

      // pointer: the arrows scroll the row back and forth
      const scrollLeft = () => nav.evaluate((element) => element.scrollLeft);
      const atEnd = await scrollLeft();
      await less.click();
      await expect.poll(scrollLeft).toBeLessThan(atEnd);
      await expect(more).toBeVisible();
      const back = await scrollLeft();
      await more.click();
      await expect.poll(scrollLeft).toBeGreaterThan(back);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(course.path);
      await waitForHydration(page);
      await expect(page.getByTestId('course-section-nav').getByRole('link').last()).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('course-section-nav-more')).toHaveCount(0);
      await expect(page.getByTestId('course-section-nav-less')).toHaveCount(0);
      await expect(page.getByTestId('course-tablist-more')).toHaveCount(0);
    });
  });
});
