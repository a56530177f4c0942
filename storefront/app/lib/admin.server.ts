/**
 * The storefront's administrator area on the server: who may enter (the shop_admin role,
 * asked of the CMS with the signed-in user's own token on every request, never taken from
 * the browser or the session), and the review of bank-transfer reports through the CMS.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { getEnv } from '../env.server';
import { requestIdHeaders } from './client-address.server';
import { CmsApiError, callJson, postJson, type CallOptions } from './cms.server';
import type { Locale } from '~/models/i18n';
import { getSessionStudent, type SessionStudent } from './session.server';
import { nullableString } from './cms-schemas.server';

export const SHOP_ADMIN_ROLE = 'shop_admin';

const ProfileRoleSchema = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({ role: z.looseObject({ type: z.string() }).nullable().optional() }),
});

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`, { headers: { 'Cache-Control': 'private, no-store' } });
}

/**
 * Whether the token's user is a shop administrator, asked of the CMS (for the header's admin
 * link only: the area itself asks again on every request, requireShopAdmin). Best effort: a
 * failing or slow CMS answers false.
 */
export async function isShopAdmin(jwt: string, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<boolean> {
  try {
    const profile = await callJson('/private/students', ProfileRoleSchema, { jwt, signal: options.signal, timeoutMs: options.timeoutMs });
    return profile.data.role?.type === SHOP_ADMIN_ROLE;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return false;
  }
}

/**
 * The signed-in storefront administrator of a request. A visitor (or an expired token) goes
 * to the sign-in page and comes back; anyone else signed in gets 403. Every loader and action
 * of the area calls it: Remix runs child loaders without waiting for the layout's.
 */
export async function requireShopAdmin(request: Request): Promise<SessionStudent> {
  const student = await getSessionStudent(request);
  if (!student) throw loginRedirect(request);
  try {
    const profile = await callJson('/private/students', ProfileRoleSchema, { jwt: student.jwt, signal: request.signal });
    if (profile.data.role?.type === SHOP_ADMIN_ROLE) return student;
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 401) throw loginRedirect(request);
    throw error;
  }
  throw data({ forbidden: true }, { status: 403, headers: { 'Cache-Control': 'private, no-store' } });
}

/* ------------------------------------------------------------------ payment reports */

const ReportSchema = z.looseObject({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  order_token: nullableString,
  order_status: nullableString,
  status: z.string(),
  payment_method_id: z
    .number()
    .int()
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  contact_name: nullableString,
  email: nullableString,
  tel: nullableString,
  bank_code: nullableString,
  bank_account: z
    .looseObject({ id: z.number().int(), account_id: nullableString, account_name: nullableString, bank_name: nullableString })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  transfer_datetime: nullableString,
  transfer_amount: z.number(),
  amount_to_pay: z.number().nullable(),
  currency_code: z.enum(['THB', 'USD']),
  description: nullableString,
  student: z
    .looseObject({ id: z.number().int(), username: z.string(), email: z.string() })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  slip: z.array(z.looseObject({ name: z.string(), url: z.string() })),
  slip_qr: z
    .looseObject({ sending_bank: z.string(), trans_ref: z.string(), first_order_id: z.number().int().nullable(), first_report_id: z.number().int().nullable() })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  slip_verify: z
    .looseObject({ reason: z.string(), detail: z.string().nullable() })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  createdAt: z.string(),
});
export type WirePaymentReport = z.infer<typeof ReportSchema>;

const ReportListSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(ReportSchema),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

const ReviewAnswerSchema = z.looseObject({ success: z.literal(true), order_token: z.string() });

const OriginBanksSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(z.looseObject({ banktransfer_value: z.string(), banktransfer_nameth: z.string(), banktransfer_nameen: nullableString })),
});

/** Reports waiting for the shop's decision, oldest first (the spec's 10 a page). */
export async function listPendingReports(page: number, options: CallOptions & { jwt: string }) {
  return callJson(`/private/payments/reports?status=pending&page=${page}&pageSize=10`, ReportListSchema, options);
}

