/**
 * A slip the bank confirmed settles like a provider payment (docs/decisions/196): one
 * attempt per slip (provider `bank-transfer`, reference `slip:{bank}:{transRef}`, unique),
 * settled by settlement's compare-and-set, so two submissions of the same slip approve
 * the order once, with one mail and one push. Approving it approves the student's own
 * report of that slip instead of filing a new one.
 */
import type { Core } from '@strapi/strapi';
import type { AttemptRow } from './attempt-rows';
import { UID } from './config';

export const SLIP_ATTEMPT_PREFIX = 'slip:';

export const slipAttemptReference = (slipKey: string): string => `${SLIP_ATTEMPT_PREFIX}${slipKey}`;

/**
 * Inside settlement's approval transaction: marks approved the pending report that holds the
 * slip, and any other pending report of the same order carrying that slip. Returns the holder's
 * id, or null when it is no longer pending (a person decided first): the attempt goes to review.
 */
export async function approveSlipReports(strapi: Core.Strapi, attempt: AttemptRow, now: Date): Promise<number | null> {
  if (!attempt.order || !attempt.provider_reference.startsWith(SLIP_ATTEMPT_PREFIX)) return null;
  const key = attempt.provider_reference.slice(SLIP_ATTEMPT_PREFIX.length);
  const holder = (await strapi.db.query(UID.report).findOne({
    where: { slip_key: key, state: 'pending', order: { id: attempt.order.id } },
    select: ['id', 'slip_sending_bank', 'slip_trans_ref'],
  })) as { id: number; slip_sending_bank: string; slip_trans_ref: string } | null;
  if (!holder) return null;
  const same = (await strapi.db.query(UID.report).findMany({
    where: { order: { id: attempt.order.id }, state: 'pending', slip_sending_bank: holder.slip_sending_bank, slip_trans_ref: holder.slip_trans_ref },
    select: ['id'],
  })) as { id: number }[];
  await strapi.db.query(UID.report).updateMany({
    where: { id: { $in: [holder.id, ...same.map((row) => row.id)] }, state: 'pending' },
    // approve_by is written by the order's approval ('payment'), as for a provider payment
    data: { state: 'approved', approved_at: now, slip_verify_reason: 'verified' },
  });
  return holder.id;
}
