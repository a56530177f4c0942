/**
 * The storefront's only door to the CMS. Every call has a timeout, validates the
 * answer against a schema, and fails as a CmsError with a small closed set of codes
 * so loaders can decide between a 404, a 503 and a fallback.
 */
import type { Translate } from '@sala/shared/texts';
import { codeMessage } from '~/models/checkout/code-message';
import { z } from 'zod';
import { getEnv } from '../env.server';
import { clientAddressHeaders, requestIdHeaders } from './client-address.server';
import { CourseListResponseSchema, TextsResponseSchema, type CourseListItem } from '~/models/catalog';
import {
  CommentResponseSchema,
  CommentsResponseSchema,
  CouponResponseSchema,
  CourseDetailResponseSchema,
  CreateOrderResponseSchema,
  CustomLabelsResponseSchema,
  ErrorEnvelopeSchema,
  HowToBuyResponseSchema,
  LoginResponseSchema,
  OriginBanksResponseSchema,
  PaymentMethodsResponseSchema,
  PaymentOrderResponseSchema,
  PromotionsResponseSchema,
  RegisterResponseSchema,
  ReportResponseSchema,
  SiteSettingsResponseSchema,
  SuccessResponseSchema,
  UploadResponseSchema,
  UploadTicketResponseSchema,
  UserGroupsResponseSchema,
} from './cms-schemas.server';
import type { Locale } from '~/models/i18n';
import { publicData, referenceData } from './reference-data.server';

export type CmsErrorCode = 'CMS_UNREACHABLE' | 'CMS_TIMEOUT' | 'CMS_NOT_FOUND' | 'CMS_BAD_STATUS' | 'CMS_BAD_RESPONSE';

