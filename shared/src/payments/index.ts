/**
 * Payment rules that are pure: card types and the Luhn check, bank-transfer
 * availability, the card hand-off order id, report time conversion and the
 * amount a payment is for. Provider amount encodings live in money/.
 */
import { BANGKOK_UTC_OFFSET_HOURS, MS_PER_HOUR, type Currency, type VatMode } from '../constants/index.js';
import { money, subtract, add, toMajorString, type Money } from '../money/index.js';

export { CARD_TYPES, cardDigits, detectCardType, isValidCardNumber, luhnCheck, possibleCardTypes, type CardType, type CardTypeInfo } from './card-types.js';

/** Amounts of an order in minor units, as the order detail carries them. */
export type OrderAmounts = {
  priceAmount: number;
  discountAmount: number;
  shippingFeeAmount: number;
  withholdingAmount: number;
  currency?: Currency;
  /** The order's VAT and whether it was added on top of the prices (ADR 182); included when absent. */
  vatAmount?: number;
  vatMode?: VatMode;
};

/** What the buyer pays: price - discount + shipping_fee - withholding_price (+ vat when added on top). */
export function amountToPay(order: OrderAmounts): Money {
  const currency = order.currency ?? 'THB';
  const gross = add(subtract(money(order.priceAmount, currency), money(order.discountAmount, currency)), money(order.shippingFeeAmount, currency));
  const withVat = order.vatMode === 'added' ? add(gross, money(order.vatAmount ?? 0, currency)) : gross;
  return subtract(withVat, money(order.withholdingAmount, currency));
}

/** The default of the report's amount input: the amount to pay with 2 decimals ('1070.00'). */
export function defaultTransferAmount(order: OrderAmounts): string {
  return toMajorString(amountToPay(order));
}

export type BankAccount = { id?: number; account_id?: string | null; account_name?: string | null; bank_name?: string | null; prompt_pay_image?: string | null };

/** Bank transfer can be offered only when it has accounts and every account has an account_id and a bank_name. */
export function isBankTransferAvailable(accounts: readonly BankAccount[] | null | undefined): boolean {
  return Boolean(accounts && accounts.length > 0 && accounts.every((a) => Boolean(a.account_id) && Boolean(a.bank_name)));
}

/**
 * The order id of the card hand-off screen: the second segment of the path, kept as
 * written (leading zeros and all, for uniqueTransactionCode) when it is a number;
 * otherwise the fallback held in application state.
 */
export function handOffOrderId(pathname: string, fallback: string | number | null): { code: string; orderId: number } | null {
  const segment = pathname.split('/').filter(Boolean)[1];
  if (segment !== undefined && /^\d+$/.test(segment)) return { code: segment, orderId: Number(segment) };
  if (fallback === null || !/^\d+$/.test(String(fallback))) return null;
  return { code: String(fallback), orderId: Number(fallback) };
}

/** Pay-page reference number: the order id followed by the time as HHmmss (Bangkok time). */
export function payPageReference(orderId: number | string, at: Date | number): string {
  const local = new Date((at instanceof Date ? at.getTime() : at) + BANGKOK_UTC_OFFSET_HOURS * MS_PER_HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${orderId}${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
}

/**
 * Converts a report's Bangkok date (YYYY-MM-DD) and time (HH:mm:ss) to UTC before
 * they are sent: the combined date-time moves back 7 hours, across midnight if it must.
 */
export function reportDateTimeToUtc(date: string, time: string): { date: string; time: string; iso: string } {
  const ms = Date.parse(`${date}T${time}+07:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}:\d{2}$/.test(time) || Number.isNaN(ms)) {
    throw new RangeError(`expected YYYY-MM-DD and HH:mm:ss, got "${date}" "${time}"`);
  }
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), iso };
}

/**
 * When an unpaid order is cancelled: now plus the site's auto_cancel hours, as an
 * ISO timestamp, or null when auto-cancel is off (0 hours, the default).
 */
export function orderCancelAt(now: Date | number, autoCancelHours: number | null | undefined): string | null {
  if (!autoCancelHours || autoCancelHours <= 0) return null;
  return new Date((now instanceof Date ? now.getTime() : now) + autoCancelHours * MS_PER_HOUR).toISOString();
}

/** The payment report status of a free order: auto-approved unless its Free plan needs approval. */
export function freeOrderReportStatus(needApproval: boolean): 'approved' | 'pending' {
  return needApproval ? 'pending' : 'approved';
}

/**
 * The short names of the banks by the 3-digit code a slip's mini-QR carries (sending bank).
 * From the Slip2Go documentation (community); the Bank of Thailand's own list was not read.
 */
export const SLIP_BANK_NAMES: Readonly<Record<string, string>> = {
  '002': 'BBL',
  '004': 'KBANK',
  '006': 'KTB',
  '011': 'TTB',
  '014': 'SCB',
  '022': 'CIMBT',
  '024': 'UOB',
  '025': 'BAY',
  '030': 'GSB',
  '067': 'TISCO',
  '069': 'KKP',
  '073': 'LHB',
};

/** "014 SCB", or the code alone for a bank not listed. */
export function slipBankName(code: string): string {
  const name = SLIP_BANK_NAMES[code];
  return name ? `${code} ${name}` : code;
}
