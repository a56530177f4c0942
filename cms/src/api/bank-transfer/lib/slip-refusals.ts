/**
 * Refused slip reuses kept for the shop's staff (docs/decisions/205): when a report is refused
 * with SLIP_ALREADY_USED (ADR 188) the attempt is written to `sala_slip_refusals` (created by
 * the migration of the same name), one row per order and slip, counting repeats. Every value
 * comes from the stored order, the slip's own mini-QR and the stored first use, never from the
 * request. Only shop administrators list them (GET /private/payments/slip-refusals).
 */
import type { Core } from '@strapi/strapi';
import type { SlipReference } from '../../../payments/slip-qr';
import type { SlipFirstUse } from './slip-reference';

export const SLIP_REFUSALS_TABLE = 'sala_slip_refusals';

const USER = 'plugin::users-permissions.user';

type RefusalRow = {
  id: number;
  order_id: number;
  user_id: number | null;
  sending_bank: string;
  trans_ref: string;
  first_report_id: number | null;
  first_order_id: number | null;
  attempts: number;
  created_at: number | string;
  last_at: number | string;
};

export type SlipRefusal = {
  id: number;
  order_id: number;
  reporter: { id: number; username: string; email: string } | null;
  sending_bank: string;
  trans_ref: string;
  first_report_id: number | null;
  first_order_id: number | null;
  attempts: number;
  refused_at: string;
  last_refused_at: string;
};

/** Keeps a refused reuse; a second refusal of the same order and slip counts on the same row. Never throws: the 409 is answered either way. */
export async function recordSlipRefusal(strapi: Core.Strapi, args: { orderId: number; userId: number | null; slip: SlipReference; firstUse: SlipFirstUse | null; now?: number }): Promise<void> {
  const now = args.now ?? Date.now();
  const knex = strapi.db.connection;
  try {
    await knex(SLIP_REFUSALS_TABLE)
      .insert({
        order_id: args.orderId,
        user_id: args.userId,
        sending_bank: args.slip.sendingBank,
        trans_ref: args.slip.transRef,
        first_report_id: args.firstUse?.reportId ?? null,
        first_order_id: args.firstUse?.orderId ?? null,
        attempts: 1,
        created_at: now,
        last_at: now,
      })
      .onConflict(['order_id', 'sending_bank', 'trans_ref'])
      .merge({ attempts: knex.raw('?? + 1', [`${SLIP_REFUSALS_TABLE}.attempts`]), last_at: now });
  } catch (error) {
    strapi.log.error(`[slips] refused reuse on order ${args.orderId} not kept: ${(error as Error)?.message ?? error}`);
  }
}

/** The refused reuses, latest first, with the account of each refused order. */
export async function listSlipRefusals(strapi: Core.Strapi, args: { page: number; pageSize: number }): Promise<{ data: SlipRefusal[]; total: number }> {
  const knex = strapi.db.connection;
  const [rows, [{ count }]] = await Promise.all([
    knex(SLIP_REFUSALS_TABLE)
      .select('*')
      .orderBy([
        { column: 'last_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset((args.page - 1) * args.pageSize)
      .limit(args.pageSize) as Promise<RefusalRow[]>,
    knex(SLIP_REFUSALS_TABLE).count({ count: '*' }) as Promise<{ count: number | string }[]>,
  ]);
  const userIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
  const users = userIds.length
    ? ((await strapi.db.query(USER).findMany({ where: { id: { $in: userIds } }, select: ['id', 'username', 'email'] })) as { id: number; username: string; email: string }[])
    : [];
  const byId = new Map(users.map((user) => [user.id, user]));
  const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      order_id: Number(row.order_id),
      reporter: row.user_id === null ? null : (byId.get(Number(row.user_id)) ?? null),
      sending_bank: row.sending_bank,
      trans_ref: row.trans_ref,
      first_report_id: row.first_report_id === null ? null : Number(row.first_report_id),
      first_order_id: row.first_order_id === null ? null : Number(row.first_order_id),
      attempts: Number(row.attempts),
      refused_at: iso(row.created_at),
      last_refused_at: iso(row.last_at),
    })),
    total: Number(count),
  };
}
