/**
 * One slip pays one order: the sending bank and transaction reference of a slip's mini-QR
 * are stored with the report, and the first report that carried them holds the unique
 * `slip_key`. A report of another order with the same slip is refused with SLIP_ALREADY_USED;
 * two such reports at the same moment meet at the unique index (docs/decisions/188).
 */
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Translate } from '@sala/shared/texts';
import { conflict } from '../../../lib/errors';
import { readSlipQr, type SlipReference } from '../../../payments/slip-qr';
import type { AttachableUpload } from '../../storage/services/storage';

const REPORT = 'api::payment-report.payment-report';

export const slipKeyOf = (ref: SlipReference): string => `${ref.sendingBank}:${ref.transRef}`;

/** The first mini-QR found among the report's pictures; null when none has a readable one (the report goes to review as before). */
export async function readSlipReference(uploadsDir: string, slips: readonly AttachableUpload[]): Promise<SlipReference | null> {
  for (const slip of slips) {
    if (slip.kind !== 'image') continue;
    const ref = await readSlipQr(path.join(uploadsDir, path.basename(slip.name)));
    if (ref) return ref;
  }
  return null;
}

export type SlipFirstUse = { reportId: number; orderId: number | null };

/** The report that first carried this slip, and its order. */
export async function slipFirstUse(strapi: Core.Strapi, key: string): Promise<SlipFirstUse | null> {
  const row = (await strapi.db.query(REPORT).findOne({ where: { slip_key: key }, select: ['id'], populate: { order: { select: ['id'] } } })) as {
    id: number;
    order?: { id: number } | null;
  } | null;
  return row ? { reportId: row.id, orderId: row.order?.id ?? null } : null;
}

/** The refusal of a slip that already paid another order; the other order stays unnamed to the payer. */
export function slipAlreadyUsed(t: Translate, orderId: number) {
  return conflict('SLIP_ALREADY_USED', undefined, { errors: { slip: [t('error_slip_already_used')] }, result: { orderId } });
}

/** A unique-index refusal of SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  return typeof e.message === 'string' && /UNIQUE constraint failed|duplicate key value violates unique constraint/i.test(e.message);
}
