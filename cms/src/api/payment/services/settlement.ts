/**
 * Settlement: the one place where a provider's word changes a payment attempt
 * and, through order-state, its order (docs/decisions/091-settlement.md).
 *
 * Notifications, browser returns and polling all end in `settle(attemptId,
 * status)`. Each transition is a compare-and-set of the attempt's status inside
 * a transaction, so of ten identical deliveries arriving together exactly one
 * moves the attempt and only that one approves the order, files the payment
 * report, sends the mail and publishes the event; the others change nothing.
 *
 *   pending  → approved | rejected | expired | review
 *   rejected → approved | review      (the provider later reports the money taken)
 *   expired  → approved | review      (a late payment)
 *   approved, review: final (a paid order is never downgraded; staff resolve reviews)
 */
import { callbacksRefused, paymentsSettled } from '../../../http/metrics';
import type { Core } from '@strapi/strapi';
import { ALL_PAYMENT_METHOD_IDS, type OrderStatus } from '@sala/shared/constants';
import { ApiError } from '../../../lib/errors';
import { getPaymentAdapter, PaymentError, type CallbackReply, type CallbackRequest, type PaymentAdapter, type PaymentStatus, type ProviderName } from '../../../payments';
import { judge } from '../../../payments/judge';
import { publishToUser, type PaymentEventStatus } from '../../../realtime';
import type { OrderStateService } from '../../checkout/services/order-state';
import { configOf, METHOD_FIELDS, readMethod, readSite, UID, type MethodRow } from '../lib/config';
import { sendPaidMail, sendReviewMail, type ReviewReason } from '../lib/mail';
import { readOrderVatLines } from '../../../lib/order-vat';
import { ATTEMPT_FIELDS, ATTEMPT_POPULATE, type AttemptRow, type AttemptStatus } from '../lib/attempt-rows';
import { approveSlipReports } from '../lib/slip-attempt';

/** What a settle call did: `changed` is true only for the call that moved the attempt. */
export type SettleResult = { attemptId: number; status: AttemptStatus; changed: boolean; orderId: number | null; orderStatus: OrderStatus | null };

/** What a provider notification came to, and the answer the provider expects. */
export type NotificationResult = { reply: CallbackReply; attempt: AttemptRow | null; settled: SettleResult | null };

type ProviderStatus = Extract<PaymentStatus, { ok: true }>;

const APPROVABLE_FROM: AttemptStatus[] = ['pending', 'rejected', 'expired'];

const EVENT_STATUS: Record<AttemptStatus, PaymentEventStatus> = {
  pending: 'pending',
  approved: 'succeeded',
  rejected: 'failed',
  expired: 'expired',
  review: 'pending',
};

/** Providers that say when a payment ran out of time rather than failed: such an attempt expires and the order waits for its own expiry. */
function isExpiry(provider: ProviderName, raw: unknown): boolean {
  const record = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (provider === 'omise') return record.status === 'expired' || record.expired === true || record.failure_code === 'payment_expired';
  if (provider === 'xendit') return record.status === 'EXPIRED';
  return false;
}

/** A raw provider message as stored: JSON only, never more than a few kilobytes of it. */
function storable(raw: unknown): unknown {
  if (raw === undefined) return null;
  try {
    const text = JSON.stringify(raw);
    return text.length > 16_000 ? { truncated: text.slice(0, 16_000) } : JSON.parse(text);
  } catch {
    return { unreadable: String(raw) };
  }
}

class NeedsReview extends Error {
  constructor(readonly reason: ReviewReason) {
    super(reason);
  }
}

/** The adapters of a provider's payment methods. */
function adaptersOf(provider: ProviderName): PaymentAdapter[] {
  return ALL_PAYMENT_METHOD_IDS.flatMap((id) => {
    const adapter = getPaymentAdapter(id);
    return adapter.provider === provider ? [adapter] : [];
  });
}

