import type { Currency } from '../constants/index.js';

/**
 * Money is an integer of minor units (satang, cents) with its currency:
 * `{ amount: 199950, currency: 'THB' }` is 1,999.50 baht. Every conversion to or
 * from major units, every rounding and every split of an amount lives here, so
 * nothing else in the codebase multiplies or divides by 100.
 */
export type Money = { amount: number; currency: Currency };

/** Digits after the decimal point of each currency (ISO 4217 exponent). */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = { THB: 2, USD: 2 };

/** ISO 4217 numeric codes, as the card hand-off sends them (`764` for THB). */
export const CURRENCY_NUMERIC_CODES: Readonly<Record<Currency, string>> = { THB: '764', USD: '840' };

/**
 * The one rounding policy of the codebase: round half up on the minor unit, ties
 * away from zero (BigDecimal's HALF_UP). 0.5 satang becomes 1 satang, -0.5 becomes -1.
 * Every percent, tax and unit conversion goes through {@link divideRounded}.
 */
export const ROUNDING_POLICY = 'HALF_UP' as const;
export type RoundingPolicy = typeof ROUNDING_POLICY;

/** One hundred percent in basis points: 700 is 7%, 10000 is 100%. */
export const BASIS_POINTS_PER_WHOLE = 10000;

/** Builds a Money value, refusing anything that is not a safe integer. */
export function money(amount: number, currency: Currency = 'THB'): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be an integer of minor units, got ${amount}`);
  return { amount, currency };
}

/** Zero in the given currency. */
export function zero(currency: Currency = 'THB'): Money {
  return { amount: 0, currency };
}

function assertSameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new TypeError(`currency mismatch: ${a.currency} and ${b.currency}`);
}

/** a + b; both must share a currency. */
export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount + b.amount, a.currency);
}

/** a - b; both must share a currency. The result may be negative. */
export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b);
  return money(a.amount - b.amount, a.currency);
}

/** Sum of a list in one currency (zero for an empty list). */
export function sum(values: readonly Money[], currency: Currency = 'THB'): Money {
  return values.reduce((total, value) => add(total, value), zero(currency));
}

/** Multiplies by an integer factor (a quantity); fractions go through {@link percentOf}. */
export function multiply(value: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) throw new RangeError(`multiply needs an integer factor, got ${factor}`);
  return money(value.amount * factor, value.currency);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  assertSameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
}

/** True for an amount of zero. */
export function isZero(value: Money): boolean {
  return value.amount === 0;
}

/** The smaller of two amounts. */
export function minMoney(a: Money, b: Money): Money {
  return compare(a, b) <= 0 ? a : b;
}

function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

function toSafeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`amount ${value} is outside the safe integer range`);
  return result;
}

/** numerator / denominator rounded to an integer with {@link ROUNDING_POLICY}; exact for any safe integers. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRounded needs integers and a positive denominator, got ${numerator}/${denominator}`);
  }
  return toSafeNumber(roundHalfUp(BigInt(numerator), BigInt(denominator)));
}

