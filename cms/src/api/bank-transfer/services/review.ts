/**
 * The shop's review of bank-transfer reports: the pending list with its slips, and the
 * approval or rejection of one report. The decision and the order's status change in
 * one transaction through the order-state service (which releases seats and coupon
 * uses on a rejection); the student is mailed once it has committed.
 */
import { paymentsSettled } from '../../../http/metrics';
import type { Core } from '@strapi/strapi';
import type { Currency, OrderStatus, PaymentReportStatus } from '@sala/shared/constants';
import { money, toMajorNumber } from '@sala/shared/money';
import { translatorFor } from '../../../lib/texts';
import { conflict, notFound } from '../../../lib/errors';
import { STORED_NAME_PATTERN } from '../../storage/lib/file-checks';
import { privateFileUrl } from '../../storage/services/storage';
import { validationError } from '../lib/payloads';
import { slipKeyOf } from '../lib/slip-reference';
import { listSlipRefusals } from '../lib/slip-refusals';
import { UID } from './report';

export type Reviewer = { id: number; username: string };

type ReportForReview = {
  id: number;
  state: PaymentReportStatus;
  order?: { id: number; order_token: string; state: OrderStatus } | null;
  payment_method?: { method_id: number | null } | null;
};

type ListedReport = {
  id: number;
  state: PaymentReportStatus;
  contact_name: string | null;
  email: string | null;
  tel: string | null;
  bank_code: string | null;
  transfer_datetime: string | Date | null;
  time: string | null;
  transfer_amount: number | null;
  description: string | null;
  approve_by: string | null;
  approved_at: string | Date | null;
  createdAt: string | Date;
  order?: { id: number; order_token: string; state: OrderStatus; net: number; currency_code: Currency; user?: { id: number; username: string; email: string } | null } | null;
  payment_method?: { method_id: number | null; name: string | null } | null;
  bank_account?: { id: number; account_id: string | null; account_name: string | null; bank_name: string | null } | null;
  slip?: { name: string; url: string; mime: string }[] | null;
  slip_sending_bank: string | null;
  slip_trans_ref: string | null;
  slip_verify_reason: string | null;
  slip_verify_detail: string | null;
};

