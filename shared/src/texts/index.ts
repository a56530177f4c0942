import type { CouponReason, ErrorCode, Locale, PromotionReason } from '../constants/index.js';
import { TEXT_CATALOGUE } from './catalogue.js';

export { formatCount, formatDurationMinutes, localizeDurationText, localizedValue, parseDurationText } from './localized.js';

export type TextKey = keyof typeof TEXT_CATALOGUE;
export type TextEntry = { th: string; en: string };

/** Every text key with its Thai and English default. */
export const TEXTS: Record<TextKey, TextEntry> = TEXT_CATALOGUE;

export const TEXT_KEYS = Object.keys(TEXTS) as TextKey[];

/** Overrides from the CMS `text` collection: per key, a text per locale. Blank values fall back to the defaults. */
export type TextOverrides = Partial<Record<string, Partial<Record<Locale, string | null>>>>;

export type TextParams = Record<string, string | number>;

/** Translates a key with `{name}` placeholders; the signature schemas take. */
export type Translate = (key: TextKey, params?: TextParams) => string;

/** True for a string that is one of the catalogue's keys. */
export function isTextKey(key: string): key is TextKey {
  return Object.prototype.hasOwnProperty.call(TEXTS, key);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The plural category of a count in a locale, by `Intl.PluralRules`: English has `one` and
 * `other`, Thai only `other`.
 */
export function pluralCategory(count: number, locale: Locale): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** A count given as a number or as text ("1,234"); NaN when it is neither. */
function countOf(value: string | number): number {
  return typeof value === 'number' ? value : Number(value.replace(/[,\s]/g, ''));
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The options of a plural choice (`=0 {…} one {…} other {…}`) by selector, or null when they do not read as such. */
function pluralOptions(body: string): Map<string, string> | null {
  const options = new Map<string, string>();
  let i = 0;
  for (;;) {
    while (i < body.length && /\s/.test(body[i])) i++;
    if (i >= body.length) break;
    const selector = /^(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!selector) return null;
    const open = i + selector[0].length - 1;
    const close = closingBrace(body, open);
    if (close < 0) return null;
    options.set(selector[1], body.slice(open + 1, close));
    i = close + 1;
  }
  return options.has('other') ? options : null;
}

const PLURAL_START = /^\{(\w+),\s*plural\s*,/;
const PLACEHOLDER = /^\{(\w+)\}/;

/**
 * Fills a text's placeholders. `{name}` becomes params.name. `{count, plural, one {# item}
 * other {# items}}` (ICU's plural form) picks the option of the count's plural category in
 * the locale (an exact `=0 {…}` first, `other` when the category has none); `#` in it is the
 * count as given. Unknown placeholders, and a choice whose count is missing, stay as written.
 */
export function interpolate(text: string, params: TextParams = {}, locale: Locale = 'th'): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, open);
    const rest = text.slice(open);
    const plural = PLURAL_START.exec(rest);
    const close = plural ? closingBrace(text, open) : -1;
    const options = plural && close > 0 ? pluralOptions(text.slice(open + plural[0].length, close)) : null;
    if (plural && options && plural[1] in params) {
      const value = params[plural[1]];
      const count = countOf(value);
      const exact = Number.isFinite(count) ? options.get(`=${count}`) : undefined;
      const chosen = exact ?? (Number.isFinite(count) ? options.get(pluralCategory(count, locale)) : undefined) ?? options.get('other')!;
      out += interpolate(chosen.replace(/#/g, String(value)), params, locale);
      i = close + 1;
      continue;
    }
    if (plural && options) {
      out += text.slice(open, close + 1);
      i = close + 1;
      continue;
    }
    const placeholder = PLACEHOLDER.exec(rest);
    if (placeholder) {
      out += placeholder[1] in params ? String(params[placeholder[1]]) : placeholder[0];
      i = open + placeholder[0].length;
      continue;
    }
    out += '{';
    i = open + 1;
  }
  return out;
}

/**
 * The text of a key in a locale: the override when it is not blank, else the
 * catalogue default, with its placeholders and plural choices filled from params.
 */
export function translate(key: TextKey, locale: Locale = 'th', overrides?: TextOverrides, params?: TextParams): string {
  const override = overrides?.[key]?.[locale];
  const text = override && override.trim() !== '' ? override : TEXTS[key][locale];
  return interpolate(text, params, locale);
}

/** A translator bound to a locale and overrides, for schema builders and components. */
export function createTranslator(locale: Locale = 'th', overrides?: TextOverrides): Translate {
  return (key, params) => translate(key, locale, overrides, params);
}

/**
 * The Thai translator over the catalogue's defaults, for the CMS, server code and tests that
 * pass it to the schema builders. Marked pure, so a bundle that never uses it drops it with
 * the catalogue.
 */
export const defaultTranslate: Translate = /* @__PURE__ */ createTranslator('th');

/** The text key of each error code's message. */
export const ERROR_TEXT_KEYS: Record<ErrorCode, TextKey> = {
  INPUT_ERROR: 'error_input_error',
  OVER_LIMIT_USER: 'error_over_limit_user',
  ERROR_CREATE_USER_IN_DAY: 'error_create_user_in_day',
  DUPLICATE_USERNAME: 'error_duplicate_username',
  DUPLICATE_EMAIL: 'error_duplicate_email',
  INVALID_FORMAT_USERNAME: 'error_invalid_format_username',
  INVALID_FORMAT_PASSWORD: 'error_invalid_format_password',
  INVALID_FORMAT_EMAIL: 'error_invalid_format_email',
  PERMISSION_DENIED: 'error_permission_denied',
  WHITELIST_USER_DENIED: 'error_whitelist_user_denied',
  TOO_MANY_REQUESTS: 'error_too_many_requests',
  NOT_FOUND: 'error_not_found',
  COUPON_NOT_AVAILABLE: 'error_coupon_not_available',
  COURSE_DUPLICATE: 'error_course_duplicate',
  NO_MORE_SEAT: 'error_no_more_seat',
  TIME_LEFT: 'error_time_left',
  NO_PRICING_PLAN: 'error_no_pricing_plan',
  NO_PAYMENT_METHOD: 'error_no_payment_method',
  HAVE_COURSE: 'error_have_course',
  MEMBER_ONLY_PLAN: 'error_member_only_plan',
  USD_PRICE_MISSING: 'error_usd_price_missing',
  MINIMUM_AMOUNT: 'error_minimum_amount',
  CART_EMPTY: 'error_cart_empty',
  PROMOTION_REQUIRED: 'error_promotion_required',
  WITHHOLDING_REQUIRES_JURISTIC_PERSON: 'error_withholding_requires_juristic_person',
  SHIPPING_ADDRESS_REQUIRED: 'error_shipping_address_required',
  SHIPPING_METHOD_REQUIRED: 'error_shipping_method_required',
  OUT_OF_STOCK: 'error_out_of_stock',
  INSTRUCTOR_CANNOT_BUY: 'error_instructor_cannot_buy',
  ORDER_IN_PROGRESS: 'error_order_in_progress',
  COURSE_ACCESS_DENIED: 'error_course_access_denied',
  UNAUTHORIZED: 'error_unauthorized',
  FILE_TYPE_NOT_ALLOWED: 'error_file_type_not_allowed',
  FILE_TOO_LARGE: 'error_file_too_large',
  OUT_OF_STORAGE: 'error_out_of_storage',
  cart_fail: 'cart_fail',
  payment_fail: 'payment_fail',
  VALIDATION_ERROR: 'error_validation_error',
  INTERNAL_ERROR: 'error_internal_error',
  COURSE_NOT_PURCHASED: 'error_course_not_purchased',
  COURSE_ACCESS_EXPIRED: 'error_course_access_expired',
  NOT_RELEASED: 'error_not_released',
  QUIZ_ANSWERS_MISSING: 'error_quiz_answers_missing',
  QUIZ_NO_ATTEMPTS_LEFT: 'error_quiz_no_attempts_left',
  HOMEWORK_FILE_INVALID: 'error_homework_file_invalid',
  ORDER_STATE_CONFLICT: 'error_order_state_conflict',
  MAIL_NOT_SENT: 'error_mail_not_sent',
  SOCIAL_PROVIDER_UNAVAILABLE: 'error_social_provider_unavailable',
  SOCIAL_STATE_MISMATCH: 'error_social_state_mismatch',
  SOCIAL_SIGN_IN_FAILED: 'error_social_sign_in_failed',
  SOCIAL_EMAIL_MISSING: 'error_social_email_missing',
  SOCIAL_EMAIL_UNVERIFIED: 'error_social_email_unverified',
  SOCIAL_ACCOUNT_EXISTS: 'error_social_account_exists',
  SOCIAL_LINK_EXPIRED: 'error_social_link_expired',
  SOCIAL_IDENTITY_TAKEN: 'error_social_identity_taken',
  BOOKSTORE_UNAVAILABLE: 'error_bookstore_unavailable',
  SLIP_ALREADY_USED: 'error_slip_already_used',
  WITHHOLDING_NOT_APPLIED: 'error_withholding_not_applied',
};

/** The message of a server error code, in a locale (Thai by default). */
export function errorMessage(code: ErrorCode, locale: Locale = 'th', overrides?: TextOverrides): string {
  return translate(ERROR_TEXT_KEYS[code], locale, overrides);
}

/** The notice of a coupon or promotion reason code; each reason is its own text key. */
export function reasonMessage(reason: CouponReason | PromotionReason, locale: Locale = 'th', overrides?: TextOverrides): string {
  return translate(reason, locale, overrides);
}

export type CouponResultModal = { kind: 'warning' | 'success'; titleKey: TextKey; descriptionKey: TextKey };

/**
 * The coupon result modal for a lookup's code: NOT_FOUND and COUPON_NOT_AVAILABLE
 * show the not-found warning; SUCCESS and any other value show the success text.
 */
export function couponResultModal(code: string | null | undefined): CouponResultModal {
  return code === 'NOT_FOUND' || code === 'COUPON_NOT_AVAILABLE'
    ? { kind: 'warning', titleKey: 'coupon_not_found_title', descriptionKey: 'coupon_not_found_description' }
    : { kind: 'success', titleKey: 'coupon_success_title', descriptionKey: 'coupon_success_description' };
}
