/**
 * A course paid in US dollars through a card provider: the demo course's USD plan price
 * ($59.00, 5,900 cents) is what the student sees on the payment page and the card button,
 * what the CMS hands to 2C2P (amt 000000005900, currency 840, the hand-off's 12-digit cents),
 * and what the thank-you page and the stored order say once the sandbox approves.
 */
import type { APIRequestContext } from '@playwright/test';
import { keepScreenshot, readOrder, seededCourse, withSiteSettings } from './support/course-checkout';
import { expect, test, waitForHydration } from './support/fixtures';
import { defaultPlan, signedInStudent, type Student } from './support/pay';
import { CMS_URL, sandboxUrl } from './support/servers';

const COURSE = 'online-marketing-for-beginners';
const TWOC2P_CARD = 3;

/** The student's unpaid USD order of the course, placed through the CMS's order call with their token. */
async function placeUsdOrder(request: APIRequestContext, student: Student): Promise<{ orderId: number; token: string; coursePath: string }> {
  const course = await seededCourse(request, COURSE);
  const plan = await defaultPlan(request, course.id);
  const response = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: { authorization: `Bearer ${student.jwt}` },
    // the client's figures are ignored: the CMS prices the plan's USD price itself
    data: { user_id: student.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: TWOC2P_CARD, currency_code: 'USD', price: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { orderId: number; order_detail: { order_token: string; currency_code: string; net: number } };
  expect(body.order_detail).toMatchObject({ currency_code: 'USD', net: 59 });
  return { orderId: body.orderId, token: body.order_detail.order_token, coursePath: course.path };
}

/** The inner fields of a 2C2P 9.9 `paymentRequest` (base64 of an XML envelope around a base64 payload). */
function paymentRequestFields(formBody: string): Record<string, string> {
  const outer = Buffer.from(new URLSearchParams(formBody).get('paymentRequest') ?? '', 'base64').toString('utf8');
  const payload = /<payload>([^<]*)<\/payload>/.exec(outer)?.[1] ?? '';
  const inner = Buffer.from(payload, 'base64').toString('utf8');
  return Object.fromEntries([...inner.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((match) => [match[1], match[2]]));
}

test.describe('a card payment in US dollars', () => {
  test.beforeEach(({ consoleProblems }) => {
    consoleProblems.allow(new RegExp(`status of 404 \\(Not Found\\) \\(${sandboxUrl('2c2p').replace(/\./g, '\\.')}/favicon\\.ico\\)`));
  });

  test('2C2P: the student sees $59.00, the provider is asked for 5,900 cents in USD, and the approved order says $59.00', async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    await withSiteSettings(request, { is_thank_you_page: true }, async () => {
      const student = await signedInStudent(page, request, 'usdcard');
      const placed = await placeUsdOrder(request, student);

      await page.goto(`/pay/${placed.orderId}`);
      await waitForHydration(page);
      await expect(page.getByTestId('pay-total')).toHaveText('$59.00');
      const form = page.getByTestId('card-form');
      await expect(form).toHaveAttribute('data-method-id', String(TWOC2P_CARD), { timeout: 45_000 });
      await expect(form).toHaveAttribute('data-ready', 'true', { timeout: 45_000 });
      await expect(form.getByTestId('card-submit')).toContainText('$59.00');
      await form.getByLabel('หมายเลขบัตร').fill('4111111111111111');
      await form.getByLabel('เดือนหมดอายุ').fill('09');
      await form.getByLabel('ปีหมดอายุ').fill('2032');
      await form.getByLabel('รหัส CVV').fill('456');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await keepScreenshot(page, testInfo, `card-usd-${width}`);
      }

      const toProvider = page.waitForRequest((item) => item.url().startsWith(sandboxUrl('2c2p')) && item.method() === 'POST', { timeout: 45_000 });
      await form.getByTestId('card-submit').click();
      const fields = paymentRequestFields((await toProvider).postData() ?? '');
      // 9.9 hand-off: the amount in minor units, 12 digits; the currency by its ISO numeric code
      expect(fields).toMatchObject({ amt: '000000005900', currencyCode: '840', userDefined1: placed.token });

      await page.waitForURL((url) => url.href.startsWith(`${sandboxUrl('2c2p')}/SecurePayment/PaymentAuth.aspx`), { timeout: 45_000 });
      await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();
      await page.waitForURL((url) => url.pathname === '/thankyou', { timeout: 45_000 });
      await expect(page.getByTestId('thankyou-status')).toHaveAttribute('data-status', 'approved');
      await expect(page.getByTestId('thankyou-total')).toHaveText('$59.00');
      await keepScreenshot(page, testInfo, 'card-usd-thankyou-1280');

      const order = await readOrder(request, placed.orderId);
      expect(order).toMatchObject({ currency_code: 'USD', price: 5900, net: 5900, state: 'approved' });
    });
  });
});