/** A report as the admin review page reads it; amounts in major units, as the order detail gives them. */
export type ReportListItem = {
  id: number;
  order_id: number | null;
  order_token: string | null;
  order_status: OrderStatus | null;
  status: PaymentReportStatus;
  payment_method_id: number | null;
  contact_name: string | null;
  email: string | null;
  tel: string | null;
  bank_code: string | null;
  bank_account: { id: number; account_id: string | null; account_name: string | null; bank_name: string | null } | null;
  transfer_datetime: string | null;
  transfer_amount: number;
  amount_to_pay: number | null;
  currency_code: Currency;
  description: string | null;
  student: { id: number; username: string; email: string } | null;
  slip: { name: string; url: string }[];
  /** What the slip's mini-QR says (the payer's claim), and the order whose report first carried it. */
  slip_qr: { sending_bank: string; trans_ref: string; first_order_id: number | null; first_report_id: number | null } | null;
  /** Why the automatic bank check left this report for a person (ADR 196), with what the bank said. */
  slip_verify: { reason: string; detail: string | null } | null;
  approve_by: string | null;
  approved_at: string | null;
  createdAt: string;
};

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * Where a reviewer reads a slip: a file of the upload call is private, so its address is
 * GET /private/files/{name} (the reviewer's token required); a file the media library put
 * there keeps its own address.
 */
export function slipUrl(file: { url: string }): string {
  const name = file.url.startsWith('/uploads/') ? file.url.slice('/uploads/'.length) : '';
  return STORED_NAME_PATTERN.test(name) ? privateFileUrl(name) : file.url;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orderState = () => strapi.service('api::checkout.order-state');
  const notifications = () => strapi.service('api::bank-transfer.notifications');

  /** The report of that order, pending; 404 when the pair does not exist, 409 when it was already reviewed. */
  async function pendingReport(reportId: number, orderId: number, paymentMethodId?: number): Promise<ReportForReview & { order: NonNullable<ReportForReview['order']> }> {
    const report = (await strapi.db.query(UID.report).findOne({
      where: { id: reportId },
      select: ['id', 'state'],
      populate: { order: { select: ['id', 'order_token', 'state'] }, payment_method: { select: ['method_id'] } },
    })) as ReportForReview | null;
    if (!report?.order || report.order.id !== orderId) throw notFound();
    if (paymentMethodId !== undefined && report.payment_method?.method_id !== paymentMethodId) {
      throw validationError('payment_method_id', (await translatorFor(strapi, 'th'))('error_validation_error'));
    }
    if (report.state !== 'pending') {
      throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId, payment_status: report.order.state, report_status: report.state } });
    }
    return report as ReportForReview & { order: NonNullable<ReportForReview['order']> };
  }

  return {
    /** Approves a pending report and its order; returns the order token. */
    async approve(args: { reportId: number; orderId: number; paymentMethodId?: number; reviewer: Reviewer; now?: Date }): Promise<{ order_token: string }> {
      const now = args.now ?? new Date();
      const result = await strapi.db.transaction(async () => {
        const report = await pendingReport(args.reportId, args.orderId, args.paymentMethodId);
        const moved = await orderState().approve({ orderId: report.order.id, by: 'admin', paymentReportId: report.id, now });
        // The order may already be approved (a provider settled it): the report is approved all the same.
        await strapi.db.query(UID.report).update({
          where: { id: report.id },
          data: { state: 'approved', approve_by: args.reviewer.username, approved_at: now },
        });
        // the mail is queued with the decision (ADR 199); its receipt is printed when it is sent, so the reviewer does not wait
        if (moved.changed) await notifications().queueReviewOutcome({ orderId: report.order.id, reportId: report.id, outcome: 'approved' });
        return { changed: moved.changed as boolean, order_token: report.order.order_token };
      });
      if (result.changed) paymentsSettled.inc({ method: 'bank-transfer' });
      return { order_token: result.order_token };
    },

    /**
     * Rejects a pending report: the order is rejected (its seats and coupon uses go back)
     * and every other pending report of it is rejected with it. An approved order is
     * never downgraded (409 from the order state).
     */
    async reject(args: { reportId: number; orderId: number; reason?: string; reviewer: Reviewer; now?: Date }): Promise<{ order_token: string }> {
      const now = args.now ?? new Date();
      const reason = args.reason?.trim() || null;
      const result = await strapi.db.transaction(async () => {
        const report = await pendingReport(args.reportId, args.orderId);
        const moved = await orderState().reject({ orderId: report.order.id, reason: reason ?? `report ${report.id} rejected by ${args.reviewer.username}`, now });
        const pending = (await strapi.db.query(UID.report).findMany({ where: { order: { id: report.order.id }, state: 'pending' }, select: ['id'] })) as { id: number }[];
        await strapi.db.query(UID.report).updateMany({
          where: { id: { $in: pending.map((row) => row.id) } },
          data: { state: 'rejected', approve_by: args.reviewer.username },
        });
        // the reason the student is shown (my orders, the mail) stays with the report the shop decided on
        if (reason) await strapi.db.query(UID.report).update({ where: { id: report.id }, data: { reject_reason: reason } });
        if (moved.changed) await notifications().queueReviewOutcome({ orderId: report.order.id, reportId: report.id, outcome: 'rejected', reason });
        return { changed: moved.changed as boolean, order_token: report.order.order_token };
      });
      return { order_token: result.order_token };
    },

    /** Reports of a status (pending first for the review page), oldest first, with their slips. */
    async list(args: { status: PaymentReportStatus; order_id?: number; page: number; pageSize: number }): Promise<{ data: ReportListItem[]; total: number }> {
      const where = args.order_id !== undefined ? { order: { id: args.order_id } } : { state: args.status };
      const [rows, total] = await Promise.all([
        strapi.db.query(UID.report).findMany({
          where,
          select: [
            'id',
            'state',
            'contact_name',
            'email',
            'tel',
            'bank_code',
            'transfer_datetime',
            'time',
            'transfer_amount',
            'description',
            'approve_by',
            'approved_at',
            'createdAt',
            'slip_sending_bank',
            'slip_trans_ref',
            'slip_verify_reason',
            'slip_verify_detail',
          ],
          populate: {
            order: { select: ['id', 'order_token', 'state', 'net', 'currency_code'], populate: { user: { select: ['id', 'username', 'email'] } } },
            payment_method: { select: ['method_id', 'name'] },
            bank_account: { select: ['id', 'account_id', 'account_name', 'bank_name'] },
            slip: { select: ['name', 'url', 'mime'] },
          },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          offset: (args.page - 1) * args.pageSize,
          limit: args.pageSize,
        }) as Promise<ListedReport[]>,
        strapi.db.query(UID.report).count({ where }),
      ]);
      const keys = rows.flatMap((row) => (row.slip_sending_bank && row.slip_trans_ref ? [slipKeyOf({ sendingBank: row.slip_sending_bank, transRef: row.slip_trans_ref })] : []));
      const firstUses = keys.length
        ? ((await strapi.db.query(UID.report).findMany({ where: { slip_key: { $in: keys } }, select: ['id', 'slip_key'], populate: { order: { select: ['id'] } } })) as {
            id: number;
            slip_key: string;
            order?: { id: number } | null;
          }[])
        : [];
      const firstByKey = new Map(firstUses.map((use) => [use.slip_key, use]));
      const data = rows.map((row): ReportListItem => {
        const first = row.slip_sending_bank && row.slip_trans_ref ? firstByKey.get(slipKeyOf({ sendingBank: row.slip_sending_bank, transRef: row.slip_trans_ref })) : undefined;
        const currency = row.order?.currency_code ?? 'THB';
        return {
          id: row.id,
          order_id: row.order?.id ?? null,
          order_token: row.order?.order_token ?? null,
          order_status: row.order?.state ?? null,
          status: row.state,
          payment_method_id: row.payment_method?.method_id ?? null,
          contact_name: row.contact_name,
          email: row.email,
          tel: row.tel,
          bank_code: row.bank_code,
          bank_account: row.bank_account ?? null,
          transfer_datetime: iso(row.transfer_datetime),
          transfer_amount: toMajorNumber(money(Number(row.transfer_amount ?? 0), currency)),
          amount_to_pay: row.order ? toMajorNumber(money(Number(row.order.net), currency)) : null,
          currency_code: currency,
          description: row.description,
          student: row.order?.user ?? null,
          slip: (row.slip ?? []).map((file) => ({ name: file.name, url: slipUrl(file) })),
          slip_qr:
            row.slip_sending_bank && row.slip_trans_ref
              ? { sending_bank: row.slip_sending_bank, trans_ref: row.slip_trans_ref, first_order_id: first?.order?.id ?? null, first_report_id: first?.id ?? null }
              : null,
          slip_verify: row.slip_verify_reason ? { reason: row.slip_verify_reason, detail: row.slip_verify_detail } : null,
          approve_by: row.approve_by,
          approved_at: iso(row.approved_at),
          createdAt: iso(row.createdAt)!,
        };
      });
      return { data, total: Number(total) };
    },

    /** The refused slip reuses (ADR 205), latest first. */
    listSlipRefusals: (args: { page: number; pageSize: number }) => listSlipRefusals(strapi, args),
  };
};
