/**
 * A signed-in student's own orders on the server: the list of "my orders", one order by its
 * token for the thank-you page, the access countdown of a course, and the tax-invoice details.
 * Every call carries the student's own token; the CMS answers only with their own records.
 * Amounts arrive in major units and leave here in minor units (satang), as the CMS stored them.
 */
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import { VAT_MODES } from '@sala/shared/constants';
import { minorAmount, orderAmountsFromWire } from '~/models/orders/amounts';
import { CmsApiError, callJson, type CallOptions } from './cms.server';
import { getCoursePath } from '~/models/course-path';
import type { CourseAccessView, OrderView, TaxInfoView } from '~/models/orders/types';
import { getSessionStudent, type SessionStudent } from './session.server';
import { nullableString, nullableNumber } from './cms-schemas.server';

type StudentCall = CallOptions & { jwt: string };

const OwnOrderSchema = z.looseObject({
  id: z.number().int(),
  order_token: z.string(),
  payment_status: z.string(),
  price: z.number(),
  discount: z.number(),
  shipping_fee: z.number(),
  withholding_price: z.number(),
  vat: z.number().optional().default(0),
  /** Absent from a CMS that predates the VAT mode: included (ADR 182). */
  vat_mode: z.enum(VAT_MODES).nullable().optional(),
  vat_basis_points: z.number().int().optional().default(0),
  net: z.number(),
  currency_code: z.enum(['THB', 'USD']),
  payment_method_id: nullableNumber,
  cancel_at: nullableString,
  createdAt: nullableString,
  approved_at: nullableString,
  coupon_list_code: z.array(z.string()).optional().default([]),
  discount_list: z
    .array(z.looseObject({ kind: z.enum(['coupon', 'promotion']), name: z.string(), amount: z.number() }))
    .optional()
    .default([]),
  order_course_list: z.array(
    z.looseObject({ course_id: nullableNumber, course_slug: nullableString, title: z.string(), course_type: nullableString, net: z.number(), price: z.number(), discount: z.number() }),
  ),
  last_report: z
    .looseObject({ id: z.number().int(), status: z.string(), reject_reason: nullableString, createdAt: nullableString })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  tax_document: z
    .looseObject({ code: z.string(), kind: z.enum(['receipt', 'tax_invoice']) })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  withholding_certificate: z
    .looseObject({ uploadedAt: z.string() })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  credit_note: z
    .looseObject({ code: z.string() })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

const OwnOrdersResponseSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(OwnOrderSchema),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

function toView(order: z.infer<typeof OwnOrderSchema>): OrderView {
  return {
    id: order.id,
    token: order.order_token,
    status: order.payment_status,
    currency: order.currency_code,
    ...orderAmountsFromWire(order),
    couponCodes: order.coupon_list_code,
    discounts: order.discount_list.map((item) => ({ kind: item.kind, name: item.name, amount: minorAmount(item.amount, order.currency_code) })),
    paymentMethodId: order.payment_method_id,
    createdAt: order.createdAt,
    approvedAt: order.approved_at,
    cancelAt: order.cancel_at,
    lines: order.order_course_list.map((line) => {
      const coursePath = line.course_id ? getCoursePath({ id: line.course_id, slug: line.course_slug }) : null;
      return {
        courseId: line.course_id,
        title: line.title,
        listAmount: minorAmount(line.price, order.currency_code),
        netAmount: minorAmount(line.net, order.currency_code),
        coursePath,
        learnPath: coursePath ? `${coursePath}/learn` : null,
      };
    }),
    report: order.last_report ? { status: order.last_report.status, rejectReason: order.last_report.reject_reason, createdAt: order.last_report.createdAt } : null,
    document: order.tax_document ? { code: order.tax_document.code, kind: order.tax_document.kind } : null,
    certificate: order.withholding_certificate ? { uploadedAt: order.withholding_certificate.uploadedAt } : null,
    creditNote: order.credit_note ? { code: order.credit_note.code } : null,
  };
}

/** The sign-in page that comes back to this page: for a visitor, and for a student whose session the CMS no longer takes. */
export function signInAgain(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** The signed-in student, or a redirect to the sign-in page that comes back here. */
export async function requireStudent(request: Request): Promise<SessionStudent> {
  const student = await getSessionStudent(request);
  if (student) return student;
  throw signInAgain(request);
}

/** A 401 from the CMS: the token ran out or left the whitelist; the page shows the session modal (ADR 179). */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof CmsApiError && error.status === 401;
}

/** One page of the student's own orders, newest first. */
export async function listMyOrders(page: number, options: StudentCall): Promise<{ orders: OrderView[]; page: number; pageSize: number; total: number }> {
  const answer = await callJson(`/private/orders?page=${page}&pageSize=10`, OwnOrdersResponseSchema, options);
  return { orders: answer.data.map(toView), page: answer.pagination.page, pageSize: answer.pagination.pageSize, total: answer.pagination.total };
}

/** The student's own order of that token, or null (someone else's token finds nothing). */
export async function findMyOrderByToken(token: string, options: StudentCall): Promise<OrderView | null> {
  const answer = await callJson(`/private/orders?order_token=${encodeURIComponent(token)}&pageSize=1`, OwnOrdersResponseSchema, options);
  const order = answer.data.find((item) => item.order_token === token);
  return order ? toView(order) : null;
}

const CountdownResponseSchema = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({
    planType: z.string(),
    countDownTime: z.number().nullable(),
    finishDateTime: z.string().nullable(),
    expired: z.boolean(),
    remaining: z.looseObject({ days: z.number(), hours: z.number(), minutes: z.number(), seconds: z.number() }).nullable(),
  }),
});

