/**
 * Filing a bank-transfer report: the order is found for its owner (by the student's
 * session, or by the order token on the public call), the report is checked against
 * the stored bank accounts, origin banks and uploads, then saved as pending and the
 * order moves to pendingApproved, in one transaction.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { Currency, OrderStatus } from '@sala/shared/constants';
import { parseMajor } from '@sala/shared/money';
import { reportDateTimeToUtc } from '@sala/shared/payments';
import { EMAIL_PATTERN, type PaymentReportPayload } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { AttachableUpload } from '../../storage/services/storage';
import { validationError } from '../lib/payloads';
import { isUniqueViolation, readSlipReference, slipAlreadyUsed, slipFirstUse, slipKeyOf, type SlipFirstUse } from '../lib/slip-reference';
import { recordSlipRefusal } from '../lib/slip-refusals';

export const UID = {
  order: 'api::order.order',
  report: 'api::payment-report.payment-report',
  method: 'api::payment-method.payment-method',
  bankAccount: 'api::bank-account.bank-account',
  originBank: 'api::origin-bank.origin-bank',
  siteSetting: 'api::site-setting.site-setting',
} as const;

/** Statuses in which an order takes a bank-transfer report: unpaid, or already reported (a second slip). */
const REPORTABLE: readonly OrderStatus[] = ['notYetReceived', 'pendingApproved'];

export type OrderOwner = { id: number; email: string; username: string; firstname?: string | null; lastname?: string | null };

export type ReportableOrder = {
  id: number;
  status: OrderStatus;
  order_token: string;
  netAmount: number;
  currency: Currency;
  user: OrderOwner | null;
  slipRequired: boolean;
  defaultContactName: string;
};

type OrderRow = {
  id: number;
  state: OrderStatus;
  order_token: string;
  net: number;
  currency_code: Currency;
  user?: OrderOwner | null;
  payment_method?: { method_id: number } | null;
};

export const ORDER_OWNER_FIELDS = ['id', 'email', 'username', 'firstname', 'lastname'] as const;

export function fullName(user: Pick<OrderOwner, 'firstname' | 'lastname' | 'username'> | null | undefined): string {
  if (!user) return '';
  return [user.firstname, user.lastname].filter(Boolean).join(' ').trim() || user.username;
}

