import { findCourse, loginAdmin, updateCourse } from './support/cms-admin';
import { expect, test, THAI, waitForHydration } from './support/fixtures';
import { CMS_URL } from './support/servers';

type CourseListItem = { id: number; slug: string; title: string };

const COURSE_HREF = /^\/courses\/(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;

test.describe('home page', () => {
  test('lists at least 8 published courses with Thai titles, each linking to /courses/{id}-{slug}', async ({ page, request }) => {
    const listed = (await (await request.get(`${CMS_URL}/public/courses`)).json()) as { data: CourseListItem[] };

    await page.goto('/');
    await waitForHydration(page);
    const cards = page.getByTestId('course-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(8);
    expect(count).toBe(listed.data.length);

    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      const href = await card.getAttribute('href');
      const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
      expect(href).toMatch(COURSE_HREF);
      expect(title).toMatch(THAI);
      const course = listed.data[index];
      expect(href).toBe(`/courses/${course.id}-${course.slug}`);
      expect(title).toBe(course.title);
      // a course with a listed plan shows its price (a course without one shows none)
      if (course.price) await expect(card).toContainText(/฿[\d,]+\.\d\d|ฟรี/);
    }

    // A card's picture comes in WebP renditions for its slot, with its size reserved before it loads.
    const picture = cards.first().locator('img');
    await expect(picture).toHaveAttribute('width', '600');
    await expect(picture).toHaveAttribute('height', '314');
    await expect(picture).toHaveAttribute('srcset', /\.webp 320w, .+\.webp 480w/);
    await expect(picture).toHaveAttribute('sizes', /100vw/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/w\d+_.+\.webp$/);
  });

  test('shows a course title edited in the CMS within 5 seconds, without a restart', async ({ page, request }) => {
    const session = await loginAdmin(request);
    await page.goto('/');
    const href = await page.getByTestId('course-card').first().getAttribute('href');
    const id = Number(COURSE_HREF.exec(href ?? '')?.[1]);
    const course = await findCourse(request, session, id);
    const editedTitle = `${course.title} (ฉบับปรับปรุง ${Date.now() % 100000})`;

    // The admin form sends the whole entry, slug included, so the course keeps its URL.
    await updateCourse(request, session, course.documentId, { title: editedTitle, slug: course.slug });
    try {
      const savedAt = Date.now();
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId('course-card').filter({ hasText: editedTitle }).count();
          },
          { timeout: 5_000, intervals: [200, 300, 500] },
        )
        .toBe(1);
      expect(Date.now() - savedAt).toBeLessThan(5_000);
      await expect(page.getByTestId('course-card').filter({ hasText: editedTitle })).toHaveAttribute('href', href!);
    } finally {
      await updateCourse(request, session, course.documentId, { title: course.title, slug: course.slug });
    }
  });

  for (const width of [390, 1280]) {
    test(`renders Thai in the Sarabun web font and fits a ${width} px wide screen`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'th');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(THAI);

      // Scroll through so lazy pictures below the fold load before the full-page screenshot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.evaluate(() => document.fonts.ready);
      const thaiFaceLoaded = await page.evaluate(() =>
        [...document.fonts].some((face) => face.family.replace(/['"]/g, '') === 'Sarabun' && face.unicodeRange.includes('E01') && face.status === 'loaded'),
      );
      expect(thaiFaceLoaded, 'the Thai subset of Sarabun is loaded').toBe(true);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
      const cardBox = await page.getByTestId('course-card').first().boundingBox();
      expect(cardBox!.x).toBeGreaterThanOrEqual(0);
      expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(width);

      const path = testInfo.outputPath(`home-${width}.png`);
      // a full-page capture keeps the screen's size, so the cards a reader would scroll to are drawn for it
      await page.screenshot({ path, fullPage: true, style: '.course-card { content-visibility: visible !important; }' });
      await testInfo.attach(`home at ${width} px`, { path, contentType: 'image/png' });
    });
  }

  test('pictures carry their size and only the first row loads eagerly', async ({ page }) => {
    await page.goto('/');
    const pictures = page.getByTestId('course-card').locator('img');
    const count = await pictures.count();
    for (let index = 0; index < count; index += 1) {
      const picture = pictures.nth(index);
      await expect(picture).toHaveAttribute('width', /\d+/);
      await expect(picture).toHaveAttribute('height', /\d+/);
    }
    const loading = await page.getByTestId('course-card').evaluateAll((cards) => cards.map((card) => card.querySelector('img')?.getAttribute('loading') ?? null));
    expect(loading.slice(4).every((value) => value === null || value === 'lazy')).toBe(true);
  });

  test('on a phone the cards below the first row wait until they near the screen, and nothing on the first screen moves', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { salaShifts: number[] }).salaShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const cards = page.getByTestId('course-card');
    await expect(cards.first()).toBeVisible();
    // content-visibility: auto reports what is inside a card it has not laid out yet as not visible, when asked so
    const drawn = (index: number) => cards.nth(index).evaluate((card) => card.querySelector('.course-card-title')?.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn(0), 'the first card is drawn at once').toBe(true);
    const last = (await cards.count()) - 1;
    expect(last, 'the demo lists more cards than one screen holds').toBeGreaterThanOrEqual(8);
    expect(await drawn(last), 'the last card waits until it nears the screen').toBe(false);
    const shifts = await page.evaluate(() => (window as unknown as { salaShifts: number[] }).salaShifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      'layout shift while loading',
    ).toBe(0);
    await cards.nth(last).scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(last)).toBe(true);
    await expect(cards.nth(last).locator('.course-card-title')).toBeVisible();
  });

  test('is cacheable by a shared cache for 5 seconds at most', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
  });
});

// The home page is server HTML alone (ADR 212): a browser that runs no script at all gets every
// part of it a visitor uses.
test.describe('home page without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the keyword search, a course card and the header’s links work in a browser that runs no script', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const all = await page.getByTestId('course-card').count();
    const search = page.getByRole('search').getByRole('searchbox');
    await search.fill('Excel');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/\?keyword=Excel$/);
    await expect(page.getByRole('search').getByRole('searchbox')).toHaveValue('Excel');
    const found = page.getByTestId('course-card');
    await expect(found.first()).toContainText('Excel');
    expect(await found.count()).toBeLessThan(all);

    await found.first().click();
    await expect(page).toHaveURL(/\/courses\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Excel');

    await page.goto('/');
    const nav = page.getByTestId('site-nav');
    await nav.getByRole('link', { name: 'สินค้า' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await page.getByRole('banner').getByRole('link', { name: 'ศาลา', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(THAI);
    await nav.getByRole('link', { name: 'TH', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  });

  test('at 390 px the menu button opens the header’s links, and they lead on', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const menu = page.getByTestId('site-nav-mobile');
    await expect(page.getByTestId('site-nav')).toBeHidden();
    await expect(page.getByTestId('nav-cart-mobile')).toBeVisible();
    await expect(menu).toBeHidden();
    await page.getByTestId('nav-toggle').click();
    await expect(menu).toBeVisible();
    await page.getByTestId('nav-toggle').click();
    await expect(menu).toBeHidden();
    await page.getByTestId('nav-toggle').click();
    await menu.getByTestId('nav-login').click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  });
});
