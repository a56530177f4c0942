/**
 * Page budgets (docs/performance.md): what each page of a student's journey ships, counted in
 * bytes and elements, never in time. A page's scripts, style sheets and HTML (gzipped, as the
 * browser received them, every same-origin file the page loads until the network is quiet) and
 * its DOM size must stay within `page-budgets.json`. A change that grows a page past its budget
 * fails here; raise a budget only with the measured reason written in docs/performance.md.
 */
import zlib from 'node:zlib';
import type { BrowserContext, Page, Response } from '@playwright/test';
import budgetFile from './page-budgets.json';
import { seededCourse } from './support/course-checkout';
import { expect, expectScriptsHeld, test, waitForHydration } from './support/fixtures';
import { placeOrder, signedInStudent } from './support/pay';
import { STOREFRONT_URL } from './support/servers';
import { DEMO_STUDENT, firstProductPath, signInOnStorefront } from './support/storefront-pages';

type Weight = { js: number; css: number; html: number; dom: number; fonts: number };
type PageId = 'home' | 'course' | 'product' | 'cart' | 'playlist' | 'pay';
const budgets = budgetFile as { pages: Record<PageId, Weight> };

const BANK_TRANSFER = 1;
const MARKETING = 'online-marketing-for-beginners';

/**
 * Loads `path` in a tab of its own and adds up what it shipped: gzipped bytes per kind of
 * same-origin file, and its element count. A fresh tab, so nothing a page loaded before (a chunk
 * arriving late, a document navigated away from) is counted or read after it is gone.
 */
async function weigh(context: BrowserContext, path: string, check?: (tab: Page) => Promise<void>, { engage = false } = {}): Promise<Weight> {
  const tab = await context.newPage();
  try {
    const responses: Response[] = [];
    tab.on('response', (response) => {
      if (new URL(response.url()).origin === STOREFRONT_URL) responses.push(response);
    });
    const main = await tab.goto(path);
    expect(main?.status(), path).toBe(200);
    await tab.waitForLoadState('networkidle');
    await check?.(tab);
    if (engage) {
      // a page holding its scripts until the visitor uses it (ADR 220) is weighed as a visitor who
      // does: waitForHydration moves the mouse over it first
      await waitForHydration(tab);
      await tab.waitForLoadState('networkidle');
    }
    const weight: Weight = { js: 0, css: 0, html: 0, dom: 0, fonts: 0 };
    for (const response of responses) {
      const kind = response.request().resourceType();
      // every face is a file fetched ahead of the first paint (preloaded, or drawn by the first screen)
      if (kind === 'font' && response.status() === 200) weight.fonts += 1;
      const key = kind === 'script' ? 'js' : kind === 'stylesheet' ? 'css' : kind === 'document' ? 'html' : null;
      if (!key || response.status() !== 200) continue;
      weight[key] += zlib.gzipSync(await response.body()).length;
    }
    weight.dom = await tab.evaluate(() => document.getElementsByTagName('*').length);
    return weight;
  } finally {
    await tab.close();
  }
}

function holdBudget(id: PageId, weight: Weight): void {
  const budget = budgets.pages[id];
  test.info().annotations.push({ type: `weight of ${id}`, description: JSON.stringify(weight) });
  expect.soft(weight, `${id}: gzipped JS, CSS and HTML bytes, DOM elements and font files within budget ${JSON.stringify(budget)}`).toEqual({
    js: Math.min(weight.js, budget.js),
    css: Math.min(weight.css, budget.css),
    html: Math.min(weight.html, budget.html),
    dom: Math.min(weight.dom, budget.dom),
    fonts: Math.min(weight.fonts, budget.fonts),
  });
}

test.describe('page budgets', () => {
  // three pages each, every one loaded until the network is quiet
  test.setTimeout(120_000);

  test('a visitor: home, course page and product page stay within their budgets', async ({ page, context, request }) => {
    const home = await weigh(context, '/', async (tab) => {
      // the home page is server HTML alone (ADR 212): no script of any kind and nothing preloaded for one
      await expect(tab.locator('script')).toHaveCount(0);
      await expect(tab.locator('link[rel="modulepreload"]')).toHaveCount(0);
    });
    holdBudget('home', home);
    const marketing = await seededCourse(request, MARKETING);
    holdBudget('course', await weigh(context, marketing.path, expectScriptsHeld, { engage: true }));
    holdBudget('product', await weigh(context, await firstProductPath(page), expectScriptsHeld, { engage: true }));
  });

  test('a student: cart, playlist and payment page stay within their budgets', async ({ page, browser, request }) => {
    await signInOnStorefront(page, DEMO_STUDENT, '/cart');
    holdBudget('cart', await weigh(page.context(), '/cart'));
    const course = await seededCourse(request, MARKETING);
    // the playlist opens where the student stopped, which other tests move (a quiz or homework lecture
    // ships its own code): weighed at its first lecture, the video the demo student watched
    await page.goto(`${course.path}/learn`);
    const first = await page.getByTestId('playlist-lecture').first().getAttribute('data-lecture-id');
    holdBudget('playlist', await weigh(page.context(), `${course.path}/learn?lecture=${first}`));

    const context = await browser.newContext({ baseURL: STOREFRONT_URL });
    try {
      const payer = await context.newPage();
      const student = await signedInStudent(payer, request, 'budget');
      const { orderId } = await placeOrder(request, student, MARKETING, BANK_TRANSFER);
      holdBudget('pay', await weigh(context, `/pay/${orderId}`));
    } finally {
      await context.close();
    }
  });
});