export class CmsError extends Error {
  constructor(
    readonly code: CmsErrorCode,
    readonly path: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${code} for GET ${path}${status ? ` (HTTP ${status})` : ''}`, options);
    this.name = 'CmsError';
  }
}

type FetchOptions = { signal?: AbortSignal; timeoutMs?: number };

/**
 * A call on behalf of a signed-in student carries their CMS token; `locale` picks the language of error messages.
 * `shared`: a page's loader reading public course data for a visitor without a session, which may be
 * answered from the public-data cache (ADR 146); never set by actions, never with a token.
 */
export type CallOptions = FetchOptions & { jwt?: string | null; locale?: Locale; shared?: boolean };

export type CallInit = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: BodyInit; contentType?: string; jwt?: string | null; locale?: Locale; headers?: Record<string, string> };

function withTimeout(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function request(path: string, options: FetchOptions, init: CallInit = {}): Promise<Response> {
  const env = getEnv();
  const signal = withTimeout(options.timeoutMs ?? env.CMS_TIMEOUT_MS, options.signal);
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json', ...clientAddressHeaders(), ...requestIdHeaders() };
  if (init.contentType) headers['content-type'] = init.contentType;
  if (init.jwt) headers.authorization = `Bearer ${init.jwt}`;
  if (init.locale) headers['x-locale'] = init.locale;
  try {
    return await fetch(`${env.CMS_URL}${path}`, { method: init.method ?? 'GET', headers, body: init.body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the visitor went away: not a CMS fault
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new CmsError(timedOut ? 'CMS_TIMEOUT' : 'CMS_UNREACHABLE', path, undefined, { cause: error });
  }
}

async function getJson<S extends z.ZodType>(path: string, schema: S, options: FetchOptions = {}): Promise<z.infer<S>> {
  const response = await request(path, options);
  if (response.status === 404) throw new CmsError('CMS_NOT_FOUND', path, 404);
  if (!response.ok) throw new CmsError('CMS_BAD_STATUS', path, response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: parsed.error });
  return parsed.data;
}

export type CourseListQuery = { keyword?: string; filter?: string };

/**
 * A reference path in the visitor's language (ADR 183): editors' English rides on `?lang=en`, so
 * each language is its own cache entry; Thai keeps the plain path.
 */
export function inLanguage(path: string, locale: Locale | undefined): string {
  return locale === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path;
}

/** Published courses for the catalogue, cheapest listed default plan as the price, titled in the locale. */
export async function getCourseList(query: CourseListQuery = {}, options: FetchOptions & { locale?: Locale } = {}): Promise<CourseListItem[]> {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.filter) params.set('filter', query.filter);
  if (options.locale === 'en') params.set('lang', 'en');
  const search = params.size ? `?${params}` : '';
  const { data } = await getJson(`/public/courses${search}`, CourseListResponseSchema, options);
  return data;
}

/**
 * Reference data (ADR 142): the same answer for every visitor, changed only by editors. While
 * the reference cache is on, one fetch without the visitor's token or abort signal serves every
 * request until the CMS's next purge; otherwise the call is made as it is.
 */
export function sharedReference<T>(path: string, options: CallOptions, fetchWith: (options: CallOptions) => Promise<T>): Promise<T> {
  if (!referenceData.enabled) return fetchWith(options);
  return referenceData.get(path, () => fetchWith({ timeoutMs: options.timeoutMs }));
}

/**
 * Public course data (ADR 146): for a page's loader and a visitor without a session (`shared`, no
 * token), one fetch without the visitor's abort signal serves every such visitor for
 * `PUBLIC_DATA_TTL_MS` or until the CMS's next purge; any other call is made as it is.
 */
function sharedPublic<T>(key: string, options: CallOptions, fetchWith: (options: CallOptions) => Promise<T>): Promise<T> {
  if (!options.shared || options.jwt || !publicData.enabled) return fetchWith(options);
  return publicData.get(`${key} ${options.locale ?? ''}`, () => fetchWith({ timeoutMs: options.timeoutMs, locale: options.locale }));
}

/** The text overrides editors saved in the CMS for one locale (key → text). */
export async function getTextOverrides(locale: Locale, options: FetchOptions = {}): Promise<Record<string, string>> {
  const path = `/public/texts?locale=${locale}`;
  return sharedReference(path, options, async (call) => (await getJson(path, TextsResponseSchema, call)).data);
}

/** True when the CMS answers its health probe (Strapi's /_health gives 204). */
export async function isCmsHealthy(options: FetchOptions = {}): Promise<boolean> {
  try {
    const response = await request('/_health', { timeoutMs: 2000, ...options });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A browser-facing URL for a CMS upload. Uploads are stored as /uploads/... paths;
 * absolute URLs (an external upload provider) pass through.
 */
export function toPublicAssetUrl(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `${getEnv().CMS_PUBLIC_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * A refusal the CMS explained in its error envelope (4xx): the spec's code
 * (DUPLICATE_USERNAME, COUPON_NOT_AVAILABLE, NO_MORE_SEAT...), its message, the
 * per-field messages (`errors`) and the details (`result`) when it sent them.
 */
export class CmsApiError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string,
    readonly msg: string,
    readonly errors: Record<string, string | string[]> | null,
    readonly result: unknown,
  ) {
    super(`${code} (HTTP ${status}) for ${path}`);
    this.name = 'CmsApiError';
  }
}

/** The CMS has no such thing (a 404 with or without its envelope). */
export function isCmsNotFound(error: unknown): boolean {
  return (error instanceof CmsError && error.code === 'CMS_NOT_FOUND') || (error instanceof CmsApiError && error.status === 404);
}

/** The spec's message for a CMS refusal through the page's translator (the editors' texts); the CMS's own message for a code the spec does not list. */
export function cmsErrorMessage(error: CmsApiError, t: Translate): string {
  return codeMessage(error.code, error.msg, t);
}

function readErrors(value: unknown): Record<string, string | string[]> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const errors: Record<string, string | string[]> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') errors[field] = message;
    else if (Array.isArray(message)) errors[field] = message.filter((item): item is string => typeof item === 'string');
  }
  return errors;
}

/** Any call with a JSON answer: a 4xx envelope becomes a CmsApiError, anything else unexpected a CmsError. */
export async function callJson<S extends z.ZodType>(path: string, schema: S, options: CallOptions = {}, init: CallInit = {}): Promise<z.infer<S>> {
  const response = await request(path, options, { ...init, jwt: options.jwt, locale: options.locale });
  let body: unknown = null;
  let unreadable: unknown = null;
  try {
    body = await response.json();
  } catch (error) {
    unreadable = error;
  }
  if (!response.ok) {
    const envelope = ErrorEnvelopeSchema.safeParse(body);
    if (envelope.success && response.status < 500) {
      const { code, msg, errors, result } = envelope.data.error;
      throw new CmsApiError(path, response.status, code, msg, readErrors(errors), result ?? null);
    }
    if (response.status === 404) throw new CmsError('CMS_NOT_FOUND', path, 404);
    throw new CmsError('CMS_BAD_STATUS', path, response.status);
  }
  if (unreadable) throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: unreadable });
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CmsError('CMS_BAD_RESPONSE', path, response.status, { cause: parsed.error });
  return parsed.data;
}

