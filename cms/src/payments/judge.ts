/**
 * What settlement may do with a provider's word about one attempt: the one rule every
 * provider goes through, kept pure so it is tested alone (judge.test.ts and each adapter's
 * property test). A message settles only the attempt it names, for that attempt's own
 * amount and currency; anything else approves nothing (docs/decisions/155-settlement-bound-to-its-attempt.md).
 */
import type { Money } from '@sala/shared/money';
import type { InquiryResult, PaymentStatus } from './types';

/** The attempt as settlement holds it: its provider reference and the money it expects. */
export type ExpectedAttempt = { providerReference: string; expected: Money };

type Status = Extract<PaymentStatus, { ok: true }>;

export type Judgement =
  | { kind: 'approve'; status: Extract<Status, { outcome: 'approved' }> }
  | { kind: 'review'; reason: 'amount_mismatch' | 'currency_missing'; status: Status }
  | { kind: 'decline'; status: Status }
  | { kind: 'pending'; status: Status }
  | { kind: 'refuse'; reason: string };

const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;

export function judge(attempt: ExpectedAttempt, answer: InquiryResult): Judgement {
  if (!answer.ok) return { kind: 'refuse', reason: answer.reason };
  if (answer.providerReference !== attempt.providerReference) {
    return { kind: 'refuse', reason: `the message names ${answer.providerReference}, not the attempt's ${attempt.providerReference}` };
  }
  switch (answer.outcome) {
    case 'approved':
      // Money arrived but not the money expected: the shop decides, the order is not approved.
      return sameMoney(answer.amount, attempt.expected) ? { kind: 'approve', status: answer } : { kind: 'review', reason: 'amount_mismatch', status: answer };
    case 'review':
      return { kind: 'review', reason: answer.reviewReason, status: answer };
    case 'rejected':
      // A decline that names other money is about another payment: it ends nothing.
      if (answer.amount && !sameMoney(answer.amount, attempt.expected)) return { kind: 'refuse', reason: 'a decline for another amount or currency' };
      return { kind: 'decline', status: answer };
    default:
      return { kind: 'pending', status: answer };
  }
}
