import { defineConfig, devices } from '@playwright/test';
import {
  BOOKSTORE_PORT,
  BOOKSTORE_URL,
  CMS_PORT,
  IDENTITY_URL,
  CMS_URL,
  SANDBOX_PORT_ENV,
  SANDBOX_PORTS,
  STOREFRONT_PORT,
  STOREFRONT_URL,
  sandboxUrl,
  type SandboxName,
} from './tests/e2e/support/servers';
import { SMTP_ENV, SMTP_HTTP_PORT, SMTP_HTTP_URL, SMTP_PORT } from './tests/e2e/support/smtp';

/**
 * Browser tests: Debian's Chromium against a freshly seeded CMS (compiled Strapi on its own
 * SQLite file) and the storefront's production build served by storefront/server.mjs.
 * Run from the repository root: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test
 */
const CI = !!process.env.CI;
/** `npm test` builds the storefront once for the security suite and these tests (SALA_PREBUILT_STOREFRONT_BUILD). */
const PREBUILT_STOREFRONT = process.env.SALA_PREBUILT_STOREFRONT_BUILD;
const STOREFRONT_BUILD_DIR = PREBUILT_STOREFRONT || `build-e2e-${STOREFRONT_PORT}`;
const REALTIME_PORT = process.env.E2E_REALTIME_PORT || '8447';
/**
 * The CMS empties the storefront's anonymous page cache with it when content changes (ADR 130).
 * The storefront runs NODE_ENV=production, which refuses short and published example secrets
 * (ADR 156): these are long throwaway values of the browser tests alone.
 */
const PAGE_CACHE_SECRET = 'e2e-only-page-cache-P3f8Wk1Ys6Jd0Mq5Tc9Xv2Lb';
const SESSION_SECRET = 'e2e-only-session-K7d2Qx9Lm4Vb8Rt1Zw6Hs3Np';
/** The storefront signs each visitor's address on its CMS calls with it (ADR 158). */
const CLIENT_ADDRESS_SECRET = 'e2e-only-client-address-H5s9Gv2Kq7Wn4Bx1Rd8Lt6Mc';
/** Signs the Strapi admin's preview links (ADR 170): the CMS signs, the storefront checks. */
const PREVIEW_SECRET = 'e2e-only-preview-R8t3Hm6Wq1Zc5Nv9Kd2Jx4Lp';

// Throwaway values: the CMS refuses to start without secrets, and a fresh clone has no cms/.env.
const cmsEnv = {
  PORT: String(CMS_PORT),
  HOST: '127.0.0.1',
  DATABASE_FILENAME: `.tmp/e2e-${CMS_PORT}.db`,
  // compiled into a folder of its own, so parallel runs (and a running demo) keep theirs
  SALA_DIST_DIR: `dist-e2e-${CMS_PORT}`,
  DATABASE_URL: '',
  SEED_DEMO: 'true',
  // the Strapi admin's own browser tests (admin-*.spec.ts) sign in to it
  SERVE_ADMIN: 'true',
  // a port of its own, so a running demo (8443) does not collide
  REALTIME_PORT: REALTIME_PORT,
  APP_KEYS: 'a,b',
  API_TOKEN_SALT: 'x',
  ADMIN_JWT_SECRET: 'x',
  TRANSFER_TOKEN_SALT: 'x',
  JWT_SECRET: 'x',
  ENCRYPTION_KEY: 'x',
  STRAPI_TELEMETRY_DISABLED: 'true',
  STRAPI_STARTUP_LOG: 'false',
  LOG_LEVEL: 'warn',
  BROWSER: 'none',
  // Every browser test signs up and signs in from one address (127.0.0.1): the per-address
  // limits would refuse a whole run. Their behaviour has its own API tests.
  SIGNUP_MAX_PER_IP_PER_DAY: '100000',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  PASSWORD_RESET_MAX_PER_IP_PER_HOUR: '100000',
  COUPON_CODE_MISSES_PER_ADDRESS: '100000',
  COUPON_CODE_MISSES_PER_ACCOUNT: '100000',
  UPLOADS_PER_ADDRESS_PER_HOUR: '100000',
  UPLOAD_MB_PER_ADDRESS_PER_HOUR: '100000',
  // a refused mail is failing after two quick attempts, so /admin/mails shows it within seconds (ADR 199)
  MAIL_POLL_MS: '500',
  MAIL_RETRY_BASE_MS: '300',
  MAIL_RETRY_MAX_MS: '2000',
  MAIL_MAX_ATTEMPTS: '2',
  // the admin specs sign the same Strapi admins in many times (Strapi's own limit; never off in production)
  ADMIN_LOGIN_RATE_LIMIT: 'false',
  CLIENT_ADDRESS_SECRET,
  PREVIEW_SECRET,
  // the payment methods of the seed point at the sandboxes below, and return to this storefront
  ...SANDBOX_PORT_ENV,
  STOREFRONT_URL,
  // Google, Facebook and LINE sign-in go to the stand-in started with the sandboxes, with its demo keys (ADR 175)
  SOCIAL_SIGN_IN_STAND_IN: IDENTITY_URL,
  // the book retailer hand-off goes to the local fake retailer below
  BOOKSTORE_URL,
  PAGE_CACHE_SECRET,
  PAGE_CACHE_PURGE_URLS: `${STOREFRONT_URL}/__sala/page-cache/purge`,
  // receipts and tax invoices on approval, printed by the same Debian Chromium (ADR 189)
  TAX_DOCUMENTS: 'true',
  // every mail goes to the test mail server below; specs read it with waitForMail()
  ...SMTP_ENV,
};

