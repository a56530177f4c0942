/**
 * Reading request bodies with the shared zod schemas. A body that does not parse is
 * a 400 with the spec's code where one fits (an empty cart, a duplicate course, a
 * missing plan or payment method) and VALIDATION_ERROR with the messages per field
 * otherwise; it never reaches a service.
 */
import type { ErrorCode } from '@sala/shared/constants';
import { defaultTranslate } from '@sala/shared/texts';
import { badRequest, notFound } from '../../../lib/errors';

type Issue = { path: PropertyKey[]; message: string };
type SafeParser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } } };

/** The code of the first issue the spec has a code for. */
function codeOf(issues: Issue[]): ErrorCode {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field === 'course_id')
      return issue.message === defaultTranslate('cart_empty') ? 'CART_EMPTY' : issue.message === defaultTranslate('error_course_duplicate') ? 'COURSE_DUPLICATE' : 'VALIDATION_ERROR';
    if (field === 'pricingplan_id') return 'NO_PRICING_PLAN';
    if (field === 'payment_method_id') return 'NO_PAYMENT_METHOD';
    if (field === 'coupon_id' || field === 'coupon_code') return 'COUPON_NOT_AVAILABLE';
  }
  return 'VALIDATION_ERROR';
}

/** Field → messages, as the storefront shows them next to their inputs. */
function errorsOf(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseBody<T>(schema: SafeParser<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  throw badRequest(codeOf(issues), undefined, { errors: errorsOf(issues) });
}

/** A positive integer id from a body value (else 400) or a path segment (else 404: no record has that id). */
export function parseId(value: unknown, { inPath }: { inPath: boolean } = { inPath: false }): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^[1-9]\d{0,14}$/.test(text)) return Number(text);
  if (inPath) throw notFound();
  throw badRequest('VALIDATION_ERROR');
}