export function postJson<S extends z.ZodType>(path: string, schema: S, payload: unknown, options: CallOptions = {}): Promise<z.infer<S>> {
  return callJson(path, schema, options, { method: 'POST', body: JSON.stringify(payload), contentType: 'application/json' });
}

/** The course page of a published course (`:flag` 0); with a student's token it also says what is theirs (public course data). */
export async function getCourseDetail(courseId: number, options: CallOptions = {}) {
  const path = `/public/courses/${courseId}/0`;
  return sharedPublic(path, options, async (call) => (await callJson(path, CourseDetailResponseSchema, call)).data);
}

/** The site's public switches: layout, related lists, form fields, tax, coupons, thank-you page (reference data). */
export async function getSiteSettings(options: CallOptions = {}) {
  return sharedReference('/api/setting/site/into/1', options, async (call) => (await callJson('/api/setting/site/into/1', SiteSettingsResponseSchema, call)).data);
}

/** The how-to-buy text (reference data). */
export async function getHowToBuy(options: CallOptions = {}) {
  return sharedReference('/public/payments/howtobuy', options, async (call) => {
    const answer = await callJson('/public/payments/howtobuy', HowToBuyResponseSchema, call);
    return { enabled: answer.is_enable_howtobuy, description: answer.description };
  });
}

/** The registration form's custom fields (reference data). */
export async function getCustomLabels(options: CallOptions = {}) {
  const path = inLanguage('/public/customlabel', options.locale);
  return sharedReference(path, options, async (call) => (await callJson(path, CustomLabelsResponseSchema, call)).data);
}

/** The student groups a buyer may pick (reference data). */
export async function getUserGroups(options: CallOptions = {}) {
  return sharedReference('/api/user/group', options, async (call) => (await callJson('/api/user/group', UserGroupsResponseSchema, call)).data);
}

/** Promotions running now that the viewer may use (public course data for a visitor without a session). */
export async function getPromotions(options: CallOptions = {}) {
  return sharedPublic('/public/cart/promotion/all', options, async (call) => (await callJson('/public/cart/promotion/all', PromotionsResponseSchema, call)).data);
}

/** Enabled payment methods in the editors' order; bank transfer carries its bank accounts (reference data). */
export async function getPaymentMethods(options: CallOptions = {}) {
  const path = inLanguage('/public/cart/payments/methods', options.locale);
  return sharedReference(path, options, async (call) => (await callJson(path, PaymentMethodsResponseSchema, call)).data);
}

/** Banks a buyer may have transferred from (the report form; reference data). */
export async function getOriginBanks(options: CallOptions = {}) {
  return sharedReference('/api/payments/methods/banktreansfer', options, async (call) => (await callJson('/api/payments/methods/banktreansfer', OriginBanksResponseSchema, call)).data);
}

/** The coupon of a code; NOT_FOUND or COUPON_NOT_AVAILABLE come back as CmsApiError. */
export async function findCouponByCode(code: string, options: CallOptions = {}) {
  return (await postJson('/public/cart/getCouponByCouponCode', CouponResponseSchema, { coupon_code: code }, options)).data[0];
}

/** A page of a course's comments (public course data for a visitor without a session). */
export async function getCourseComments(courseId: number, page = 1, options: CallOptions = {}) {
  const path = `/public/course/${courseId}/comments?page=${page}`;
  return sharedPublic(path, options, async (call) => {
    const answer = await callJson(path, CommentsResponseSchema, call);
    return { comments: answer.data, pagination: answer.pagination };
  });
}

export async function createCourseComment(courseId: number, input: { comment: string; parentId: number | null }, options: CallOptions) {
  return (await postJson(`/public/course/${courseId}/comments`, CommentResponseSchema, { comment: input.comment, parent_id: input.parentId }, options)).data;
}

