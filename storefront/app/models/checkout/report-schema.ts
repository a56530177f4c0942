/**
 * The bank-transfer report form over the shared report schema. The order's amount and the
 * site's slip setting are facts of the order, not of the form: the browser passes what the
 * page knows, the action passes what the CMS says.
 */
import { buildPaymentReportSchema } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { withoutEmptyFiles } from './checkout-schema';

export type ReportFacts = { netAmount: number; slipRequired: boolean };

export type ReportValues = {
  slip: File[];
  contactName: string;
  transferAmount: string;
  bankCode: string;
  bankAccount: string;
  transferDate: string;
  transferTime: string;
  description: string;
};

export function buildReportFormSchema(facts: ReportFacts, t: Translate) {
  const shared = buildPaymentReportSchema(t);
  return z.unknown().transform((raw, ctx): ReportValues => {
    const value = (withoutEmptyFiles(raw) ?? {}) as Record<string, unknown>;
    const result = shared.safeParse({ ...value, netAmount: facts.netAmount, slipRequired: facts.slipRequired });
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
      return z.NEVER;
    }
    const { netAmount: _net, slipRequired: _slip, ...rest } = result.data;
    return { ...rest, slip: rest.slip as unknown as File[] };
  });
}

/** HH:mm from a time input, HH:mm:ss as the report sends it. */
export function withSeconds(time: string): string {
  return /^\d{2}:\d{2}$/.test(time) ? `${time}:00` : time;
}