export default defineConfig({
  testDir: './tests/e2e',
  // one folder per storefront port, so parallel runs keep their own artifacts
  outputDir: process.env.E2E_STOREFRONT_PORT ? `./test-results/e2e-${STOREFRONT_PORT}` : './test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // One CMS database is shared by every test, and some tests edit it: run them one at a time.
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  // In CI a test that fails gets one more try on the same servers; the report lists it as flaky,
  // and a test that fails twice fails the run.
  retries: CI ? 1 : 0,
  reporter: CI ? [['list']] : [['list'], ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }]],
  use: {
    baseURL: STOREFRONT_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    // Certificate errors are not ignored: the pages reach the real-time channel (self-signed on its
    // own port) through the storefront's origin, as a visitor's browser does (ADR 202).
    ignoreHTTPSErrors: false,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
            // Keeps Chromium from looking up its own hosts: only the local servers resolve.
            '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      // the local stand-in of the book retailer (cms/src/bookstore-fake)
      name: 'bookstore',
      command: 'npx tsx cms/src/bookstore-fake/index.ts',
      port: BOOKSTORE_PORT,
      env: { BOOKSTORE_FAKE_PORT: String(BOOKSTORE_PORT) },
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // a real SMTP server that keeps what the CMS sends (tests/e2e/support/smtp.ts)
      name: 'mail',
      command: 'npx tsx tests/e2e/support/smtp.ts',
      url: `${SMTP_HTTP_URL}/_health`,
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_SMTP_HTTP_PORT: String(SMTP_HTTP_PORT) },
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      // the providers' stand-ins, notifying this CMS as a provider dashboard would
      name: 'payment-sandbox',
      command: 'npx tsx payment-sandbox/src/main.ts',
      url: `${sandboxUrl('scb')}/`,
      env: { ...SANDBOX_PORT_ENV, PAYMENT_SANDBOX_MERCHANT_URL: CMS_URL },
      timeout: 60_000,
      reuseExistingServer: !CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'cms',
      command: 'node tests/e2e/support/start-cms.mjs',
      url: `${CMS_URL}/_health`,
      env: cmsEnv,
      // a local run first builds the admin panel when its sources changed (`npm test` built it already)
      timeout: 600_000,
      reuseExistingServer: !CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      name: 'storefront',
      command: `${PREBUILT_STOREFRONT ? '' : 'npm run build -w @sala/storefront && '}cd storefront && node server.mjs ${STOREFRONT_BUILD_DIR}/server/index.js`,
      url: `${STOREFRONT_URL}/healthcheck`,
      env: {
        NODE_ENV: 'production',
        PORT: String(STOREFRONT_PORT),
        HOST: '127.0.0.1',
        CMS_URL,
        CMS_PUBLIC_URL: CMS_URL,
        PUBLIC_URL: STOREFRONT_URL,
        // the sandboxes stand in for the providers' https hosts: their scripts call them from the pages
        PAYMENT_PROVIDER_ORIGINS: (Object.keys(SANDBOX_PORTS) as SandboxName[]).map(sandboxUrl).join(','),
        // /socket.io is forwarded to the channel, trusting the CMS's self-signed certificate (cms/.certs/realtime)
        REALTIME_INTERNAL_URL: `https://127.0.0.1:${REALTIME_PORT}`,
        SESSION_SECRET,
        PAGE_CACHE_SECRET,
        CLIENT_ADDRESS_SECRET,
        PREVIEW_SECRET,
        SALA_STOREFRONT_BUILD_DIR: STOREFRONT_BUILD_DIR,
      },
      timeout: 240_000,
      reuseExistingServer: !CI,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
