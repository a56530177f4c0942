import { keepScreenshot, seededCourse, withSiteSettings } from './support/course-checkout';
import { expect, test } from './support/fixtures';
import { expectOrderStatus, learnFromThankYou, placeOrder, readOrderStatus, signedInStudent } from './support/pay';
import { sandboxUrl, type SandboxName } from './support/servers';

const MARKETING = 'online-marketing-for-beginners';

const REDIRECT_METHODS: { id: number; name: string; sandbox: SandboxName; handOver: 'redirect' | 'form' }[] = [
  { id: 10, name: '2C2P installments', sandbox: '2c2p', handOver: 'redirect' },
  { id: 11, name: 'Xendit invoice', sandbox: 'xendit', handOver: 'redirect' },
  { id: 13, name: 'PaySolutions pay page', sandbox: 'paysolutions', handOver: 'form' },
];

test.describe('payments on the provider’s page, from /pay/{orderId}', () => {
  for (const method of REDIRECT_METHODS) {
    test(`method ${method.id} (${method.name}): the browser is handed to the provider, the buyer approves there and comes back to the thank-you page; the CMS approves the order and the course opens in the playlist`, async ({
      page,
      request,
      consoleProblems,
    }, testInfo) => {
      test.setTimeout(150_000);
      // the providers' stand-ins have no favicon
      consoleProblems.allow(/favicon\.ico/);
      await withSiteSettings(request, { is_thank_you_page: true }, async () => {
        const student = await signedInStudent(page, request, `rd${method.id}`);
        const { orderId, token } = await placeOrder(request, student, MARKETING, method.id);
        const provider = sandboxUrl(method.sandbox);

        // the hand-over is the first navigation of the page to the provider
        const handOver: { method: string; url: string }[] = [];
        page.on('request', (request) => {
          if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url().startsWith(provider)) {
            handOver.push({ method: request.method(), url: request.url() });
          }
        });

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`/pay/${orderId}`);
        expect(await readOrderStatus(request, student, orderId)).toBe('notYetReceived');
        await page.waitForURL(`${provider}/**`, { timeout: 20_000 });
        expect(handOver[0]?.method).toBe(method.handOver === 'form' ? 'POST' : 'GET');
        await expect(page.getByText('฿1,990.00').or(page.getByText('1,990.00')).or(page.getByText('1990.00')).first()).toBeVisible();
        // the provider's own page (a stand-in here): kept as it is, its layout is not ours
        await page.screenshot({ path: testInfo.outputPath(`provider-${method.id}-390.png`), fullPage: true });
        await page.getByRole('button', { name: 'อนุมัติ · Approve' }).click();

        await page.waitForURL(`**/thankyou?orderId=${token}`, { timeout: 20_000 });
        await expect(page.getByTestId('thankyou')).toBeVisible();
        await page.setViewportSize({ width: 1280, height: 900 });
        const order = await expectOrderStatus(request, student, orderId, 'approved');
        expect(order.net).toBe(199_000);
        await keepScreenshot(page, testInfo, `thankyou-${method.id}-1280`);

        // the course link of the thank-you page opens the playlist, paid lectures playable
        await learnFromThankYou(page, (await seededCourse(request, MARKETING)).path);
      });
    });
  }
});