function sameToken(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * The order a report is for. `studentId` (the private call) or `orderToken` (the public
   * call) proves ownership; any mismatch is a 404, as for an order that does not exist.
   * An order that is paid, rejected, cancelled or expired takes no report (409); an order
   * placed for another payment method takes none either (400 NO_PAYMENT_METHOD): a transfer
   * report would pay it by transfer around a coupon bound to that method, and stop its expiry.
   */
  async findReportableOrder(args: { orderId: number; studentId?: number; orderToken?: string; t: Translate }): Promise<ReportableOrder> {
    const order = (await strapi.db.query(UID.order).findOne({
      where: { id: args.orderId },
      select: ['id', 'state', 'order_token', 'net', 'currency_code'],
      populate: { user: { select: [...ORDER_OWNER_FIELDS] }, payment_method: { select: ['method_id'] } },
    })) as OrderRow | null;
    if (!order) throw notFound();
    if (args.studentId !== undefined && order.user?.id !== args.studentId) throw notFound();
    if (args.orderToken !== undefined && !sameToken(args.orderToken, order.order_token)) throw notFound();
    if (!REPORTABLE.includes(order.state)) {
      throw conflict('ORDER_STATE_CONFLICT', undefined, { result: { orderId: order.id, payment_status: order.state } });
    }
    if (order.payment_method?.method_id !== PAYMENT_METHOD_IDS.BANK_TRANSFER) {
      throw badRequest('NO_PAYMENT_METHOD', undefined, {
        errors: { payment_method_id: [args.t('report_not_bank_transfer')] },
        result: { orderId: order.id, payment_method_id: order.payment_method?.method_id ?? null },
      });
    }
    const setting = (await strapi.db.query(UID.siteSetting).findOne({ select: ['slip'] })) as { slip?: boolean | null } | null;
    return {
      id: order.id,
      status: order.state,
      order_token: order.order_token,
      netAmount: Number(order.net),
      currency: order.currency_code ?? 'THB',
      user: order.user ?? null,
      slipRequired: setting?.slip === true,
      defaultContactName: fullName(order.user),
    };
  },

  /** Saves the report as pending and moves the order to pendingApproved. */
  async file(args: { order: ReportableOrder; payload: PaymentReportPayload; t: Translate }): Promise<{ orderPaymentId: number; order_token: string }> {
    const { order, payload, t } = args;
    const method = (await strapi.db.query(UID.method).findOne({ where: { method_id: payload.payment_method_id }, select: ['id'] })) as { id: number } | null;
    if (!method) throw validationError('payment_method_id', t('error_no_payment_method'));

    const originBank = await this.findOriginBank(payload.bank_code);
    if (!originBank) throw validationError('bank_code', t('report_bank_required'));
    const account = await this.findBankAccount(method.id, payload.bank_account);
    if (!account) throw validationError('bank_account', t('report_account_required'));

    // The slips must be uploads the order's owner may attach: theirs, or sent before they signed in.
    const storage = strapi.service('api::storage.storage');
    const slips = (await storage.findAttachable({ names: payload.slip, ownerId: order.user?.id ?? null, kinds: ['image', 'document'] })) as AttachableUpload[] | null;
    if (!slips) throw validationError('slip', t('report_slip_retry'));

    const transferred = parseMajor(payload.transfer_amount, order.currency);
    const at = reportDateTimeToUtc(payload.transfer_datetime, payload.time);
    const email = EMAIL_PATTERN.test(payload.email) ? payload.email : (order.user?.email ?? null);

    // The slip's mini-QR, when one is readable: a slip that paid another order is refused.
    const slipRef = await readSlipReference(storage.uploadsDir(), slips);
    const slipKey = slipRef ? slipKeyOf(slipRef) : null;
    const firstUse = slipKey ? await slipFirstUse(strapi, slipKey) : null;
    // A refused reuse is kept for the shop's staff (ADR 205); the payer's answer names no other order.
    const refuse = async (first: SlipFirstUse | null) => {
      await recordSlipRefusal(strapi, { orderId: order.id, userId: order.user?.id ?? null, slip: slipRef!, firstUse: first });
      return slipAlreadyUsed(t, order.id);
    };
    if (firstUse && firstUse.orderId !== order.id) throw await refuse(firstUse);

    const create = (claimSlip: boolean) =>
      strapi.db.transaction(async () => {
        const created = (await strapi.db.query(UID.report).create({
          data: {
            slip_sending_bank: slipRef?.sendingBank ?? null,
            slip_trans_ref: slipRef?.transRef ?? null,
            // Only the first report of the slip holds the key; a second report of the same order stores the reference alone.
            slip_key: claimSlip ? slipKey : null,
            order: order.id,
            user: order.user?.id ?? null,
            payment_method: method.id,
            state: 'pending',
            contact_name: payload.contact_name.slice(0, 255),
            email,
            tel: payload.tel || null,
            bank_account: account.id,
            bank_code: originBank,
            transfer_datetime: at.iso,
            time: at.time,
            transfer_amount: transferred.amount,
            description: payload.description,
            address: payload.address || '-',
            slip: slips.map((slip) => slip.fileId).filter((fileId): fileId is number => fileId !== null),
          },
        })) as { id: number };
        await storage.claimUploads({ uploads: slips, ownerId: order.user?.id ?? null });
        await strapi.service('api::checkout.order-state').markPending(order.id);
        return created;
      });
    let report: { id: number };
    let holdsSlip = slipKey !== null && firstUse === null;
    try {
      report = await create(holdsSlip);
    } catch (error) {
      if (!slipKey || !isUniqueViolation(error)) throw error;
      // Another report took the slip between the check and the write: refused unless it is this order's.
      const winner = await slipFirstUse(strapi, slipKey);
      if (winner?.orderId !== order.id) throw await refuse(winner);
      report = await create(false);
      holdsSlip = false;
    }
    // The report holding the slip asks the bank when the shop verifies slips (ADR 196); the bank's word settles the order.
    if (slipRef && holdsSlip) await strapi.service('api::bank-transfer.slip-verification').verifyReport({ reportId: report.id, orderId: order.id, slip: slipRef });
    return { orderPaymentId: report.id, order_token: order.order_token };
  },

  /** An origin bank by its value ('KBANK'), as listed by GET /api/payments/methods/banktreansfer. */
  async findOriginBank(code: string): Promise<string | null> {
    if (!code) return null;
    const bank = (await strapi.db.query(UID.originBank).findOne({ where: { banktransfer_value: { $eqi: code } }, select: ['banktransfer_value'] })) as {
      banktransfer_value: string;
    } | null;
    return bank?.banktransfer_value ?? null;
  },

  /** An enabled account of the bank-transfer method, by its record id or by its account number. */
  async findBankAccount(methodId: number, value: string): Promise<{ id: number } | null> {
    if (!value) return null;
    const base = { payment_method: { id: methodId }, $or: [{ enabled: true }, { enabled: { $null: true } }] };
    const query = strapi.db.query(UID.bankAccount);
    if (/^\d{1,9}$/.test(value)) {
      const byId = (await query.findOne({ where: { ...base, id: Number(value) }, select: ['id'] })) as { id: number } | null;
      if (byId) return byId;
    }
    return (await query.findOne({ where: { ...base, account_id: value }, select: ['id'] })) as { id: number } | null;
  },
});