/** Every report of one order, whatever its status: where a refused slip reuse links to its first use (ADR 205). */
export async function listOrderReports(orderId: number, options: CallOptions & { jwt: string }) {
  return callJson(`/private/payments/reports?order_id=${orderId}&pageSize=100`, ReportListSchema, options);
}

const SlipRefusalListSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(
    z.looseObject({
      id: z.number().int(),
      order_id: z.number().int(),
      reporter: z
        .looseObject({ id: z.number().int(), username: z.string(), email: z.string() })
        .nullable()
        .optional()
        .transform((value) => value ?? null),
      sending_bank: z.string(),
      trans_ref: z.string(),
      first_report_id: z.number().int().nullable(),
      first_order_id: z.number().int().nullable(),
      attempts: z.number().int(),
      refused_at: z.string(),
      last_refused_at: z.string(),
    }),
  ),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

/** The latest slip reuses the CMS refused (ADR 205): shop administrators only. */
export async function listSlipRefusals(options: CallOptions & { jwt: string }) {
  return callJson('/private/payments/slip-refusals?page=1&pageSize=20', SlipRefusalListSchema, options);
}

/** Origin bank code → its name in the locale (the report stores the code). */
export async function getOriginBankNames(locale: Locale, options: CallOptions): Promise<Record<string, string>> {
  const banks = await callJson('/api/payments/methods/banktreansfer', OriginBanksSchema, options);
  return Object.fromEntries(banks.data.map((bank) => [bank.banktransfer_value, locale === 'en' && bank.banktransfer_nameen ? bank.banktransfer_nameen : bank.banktransfer_nameth]));
}

export async function approveReport(args: { reportId: number; orderId: number; reviewer: string }, options: CallOptions & { jwt: string }) {
  return postJson('/private/orders/payment/approved', ReviewAnswerSchema, { order_payment_id: args.reportId, order_id: args.orderId, approve_by: args.reviewer, payment_method_id: 1 }, options);
}

export async function rejectReport(args: { reportId: number; orderId: number; reason: string }, options: CallOptions & { jwt: string }) {
  return postJson('/private/orders/payment/rejected', ReviewAnswerSchema, { order_payment_id: args.reportId, order_id: args.orderId, reason: args.reason }, options);
}

/** Stored upload names only: what the CMS hands out (no path, no traversal). */
const SLIP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * A slip image for the review page, fetched from the CMS with the administrator's token and
 * passed on uncached. Only a slip of a pending report the CMS lists to this administrator is
 * served, so the page never hands out the CMS's own file addresses.
 */
export async function fetchSlip(name: string, admin: SessionStudent, signal?: AbortSignal): Promise<Response> {
  if (!SLIP_NAME.test(name)) throw data(null, { status: 404 });
  const listed = await findListedSlip(name, admin, signal);
  if (!listed) throw data(null, { status: 404 });
  return passPrivateFile(listed.url, admin, signal);
}

/** A private file (`/private/files/{name}`) fetched from the CMS with the administrator's token and passed on unchanged, never cached, sandboxed. */
export async function passPrivateFile(url: string, admin: SessionStudent, signal?: AbortSignal): Promise<Response> {
  const upstream = await fetch(`${getEnv().CMS_URL}${url}`, { headers: { authorization: `Bearer ${admin.jwt}`, ...requestIdHeaders() }, signal });
  if (!upstream.ok || !upstream.body) throw data(null, { status: upstream.status === 404 ? 404 : 502 });
  const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
  return new Response(upstream.body, {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      ...(type.startsWith('image/') || type === 'application/pdf' ? {} : { 'Content-Disposition': 'attachment' }),
    },
  });
}

/** The slip of that name among the pending reports the CMS lists (the ones the review page shows). */
async function findListedSlip(name: string, admin: SessionStudent, signal?: AbortSignal): Promise<{ url: string } | null> {
  const pageSize = 100;
  for (let page = 1; page <= 50; page += 1) {
    const list = await callJson(`/private/payments/reports?status=pending&page=${page}&pageSize=${pageSize}`, ReportListSchema, { jwt: admin.jwt, signal });
    for (const report of list.data) {
      const slip = report.slip.find((file) => file.name === name);
      if (slip) return slip;
    }
    if (page * pageSize >= list.pagination.total) break;
  }
  return null;
}
