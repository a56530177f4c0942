/**
 * The Strapi admin's order actions (ADR 168): approve or refuse the transfer report waiting
 * on an order (or a report itself), cancel an unpaid order. Each one is the same call the
 * storefront's review screen makes (`api::bank-transfer.review`) or the order's own state
 * machine (`api::checkout.order-state`): the same checks, transactions and mails.
 */
import type { Core } from '@strapi/strapi';
import type { OrderStatus } from '@sala/shared/constants';
import { conflict, notFound } from '../../../lib/errors';

const UID = {
  order: 'api::order.order',
  report: 'api::payment-report.payment-report',
} as const;

/** An order the admin may still cancel: not paid, not refused, not over. */
const CANCELLABLE: readonly OrderStatus[] = ['notYetReceived', 'pendingApproved'];

export type AdminActor = { id: number; email: string };

type OrderRef = { id: number; state: OrderStatus };
type ReportRef = { id: number; state: string; order: { id: number } | null };

const orderAdminService = ({ strapi }: { strapi: Core.Strapi }) => {
  const review = () => strapi.service('api::bank-transfer.review');
  const orderState = () => strapi.service('api::checkout.order-state');
  const reviewer = (admin: AdminActor) => ({ id: admin.id, username: admin.email });

  async function orderOf(documentId: string): Promise<OrderRef> {
    const order = (await strapi.db.query(UID.order).findOne({ where: { documentId }, select: ['id', 'state'] })) as OrderRef | null;
    if (!order) throw notFound();
    return order;
  }

  async function stateOf(orderId: number): Promise<OrderStatus> {
    const order = (await strapi.db.query(UID.order).findOne({ where: { id: orderId }, select: ['state'] })) as { state: OrderStatus } | null;
    return order!.state;
  }

  /** The newest report waiting on the order; 409 NO_PENDING_REPORT when none waits. */
  async function waitingReport(order: OrderRef): Promise<number> {
    const report = (await strapi.db.query(UID.report).findOne({ where: { order: { id: order.id }, state: 'pending' }, select: ['id'], orderBy: { id: 'desc' } })) as {
      id: number;
    } | null;
    if (!report) throw conflict('NO_PENDING_REPORT');
    return report.id;
  }

  async function reportOf(documentId: string): Promise<ReportRef & { order: { id: number } }> {
    const report = (await strapi.db.query(UID.report).findOne({ where: { documentId }, select: ['id', 'state'], populate: { order: { select: ['id'] } } })) as ReportRef | null;
    if (!report?.order) throw notFound();
    return report as ReportRef & { order: { id: number } };
  }

  return {
    async approveOrder(args: { documentId: string; admin: AdminActor }): Promise<{ state: OrderStatus }> {
      const order = await orderOf(args.documentId);
      await review().approve({ reportId: await waitingReport(order), orderId: order.id, reviewer: reviewer(args.admin) });
      return { state: await stateOf(order.id) };
    },

    async rejectOrder(args: { documentId: string; reason?: string; admin: AdminActor }): Promise<{ state: OrderStatus }> {
      const order = await orderOf(args.documentId);
      await review().reject({ reportId: await waitingReport(order), orderId: order.id, reason: args.reason, reviewer: reviewer(args.admin) });
      return { state: await stateOf(order.id) };
    },

    /** An unpaid or reported order is called off; its seats and coupon uses go back. */
    async cancelOrder(args: { documentId: string; admin: AdminActor }): Promise<{ state: OrderStatus }> {
      const order = await orderOf(args.documentId);
      const moved = await orderState().cancel({ orderId: order.id, reason: `cancelled in the admin by ${args.admin.email}`, allowedFrom: CANCELLABLE });
      return { state: moved.order.status as OrderStatus };
    },

    async approveReport(args: { documentId: string; admin: AdminActor }): Promise<{ state: OrderStatus }> {
      const report = await reportOf(args.documentId);
      await review().approve({ reportId: report.id, orderId: report.order.id, reviewer: reviewer(args.admin) });
      return { state: await stateOf(report.order.id) };
    },

    async rejectReport(args: { documentId: string; reason?: string; admin: AdminActor }): Promise<{ state: OrderStatus }> {
      const report = await reportOf(args.documentId);
      await review().reject({ reportId: report.id, orderId: report.order.id, reason: args.reason, reviewer: reviewer(args.admin) });
      return { state: await stateOf(report.order.id) };
    },
  };
};

export type OrderAdminService = ReturnType<typeof orderAdminService>;

export default orderAdminService;
