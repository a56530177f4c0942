/**
 * The shop's view of paid orders and their paperwork (docs/decisions/197, 198): approved orders
 * and those the shop cancelled after payment, each with its receipt or tax invoice, the buyer's
 * withholding certificate and the credit note; the count of approved orders still missing a
 * certificate; and the cancellation of an approved order with its credit note, in one transaction.
 */
import type { Core } from '@strapi/strapi';
import type { OrderStateService } from '../../checkout/services/order-state';
import type { TaxDocumentService } from '../../tax-document/services/tax-document';
import type { CreditNoteService } from './credit-note';
import { withheld, type CertificateView, type WithholdingCertificateService } from './withholding-certificate';

const ORDER_UID = 'api::order.order';

export type AdminOrderFilter = 'all' | 'missing-certificate';

export type AdminOrderRow = {
  id: number;
  status: string;
  approvedAt: string | null;
  buyer: string;
  currency: string;
  /** Minor units, as the order stores them. */
  netAmount: number;
  withholdingAmount: number;
  withholding: boolean;
  document: { code: string; kind: string } | null;
  certificate: CertificateView | null;
  creditNote: { code: string } | null;
};

type OrderRow = {
  id: number;
  state: string;
  approved_at?: string | null;
  currency_code?: string | null;
  net?: number | string | null;
  withholding_price?: number | string | null;
  is_withholding?: boolean | null;
  user?: { email?: string | null; firstname?: string | null; lastname?: string | null } | null;
};

const adminOrdersService = ({ strapi }: { strapi: Core.Strapi }) => {
  const certificates = () => strapi.service('api::order-paperwork.withholding-certificate') as WithholdingCertificateService;
  const creditNotes = () => strapi.service('api::order-paperwork.credit-note') as CreditNoteService;

  /** Approved orders paid with withholding and no certificate yet; `exclude` is the orders that have one. */
  const missingWhere = (exclude: number[]) => ({
    state: 'approved',
    is_withholding: true,
    withholding_price: { $gt: 0 },
    ...(exclude.length > 0 ? { id: { $notIn: exclude } } : {}),
  });

  return {
    async list(args: { filter: AdminOrderFilter; page: number; pageSize: number }): Promise<{ data: AdminOrderRow[]; total: number; missingCertificates: number }> {
      const exclude = await certificates().orderIdsWithCertificate();
      const missing = missingWhere(exclude);
      // paid orders: approved ones, and cancelled ones that had been approved
      const where = args.filter === 'missing-certificate' ? missing : { approved_at: { $notNull: true }, state: { $in: ['approved', 'cancelled'] } };
      const [rows, total, missingCertificates] = await Promise.all([
        strapi.db.query(ORDER_UID).findMany({
          where,
          select: ['id', 'state', 'approved_at', 'currency_code', 'net', 'withholding_price', 'is_withholding'],
          populate: { user: { select: ['email', 'firstname', 'lastname'] } },
          orderBy: [{ approved_at: 'desc' }, { id: 'desc' }],
          offset: (args.page - 1) * args.pageSize,
          limit: args.pageSize,
        }) as Promise<OrderRow[]>,
        strapi.db.query(ORDER_UID).count({ where }),
        strapi.db.query(ORDER_UID).count({ where: missing }),
      ]);
      const ids = rows.map((row) => row.id);
      const [documents, certificateMap, notes] = await Promise.all([
        (strapi.service('api::tax-document.tax-document') as TaxDocumentService).listForOrders(ids),
        certificates().listForOrders(ids),
        creditNotes().listForOrders(ids),
      ]);
      const data = rows.map((row) => ({
        id: row.id,
        status: row.state,
        approvedAt: row.approved_at ? new Date(row.approved_at).toISOString() : null,
        buyer: [row.user?.firstname, row.user?.lastname].filter(Boolean).join(' ') || row.user?.email || '',
        currency: row.currency_code ?? 'THB',
        netAmount: Number(row.net ?? 0),
        withholdingAmount: Number(row.withholding_price ?? 0),
        withholding: withheld(row),
        document: documents.get(row.id) ?? null,
        certificate: certificateMap.get(row.id) ?? null,
        creditNote: notes.get(row.id) ?? null,
      }));
      return { data, total: Number(total), missingCertificates: Number(missingCertificates) };
    },

    /**
     * Cancels an approved order for the shop: the status moves, seats, coupon uses and stock go
     * back, and the credit note is numbered, all in one transaction. A second call finds the order
     * cancelled and changes nothing; another status is 409 ORDER_STATE_CONFLICT.
     */
    async cancel(args: { orderId: number; reason: string; by: string; now?: Date }): Promise<{ orderId: number; status: string; changed: boolean; creditNote: { code: string } | null }> {
      const result = await (strapi.service('api::checkout.order-state') as OrderStateService).cancelPaid({
        orderId: args.orderId,
        reason: args.reason,
        by: args.by,
        now: args.now,
        after: async (order, trx, now) => {
          await creditNotes().issueOnCancel({ orderId: order.id, reason: args.reason, trx, now });
        },
      });
      const note = (await creditNotes().listForOrders([args.orderId])).get(args.orderId) ?? null;
      return { orderId: args.orderId, status: result.order.status, changed: result.changed, creditNote: note };
    },
  };
};

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;

export default adminOrdersService;