/** Signs a student in with a username (or e-mail) and password: their token and who they are. */
export async function logInStudent(credentials: { username: string; password: string }, options: CallOptions = {}) {
  const answer = await postJson('/public/students/login', LoginResponseSchema, credentials, options);
  return { jwt: answer.jwt, user: answer.user };
}

/** Signs the student out at the CMS: every token of theirs issued until now stops working (ADR 157). */
export async function logOutStudent(options: CallOptions & { jwt: string }): Promise<void> {
  await postJson('/private/students/logout', z.looseObject({ success: z.literal(true) }), {}, options);
}

/** A short-lived ticket for the student's real-time sign-in (ADR 157): what their pages get instead of the CMS token. */
export async function getRealtimeTicket(options: CallOptions & { jwt: string }): Promise<{ ticket: string; userId: number; expiresAt: string }> {
  const answer = await postJson(
    '/private/realtime/ticket',
    z.looseObject({ success: z.literal(true), ticket: z.string().min(1).max(512), userId: z.number().int().positive(), expiresAt: z.string() }),
    {},
    options,
  );
  return { ticket: answer.ticket, userId: answer.userId, expiresAt: answer.expiresAt };
}

/** Creates a student from the course page's registration payload; the spec's error codes come back as CmsApiError. */
export async function registerStudent(payload: Record<string, unknown>, options: CallOptions = {}) {
  return (await postJson('/public/students/course-detail-page', RegisterResponseSchema, payload, options)).userId;
}

/**
 * Uploads files as imageinput0..n and returns their stored names, in order. A visitor (no token)
 * first gets a short-lived ticket for `purpose` from the CMS, which limits visitors' uploads
 * per address (ADR 158).
 */
export async function uploadFiles(files: readonly File[], options: CallOptions & { purpose?: 'checkout' | 'registration' } = {}): Promise<string[]> {
  if (files.length === 0) return [];
  const form = new FormData();
  files.forEach((file, index) => form.append(`imageinput${index}`, file, file.name));
  const headers: Record<string, string> = {};
  if (!options.jwt) {
    const { ticket } = await postJson('/public/uploads/ticket', UploadTicketResponseSchema, { purpose: options.purpose ?? 'checkout' }, options);
    headers['x-upload-ticket'] = ticket;
  }
  const answer = await callJson('/api/home/test_upload', UploadResponseSchema, { timeoutMs: 30_000, ...options }, { method: 'POST', body: form, headers });
  return answer.fileName;
}

/** Places the signed-in student's order; the CMS prices it and answers its own totals. */
export async function createOrder(payload: Record<string, unknown>, options: CallOptions & { jwt: string }) {
  const answer = await postJson('/private/cart/order', CreateOrderResponseSchema, payload, options);
  return { orderId: answer.orderId, order: answer.order_detail, needApproval: answer.need_approval === true };
}

/** The student's own order as the payment step shows it (amounts, token, e-mail and phone). */
export async function getOrderForPayment(orderId: number, options: CallOptions & { jwt: string }) {
  return callJson(`/private/payments/methods/order/${orderId}`, PaymentOrderResponseSchema, options);
}

/** Files the student's bank-transfer report; the order moves to pendingApproved. */
export async function fileBankTransferReport(payload: Record<string, unknown>, options: CallOptions & { jwt: string }) {
  const answer = await postJson('/private/payment/report', ReportResponseSchema, payload, options);
  return { orderPaymentId: answer.orderPaymentId, orderToken: answer.order_token };
}

/** Asks the CMS to mail the buyer and the shop about a bank-transfer report just filed. */
export async function sendPaymentNotification(payload: Record<string, unknown>, options: CallOptions & { jwt: string }) {
  await postJson('/api/send/to/email/paymentorder', SuccessResponseSchema, payload, options);
}

/** Saves the signed-in student's tax-invoice details (certificate files uploaded first). */
export async function updateStudentTax(payload: Record<string, unknown>, options: CallOptions & { jwt: string }) {
  await callJson('/private/myaccount/students/tax', SuccessResponseSchema, options, { method: 'PUT', body: JSON.stringify(payload), contentType: 'application/json' });
}
