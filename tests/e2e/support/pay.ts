/**
 * What the payment specs share: a signed-in student of their own (created through the CMS's
 * sign-up call, signed in to the storefront through its own login form post), an unpaid
 * order placed through the CMS's order call with that student's token, the order's payment
 * attempts as the CMS stores them, and the sandboxes' control API.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { adminLogin, readOrder, registerStudent, seededCourse, type CmsOrder, type Credentials } from './course-checkout';
import { CMS_URL, sandboxUrl, type SandboxName } from './servers';

export type Student = Credentials & { id: number; jwt: string };

/** A new student, signed in to the CMS (token) and to the storefront (session cookie of `page`). */
export async function signedInStudent(page: Page, request: APIRequestContext, prefix = 'payer'): Promise<Student> {
  const credentials = await registerStudent(request, prefix);
  const login = await request.post(`${CMS_URL}/public/students/login`, { data: { username: credentials.username, password: credentials.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt, user } = (await login.json()) as { jwt: string; user: { id: number } };
  // the storefront's own sign-in (the course page's login form), so the browser holds the session cookie
  const course = await seededCourse(request, 'online-marketing-for-beginners');
  const signIn = await page.request.post(`${course.path}?index`, { form: { intent: 'login', username: credentials.username, password: credentials.password }, maxRedirects: 0 });
  expect(signIn.status(), 'storefront sign-in').toBeLessThan(400);
  expect(
    (await page.context().cookies()).some((cookie) => cookie.name === '__sala_session'),
    'session cookie',
  ).toBe(true);
  return { ...credentials, id: user.id, jwt };
}

/** The default plan of a seeded course, as the cart reads it. */
export async function defaultPlan(request: APIRequestContext, courseId: number): Promise<{ id: number; price: number }> {
  const response = await request.post(`${CMS_URL}/public/cart/getallpriecingplan`, { data: { courseID: [courseId] } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: Array<{ id: number; is_default?: boolean; price?: number; course_id?: number; status_show?: boolean }> };
  const plans = body.data.filter((plan) => plan.status_show !== false);
  const plan = plans.find((candidate) => candidate.is_default) ?? plans[0];
  expect(plan, `a pricing plan of course ${courseId}`).toBeDefined();
  return { id: plan!.id, price: plan!.price ?? 0 };
}

/** An unpaid order of one seeded course with the given payment method, placed with the student's token. */
export async function placeOrder(request: APIRequestContext, student: Student, slug: string, methodId: number): Promise<{ orderId: number; token: string }> {
  const course = await seededCourse(request, slug);
  const plan = await defaultPlan(request, course.id);
  const response = await request.post(`${CMS_URL}/private/cart/order`, {
    headers: { authorization: `Bearer ${student.jwt}` },
    data: { user_id: student.id, course_id: [course.id], pricingplan_id: [plan.id], payment_method_id: methodId, price: 0 },
  });
  expect([200, 201], await response.text()).toContain(response.status());
  const body = (await response.json()) as { orderId: number; order_detail: { order_token: string } };
  return { orderId: body.orderId, token: body.order_detail.order_token };
}

/** The provider references of the order's payment attempts, newest first (read as an editor would). */
export async function readReferences(request: APIRequestContext, orderId: number): Promise<string[]> {
  const session = await adminLogin(request);
  const response = await request.get(`${CMS_URL}/content-manager/collection-types/api::payment-attempt.payment-attempt`, {
    headers: { authorization: `Bearer ${session.token}` },
    params: { page: 1, pageSize: 20, sort: 'id:DESC', 'filters[$and][0][order][id][$eq]': orderId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { results: { provider_reference: string }[] }).results.map((attempt) => attempt.provider_reference);
}

export type OwnAttempt = { attemptId: number; payment_method_id: number; status: string };

/**
 * The order's status and its attempts, newest first, as the student's own status call answers
 * (the CMS asks the provider about pending attempts first, as the page's poll does).
 */
export async function readPaymentStatus(request: APIRequestContext, student: Student, orderId: number): Promise<{ status: string; attempts: OwnAttempt[] }> {
  const response = await request.get(`${CMS_URL}/private/orders/${orderId}/payment-status`, { headers: { authorization: `Bearer ${student.jwt}` } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { payment_status: string; attempts: OwnAttempt[] };
  return { status: body.payment_status, attempts: body.attempts };
}

/** The order's status as the student's own order call answers it (no provider is asked). */
export async function readOrderStatus(request: APIRequestContext, student: Student, orderId: number): Promise<string> {
  const response = await request.get(`${CMS_URL}/private/orders/${orderId}`, { headers: { authorization: `Bearer ${student.jwt}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { payment_status: string }).payment_status;
}

/** The provider reference of the order's newest attempt, once it exists. */
export async function latestReference(request: APIRequestContext, orderId: number): Promise<string> {
  let reference = '';
  await expect
    .poll(
      async () => {
        reference = (await readReferences(request, orderId))[0] ?? '';
        return reference;
      },
      { message: `a payment attempt of order ${orderId}` },
    )
    .not.toBe('');
  return reference;
}

/** Settles a payment through the sandbox's control API, as the buyer paying in their app would. */
export async function sandboxDecide(request: APIRequestContext, sandbox: SandboxName, decision: 'approve' | 'decline', reference: string): Promise<void> {
  const response = await request.post(`${sandboxUrl(sandbox)}/__sandbox/${decision}/${encodeURIComponent(reference)}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** A video lecture of the marketing course that is not its free preview: it opens only to a buyer. */
export const MARKETING_PAID_LECTURE = 'วางแผนคอนเทนต์รายเดือน';

/**
 * From the thank-you page of an approved order: the buyer follows the page's course link to the
 * playlist (`{coursePath}/learn`) and opens a lecture that is not a free preview, which plays
 * (its video loads its metadata).
 */
export async function learnFromThankYou(page: Page, coursePath: string, lectureName = MARKETING_PAID_LECTURE): Promise<void> {
  const learn = page.getByTestId('order-learn');
  await expect(learn, 'the thank-you page links to the course').toBeVisible({ timeout: 15_000 });
  await expect(learn).toHaveAttribute('href', `${coursePath}/learn`);
  await learn.click();
  await page.waitForURL((url) => url.pathname === `${coursePath}/learn`);
  await expect(page.getByTestId('learn-page')).toBeVisible();
  await expect(page.getByTestId('learn-lock-notice')).toHaveCount(0);
  const row = page.getByTestId('playlist-lecture').filter({ hasText: lectureName });
  await expect(row).toHaveAttribute('data-locked', 'false');
  await expect(row, 'not the free preview').not.toContainText('ดูตัวอย่างฟรี');
  const lectureId = await row.getAttribute('data-lecture-id');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`\\?lecture=${lectureId}$`));
  await expect(page.getByRole('heading', { level: 2, name: lectureName })).toBeVisible();
  const video = page.getByTestId('lecture-video');
  await expect(video).toHaveAttribute('data-lecture-id', lectureId!);
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), { message: 'the lecture video loads (playable)' }).toBeGreaterThanOrEqual(1);
}

/** Waits until the CMS holds the order in `status`; answers the order as stored (amounts in minor units). */
export async function expectOrderStatus(request: APIRequestContext, student: Student, orderId: number, status: string): Promise<CmsOrder> {
  await expect.poll(() => readOrderStatus(request, student, orderId), { message: `order ${orderId} status`, timeout: 15_000 }).toBe(status);
  return readOrder(request, orderId);
}

const PAYMENT_METHOD_UID = 'api::payment-method.payment-method';

/**
 * Runs `work` with public fields of payment method `methodId` changed as a shop admin would in
 * the admin, then puts the old values back (through a request context of its own, which outlives
 * a timed-out test's `request`).
 */
export async function withPaymentMethod<T>(_request: APIRequestContext, methodId: number, changes: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  const own = await playwrightRequest.newContext();
  try {
    const session = await adminLogin(own);
    const headers = { authorization: `Bearer ${session.token}` };
    const list = await own.get(`${CMS_URL}/content-manager/collection-types/${PAYMENT_METHOD_UID}`, { headers, params: { page: 1, pageSize: 10, 'filters[$and][0][method_id][$eq]': methodId } });
    expect(list.status(), await list.text()).toBe(200);
    const method = ((await list.json()) as { results: Record<string, unknown>[] }).results[0];
    expect(method, `payment method ${methodId}`).toBeDefined();
    const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, method[key]]));
    const put = async (data: Record<string, unknown>) => {
      const response = await own.put(`${CMS_URL}/content-manager/collection-types/${PAYMENT_METHOD_UID}/${String(method.documentId)}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
    };
    await put(changes);
    try {
      return await work();
    } finally {
      await put(previous);
    }
  } finally {
    await own.dispose();
  }
}
