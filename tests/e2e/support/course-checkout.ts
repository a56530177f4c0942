/**
 * What the course page and checkout specs share: site settings changed the way an editor
 * does in the admin (and put back), orders read back from the CMS, students created through
 * the CMS's own sign-up call, the guest form filled in, a transfer slip, screenshots.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, request as playwrightRequest, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { loginAdmin, type AdminSession } from './cms-admin';
import { CMS_URL } from './servers';

const SETTING_UID = 'api::site-setting.site-setting';
const ORDER_UID = 'api::order.order';
const COURSE_UID = 'api::course.course';

function auth(session: AdminSession) {
  return { authorization: `Bearer ${session.token}` };
}

let adminSession: Promise<AdminSession> | undefined;

/** Where the admin token is kept between test workers of one run (a failed test restarts its worker). */
const ADMIN_TOKEN_FILE = path.join(os.tmpdir(), `sala-e2e-admin-${new URL(CMS_URL).port}.json`);

async function reuseToken(request: APIRequestContext): Promise<AdminSession | null> {
  try {
    const saved = JSON.parse(fs.readFileSync(ADMIN_TOKEN_FILE, 'utf8')) as AdminSession;
    const probe = await request.get(`${CMS_URL}/admin/users/me`, { headers: auth(saved) });
    return probe.ok() ? saved : null;
  } catch {
    return null;
  }
}

/** One admin sign-in per run: Strapi allows only a few admin logins in a few minutes. */
export function adminLogin(request: APIRequestContext): Promise<AdminSession> {
  adminSession ??= (async () => {
    const reused = await reuseToken(request);
    if (reused) return reused;
    const session = await loginAdmin(request);
    fs.writeFileSync(ADMIN_TOKEN_FILE, JSON.stringify(session));
    return session;
  })().catch((error) => {
    adminSession = undefined;
    throw error;
  });
  return adminSession;
}

export async function readSiteSettings(request: APIRequestContext, session: AdminSession): Promise<Record<string, unknown>> {
  const response = await request.get(`${CMS_URL}/content-manager/single-types/${SETTING_UID}`, { headers: auth(session) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

export async function updateSiteSettings(request: APIRequestContext, session: AdminSession, data: Record<string, unknown>): Promise<void> {
  const response = await request.put(`${CMS_URL}/content-manager/single-types/${SETTING_UID}`, { headers: auth(session), data });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Runs `work` with some site settings changed as an editor would, then puts the old values back.
 * The calls go through a request context of their own: when a test times out, its `request`
 * fixture is closed before this `finally` runs, and the next tests must still find the settings back.
 */
export async function withSiteSettings<T>(_request: APIRequestContext, changes: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  const own = await playwrightRequest.newContext();
  try {
    const session = await adminLogin(own);
    const before = await readSiteSettings(own, session);
    const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, before[key]]));
    await updateSiteSettings(own, session, changes);
    try {
      return await work();
    } finally {
      await updateSiteSettings(own, session, previous);
    }
  } finally {
    await own.dispose();
  }
}

export type CmsOrder = {
  id: number;
  documentId: string;
  order_token: string;
  /** The order's own state (ADR 167); the content manager's `status` is the entry's publication state. */
  state: string;
  price: number;
  discount: number;
  withholding_price: number;
  net: number;
  currency_code: string;
  is_withholding: boolean;
};

/** An order as the CMS stores it (amounts in minor units), read through the admin's content manager. */
export async function readOrder(request: APIRequestContext, id: number): Promise<CmsOrder> {
  const session = await adminLogin(request);
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/${ORDER_UID}`, {
    headers: auth(session),
    params: { page: 1, pageSize: 10, 'filters[$and][0][id][$eq]': id },
  });
  expect(response.status(), await response.text()).toBe(200);
  const order = ((await response.json()) as { results: CmsOrder[] }).results.find((result) => result.id === id);
  expect(order, `order ${id} in the CMS`).toBeDefined();
  return order!;
}

/** Creates a published course as an editor; returns its id and a function that deletes it. */
export async function createCourse(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number; slug: string; remove: () => Promise<void> }> {
  const session = await adminLogin(request);
  const response = await request.post(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}`, { headers: auth(session), data: { is_published: true, ...data } });
  expect(response.status(), await response.text()).toBe(201);
  const created = ((await response.json()) as { data: { id: number; documentId: string; slug: string } }).data;
  return {
    id: created.id,
    slug: created.slug,
    remove: async () => {
      const removed = await request.delete(`${CMS_URL}/content-manager/collection-types/${COURSE_UID}/${created.documentId}`, { headers: auth(session) });
      expect([200, 204]).toContain(removed.status());
    },
  };
}

export type SeededCourse = { id: number; slug: string; title: string; course_type: string };

