/**
 * Placing an order (POST /private/cart/order) and reading one back. The client's
 * prices, discounts and status are ignored: every total is recomputed with the
 * shared pricing engine from the plans, coupons, promotions, settings and shipping
 * fees in the database. Seats and coupon uses are taken in the transaction that
 * writes the order, with conditional updates, so two buyers can never both get the
 * last seat or the last use of a coupon; if any of them fails, nothing is written.
 */
import { ordersPlaced } from '../../../http/metrics';
import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { OrderStatus, WithholdingPercent } from '@sala/shared/constants';
import { DEFAULT_WITHHOLDING_PERCENT, MS_PER_HOUR, PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { checkOrder, courseShipsItem, isInstructorOnly } from '@sala/shared/eligibility';
import { priceCart, type PriceBreakdown, type PricingLineInput, type RejectedCoupon } from '@sala/shared/pricing';
import type { OrderPayload } from '@sala/shared/schemas';
import { defaultTranslate } from '@sala/shared/texts';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { pricingSettingsOf, withholdingPercentsOf } from '@sala/shared/settings';
import { publishToUser } from '../../../realtime';
import { missingTaxInvoiceDetails, taxInfoSnapshot, taxInvoiceOf, toBuyer, userGroupOf } from '../lib/buyer';
import type { PlanViewer } from '@sala/shared/plans';
import { createOrderRows } from '../lib/order-rows';
import { createOrderReads } from '../lib/order-reads';
import { orderPromptPay } from '../lib/prompt-pay';
import { checkCoupons, checkPlansAndDates, couponError, fail, moneyColumns, namesOf, problemError, productKey, writtenOrder, type MethodRow, type ProductLine } from '../lib/order-rules';
import { createRows } from '../../../lib/rows';
import { ORDER_SETTING_FIELDS, type OrderSettingRow } from '../../../lib/site-settings';
import { UID, claimCouponUse, claimSeat, claimStock, lockBuyer } from '../lib/db';
import {
  ORDER_FIELDS,
  ORDER_POPULATE,
  OWN_ORDER_FIELDS,
  OWN_ORDER_POPULATE,
  toOrderDetail,
  toOwnOrderListItem,
  toPaymentOrderDetail,
  type OrderDetail,
  type OrderRow,
  type OwnOrderListItem,
  type OwnReportRow,
  type PaymentOrderDetail,
} from '../lib/order-detail';
import { isOpenToGroup, toCouponInput, toPromotionInput } from '../lib/pricing-input';
import type { OrderClaims, OrderStateService } from './order-state';
import type { MailOutboxService } from '../../mail/services/outbox';
import type { Student } from '../../../http/ctx';
import type { CreditNoteService } from '../../order-paperwork/services/credit-note';
import type { WithholdingCertificateService } from '../../order-paperwork/services/withholding-certificate';
import type { TaxDocumentService } from '../../tax-document/services/tax-document';

export type PlaceOrderArgs = {
  buyer: Student;
  payload: OrderPayload;
  now?: Date;
  /** The site settings this request has already read (the guard's, docs/decisions/147); read here when not given. */
  settings?: OrderSettingRow | null;
};

export type PlacedOrder = {
  orderId: number;
  order_detail: OrderDetail & { order_token: string };
  /** A free order on a plan that needs approval waits for the admin ("Need approved by admin"). */
  needApproval: boolean;
};

function orderToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

const orderService = ({ strapi }: { strapi: Core.Strapi }) => {
  const orderState = () => strapi.service('api::checkout.order-state') as OrderStateService;
  const mailOutbox = () => strapi.service('api::mail.outbox') as MailOutboxService;
  const rows = createOrderRows(strapi);
  const reads = createRows(strapi);

  async function readOrder(where: Record<string, unknown>): Promise<OrderRow | null> {
    return (await strapi.db.query(UID.order).findOne({ where, select: ORDER_FIELDS, populate: ORDER_POPULATE })) as OrderRow | null;
  }
  const { loadCatalogue, loadProductLines, loadShipping, checkEligibility } = createOrderReads(strapi);

  return {
    /** Places the buyer's order; see the module comment. Throws ApiError with the spec's code on every refusal. */
    async place({ buyer, payload, now = new Date(), settings }: PlaceOrderArgs): Promise<PlacedOrder> {
      if (payload.user_id !== buyer.id) throw forbidden('PERMISSION_DENIED');
      if (isInstructorOnly(toBuyer(buyer))) throw forbidden('INSTRUCTOR_CANNOT_BUY');
      const currency = payload.currency_code;

      const setting = settings !== undefined ? settings : await reads.readFirst<OrderSettingRow>(UID.siteSetting, ORDER_SETTING_FIELDS, {});
      const method = await reads.readFirst<MethodRow>(UID.paymentMethod, ['id', 'method_id', 'enabled'], { method_id: payload.payment_method_id });
      if (!method || method.enabled === false) throw fail('NO_PAYMENT_METHOD', { payment_method_id: payload.payment_method_id });

      // The buyer as the listing sees them; their courses are read only for a plan free for owners of other courses.
      let owned: Promise<number[]> | null = null;
      const viewer = async (): Promise<PlanViewer> => {
        owned ??= strapi.service('api::learning.learning').ownedCourseIds(buyer.id) as Promise<number[]>;
        return { loggedIn: true, ownedCourseIds: await owned };
      };
      const catalogue = await loadCatalogue(buyer, payload, now, viewer);
      const { profile, lines } = catalogue;
      const productLines = await loadProductLines(payload, now, viewer);
      checkPlansAndDates(lines, productLines, profile, now);
      const structural = checkOrder({
        courses: [
          ...lines.map((line) => ({ courseId: line.course.id, courseType: line.course.course_type, planId: line.plan.id, shipsItem: courseShipsItem(line.course) })),
          ...productLines.map((line) => ({ courseId: productKey(line.product.id), courseType: 'product' as const, planId: line.plan.id })),
        ],
        paymentMethodId: method.method_id,
        owned: [],
        buyer: toBuyer(profile),
        shippingAddressId: payload.shipping_address_id,
        shippingFeeId: payload.shipping_fee_id,
      });
      if (structural.length > 0) throw fail(structural[0].code, structural[0].courseId ? namesOf(lines, [structural[0].courseId]) : {});
      const shipping = await loadShipping(lines, productLines, payload, profile.id, currency);

      const userGroupId = userGroupOf(profile);
      const coupons = checkCoupons(catalogue.coupons, userGroupId);
      const refusedCoupons = [...catalogue.couponRefusals, ...coupons.refused];
      if (refusedCoupons.length > 0) throw couponError(refusedCoupons);
      const promotions = catalogue.promotions.filter((row) => isOpenToGroup(row.user_groups, userGroupId));
      const withholdingPercent: WithholdingPercent = payload.withholding_percent ?? DEFAULT_WITHHOLDING_PERCENT;
      const withholding = payload.is_withholding && setting?.is_enable_withholding_tax !== false;
      if (withholding && !withholdingPercentsOf(setting).includes(withholdingPercent)) {
        throw badRequest('VALIDATION_ERROR', undefined, { errors: { withholding_percent: [defaultTranslate('error_validation_error')] } });
      }

      const pricingLines: PricingLineInput[] = [
        ...lines.map((line) => ({
          courseId: line.course.id,
          title: line.course.title,
          courseType: line.course.course_type,
          plan: { id: line.plan.id, priceAmount: line.plan.price, priceUsdAmount: line.plan.price_usd },
          quantity: 1,
        })),
        ...productLines.map((line) => ({
          courseId: productKey(line.product.id),
          title: line.product.title,
          courseType: 'product' as const,
          plan: { id: line.plan.id, priceAmount: line.plan.price, priceUsdAmount: line.plan.price_usd },
          quantity: line.quantity,
        })),
      ];
      const breakdown = priceCart({
        currency,
        lines: pricingLines,
        coupons: coupons.rows.map(toCouponInput),
        promotions: promotions.map(toPromotionInput),
        promotionId: payload.promotion_id,
        paymentMethodId: method.method_id,
        shippingFeeAmount: shipping.amount,
        taxInvoice: taxInvoiceOf(profile),
        withholding: { enabled: withholding, percent: withholdingPercent },
        settings: pricingSettingsOf(setting),
        now,
      });
      const problem = problemError(breakdown, lines);
      if (problem) throw problem;
      // Below 1,000 THB (30 USD) the tax-invoice check is skipped (spec section 9).
      if (breakdown.taxInvoiceCheckRequired) {
        const missing = missingTaxInvoiceDetails(profile, defaultTranslate);
        if (Object.keys(missing).length > 0) throw badRequest('VALIDATION_ERROR', undefined, { errors: missing });
      }
      if (breakdown.rejectedCoupons.length > 0) throw couponError(breakdown.rejectedCoupons as RejectedCoupon[]);

      const autoCancelHours = setting?.auto_cancel ?? 0;
      const needApproval = breakdown.zeroTotal && lines.some((line) => line.plan.plan_type === 'Free' && line.plan.need_approval);
      const couponIds = breakdown.appliedCoupons.map((coupon) => coupon.id).sort((a, b) => a - b);
      const courseIds = lines.map((line) => line.course.id).sort((a, b) => a - b);

      const cancelAt = autoCancelHours > 0 ? new Date(now.getTime() + autoCancelHours * MS_PER_HOUR) : null;
      const placed = await strapi.db.transaction(async ({ trx, onCommit }) => {
        await lockBuyer(strapi, trx, profile.id);
        await checkEligibility(profile, lines, trx);
        // Always in id order, so two orders never wait on each other's rows in opposite orders.
        const full = [];
        for (const courseId of courseIds) if (!(await claimSeat(strapi, trx, courseId))) full.push(courseId);
        if (full.length > 0) throw fail('NO_MORE_SEAT', namesOf(lines, full));
        for (const couponId of couponIds) {
          if (!(await claimCouponUse(strapi, trx, couponId))) {
            const coupon = breakdown.appliedCoupons.find((c) => c.id === couponId);
            throw couponError([{ id: couponId, code: coupon?.code ?? null, reason: 'coupon_full' }]);
          }
        }

        const stock = productLines.map((line) => ({ id: line.product.id, quantity: line.quantity })).sort((a, b) => a.id - b.id);
        for (const item of stock) {
          if (!(await claimStock(strapi, trx, item.id, item.quantity))) {
            const line = productLines.find((l) => l.product.id === item.id) as ProductLine;
            const left = (await strapi.db.query(UID.product).findOne({ select: ['available_qty'], where: { id: item.id } })) as { available_qty: number | null } | null;
            throw fail('OUT_OF_STOCK', { product_ids: [item.id], names: [line.product.title], available_qty: left?.available_qty ?? 0 });
          }
        }

        const claims: OrderClaims = { courseIds, couponIds, ...(stock.length > 0 ? { products: stock } : {}) };
        const { totals } = breakdown;
        const token = orderToken();
        const [orderId] = await rows.insertEntries(trx, UID.order, [
          {
            order_token: token,
            state: 'notYetReceived' satisfies OrderStatus,
            user: profile.id,
            currency_code: currency,
            ...moneyColumns(totals),
            vat_mode: breakdown.vatMode,
            is_withholding: breakdown.withholdingPercent !== null,
            withholding_percent: breakdown.withholdingPercent ?? 0,
            is_require_tax_invoice: Boolean(profile.is_require_tax_invoice),
            tax_info: taxInfoSnapshot(profile),
            cancel_at: cancelAt,
            pricing: {
              vat_basis_points: breakdown.vatBasisPoints,
              applied_coupons: breakdown.appliedCoupons,
              applied_promotion: breakdown.appliedPromotion,
              rejected_promotions: breakdown.rejectedPromotions,
              withholding_base: totals.withholdingBase.amount,
              claims,
            },
          },
        ]);
        const link = (relation: string, ids: (number | null)[]) =>
          rows.insertLinks(
            trx,
            UID.order,
            relation,
            ids.filter((id): id is number => id !== null).map((id) => [orderId, id]),
          );
        await link('user', [profile.id]);
        await link('coupons', couponIds);
        await link('promotion', [breakdown.appliedPromotion?.id ?? null]);
        await link('payment_method', [method.id]);
        await link('shipping_address', [shipping.addressId]);
        await link('shipping_fee_option', [shipping.feeId]);
        // In the cart's order, so reading the lines back by id keeps it.
        const lineIds = await rows.insertEntries(
          trx,
          UID.orderLine,
          breakdown.lines.map((line) => ({
            title: line.title,
            course_type: line.courseType,
            quantity: line.quantity,
            price: line.listAmount,
            discount: line.discountAmount,
            net: line.netAmount,
          })),
        );
        const lineLinks = (relation: string, other: (line: PriceBreakdown['lines'][number]) => number | null) =>
          rows.insertLinks(
            trx,
            UID.orderLine,
            relation,
            breakdown.lines.flatMap((line, index): [number, number][] => {
              const id = other(line);
              return id === null ? [] : [[lineIds[index], id]];
            }),
            { relatedAreNew: relation === 'order' },
          );
        await lineLinks('order', () => orderId);
        await lineLinks('course', (line) => (line.courseId > 0 ? line.courseId : null));
        await lineLinks('product', (line) => (line.courseId < 0 ? -line.courseId : null));
        await lineLinks('pricing_plan', (line) => line.planId);
        const order = { id: orderId, order_token: token };
        // A bank-transfer order waits for the buyer's transfer: the accounts and the exact-amount QR by
        // mail (ADR 204), one outbox row here, composed by the mail worker from the committed order.
        if (!breakdown.zeroTotal && method.method_id === PAYMENT_METHOD_IDS.BANK_TRANSFER && profile.email) {
          await mailOutbox().queue('order-placed', { to: profile.email, subject: defaultTranslate('mail_order_placed_subject', { orderId }), recipe: 'order-placed', id: orderId });
        }
        onCommit(() => publishToUser(strapi, profile.id, 'order:status', { orderId: order.id, order_token: order.order_token, status: 'created' }));

        if (breakdown.zeroTotal) {
          // A free order files its zero payment report at once and skips the payment step.
          const report = (await strapi.db.query(UID.paymentReport).create({
            data: {
              order: order.id,
              user: profile.id,
              payment_method: method.id,
              state: 'pending',
              contact_name: [profile.firstname, profile.lastname].filter(Boolean).join(' ') || profile.username,
              email: profile.email,
              tel: typeof profile.tel === 'string' ? profile.tel : null,
              transfer_datetime: now,
              time: now.toISOString().slice(11, 19),
              transfer_amount: 0,
              description: 'free order',
              address: '-',
            },
          })) as { id: number };
          if (needApproval) await orderState().markPending(order.id);
          else await orderState().approve({ orderId: order.id, by: 'free', paymentReportId: report.id, now });
        }
        return { id: order.id, token, lineIds };
      });

      ordersPlaced.inc();
      // A free order's state moved on in the transaction: read it back. Any other order is what was just written.
      const stored = breakdown.zeroTotal
        ? ((await readOrder({ id: placed.id })) as OrderRow)
        : writtenOrder({ ...placed, state: 'notYetReceived', currency, breakdown, cancelAt, method, profile, lines, productLines });
      return { orderId: placed.id, order_detail: { ...toOrderDetail(stored), order_token: stored.order_token }, needApproval };
    },

    /** The caller's own order; 404 for anyone else's (the same answer as for an id that does not exist). */
    async findOwnOrder(userId: number, orderId: number): Promise<OrderDetail> {
      const order = await readOrder({ id: orderId, user: { id: userId } });
      if (!order) throw notFound();
      return toOrderDetail(order);
    },

    /**
     * GET /private/orders: the caller's own orders, newest first; with `orderToken` only the
     * order of that token (none when it is someone else's: the token alone grants nothing here).
     */
    async listOwnOrders(userId: number, args: { page: number; pageSize: number; orderToken?: string }): Promise<{ data: OwnOrderListItem[]; total: number }> {
      const where: Record<string, unknown> = { user: { id: userId } };
      if (args.orderToken !== undefined) where.order_token = args.orderToken;
      const [rows, total] = await Promise.all([
        strapi.db.query(UID.order).findMany({
          where,
          select: OWN_ORDER_FIELDS,
          populate: OWN_ORDER_POPULATE,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: (args.page - 1) * args.pageSize,
          limit: args.pageSize,
        }) as Promise<(OrderRow & { createdAt?: string; approved_at?: string | null; payment_reports?: OwnReportRow[] })[]>,
        strapi.db.query(UID.order).count({ where }),
      ]);
      const ids = rows.map((row) => row.id);
      const [documents, certificates, creditNotes] = await Promise.all([
        (strapi.service('api::tax-document.tax-document') as TaxDocumentService).listForOrders(ids),
        (strapi.service('api::order-paperwork.withholding-certificate') as WithholdingCertificateService).listForOrders(ids),
        (strapi.service('api::order-paperwork.credit-note') as CreditNoteService).listForOrders(ids),
      ]);
      return {
        data: rows.map((row) => ({
          ...toOwnOrderListItem(row),
          tax_document: documents.get(row.id) ?? null,
          withholding_certificate: certificates.get(row.id) ?? null,
          credit_note: creditNotes.get(row.id) ?? null,
        })),
        total: Number(total),
      };
    },

    /** The payment screen's order: the same, plus the buyer's e-mail and phone and the order token. */
    async findOwnOrderForPayment(userId: number, orderId: number): Promise<PaymentOrderDetail> {
      const order = await readOrder({ id: orderId, user: { id: userId } });
      if (!order) throw notFound();
      return toPaymentOrderDetail(order, await orderPromptPay(strapi, order));
    },

    /** POST /public/cart/deleteorder: the owner calls off an unpaid order; its seats and coupon uses go back. */
    async cancelOwnUnpaidOrder(userId: number, orderId: number): Promise<{ orderId: number; payment_status: OrderStatus }> {
      const order = await readOrder({ id: orderId, user: { id: userId } });
      if (!order) throw notFound();
      const result = await orderState().cancel({ orderId, reason: 'called off by the buyer', allowedFrom: ['notYetReceived'] });
      return { orderId, payment_status: result.order.status };
    },
  };
};

export type OrderServiceApi = ReturnType<typeof orderService>;

export default orderService;
