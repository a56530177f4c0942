/**
 * The order's status machine (docs/decisions/060-order-states.md). Every transition is
 * one transaction: a compare-and-set of the status, then the seats and coupon uses the
 * order holds are released (or taken again) in the same transaction. The status
 * guard is what makes a double call harmless: only the call that moved the status
 * releases anything. The buyer hears of each change on the real-time channel once
 * the transaction has committed.
 *
 * Called by the bank-transfer approval, the payment settlement and the expiry job:
 *   strapi.service('api::checkout.order-state').approve({ orderId, by: 'payment', paymentReportId })
 */
import type { Core } from '@strapi/strapi';
import type { OrderStatus } from '@sala/shared/constants';
import { ApiError, conflict, notFound } from '../../../lib/errors';
import { publishToUser, type OrderEventStatus } from '../../../realtime';
import type { TaxDocumentService } from '../../tax-document/services/tax-document';
import { UID, claimCouponUse, claimSeat, claimStock, releaseCouponUse, releaseSeat, releaseStock, setOrderStatus, type Trx } from '../lib/db';

export type ApproveBy = 'admin' | 'payment' | 'free';
export type OrderAction = 'approve' | 'markPending' | 'reject' | 'cancel' | 'cancelPaid' | 'expire';

/** What an order holds while it is open or approved: the courses whose seat it took and the coupons whose use it counted. */
export type OrderClaims = {
  courseIds: number[];
  couponIds: number[];
  /** Units of products taken from stock (absent on orders without products). */
  products?: { id: number; quantity: number }[];
};

export type OrderSnapshot = { id: number; status: OrderStatus; order_token: string; userId: number | null };

/** changed is false when the order already was where the call would take it (or, for expire, when it is no longer unpaid). */
export type TransitionResult = { changed: boolean; order: OrderSnapshot };

type Outcome = OrderStatus | 'noop' | 'conflict';

/** The transition table: for each action and current status, the new status, a no-op, or a conflict (409). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, Readonly<Record<OrderStatus, Outcome>>>> = {
  approve: { notYetReceived: 'approved', pendingApproved: 'approved', approved: 'noop', rejected: 'conflict', cancelled: 'approved', expired: 'approved' },
  markPending: { notYetReceived: 'pendingApproved', pendingApproved: 'noop', approved: 'noop', rejected: 'conflict', cancelled: 'conflict', expired: 'conflict' },
  reject: { notYetReceived: 'rejected', pendingApproved: 'rejected', approved: 'conflict', rejected: 'noop', cancelled: 'conflict', expired: 'conflict' },
  cancel: { notYetReceived: 'cancelled', pendingApproved: 'cancelled', approved: 'conflict', rejected: 'conflict', cancelled: 'noop', expired: 'conflict' },
  // the shop calls off an order it was paid for (ADR 198): only from approved
  cancelPaid: { notYetReceived: 'conflict', pendingApproved: 'conflict', approved: 'cancelled', rejected: 'conflict', cancelled: 'noop', expired: 'conflict' },
  expire: { notYetReceived: 'expired', pendingApproved: 'noop', approved: 'noop', rejected: 'noop', cancelled: 'noop', expired: 'noop' },
};

/** Statuses in which an order holds its seats and coupon uses. */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['notYetReceived', 'pendingApproved', 'approved'];

const holds = (status: OrderStatus) => HOLDING_STATUSES.includes(status);

/** A compare-and-set lost to a concurrent transition is retried on a fresh read this many times. */
const MAX_ATTEMPTS = 5;

type StoredOrder = {
  id: number;
  state: OrderStatus;
  order_token: string;
  note: string | null;
  pricing: (Record<string, unknown> & { claims?: OrderClaims }) | null;
  user?: { id: number } | null;
  lines?: { course?: { id: number } | null }[];
  coupons?: { id: number }[];
};

type TransitionOptions = {
  /** Statuses the caller accepts to move from; any other gives a conflict even where the table would move. */
  allowedFrom?: readonly OrderStatus[];
  /** Written with the new status. */
  data?: (order: StoredOrder, now: Date) => Record<string, unknown>;
  /** Runs in the transaction after the status moved. */
  after?: (order: StoredOrder, trx: Trx, now: Date) => Promise<void>;
  now?: Date;
};