function assertBasisPoints(basisPoints: number): void {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points must be a non-negative integer, got ${basisPoints}`);
  }
}

/** `basisPoints` of a value, rounded half up: percentOf(฿999.99, 700) is ฿70.00 (69.9993 rounds to 70.00). */
export function percentOf(value: Money, basisPoints: number): Money {
  assertBasisPoints(basisPoints);
  const part = roundHalfUp(BigInt(value.amount) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE));
  return money(toSafeNumber(part), value.currency);
}

/**
 * The tax contained in a tax-inclusive amount: value × rate / (1 + rate), rounded half up.
 * includedTax(฿107.00, 700) is ฿7.00.
 */
export function includedTax(value: Money, basisPoints: number): Money {
  assertBasisPoints(basisPoints);
  const part = roundHalfUp(BigInt(value.amount) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE + basisPoints));
  return money(toSafeNumber(part), value.currency);
}

/** Converts a percent with at most 2 decimals (7, '7.00', 1.5) to basis points (700, 700, 150), without float error. */
export function percentToBasisPoints(percent: number | string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(percent).trim());
  if (!match) throw new RangeError(`percent must be a non-negative number with at most 2 decimals, got ${percent}`);
  return toSafeNumber(BigInt(match[1] + (match[2] ?? '').padEnd(2, '0')));
}

/**
 * Splits a total by integer weights with the largest-remainder method: each part
 * gets floor(total × weight / Σweights), and the satang left over go one by one
 * to the largest remainders (ties to the earlier weight). The parts always sum to
 * the total and a part never exceeds its exact share rounded up. All-zero weights
 * split evenly.
 */
export function allocate(total: Money, weights: readonly number[]): Money[] {
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`weights must be non-negative integers, got ${weight}`);
  }
  const big = weights.map((weight) => BigInt(weight));
  const weightSum = big.reduce((a, b) => a + b, 0n);
  const effective = weightSum === 0n ? big.map(() => 1n) : big;
  const divisor = weightSum === 0n ? BigInt(weights.length) : weightSum;
  const sign = total.amount < 0 ? -1n : 1n;
  const magnitude = BigInt(total.amount) * sign;
  const parts = effective.map((weight) => (magnitude * weight) / divisor);
  const remainders = effective
    .map((weight, index) => ({ index, remainder: (magnitude * weight) % divisor }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);
  for (let k = 0; left > 0n; k += 1, left -= 1n) parts[remainders[k].index] += 1n;
  return parts.map((part) => money(Number(part * sign), total.currency));
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads a major-unit decimal string ('1999.50', '1999.5', '1999', '-3.25') as Money
 * without going through a float. Digits beyond the currency's decimals are rounded
 * with {@link ROUNDING_POLICY}. Returns null for anything else.
 */
export function tryParseMajor(text: string, currency: Currency = 'THB'): Money | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const decimals = CURRENCY_DECIMALS[currency];
  const digits = BigInt(whole + fraction.padEnd(decimals, '0'));
  const scale = 10n ** BigInt(Math.max(0, fraction.length - decimals));
  const minor = roundHalfUp(digits, scale) * (sign === '-' ? -1n : 1n);
  const amount = Number(minor);
  return Number.isSafeInteger(amount) ? money(amount, currency) : null;
}

/** Like {@link tryParseMajor} but throws a RangeError on text that is not a decimal number. */
export function parseMajor(text: string, currency: Currency = 'THB'): Money {
  const parsed = tryParseMajor(text, currency);
  if (!parsed) throw new RangeError(`not a decimal amount: "${text}"`);
  return parsed;
}

/**
 * A major-unit amount as a JSON answer carries it (1990.5) in minor units (199050), read
 * through its decimal text so no float arithmetic touches it; null, undefined and a
 * number that is not finite stay null.
 */
export function toMinorUnits(major: number | null | undefined, currency: Currency = 'THB'): number | null {
  if (major === null || major === undefined || !Number.isFinite(major)) return null;
  return parseMajor(String(major), currency).amount;
}

function splitMajor(value: Money): { sign: string; whole: string; fraction: string } {
  const decimals = CURRENCY_DECIMALS[value.currency];
  const digits = String(Math.abs(value.amount)).padStart(decimals + 1, '0');
  return {
    sign: value.amount < 0 ? '-' : '',
    whole: digits.slice(0, digits.length - decimals),
    fraction: digits.slice(digits.length - decimals),
  };
}

/** Major units with the currency's decimals and no grouping: 199950 THB is '1999.50'. */
export function toMajorString(value: Money): string {
  const { sign, whole, fraction } = splitMajor(value);
  return `${sign}${whole}.${fraction}`;
}

/** Major units as a number, for providers whose API takes a JSON number (1999.5). */
export function toMajorNumber(value: Money): number {
  return Number(toMajorString(value));
}

/** Formats with 2 decimals and thousands separators: `฿1,999.00` (th) or `THB 1,999.00` (en); USD as `$1,999.00`. */
export function formatMoney(value: Money, locale: 'th' | 'en' = 'th'): string {
  const { sign, whole, fraction } = splitMajor(value);
  const number = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  if (value.currency === 'USD') return `${sign}$${number}`;
  return locale === 'th' ? `${sign}฿${number}` : `${sign}THB ${number}`;
}

function assertThb(value: Money, what: string): void {
  if (value.currency !== 'THB') throw new TypeError(`${what} is defined for THB only, got ${value.currency}`);
}

/** The tokenising provider's amount: an integer of satang (฿123.00 is 12300). */
export function toSatang(value: Money): number {
  assertThb(value, 'toSatang');
  return value.amount;
}

/** Baht as a string with 2 decimals ('100.10'), for providers that take major units. */
export function toBahtString(value: Money): string {
  assertThb(value, 'toBahtString');
  return toMajorString(value);
}

/** The card hand-off's `amt`: minor units left-padded with zeros to 12 digits ('000000010010' is 100.10). */
export function to2c2pAmount(value: Money): string {
  if (value.amount < 0) throw new RangeError('a card hand-off amount cannot be negative');
  const text = String(value.amount).padStart(12, '0');
  if (text.length > 12) throw new RangeError('a card hand-off amount has at most 12 digits');
  return text;
}

/** Reads a 12-digit card hand-off amount back to Money. */
export function from2c2pAmount(text: string, currency: Currency = 'THB'): Money {
  if (!/^\d{12}$/.test(text)) throw new RangeError(`a card hand-off amount has exactly 12 digits, got "${text}"`);
  return money(Number(text), currency);
}

/**
 * Amounts and percents as a person types and reads them in a form (`1,490.00`, `7`),
 * against the integers the database keeps (149000 satang, 700 basis points). Editors
 * never see minor units: a wrong guess by a factor of 100 sells a course for 14.90 baht.
 */

/** Why a typed amount or percent was refused; each has a Thai text under `money_input_<reason>`. */
export type MoneyInputReason = 'not_a_number' | 'too_many_decimals' | 'negative' | 'too_large' | 'above_whole';

export type MoneyInputResult = { ok: true; value: number | null } | { ok: false; reason: MoneyInputReason };

export type MoneyInputRules = {
  /** Refuse amounts below zero (prices, fees, discounts). */
  allowNegative?: boolean;
};

// Digits with optional comma grouping by threes, then optional decimals: `1,490.00`, `1490`, `-3.5`.
const TYPED_AMOUNT = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * Reads an amount typed in major units (`1,490.00`, `1490`, `฿1,490`) as integer minor units
 * (149000). Empty text is `null` (no value). Refuses more decimals than the currency has
 * (`14.905`) instead of rounding them away, and negatives unless the rules allow them.
 */
export function parseMoneyInput(text: string, currency: Currency = 'THB', rules: MoneyInputRules = {}): MoneyInputResult {
  const trimmed = text.replace(/[\s฿$]/g, '').replace(/^(THB|USD)/i, '');
  if (trimmed === '') return { ok: true, value: null };
  const match = TYPED_AMOUNT.exec(trimmed);
  if (!match) return { ok: false, reason: 'not_a_number' };
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > CURRENCY_DECIMALS[currency]) return { ok: false, reason: 'too_many_decimals' };
  const parsed = tryParseMajor(`${sign}${whole.replace(/,/g, '')}${fraction ? `.${fraction}` : ''}`, currency);
  if (!parsed || parsed.amount > 2147483647 || parsed.amount < -2147483648) return { ok: false, reason: 'too_large' };
  if (parsed.amount < 0 && !rules.allowNegative) return { ok: false, reason: 'negative' };
  return { ok: true, value: parsed.amount === 0 ? 0 : parsed.amount };
}

/** Minor units as a form shows them, grouped with two decimals and no symbol: 149000 is `1,490.00`; null is ''. */
export function formatMoneyInput(amount: number | null | undefined, currency: Currency = 'THB'): string {
  if (amount === null || amount === undefined || !Number.isSafeInteger(amount)) return '';
  return formatMoney(money(amount, currency), 'en').replace(/^(-?)(?:THB |\$)/, '$1');
}

/**
 * Reads a percent typed with at most two decimals (`7`, `7.5`, `7.00 %`) as basis points
 * (700, 750, 700). Empty text is `null`. Above 100 % is refused unless `allowAboveWhole`.
 */
export function parsePercentInput(text: string, rules: { allowAboveWhole?: boolean } = {}): MoneyInputResult {
  const trimmed = text.replace(/[\s%]/g, '');
  if (trimmed === '') return { ok: true, value: null };
  if (trimmed.startsWith('-') && /^-\d+(\.\d*)?$/.test(trimmed)) return { ok: false, reason: 'negative' };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { ok: false, reason: 'not_a_number' };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, reason: 'too_many_decimals' };
  if (match[1].length > 9) return { ok: false, reason: 'too_large' };
  const basisPoints = percentToBasisPoints(fraction ? `${match[1]}.${fraction}` : match[1]);
  if (basisPoints > BASIS_POINTS_PER_WHOLE && !rules.allowAboveWhole) return { ok: false, reason: 'above_whole' };
  return { ok: true, value: basisPoints };
}

/** Basis points as a form shows a percent, with two decimals: 700 is `7.00`, 150 is `1.50`; null is ''. */
export function formatPercentInput(basisPoints: number | null | undefined): string {
  if (basisPoints === null || basisPoints === undefined || !Number.isSafeInteger(basisPoints)) return '';
  // One percent is 100 basis points, the same shape as 1 baht in satang: reuse the two-decimal split.
  return formatMoney(money(basisPoints, 'THB'), 'en').replace(/^(-?)THB /, '$1');
}
