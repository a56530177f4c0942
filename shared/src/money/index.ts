import type { Currency } from '../constants/index.js';

/** An amount of money in minor units (satang, cents) with its currency. */
export type Money = { amount: number; currency: Currency };

const MINOR_PER_MAJOR: Record<Currency, number> = { THB: 100, USD: 100 };

/** Builds a Money value, refusing anything that is not a safe integer. */
export function money(amount: number, currency: Currency = 'THB'): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`money amount must be an integer of minor units, got ${amount}`);
  return { amount, currency };
}

/** Formats with 2 decimals and thousands separators: `฿1,999.00` (th) or `THB 1,999.00` (en). */
export function formatMoney(value: Money, locale: 'th' | 'en' = 'th'): string {
  const major = value.amount / MINOR_PER_MAJOR[value.currency];
  const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major);
  if (value.currency === 'THB') return locale === 'th' ? `฿${number}` : `THB ${number}`;
  return `$${number}`;
}
