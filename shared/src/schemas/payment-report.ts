import { z } from 'zod';
import { PAYMENT_METHOD_IDS, PAYMENT_REPORT_STATUSES } from '../constants/index.js';
import { defaultTranslate, type TextKey, type Translate } from '../texts/index.js';
import { fileListField, flagField, toText, type FileRef } from './fields.js';

/** The bank-transfer report form, with the two facts its checks depend on. */
export type PaymentReportValues = {
  /** The order's amount to pay in minor units; zero for a free order. */
  netAmount: number;
  /** The site's slip setting equals 1. */
  slipRequired: boolean;
  slip: FileRef[];
  contactName: string;
  transferAmount: string;
  bankCode: string;
  bankAccount: string;
  transferDate: string;
  transferTime: string;
  description: string;
};

type ReportCheck = { path: keyof PaymentReportValues; key: TextKey; fails: (v: PaymentReportValues) => boolean };

/**
 * The bank-transfer report checks, in the spec's order; the first that fails is
 * the one shown (in a toast titled validation_toast_title).
 */
const REPORT_CHECKS: readonly ReportCheck[] = [
  // Net amount not zero, slip setting 1 and no slip chosen.
  { path: 'slip', key: 'report_slip_required', fails: (v) => v.netAmount !== 0 && v.slipRequired && v.slip.length === 0 },
  // Amount empty when not zero; it takes numeric text only.
  { path: 'transferAmount', key: 'report_amount_required', fails: (v) => v.netAmount !== 0 && v.transferAmount === '' },
  { path: 'transferAmount', key: 'report_amount_numeric', fails: (v) => v.transferAmount !== '' && !/^\d+(\.\d{1,2})?$/.test(v.transferAmount) },
  { path: 'bankCode', key: 'report_bank_required', fails: (v) => v.bankCode === '' },
  { path: 'bankAccount', key: 'report_account_required', fails: (v) => v.bankAccount === '' },
  { path: 'transferDate', key: 'report_date_required', fails: (v) => !/^\d{4}-\d{2}-\d{2}$/.test(v.transferDate) },
  { path: 'transferTime', key: 'report_time_required', fails: (v) => !/^\d{2}:\d{2}(:\d{2})?$/.test(v.transferTime) },
];

/** The first failing report check, or null when the report can be sent. */
export function firstPaymentReportIssue(values: PaymentReportValues, t: Translate): { path: keyof PaymentReportValues; message: string } | null {
  const failed = REPORT_CHECKS.find((check) => check.fails(values));
  return failed ? { path: failed.path, message: t(failed.key) } : null;
}

/**
 * Notices that are shown but do not stop the report: a free order (net amount zero)
 * with an empty contact name.
 */
export function paymentReportNotices(values: Pick<PaymentReportValues, 'netAmount' | 'contactName'>, t: Translate): string[] {
  return values.netAmount === 0 && values.contactName.trim() === '' ? [t('report_contact_name_required')] : [];
}

/**
 * After the slips are uploaded: files were sent, so the server must have answered
 * with a non-empty list of names. Returns the message to show, or null.
 */
export function checkSlipUpload(sentFileCount: number, returnedNames: readonly string[] | null | undefined, t: Translate): string | null {
  return sentFileCount > 0 && (!returnedNames || returnedNames.length === 0) ? t('report_slip_retry') : null;
}

/** The bank-transfer report form schema; it reports only the first failing check, as the spec shows one toast. */
export function buildPaymentReportSchema(t: Translate) {
  return z
    .object({
      netAmount: z.preprocess((v) => Number(v ?? 0), z.number().int()),
      slipRequired: flagField,
      slip: fileListField,
      contactName: z.preprocess(toText, z.string()),
      transferAmount: z.preprocess(toText, z.string()),
      bankCode: z.preprocess(toText, z.string()),
      bankAccount: z.preprocess(toText, z.string()),
      transferDate: z.preprocess(toText, z.string()),
      transferTime: z.preprocess(toText, z.string()),
      description: z.preprocess(toText, z.string()),
    })
    .superRefine((values, ctx) => {
      const issue = firstPaymentReportIssue(values, t);
      if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    });
}

/** The report form with the Thai defaults' messages. */
export const PaymentReportSchema = /* @__PURE__ */ buildPaymentReportSchema(defaultTranslate);

/** The report as posted to /public/payment/report and /private/payment/report. */
export const PaymentReportPayloadSchema = z.object({
  order_id: z.coerce.number().int().positive(),
  payment_method_id: z.coerce.number().int().positive().default(PAYMENT_METHOD_IDS.BANK_TRANSFER),
  status: z.enum(PAYMENT_REPORT_STATUSES).default('pending'),
  contact_name: z.string().trim().max(255).default(''),
  email: z.string().trim().default(''),
  tel: z.string().trim().default(''),
  bank_account: z.string().trim().default(''),
  bank_code: z.string().trim().default(''),
  transfer_datetime: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
  time: z
    .string()
    .trim()
    .regex(/^\d{2}:\d{2}:\d{2}$/),
  transfer_amount: z
    .union([
      z.number().nonnegative(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/),
    ])
    .transform(String),
  description: z.string().default(''),
  address: z.string().default('-'),
  slip: z.array(z.string().min(1)).default([]),
});
export type PaymentReportPayload = z.output<typeof PaymentReportPayloadSchema>;