/** A published course of the demo catalogue, by slug. */
export async function seededCourse(request: APIRequestContext, slug: string): Promise<SeededCourse & { path: string }> {
  const response = await request.get(`${CMS_URL}/public/courses`);
  const course = ((await response.json()) as { data: SeededCourse[] }).data.find((item) => item.slug === slug);
  expect(course, `demo course ${slug}`).toBeDefined();
  return { ...course!, path: `/courses/${course!.id}-${course!.slug}` };
}

let sequence = 0;
/** A username of letters and digits that no other run used. */
export function uniqueName(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}`;
}

export type Credentials = { username: string; password: string; email: string };

/** A student created through the CMS's course-page sign-up call, as a guest checkout creates one. */
export async function registerStudent(request: APIRequestContext, prefix = 'e2e'): Promise<Credentials> {
  const username = uniqueName(prefix);
  const credentials = { username, password: 'secret1', email: `${username}@example.com` };
  const response = await request.post(`${CMS_URL}/public/students/course-detail-page`, {
    data: {
      firstname: 'ผู้ทดสอบ',
      lastname: 'ระบบ',
      email: credentials.email,
      tel: '0812345678',
      username,
      password: credentials.password,
      customLabel: [{ id: 2, value: 'beginner', validation: true, label: 'ประสบการณ์ในเรื่องนี้' }],
      studentGroupKpi: 1,
      is_require_tax_invoice: false,
      is_registration_layout_four: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return credentials;
}

export type GuestValues = { firstname: string; lastname: string; email: string; tel: string; username: string; password: string; confirm?: string };

/** Fills the guest's contact and login info of the checkout. */
export async function fillGuestForm(page: Page, values: GuestValues): Promise<void> {
  const form = page.getByTestId('checkout-area');
  await form.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill(values.firstname);
  await form.getByRole('textbox', { name: 'นามสกุล', exact: true }).fill(values.lastname);
  await form.getByRole('textbox', { name: 'อีเมล', exact: true }).fill(values.email);
  await form.getByRole('textbox', { name: 'เบอร์โทรศัพท์', exact: true }).fill(values.tel);
  await form.getByRole('combobox', { name: 'ประสบการณ์ในเรื่องนี้' }).selectOption('beginner');
  await form.getByRole('textbox', { name: 'ชื่อผู้ใช้', exact: true }).fill(values.username);
  await form.locator('input[name="newPassword"]').fill(values.password);
  await form.locator('input[name="confirmNewPassword"]').fill(values.confirm ?? values.password);
}

/** Applies a coupon code and closes the result modal; returns the modal's title. */
export async function applyCoupon(page: Page, code: string): Promise<string> {
  await page.getByRole('textbox', { name: 'โค้ดส่วนลด' }).fill(code);
  await page.getByTestId('coupon-apply').click();
  const modal = page.getByTestId('coupon-result');
  // the lookup is a server round trip and a revalidation; a busy machine needs more than 5 s
  await expect(modal).toBeVisible({ timeout: 15_000 });
  const title = (await modal.getByRole('heading').textContent())?.trim() ?? '';
  await modal.getByRole('button', { name: 'ตกลง' }).click();
  await expect(modal).toBeHidden();
  return title;
}

/** Baht text as shown (฿1,791.00) to minor units. */
export function satang(text: string | null): number {
  const match = /(-?)฿([\d,]+)\.(\d\d)/.exec(text ?? '');
  expect(match, `a baht amount in "${text}"`).not.toBeNull();
  const value = Number(match![2].replace(/,/g, '')) * 100 + Number(match![3]);
  return match![1] ? -value : value;
}

/** A small real PNG (the CMS checks the file's content, not only its name). */
export function slipPng(width = 24, height = 12): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), body])) >>> 0);
    return Buffer.concat([length, Buffer.from(type), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Scrolls through the page (lazy pictures load), checks nothing overflows sideways, and keeps a full-page screenshot. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: no horizontal scrolling`).toBeLessThanOrEqual(0);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Types a Bangkok delivery address into the cart's address form (its fields by test id); `over` replaces some values. */
export async function fillShippingAddressForm(form: Locator, over: { tel?: string; postcode?: string } = {}): Promise<void> {
  await form.getByTestId('shipping-fullname').fill('มานี มีนา');
  await form.getByTestId('shipping-tel').fill(over.tel ?? '0812345678');
  await form.getByTestId('shipping-address').fill('99/9 ถนนพหลโยธิน');
  await form.getByTestId('shipping-district').fill('พญาไท');
  await form.getByTestId('shipping-province').selectOption('กรุงเทพมหานคร');
  await form.getByTestId('shipping-postcode').fill(over.postcode ?? '10400');
}

/**
 * Resolves once React has rendered the course page's checkout form: the page keeps the server's
 * form as plain HTML until the visitor nears or touches it (ADR 153), then renders it in its place.
 */
export async function waitForCheckoutCode(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="pay-button"]');
    return button !== null && Object.keys(button).some((key) => key.startsWith('__reactFiber'));
  });
}
