/**
 * Does the bank's answer about a slip pay this order (docs/decisions/196)? The amount must
 * equal the order's stored net amount, the receiver must be one of the shop's accounts or
 * PromptPay ids (banks mask most digits: every digit the bank shows must match, and it must
 * show at least four), and the transfer must not be older than the order.
 */
import { toMajorString, type Money } from '@sala/shared/money';
import type { VerifiedSlip } from '../../../payments/slip-verify';

export type SlipMismatch = 'amount_mismatch' | 'receiver_mismatch' | 'date_before_order';

/** The reasons a report is left for a person, stored on the report and named to the admin. */
export type SlipVerifyReason = SlipMismatch | 'not_found' | 'lookup_failed' | 'not_configured' | 'not_approvable';

/** A bank clock a little behind ours is not a transfer made before the order. */
const CLOCK_SKEW_MS = 60_000;

/** Digits and mask characters only, a Thai phone in international form (66…) as 0…. */
function normalise(value: string): string {
  const kept = value
    .toLowerCase()
    .replace(/[^0-9x*]/g, '')
    .replace(/\*/g, 'x');
  return /^66\d{9}$/.test(kept) ? `0${kept.slice(2)}` : kept.replace(/^0066(\d{9})$/, '0$1');
}

/** True when every character the bank shows equals the shop's, and at least four digits are shown. */
export function maskedMatch(shown: string, own: string): boolean {
  const a = normalise(shown);
  const b = normalise(own);
  if (!a || a.length !== b.length || (a.match(/\d/g) ?? []).length < 4) return false;
  return [...a].every((char, index) => char === 'x' || char === b[index]);
}

export type OrderToPay = { net: Money; placedAt: Date };
export type ShopReceivers = { accounts: readonly string[]; promptPayIds: readonly string[] };

export function checkSlip(slip: VerifiedSlip, order: OrderToPay, shop: ShopReceivers): { ok: true } | { ok: false; reason: SlipMismatch; detail: string } {
  if (slip.amount.currency !== order.net.currency || slip.amount.amount !== order.net.amount) {
    return { ok: false, reason: 'amount_mismatch', detail: `${toMajorString(slip.amount)} ${slip.amount.currency} ≠ ${toMajorString(order.net)} ${order.net.currency}` };
  }
  const toAccount = slip.receiver.account && shop.accounts.some((account) => maskedMatch(slip.receiver.account, account));
  const toPromptPay = slip.receiver.proxy && shop.promptPayIds.some((id) => maskedMatch(slip.receiver.proxy, id));
  if (!toAccount && !toPromptPay) {
    return { ok: false, reason: 'receiver_mismatch', detail: `bank receiver ${slip.receiver.account || '-'} / ${slip.receiver.proxy || '-'}`.slice(0, 255) };
  }
  if (slip.paidAt.getTime() < order.placedAt.getTime() - CLOCK_SKEW_MS) {
    return { ok: false, reason: 'date_before_order', detail: `paid ${slip.paidAt.toISOString()}, order ${order.placedAt.toISOString()}` };
  }
  return { ok: true };
}