function snapshot(order: StoredOrder, status: OrderStatus = order.state): OrderSnapshot {
  return { id: order.id, status, order_token: order.order_token, userId: order.user?.id ?? null };
}

function withNote(order: StoredOrder, line: string): string {
  return order.note ? `${order.note}\n${line}` : line;
}

function eventStatus(status: OrderStatus): OrderEventStatus {
  return status === 'notYetReceived' ? 'created' : status;
}

const orderStateService = ({ strapi }: { strapi: Core.Strapi }) => {
  async function readOrder(orderId: number): Promise<StoredOrder | null> {
    return (await strapi.db.query(UID.order).findOne({
      where: { id: orderId },
      select: ['id', 'state', 'order_token', 'note', 'pricing'],
      populate: { user: { select: ['id'] }, lines: { select: ['id'], populate: { course: { select: ['id'] } } }, coupons: { select: ['id'] } },
    })) as StoredOrder | null;
  }

  async function release(trx: Trx, claims: OrderClaims): Promise<void> {
    for (const courseId of [...claims.courseIds].sort((a, b) => a - b)) await releaseSeat(strapi, trx, courseId);
    for (const couponId of [...claims.couponIds].sort((a, b) => a - b)) await releaseCouponUse(strapi, trx, couponId);
    for (const product of [...(claims.products ?? [])].sort((a, b) => a.id - b.id)) await releaseStock(strapi, trx, product.id, product.quantity);
  }

  /** Takes the seats and coupon uses of a closed order again, or fails with NO_MORE_SEAT / COUPON_NOT_AVAILABLE (the caller's transaction rolls back). */
  async function reclaim(trx: Trx, order: StoredOrder): Promise<OrderClaims> {
    const courseIds = [...new Set((order.lines ?? []).flatMap((line) => (line.course ? [line.course.id] : [])))].sort((a, b) => a - b);
    const couponIds = [...new Set((order.coupons ?? []).map((coupon) => coupon.id))].sort((a, b) => a - b);
    for (const courseId of courseIds) {
      if (!(await claimSeat(strapi, trx, courseId))) throw conflict('NO_MORE_SEAT', undefined, { result: { course_ids: [courseId] } });
    }
    for (const couponId of couponIds) {
      if (!(await claimCouponUse(strapi, trx, couponId))) {
        throw conflict('COUPON_NOT_AVAILABLE', undefined, { result: { coupons: [{ id: couponId, reason: 'coupon_full' }] } });
      }
    }
    const products = [...(order.pricing?.claims?.products ?? [])].sort((a, b) => a.id - b.id);
    for (const product of products) {
      if (!(await claimStock(strapi, trx, product.id, product.quantity))) throw conflict('OUT_OF_STOCK', undefined, { result: { product_ids: [product.id] } });
    }
    return { courseIds, couponIds, ...(products.length > 0 ? { products } : {}) };
  }

  async function transition(orderId: number, action: OrderAction, options: TransitionOptions = {}): Promise<TransitionResult> {
    const now = options.now ?? new Date();
    return strapi.db.transaction(async ({ trx, onCommit }) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const order = await readOrder(orderId);
        if (!order) throw notFound();
        const outcome = ORDER_TRANSITIONS[action][order.state];
        if (outcome === 'noop') return { changed: false, order: snapshot(order) };
        if (outcome === 'conflict' || (options.allowedFrom && !options.allowedFrom.includes(order.state))) {
          throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId, payment_status: order.state } });
        }
        if (!(await setOrderStatus(strapi, trx, order.id, order.state, outcome, now))) continue;

        const data: Record<string, unknown> = { ...(options.data?.(order, now) ?? {}) };
        if (holds(order.state) && !holds(outcome)) {
          await release(trx, order.pricing?.claims ?? { courseIds: [], couponIds: [] });
        } else if (!holds(order.state) && holds(outcome)) {
          data.pricing = { ...(order.pricing ?? {}), claims: await reclaim(trx, order) };
        }
        if (Object.keys(data).length > 0) await strapi.db.query(UID.order).update({ where: { id: order.id }, data });
        await options.after?.(order, trx, now);

        const moved = snapshot(order, outcome);
        onCommit(() => {
          if (moved.userId !== null) {
            publishToUser(strapi, moved.userId, 'order:status', { orderId: moved.id, order_token: moved.order_token, status: eventStatus(outcome) });
          }
        });
        return { changed: true, order: moved };
      }
      // Another writer kept moving the order; the caller may retry.
      throw new ApiError(409, 'ORDER_STATE_CONFLICT');
    });
  }

  return {
    /**
     * Approves an order: from notYetReceived or pendingApproved; an expired or
     * cancelled order whose payment arrives late takes its seats and coupon uses
     * again (409 NO_MORE_SEAT / COUPON_NOT_AVAILABLE if they are gone). Approving an
     * approved order changes nothing; a rejected order cannot be approved.
     * With paymentReportId, that report of the order is marked approved too. The order's
     * receipt or tax invoice is numbered in the same transaction (ADR 189).
     */
    async approve(args: { orderId: number; by: ApproveBy; paymentReportId?: number | null; now?: Date }): Promise<TransitionResult> {
      return transition(args.orderId, 'approve', {
        now: args.now,
        data: (order, now) => ({ approved_at: now, note: withNote(order, `approved by ${args.by}`) }),
        after: async (order, trx, now) => {
          await (strapi.service('api::tax-document.tax-document') as TaxDocumentService).issueOnApproval(order.id, trx, now);
          if (!args.paymentReportId) return;
          const report = await strapi.db.query(UID.paymentReport).findOne({
            where: { id: args.paymentReportId, order: { id: order.id } },
            select: ['id'],
          });
          if (!report) throw notFound();
          await strapi.db.query(UID.paymentReport).update({
            where: { id: report.id },
            data: { state: 'approved', approve_by: args.by, approved_at: now },
          });
        },
      });
    },

    /** notYetReceived → pendingApproved once a bank transfer is reported; the order then no longer expires. */
    async markPending(orderId: number): Promise<TransitionResult> {
      return transition(orderId, 'markPending');
    },

    /** The seller refuses the payment: seats and coupon uses go back. An approved order is never downgraded (409). */
    async reject(args: { orderId: number; reason: string; now?: Date }): Promise<TransitionResult> {
      return transition(args.orderId, 'reject', { now: args.now, data: (order) => ({ note: withNote(order, `rejected: ${args.reason}`) }) });
    },

    /**
     * The order is called off before it is paid: seats and coupon uses go back.
     * allowedFrom narrows where it may come from (the buyer may only cancel an unpaid order).
     */
    async cancel(args: { orderId: number; reason: string; allowedFrom?: readonly OrderStatus[]; now?: Date }): Promise<TransitionResult> {
      return transition(args.orderId, 'cancel', {
        now: args.now,
        allowedFrom: args.allowedFrom,
        data: (order) => ({ note: withNote(order, `cancelled: ${args.reason}`) }),
      });
    },

    /**
     * The shop calls off an approved order (ADR 198): seats, coupon uses and stock go back in the
     * same transaction, and `after` runs there too (the credit note takes its number in it).
     * Cancelling a cancelled order changes nothing; any other status is a conflict.
     */
    async cancelPaid(args: { orderId: number; reason: string; by: string; after?: TransitionOptions['after']; now?: Date }): Promise<TransitionResult> {
      return transition(args.orderId, 'cancelPaid', {
        now: args.now,
        data: (order) => ({ note: withNote(order, `cancelled after payment by ${args.by}: ${args.reason}`) }),
        after: args.after,
      });
    },

    /** An unpaid order whose time ran out: seats and coupon uses go back. Any other status is left as it is. */
    async expire(orderId: number, now?: Date): Promise<TransitionResult> {
      return transition(orderId, 'expire', { now, data: (order) => ({ note: withNote(order, 'expired: not paid in time') }) });
    },
  };
};

export type OrderStateService = ReturnType<typeof orderStateService>;

export default orderStateService;
