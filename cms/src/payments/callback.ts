/** Reading an incoming notification and shaping the answer to it. */
import { CURRENCIES, type Currency } from '@sala/shared/constants';
import { CURRENCY_NUMERIC_CODES, tryParseMajor, type Money } from '@sala/shared/money';
import type { CallbackReply, CallbackRequest, InquiryResult, PaymentOutcome, PaymentRefusal, VerifyResult } from './types';

/** A header value by case-insensitive name (the first one if repeated). */
export function headerOf(request: CallbackRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
}

/** The parsed JSON body, from `body` when the framework parsed it, else from `rawBody`. */
export function jsonBodyOf(request: CallbackRequest): Record<string, unknown> | null {
  if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) return request.body as Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(request.rawBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Flat string fields of a browser post or a form/GET notification: the query
 * string first, then the body (parsed, form-encoded or JSON) over it.
 */
export function fieldsOf(request: CallbackRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  const take = (source: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(source)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' || typeof first === 'number') fields[key] = String(first);
    }
  };
  if (request.query) take(request.query as Record<string, unknown>);
  const json = jsonBodyOf(request);
  if (json) take(json);
  else if (request.rawBody) take(Object.fromEntries(new URLSearchParams(request.rawBody)));
  return fields;
}

export function jsonReply(body: unknown, status = 200): CallbackReply {
  return { status, contentType: 'application/json', body: JSON.stringify(body) };
}

export const OK_REPLY: CallbackReply = { status: 200, contentType: 'text/plain', body: 'OK' };

/** A refused notification; 400 tells the provider (or a forger) nothing more. */
export function refuse(reason: string, reply: CallbackReply = { status: 400, contentType: 'text/plain', body: 'refused' }): PaymentRefusal & { reply: CallbackReply } {
  return { ok: false, reason, reply };
}

/** Attaches the reply to an inquiry-style result. */
export function withReply(result: InquiryResult, reply: CallbackReply = OK_REPLY): VerifyResult {
  return { ...result, reply };
}

/** Builds a status; an approval the amount of which cannot be read is refused rather than trusted. */
export function paymentStatus(providerReference: string, outcome: PaymentOutcome, amount: Money | null, providerTransactionId: string | null, raw: unknown): InquiryResult {
  if (outcome !== 'approved') return { ok: true, providerReference, outcome, amount, providerTransactionId, raw };
  if (!amount) return { ok: false, reason: `${providerReference}: approved without a readable amount` };
  return { ok: true, providerReference, outcome, amount, providerTransactionId, raw };
}

/**
 * The status of a paid answer: with a currency it is an approval (refused when the
 * amount cannot be read); an amount without its currency is held for the shop's review.
 */
export function paidStatus(providerReference: string, amount: Money | null, currencyStated: boolean, providerTransactionId: string | null, raw: unknown): InquiryResult {
  if (!currencyStated) return { ok: true, providerReference, outcome: 'review', reviewReason: 'currency_missing', amount: null, providerTransactionId, raw };
  return paymentStatus(providerReference, 'approved', amount, providerTransactionId, raw);
}

/** True when a provider sent a currency code at all (an empty or missing one is not a currency). */
export function hasCurrency(code: unknown): boolean {
  return typeof code === 'string' ? code.trim() !== '' : typeof code === 'number';
}

/** Reads a major-unit amount (`"100.00"`, `1000.5`) in a currency code the provider sent. */
export function moneyFromMajor(value: unknown, currencyCode: unknown): Money | null {
  const currency = currencyOf(currencyCode);
  if (!currency || (typeof value !== 'string' && typeof value !== 'number')) return null;
  return tryParseMajor(String(value), currency);
}

/** THB or USD from an alpha or ISO numeric code, else null. */
export function currencyOf(code: unknown): Currency | null {
  const text = String(code ?? '').toUpperCase();
  for (const currency of CURRENCIES) {
    if (text === currency || text === CURRENCY_NUMERIC_CODES[currency]) return currency;
  }
  return null;
}
