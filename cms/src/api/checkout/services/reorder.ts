/**
 * The one-click retry of a payment the student could not complete (docs/decisions/178).
 * An order still waiting for its payment is answered as it is: the next attempt goes on it.
 * A cancelled or expired one (a declined payment cancels its order, ADR 091) is placed again
 * with its selections through the order service, so it is priced, checked and claimed (seats,
 * coupon uses, stock) exactly like a new order. A paid, reviewed or refused order is a 409.
 */
import type { Core } from '@strapi/strapi';
import { conflict, notFound } from '../../../lib/errors';
import type { OrderSettingRow } from '../../../lib/site-settings';
import type { Student } from '../../../http/ctx';
import { UID } from '../lib/db';
import { REORDER_FIELDS, REORDER_POPULATE, REORDERABLE_STATES, reorderPayload, type ReorderRow } from '../lib/reorder';
import type { OrderServiceApi, PlacedOrder } from './order';

export type RetriedOrder = { orderId: number; reused: boolean; placed: PlacedOrder | null };

const reorderService = ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => strapi.service('api::checkout.order') as OrderServiceApi;

  return {
    /** The order to pay now for the caller's own order `orderId`; see the module comment. */
    async retryOwnOrder({ buyer, orderId, settings }: { buyer: Student; orderId: number; settings?: OrderSettingRow | null }): Promise<RetriedOrder> {
      const row = (await strapi.db.query(UID.order).findOne({ where: { id: orderId, user: { id: buyer.id } }, select: REORDER_FIELDS, populate: REORDER_POPULATE })) as ReorderRow | null;
      if (!row) throw notFound();
      if (row.state === 'notYetReceived') return { orderId: row.id, reused: true, placed: null };
      if (!REORDERABLE_STATES.includes(row.state)) throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId: row.id, payment_status: row.state } });
      const placed = await orders().place({ buyer, payload: reorderPayload(row, buyer.id), settings });
      return { orderId: placed.orderId, reused: false, placed };
    },
  };
};

export type ReorderServiceApi = ReturnType<typeof reorderService>;

export default reorderService;