const settlementService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** The provider's payment method rows that are enabled. */
  async function enabledMethodsOf(provider: ProviderName): Promise<MethodRow[]> {
    const rows = (await strapi.db.query(UID.method).findMany({ select: METHOD_FIELDS, orderBy: { method_id: 'asc' } })) as MethodRow[];
    return rows.filter((row) => row.enabled !== false && adaptersOf(provider).some((adapter) => adapter.methodId === row.method_id));
  }

  const orderState = () => strapi.service('api::checkout.order-state') as OrderStateService;

  async function readAttempt(where: Record<string, unknown>): Promise<AttemptRow | null> {
    return (await strapi.db.query(UID.attempt).findOne({ where, select: ATTEMPT_FIELDS, populate: ATTEMPT_POPULATE })) as AttemptRow | null;
  }

  /** The compare-and-set every transition goes through: true only for the caller that moved the attempt out of `from`. */
  async function moveAttempt(id: number, from: AttemptStatus[], data: Record<string, unknown>): Promise<boolean> {
    const { count } = (await strapi.db.query(UID.attempt).updateMany({ where: { id, state: { $in: from } }, data })) as { count: number };
    return count === 1;
  }

  function publish(attempt: AttemptRow, status: AttemptStatus): void {
    const userId = attempt.order?.user?.id;
    if (!userId || !attempt.order) return;
    publishToUser(strapi, userId, 'payment:status', { orderId: attempt.order.id, attemptId: attempt.id, provider: attempt.provider, status: EVENT_STATUS[status] });
  }

  function result(attempt: AttemptRow, status: AttemptStatus, changed: boolean, orderStatus: OrderStatus | null = attempt.order?.state ?? null): SettleResult {
    return { attemptId: attempt.id, status, changed, orderId: attempt.order?.id ?? null, orderStatus };
  }

  async function siteName(): Promise<string> {
    return (await readSite(strapi)).title || 'Sala';
  }

  /** Money arrived but the order cannot take it: the attempt waits for staff, the order is left as it is. */
  async function toReview(attempt: AttemptRow, status: ProviderStatus, reason: ReviewReason, now: Date): Promise<SettleResult> {
    const moved = await strapi.db.transaction(() =>
      moveAttempt(attempt.id, APPROVABLE_FROM, {
        state: 'review',
        review_reason: reason,
        amount_received: status.amount?.amount ?? null,
        currency_received: status.amount?.currency ?? null,
        provider_transaction_id: status.providerTransactionId,
        raw_last_message: storable(status.raw),
        settled_at: now,
        last_checked_at: now,
      }),
    );
    const fresh = (await readAttempt({ id: attempt.id })) ?? attempt;
    if (!moved) return result(fresh, fresh.state, false);
    strapi.log.warn(`[payment] attempt ${attempt.id} (${attempt.provider} ${attempt.provider_reference}) of order ${attempt.order?.id} needs review: ${reason}`);
    publish(fresh, 'review');
    await sendReviewMail(strapi, {
      orderId: attempt.order?.id ?? 0,
      provider: attempt.provider,
      reference: attempt.provider_reference,
      reason,
      expected: { amount: attempt.amount_expected, currency: attempt.currency_expected },
      received: status.amount ? { amount: status.amount.amount, currency: status.amount.currency } : null,
      site: await siteName(),
    });
    return result(fresh, 'review', true);
  }

  async function approve(attempt: AttemptRow, status: ProviderStatus & { outcome: 'approved' }, now: Date, mailLater = false): Promise<SettleResult> {
    const order = attempt.order;
    if (!order) return toReview(attempt, status, 'order_not_approvable', now);
    let moved: boolean;
    try {
      moved = await strapi.db.transaction(async () => {
        const won = await moveAttempt(attempt.id, APPROVABLE_FROM, {
          state: 'approved',
          amount_received: status.amount.amount,
          currency_received: status.amount.currency,
          provider_transaction_id: status.providerTransactionId,
          review_reason: null,
          raw_last_message: storable(status.raw),
          settled_at: now,
          last_checked_at: now,
        });
        if (!won) return false;
        // Read inside the transaction: the order as it is now, not as it was when the message arrived.
        const current = (await strapi.db.query(UID.order).findOne({ where: { id: order.id }, select: ['id', 'state'] })) as { state: OrderStatus } | null;
        if (!current) throw new NeedsReview('order_not_approvable');
        if (current.state === 'approved') throw new NeedsReview('order_already_paid');
        if (current.state === 'rejected') throw new NeedsReview('order_rejected');
        // A bank-confirmed slip approves the report the student filed; a provider payment files its own.
        const slipReportId = attempt.provider === 'bank-transfer' ? await approveSlipReports(strapi, attempt, now) : null;
        if (attempt.provider === 'bank-transfer' && slipReportId === null) throw new NeedsReview('order_not_approvable');
        const method = (await strapi.db.query(UID.method).findOne({ where: { method_id: attempt.method_id }, select: ['id'] })) as { id: number } | null;
        const report =
          slipReportId !== null
            ? { id: slipReportId }
            : ((await strapi.db.query(UID.report).create({
                data: {
                  order: order.id,
                  user: order.user?.id ?? null,
                  payment_method: method?.id ?? null,
                  state: 'approved',
                  contact_name: [order.user?.firstname, order.user?.lastname].filter(Boolean).join(' ') || order.user?.username || null,
                  email: order.user?.email ?? null,
                  transfer_datetime: now,
                  time: now.toISOString().slice(11, 19),
                  transfer_amount: status.amount.amount,
                  description: `${attempt.provider} ${status.providerTransactionId ?? attempt.provider_reference}`.slice(0, 255),
                  address: '-',
                  provider_reference: attempt.provider_reference,
                },
              })) as { id: number });
        // Joins this transaction: if the order cannot be approved (no seat left for a late payment), all of it rolls back.
        await orderState().approve({ orderId: order.id, by: 'payment', paymentReportId: report.id, now });
        return true;
      });
    } catch (error) {
      if (error instanceof NeedsReview) return toReview(attempt, status, error.reason, now);
      if (error instanceof ApiError && error.status === 409) return toReview(attempt, status, 'order_not_approvable', now);
      throw error;
    }
    const fresh = (await readAttempt({ id: attempt.id })) ?? attempt;
    if (!moved) return result(fresh, fresh.state, false);
    paymentsSettled.inc({ method: attempt.provider });
    publish(fresh, 'approved');
    const user = order.user;
    const mailPaid = async (buyer: NonNullable<typeof user>, email: string) => {
      const method = await readMethod(strapi, { method_id: attempt.method_id });
      await sendPaidMail(strapi, {
        to: email,
        name: [buyer.firstname, buyer.lastname].filter(Boolean).join(' ') || buyer.username || email,
        orderId: order.id,
        methodName: method?.name ?? attempt.provider,
        amount: status.amount.amount,
        currency: status.amount.currency,
        reference: status.providerTransactionId ?? attempt.provider_reference,
        site: await siteName(),
        vatLines: await readOrderVatLines(strapi, order.id),
        attachment: { taxDocumentOfOrder: order.id },
      });
    };
    // A student waiting on their own slip report is answered before the receipt is printed and mailed.
    if (user?.email && mailLater) void mailPaid(user, user.email).catch((error) => strapi.log.error(`[payment] paid mail of order ${order.id}: ${(error as Error).message}`));
    else if (user?.email) await mailPaid(user, user.email);
    return result(fresh, 'approved', true, 'approved');
  }

  /**
   * A decline ends the attempt; the order is cancelled (its seats and coupon uses go back) unless another
   * payment of it is still alive. Cancelled, not rejected: a declined card must not stop the student
   * from buying the course again, and a late approval of a cancelled order is still honoured.
   */
  async function decline(attempt: AttemptRow, status: ProviderStatus, now: Date): Promise<SettleResult> {
    const target: AttemptStatus = isExpiry(attempt.provider, status.raw) ? 'expired' : 'rejected';
    const moved = await strapi.db.transaction(async () => {
      const won = await moveAttempt(attempt.id, ['pending'], {
        state: target,
        provider_transaction_id: status.providerTransactionId ?? attempt.provider_transaction_id,
        raw_last_message: storable(status.raw),
        settled_at: now,
        last_checked_at: now,
      });
      if (!won || target !== 'rejected' || !attempt.order) return won;
      const current = (await strapi.db.query(UID.order).findOne({ where: { id: attempt.order.id }, select: ['state'] })) as { state: OrderStatus } | null;
      if (current?.state !== 'notYetReceived') return won;
      const alive = await strapi.db.query(UID.attempt).count({
        where: { order: { id: attempt.order.id }, id: { $ne: attempt.id }, state: { $in: ['pending', 'approved', 'review'] } },
      });
      if (alive === 0) {
        await orderState().cancel({
          orderId: attempt.order.id,
          reason: `payment declined (${attempt.provider} ${attempt.provider_reference})`,
          allowedFrom: ['notYetReceived'],
          now,
        });
      }
      return won;
    });
    const fresh = (await readAttempt({ id: attempt.id })) ?? attempt;
    if (!moved) return result(fresh, fresh.state, false);
    publish(fresh, target);
    return result(fresh, target, true, fresh.order?.state ?? null);
  }

  const service = {
    /**
     * The one transition of an attempt on the provider's word; idempotent. The word must
     * name this attempt and its money (payments/judge.ts): another reference settles
     * nothing, other money or no currency goes to review, never to approved.
     */
    async settle(attemptId: number, status: ProviderStatus, now: Date = new Date(), options: { mailLater?: boolean } = {}): Promise<SettleResult> {
      const attempt = await readAttempt({ id: attemptId });
      if (!attempt) throw new ApiError(404, 'NOT_FOUND');
      const verdict = judge({ providerReference: attempt.provider_reference, expected: { amount: attempt.amount_expected, currency: attempt.currency_expected } }, status);
      switch (verdict.kind) {
        case 'refuse':
          strapi.log.warn(`[payment] attempt ${attempt.id} (${attempt.provider} ${attempt.provider_reference}): message not applied: ${verdict.reason}`);
          return result(attempt, attempt.state, false);
        case 'pending':
          await strapi.db.query(UID.attempt).updateMany({
            where: { id: attempt.id, state: 'pending' },
            data: { raw_last_message: storable(status.raw), last_checked_at: now },
          });
          return result(attempt, attempt.state, false);
        case 'approve':
          if (!APPROVABLE_FROM.includes(attempt.state)) return result(attempt, attempt.state, false);
          return approve(attempt, verdict.status, now, options.mailLater);
        case 'review':
          if (!APPROVABLE_FROM.includes(attempt.state)) return result(attempt, attempt.state, false);
          return toReview(attempt, verdict.status, verdict.reason, now);
        case 'decline':
          if (attempt.state !== 'pending') return result(attempt, attempt.state, false);
          return decline(attempt, verdict.status, now);
      }
    },

    /** Asks the provider about a pending attempt and settles on the answer (browser returns, polling). */
    async refresh(attemptId: number, cmsUrl: string): Promise<SettleResult> {
      const attempt = await readAttempt({ id: attemptId });
      if (!attempt) throw new ApiError(404, 'NOT_FOUND');
      if (attempt.state !== 'pending' || attempt.provider === 'bank-transfer') return result(attempt, attempt.state, false);
      const method = await readMethod(strapi, { method_id: attempt.method_id });
      if (!method) return result(attempt, attempt.state, false);
      const config = await configOf(strapi, method, await readSite(strapi), cmsUrl);
      let answer;
      try {
        answer = await getPaymentAdapter(attempt.method_id).inquire(attempt.provider_reference, config);
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        strapi.log.warn(`[payment] attempt ${attempt.id}: inquiry failed: ${error.message}`);
        return result(attempt, attempt.state, false);
      }
      if (!answer.ok) {
        strapi.log.warn(`[payment] attempt ${attempt.id}: inquiry refused: ${answer.reason}`);
        return result(attempt, attempt.state, false);
      }
      return service.settle(attempt.id, answer);
    },

    /**
     * A provider's notification or browser return. The attempt comes first, found by the
     * reference the message names; the message is then verified with that attempt's own
     * payment method (its keys only, and only while the method is enabled) and settles that
     * attempt alone. Providers retry a non-2xx answer: an outage while verifying is a 503, a
     * verifiable message for a reference we never issued a 404, anything else a 400.
     */
    async handleNotification(provider: ProviderName, request: CallbackRequest, cmsUrl: string): Promise<NotificationResult> {
      const refused: NotificationResult = { reply: { status: 400, contentType: 'text/plain', body: 'refused' }, attempt: null, settled: null };
      /** Each refusal is counted (ADR 201): a run of them is a forger or a misconfigured key. */
      const refuse = (reply: NotificationResult['reply'] = refused.reply): NotificationResult => {
        callbacksRefused.inc({ provider });
        return { ...refused, reply };
      };
      const unavailable: NotificationResult = { reply: { status: 503, contentType: 'text/plain', body: 'try again later' }, attempt: null, settled: null };
      const adapters = adaptersOf(provider);
      if (adapters.length === 0) return refuse();
      const site = await readSite(strapi);
      const reference = adapters[0].referenceOf(request);
      const attempt = reference ? await readAttempt({ provider, provider_reference: reference }) : null;

      if (!attempt) {
        // Nothing to settle. A message one of the provider's enabled methods vouches for is answered 404 (the provider retries it later).
        for (const method of await enabledMethodsOf(provider)) {
          let verified;
          try {
            verified = await getPaymentAdapter(method.method_id).verifyCallback(request, await configOf(strapi, method, site, cmsUrl));
          } catch (error) {
            if (!(error instanceof PaymentError)) throw error;
            return unavailable;
          }
          if (verified.ok) {
            strapi.log.warn(`[payment] ${provider} notification for unknown reference ${verified.providerReference}`);
            return { reply: { status: 404, contentType: 'text/plain', body: 'unknown payment' }, attempt: null, settled: null };
          }
          refused.reply = verified.reply;
        }
        strapi.log.warn(`[payment] ${provider} notification refused: ${reference ? `no attempt ${reference}` : 'it names no attempt'}`);
        return refuse();
      }

      const method = await readMethod(strapi, { method_id: attempt.method_id });
      if (!method || method.enabled === false) {
        strapi.log.warn(`[payment] ${provider} notification for attempt ${attempt.id} refused: its payment method ${attempt.method_id} is disabled`);
        return refuse();
      }
      let verified;
      try {
        verified = await getPaymentAdapter(attempt.method_id).verifyCallback(request, await configOf(strapi, method, site, cmsUrl));
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        strapi.log.warn(`[payment] ${provider} notification could not be checked: ${error.message}`);
        return unavailable;
      }
      if (!verified.ok) {
        strapi.log.warn(`[payment] ${provider} notification refused: ${verified.reason}`);
        return refuse(verified.reply);
      }
      if (verified.providerReference !== attempt.provider_reference) {
        strapi.log.warn(`[payment] ${provider} notification refused: it names ${reference} but verifies as ${verified.providerReference}`);
        return refuse();
      }
      const settled = await service.settle(attempt.id, verified);
      return { reply: verified.reply, attempt, settled };
    },

    readAttempt,
  };
  return service;
};

export type SettlementService = ReturnType<typeof settlementService>;

export default settlementService;
