/**
 * Reading the bank-transfer calls' bodies. The report is checked in the spec's order
 * with the shared checks (one message, the first that fails), then parsed with the
 * shared payload schema; the review and mail calls have small schemas of their own.
 * Every failure is a 400 VALIDATION_ERROR carrying `errors` per wire field.
 */
import { z } from 'zod';
import { PAYMENT_METHOD_IDS, PAYMENT_REPORT_STATUSES } from '@sala/shared/constants';
import { PaymentReportPayloadSchema, firstPaymentReportIssue, type PaymentReportPayload, type PaymentReportValues } from '@sala/shared/schemas';
import { createTranslator, type TextKey, type Translate } from '@sala/shared/texts';
import { badRequest } from '../../../lib/errors';

/** The wire name of each field of the report form. */
const WIRE_FIELDS: Record<keyof PaymentReportValues, string> = {
  netAmount: 'transfer_amount',
  slipRequired: 'slip',
  slip: 'slip',
  contactName: 'contact_name',
  transferAmount: 'transfer_amount',
  bankCode: 'bank_code',
  bankAccount: 'bank_account',
  transferDate: 'transfer_datetime',
  transferTime: 'time',
  description: 'description',
};

/** The message shown for a field of the payload schema that does not parse. */
const PAYLOAD_FIELD_TEXTS: Partial<Record<keyof PaymentReportPayload, TextKey>> = {
  transfer_amount: 'report_amount_numeric',
  bank_code: 'report_bank_required',
  bank_account: 'report_account_required',
  transfer_datetime: 'report_date_required',
  time: 'report_time_required',
  slip: 'report_slip_retry',
};

export function validationError(field: string, message: string) {
  return badRequest('VALIDATION_ERROR', undefined, { errors: { [field]: [message] } });
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

function slipNames(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (typeof item === 'string' ? item.trim() : typeof item === 'object' && item && 'name' in item ? String((item as { name: unknown }).name) : String(item)));
}

/** Accepts HH:mm as HH:mm:00; the form's time picker gives seconds, a typed time may not. */
function withSeconds(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}

/** A real calendar date and time of day ('2026-02-30' and '24:10:00' are not). */
function isRealDateTime(date: string, time: string): { date: boolean; time: boolean } {
  const [y, m, d] = date.split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  const dateOk = /^\d{4}-\d{2}-\d{2}$/.test(date) && probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  const timeOk = Boolean(match && Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3]) < 60);
  return { date: dateOk, time: timeOk };
}

/** The order id of a report body: a positive integer, else 400. */
export function reportOrderId(body: unknown, t: Translate = createTranslator('th')): number {
  const value = (body as { order_id?: unknown } | null)?.order_id;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^[1-9]\d{0,14}$/.test(text)) throw validationError('order_id', t('error_validation_error'));
  return Number(text);
}

/**
 * The report's checks in the spec's order, against the order's net amount and the
 * site's slip setting, then the shared payload schema. Returns the parsed payload with
 * the time normalised to HH:mm:ss and the contact name filled in, or throws 400.
 */
export function parseReport(body: unknown, facts: { netAmount: number; slipRequired: boolean; defaultContactName: string }, t: Translate = createTranslator('th')): PaymentReportPayload {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const slip = slipNames(raw.slip);
  const values: PaymentReportValues = {
    netAmount: facts.netAmount,
    slipRequired: facts.slipRequired,
    slip: slip.map((name) => ({ name })),
    contactName: text(raw.contact_name),
    transferAmount: text(raw.transfer_amount),
    bankCode: text(raw.bank_code),
    bankAccount: text(raw.bank_account),
    transferDate: text(raw.transfer_datetime),
    transferTime: text(raw.time),
    description: text(raw.description),
  };
  const issue = firstPaymentReportIssue(values, t);
  if (issue) throw validationError(WIRE_FIELDS[issue.path], issue.message);

  const parsed = PaymentReportPayloadSchema.safeParse({
    ...raw,
    transfer_amount: values.transferAmount === '' ? '0' : values.transferAmount,
    bank_account: values.bankAccount,
    time: withSeconds(values.transferTime),
    slip,
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? '') as keyof PaymentReportPayload;
    throw validationError(field || 'report', t(PAYLOAD_FIELD_TEXTS[field] ?? 'error_validation_error'));
  }
  const payload = parsed.data;
  const real = isRealDateTime(payload.transfer_datetime, payload.time);
  if (!real.date) throw validationError('transfer_datetime', t('report_date_required'));
  if (!real.time) throw validationError('time', t('report_time_required'));
  if (payload.payment_method_id !== PAYMENT_METHOD_IDS.BANK_TRANSFER) throw validationError('payment_method_id', t('error_no_payment_method'));
  if (payload.description.length > 1000) throw validationError('description', t('validation_max_length', { label: t('report_description'), max: 1000 }));
  if (payload.tel.length > 20) throw validationError('tel', t('error_validation_error'));
  if (payload.email.length > 255) throw validationError('email', t('validation_email_invalid'));
  return { ...payload, contact_name: payload.contact_name || facts.defaultContactName };
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const optionalText = (max: number) => z.preprocess((v) => (v === null || v === undefined ? undefined : String(v)), z.string().trim().max(max).optional());

/** POST /private/orders/payment/approved. approve_by is read but the signed-in admin is recorded. */
export const ApprovalPayloadSchema = z.object({
  order_payment_id: id,
  order_id: id,
  approve_by: optionalText(255),
  payment_method_id: id.optional(),
});
export type ApprovalPayload = z.output<typeof ApprovalPayloadSchema>;

/** POST /private/orders/payment/rejected. */
export const RejectionPayloadSchema = z.object({
  order_payment_id: id,
  order_id: id,
  reason: optionalText(500),
});
export type RejectionPayload = z.output<typeof RejectionPayloadSchema>;

/**
 * POST /api/send/to/email/paymentorder (the payment-notification e-mail payload). Only
 * orderId decides anything: the mail shows the order's amount and the report as stored.
 */
export const PaymentMailPayloadSchema = z.object({
  orderId: id,
  fullname: optionalText(255),
  email: optionalText(255),
  description: optionalText(1000),
  bank_account: optionalText(64),
  bank_code: optionalText(64),
  amount: optionalText(32),
  telephone: optionalText(32),
  date: optionalText(32),
  time: optionalText(32),
});
export type PaymentMailPayload = z.output<typeof PaymentMailPayloadSchema>;

export const ReportListQuerySchema = z.object({
  status: z.enum(PAYMENT_REPORT_STATUSES).default('pending'),
  /** One order's reports, whatever their status (the link to a slip's first use, ADR 205). */
  order_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  page: z.coerce.number().int().positive().max(100000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(10),
});
export type ReportListQuery = z.output<typeof ReportListQuerySchema>;

/** GET /private/payments/slip-refusals: the refused slip reuses, latest first. */
export const SlipRefusalListQuerySchema = z.object({
  page: z.coerce.number().int().positive().max(100000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(20),
});

type SafeParser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

/** Parses a body or query; the first failing field is named in `errors`. */
export function parseInput<T>(schema: SafeParser<T>, input: unknown, t: Translate = createTranslator('th')): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
  throw validationError(field, t('error_validation_error'));
}