/** The access of an approved course (null when the CMS has no approved order of it for the student). */
export async function getCourseAccess(courseId: number, options: StudentCall): Promise<CourseAccessView | null> {
  try {
    const { data } = await callJson(`/private/course/countdowntime/${courseId}`, CountdownResponseSchema, options);
    return {
      courseId,
      unlimited: data.countDownTime === null,
      expired: data.expired,
      finishAt: data.finishDateTime,
      remaining: data.remaining ? { days: data.remaining.days, hours: data.remaining.hours, minutes: data.remaining.minutes } : null,
    };
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 404) return null;
    throw error;
  }
}

/* ------------------------------------------------------------------ tax info */

const TaxProfileSchema = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({
    firstname: nullableString,
    lastname: nullableString,
    is_require_tax_invoice: z.boolean().optional().default(false),
    tax_person_type: z.enum(['normal_person', 'juristic_person']).nullable().optional(),
    tax_name_one: nullableString,
    tax_name_two: nullableString,
    tax_payer_identification_no: nullableString,
    tax_address: nullableString,
    tax_postcode: nullableString,
    tax_is_delivery_by_tax_address: z.boolean().nullable().optional(),
    tax_delivery_address: nullableString,
    tax_company_certificate: z.array(z.string()).optional().default([]),
  }),
});

/** The student's tax-invoice details as saved in the CMS. */
export async function getMyTaxInfo(options: StudentCall): Promise<TaxInfoView> {
  const { data } = await callJson('/private/students', TaxProfileSchema, options);
  return {
    requireTaxInvoice: data.is_require_tax_invoice,
    personType: data.tax_person_type ?? 'normal_person',
    nameOne: data.tax_name_one ?? '',
    nameTwo: data.tax_name_two ?? '',
    taxId: data.tax_payer_identification_no ?? '',
    address: data.tax_address ?? '',
    postcode: data.tax_postcode ?? '',
    deliveryByTaxAddress: data.tax_is_delivery_by_tax_address ?? true,
    deliveryAddress: data.tax_delivery_address ?? '',
    certificates: data.tax_company_certificate,
    saved: Boolean(data.tax_payer_identification_no),
  };
}

/**
 * An instant as Bangkok date and time in the reader's language ("25 พ.ย. 2569 10:00").
 * Formatted on the server only, so the page the browser hydrates holds the same text.
 */
export function formatBangkokDateTime(iso: string | null | undefined, locale: 'th' | 'en', withTime = true): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    timeZone: 'Asia/Bangkok',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  }).format(date);
}
