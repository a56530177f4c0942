/**
 * Placing an order (POST /private/cart/order) and reading one back. The client's
 * prices, discounts and status are ignored: every total is recomputed with the
 * shared pricing engine from the plans, coupons, promotions, settings and shipping
 * fees in the database. Seats and coupon uses are taken in the transaction that
 * writes the order, with conditional updates, so two buyers can never both get the
 * last seat or the last use of a coupon; if any of them fails, nothing is written.
 */
import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { CouponReason, Currency, ErrorCode, OrderStatus, WithholdingPercent } from '@sala/shared/constants';
import { DEFAULT_WITHHOLDING_PERCENT, MS_PER_HOUR } from '@sala/shared/constants';
import { canPurchase, checkOrder, hasCourse, isInstructorOnly } from '@sala/shared/eligibility';
import { priceCart, type PriceBreakdown, type PricingLineInput, type RejectedCoupon } from '@sala/shared/pricing';
import type { OrderPayload } from '@sala/shared/schemas';
import { defaultTranslate } from '@sala/shared/texts';
import type { Student } from '../../../http/auth';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../../http/errors';
import { publishToUser } from '../../../realtime';
import { publishedWhere } from '../../catalog/services/catalog';
import { isMember, loadBuyerHistory, taxInfoSnapshot, taxInvoiceOf, toBuyer, userGroupOf } from '../lib/buyer';
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
import {
  COUPON_FIELDS,
  COUPON_POPULATE,
  COURSE_FIELDS,
  PLAN_FIELDS,
  PROMOTION_FIELDS,
  PROMOTION_POPULATE,
  SETTING_FIELDS,
  isOpenToGroup,
  toCouponInput,
  toPricingSettings,
  toPromotionInput,
  type CouponRow,
  type CourseRow,
  type PlanRow,
  type PromotionRow,
  type SettingRow,
} from '../lib/pricing-input';
import type { OrderClaims, OrderStateService } from './order-state';

export type PlaceOrderArgs = { buyer: Student; payload: OrderPayload; now?: Date };

export type PlacedOrder = {
  orderId: number;
  order_detail: OrderDetail & { order_token: string };
  /** A free order on a plan that needs approval waits for the admin ("Need approved by admin"). */
  needApproval: boolean;
};

type MethodRow = { id: number; method_id: number; enabled: boolean | null };
type FeeRow = { id: number; price: number; price_usd: number | null; enabled: boolean | null };
type Line = { course: CourseRow; plan: PlanRow };
type ProductRow = { id: number; title: string; available_qty: number | null };
type ProductLine = { product: ProductRow; plan: PlanRow; quantity: number };

/**
 * Products share the engine and the order checks with courses under a key of their own:
 * the negated product id, so a product never collides with a course of the same id.
 */
const productKey = (productId: number) => -productId;
type CouponProblem = { id: number | null; code: string | null; reason: CouponReason };

/** Codes answered 409: the request was fine, the shop's state refused it. */
const CONFLICT_CODES: readonly ErrorCode[] = ['NO_MORE_SEAT', 'ORDER_IN_PROGRESS', 'COURSE_DUPLICATE', 'HAVE_COURSE', 'OUT_OF_STOCK'];

function fail(code: ErrorCode, result: Record<string, unknown> = {}): ApiError {
  return CONFLICT_CODES.includes(code) ? conflict(code, undefined, { result }) : badRequest(code, undefined, { result });
}

function namesOf(lines: Line[], courseIds: number[]) {
  const wanted = lines.filter((line) => courseIds.includes(line.course.id));
  return { course_ids: wanted.map((line) => line.course.id), names: wanted.map((line) => line.course.title) };
}

/** Every coupon refused is named with its reason; 409 when they are only used up (the race was lost), else 400. */
function couponError(problems: CouponProblem[]): ApiError {
  const result = { codes: problems.map((p) => p.code).filter((code): code is string => Boolean(code)), coupons: problems };
  return problems.every((p) => p.reason === 'coupon_full')
    ? conflict('COUPON_NOT_AVAILABLE', undefined, { result })
    : badRequest('COUPON_NOT_AVAILABLE', undefined, { result });
}

function orderToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function dateMs(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

const orderService = ({ strapi }: { strapi: Core.Strapi }) => {
  const orderState = () => strapi.service('api::checkout.order-state') as OrderStateService;

  async function readOrder(where: Record<string, unknown>): Promise<OrderRow | null> {
    return (await strapi.db.query(UID.order).findOne({ where, select: ORDER_FIELDS, populate: ORDER_POPULATE })) as OrderRow | null;
  }

  /** The buyer's profile as the purchase rules need it (the guard loads the role only). */
  async function loadProfile(buyer: Student): Promise<Student> {
    const row = (await strapi.db.query(UID.user).findOne({
      where: { id: buyer.id },
      populate: { user_group: { select: ['id'] } },
    })) as Student | null;
    if (!row) throw forbidden('PERMISSION_DENIED');
    return { ...row, role: buyer.role };
  }

  /** The courses in the order with the plan chosen for each; 404 for a course that is not on sale. */
  async function loadLines(payload: OrderPayload, now: Date): Promise<Line[]> {
    const courses = (await strapi.db.query(UID.course).findMany({
      select: COURSE_FIELDS,
      where: { $and: [{ id: { $in: payload.course_id } }, publishedWhere(now)] },
    })) as CourseRow[];
    const byId = new Map(courses.map((course) => [course.id, course]));
    const missing = payload.course_id.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { course_ids: missing } });

    const plans = (await strapi.db.query(UID.plan).findMany({
      select: PLAN_FIELDS,
      where: { id: { $in: payload.pricingplan_id } },
      populate: { course: { select: ['id'] }, free_courses: { select: ['id'] } },
    })) as PlanRow[];
    const plansById = new Map(plans.map((plan) => [plan.id, plan]));
    const lines: Line[] = [];
    const withoutPlan: number[] = [];
    payload.course_id.forEach((courseId, index) => {
      const plan = plansById.get(payload.pricingplan_id[index]);
      const course = byId.get(courseId) as CourseRow;
      if (!plan || plan.course?.id !== courseId || plan.status_show === false) withoutPlan.push(courseId);
      else lines.push({ course, plan });
    });
    if (withoutPlan.length > 0) {
      const named = payload.course_id.filter((id) => withoutPlan.includes(id)).map((id) => byId.get(id) as CourseRow);
      throw fail('NO_PRICING_PLAN', { course_ids: withoutPlan, names: named.map((course) => course.title) });
    }
    return lines;
  }

  /**
   * The products in the order, each on its plan (the listed default when none is named) and
   * within its stock; 404 for a product not on sale, 409 OUT_OF_STOCK with what is left.
   */
  async function loadProductLines(payload: OrderPayload, now: Date): Promise<ProductLine[]> {
    if (payload.products.length === 0) return [];
    const ids = payload.products.map((line) => line.product_id);
    const products = (await strapi.db.query(UID.product).findMany({
      select: ['id', 'title', 'available_qty'],
      where: { $and: [{ id: { $in: ids } }, publishedWhere(now)] },
    })) as ProductRow[];
    const byId = new Map(products.map((product) => [product.id, product]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { product_ids: missing } });
    const plans = (await strapi.db.query(UID.plan).findMany({
      select: [...PLAN_FIELDS, 'is_default'],
      where: { product: { id: { $in: ids } }, status_show: { $ne: false } },
      populate: { product: { select: ['id'] } },
      orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    })) as (PlanRow & { is_default: boolean | null; product?: { id: number } | null })[];
    const lines: ProductLine[] = [];
    for (const wanted of payload.products) {
      const own = plans.filter((plan) => plan.product?.id === wanted.product_id);
      const plan = wanted.pricingplan_id
        ? own.find((p) => p.id === wanted.pricingplan_id)
        : (own.find((p) => p.is_default && p.pricing_type === 'default' && p.price !== null) ?? own.find((p) => p.pricing_type === 'default' && p.price !== null));
      const product = byId.get(wanted.product_id) as ProductRow;
      if (!plan) throw fail('NO_PRICING_PLAN', { product_ids: [product.id], names: [product.title] });
      if (product.available_qty !== null && wanted.quantity > product.available_qty) {
        throw fail('OUT_OF_STOCK', { product_ids: [product.id], names: [product.title], available_qty: product.available_qty });
      }
      lines.push({ product, plan, quantity: wanted.quantity });
    }
    return lines;
  }

  /** Plan rules the engine does not know: member-only plans, plans free only for owners of other courses, the registration window. */
  function checkPlansAndDates(lines: Line[], profile: Student, ownedIds: Set<number>, now: Date): void {
    const memberOnly = lines.filter((line) => line.plan.is_for_member && !isMember(profile));
    if (memberOnly.length > 0) throw fail('MEMBER_ONLY_PLAN', namesOf(lines, memberOnly.map((l) => l.course.id)));
    const notOwner = lines.filter((line) => line.plan.free_for === 'Student' && !(line.plan.free_courses ?? []).every((c) => ownedIds.has(c.id)));
    if (notOwner.length > 0) throw fail('NO_PRICING_PLAN', { ...namesOf(lines, notOwner.map((l) => l.course.id)), reason: 'free_for_student' });
    for (const reason of ['registration_not_open', 'registration_closed'] as const) {
      const closed = lines.filter((line) => {
        const start = dateMs(line.course.startRegDate);
        const end = dateMs(line.course.endRegDate);
        return reason === 'registration_not_open' ? start !== null && now.getTime() < start : end !== null && now.getTime() > end;
      });
      if (closed.length > 0) throw fail('TIME_LEFT', { ...namesOf(lines, closed.map((l) => l.course.id)), reason });
    }
  }

  /** Shipping applies to products only: the buyer's own address and an enabled fee. */
  async function loadShipping(lines: Line[], productLines: ProductLine[], payload: OrderPayload, userId: number, currency: Currency) {
    if (productLines.length === 0 && !lines.some((line) => line.course.course_type === 'product')) return { amount: 0, addressId: null, feeId: null };
    const address = payload.shipping_address_id
      ? await strapi.db.query(UID.shippingAddress).findOne({ where: { id: payload.shipping_address_id, user: { id: userId } }, select: ['id'] })
      : null;
    if (!address) throw fail('SHIPPING_ADDRESS_REQUIRED');
    const fee = payload.shipping_fee_id
      ? ((await strapi.db.query(UID.shippingFee).findOne({ where: { id: payload.shipping_fee_id }, select: ['id', 'price', 'price_usd', 'enabled'] })) as FeeRow | null)
      : null;
    if (!fee || fee.enabled === false) throw fail('SHIPPING_METHOD_REQUIRED');
    const amount = currency === 'USD' ? fee.price_usd : fee.price;
    if (amount === null) throw fail('USD_PRICE_MISSING', { shipping_fee_id: fee.id });
    return { amount, addressId: address.id as number, feeId: fee.id };
  }

  /** The coupon records of the ids sent; an unknown, inactive or group-restricted coupon is refused. */
  async function loadCoupons(ids: number[], userGroupId: number | null) {
    if (ids.length === 0) return { rows: [] as CouponRow[], refused: [] as CouponProblem[] };
    const rows = (await strapi.db.query(UID.coupon).findMany({
      select: COUPON_FIELDS,
      where: { id: { $in: ids } },
      populate: COUPON_POPULATE,
    })) as CouponRow[];
    const refused: CouponProblem[] = [];
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.is_active === false) refused.push({ id, code: row?.code ?? null, reason: 'dont_have_coupon' });
      else if (!isOpenToGroup(row.user_groups, userGroupId)) refused.push({ id, code: row.code, reason: 'not_support' });
    }
    return { rows: rows.filter((row) => !refused.some((r) => r.id === row.id)), refused };
  }

  async function loadPromotions(userGroupId: number | null): Promise<PromotionRow[]> {
    const rows = (await strapi.db.query(UID.promotion).findMany({
      select: PROMOTION_FIELDS,
      where: { is_active: true },
      populate: PROMOTION_POPULATE,
    })) as PromotionRow[];
    return rows.filter((row) => isOpenToGroup(row.user_groups, userGroupId));
  }

  /** The first thing the engine says stops the order, as the spec's error. */
  function problemError(breakdown: PriceBreakdown, lines: Line[]): ApiError | null {
    const first = breakdown.problems[0];
    if (!first) return null;
    const courseIds = breakdown.problems.filter((p) => p.code === first.code && p.courseId !== undefined).map((p) => p.courseId as number);
    const result: Record<string, unknown> = courseIds.length > 0 ? namesOf(lines, courseIds) : {};
    if (first.code === 'PROMOTION_REQUIRED') result.promotion_ids = breakdown.applicablePromotionIds;
    return fail(first.code, result);
  }

  /** Blocked statuses, rebuy rules and courses owned on a non-default plan, from the buyer's orders as they are now. */
  async function checkEligibility(profile: Student, lines: Line[]): Promise<void> {
    const history = await loadBuyerHistory(strapi, profile.id);
    const buyer = toBuyer(profile);
    const refusals = lines.flatMap((line) => {
      const decision = canPurchase({ buyer, statusOrder: history.latestStatus.get(line.course.id) ?? null, courseType: line.course.course_type });
      if (!decision.allowed) return [{ courseId: line.course.id, code: decision.code, reason: decision.reason as string }];
      if (hasCourse(line.course.id, history.owned)) return [{ courseId: line.course.id, code: 'HAVE_COURSE' as ErrorCode, reason: 'have_course' }];
      return [];
    });
    if (refusals.length === 0) return;
    const same = refusals.filter((refusal) => refusal.code === refusals[0].code);
    throw fail(refusals[0].code, { ...namesOf(lines, same.map((r) => r.courseId)), reasons: same.map((r) => r.reason) });
  }

  return {
    /** Places the buyer's order; see the module comment. Throws ApiError with the spec's code on every refusal. */
    async place({ buyer, payload, now = new Date() }: PlaceOrderArgs): Promise<PlacedOrder> {
      if (payload.user_id !== buyer.id) throw forbidden('PERMISSION_DENIED');
      const profile = await loadProfile(buyer);
      if (isInstructorOnly(toBuyer(profile))) throw forbidden('INSTRUCTOR_CANNOT_BUY');
      const currency = payload.currency_code;

      const setting = (await strapi.db.query(UID.siteSetting).findOne({ select: SETTING_FIELDS })) as SettingRow | null;
      const method = (await strapi.db.query(UID.paymentMethod).findOne({
        where: { method_id: payload.payment_method_id },
        select: ['id', 'method_id', 'enabled'],
      })) as MethodRow | null;
      if (!method || method.enabled === false) throw fail('NO_PAYMENT_METHOD', { payment_method_id: payload.payment_method_id });

      const lines = await loadLines(payload, now);
      const productLines = await loadProductLines(payload, now);
      const history = await loadBuyerHistory(strapi, profile.id);
      checkPlansAndDates(lines, profile, new Set(history.owned.map((o) => o.courseId)), now);
      const structural = checkOrder({
        courses: [
          ...lines.map((line) => ({ courseId: line.course.id, courseType: line.course.course_type, planId: line.plan.id })),
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
      const coupons = await loadCoupons(payload.coupon_id, userGroupId);
      if (coupons.refused.length > 0) throw couponError(coupons.refused);
      const promotions = await loadPromotions(userGroupId);
      const allowedPercents = Array.isArray(setting?.withholding_percents) ? (setting.withholding_percents as unknown[]).map(Number) : null;
      const withholdingPercent: WithholdingPercent = payload.withholding_percent ?? DEFAULT_WITHHOLDING_PERCENT;
      const withholding = payload.is_withholding && setting?.is_enable_withholding_tax !== false;
      if (withholding && allowedPercents && !allowedPercents.includes(withholdingPercent)) {
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
        settings: toPricingSettings(setting),
        now,
      });
      const problem = problemError(breakdown, lines);
      if (problem) throw problem;
      if (breakdown.rejectedCoupons.length > 0) throw couponError(breakdown.rejectedCoupons as RejectedCoupon[]);

      const autoCancelHours = setting?.auto_cancel ?? 0;
      const needApproval = breakdown.zeroTotal && lines.some((line) => line.plan.plan_type === 'Free' && line.plan.need_approval);
      const couponIds = breakdown.appliedCoupons.map((coupon) => coupon.id).sort((a, b) => a - b);
      const courseIds = lines.map((line) => line.course.id).sort((a, b) => a - b);

      const orderId = await strapi.db.transaction(async ({ trx, onCommit }) => {
        await lockBuyer(strapi, trx, profile.id);
        await checkEligibility(profile, lines);
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
        const order = (await strapi.db.query(UID.order).create({
          data: {
            order_token: orderToken(),
            status: 'notYetReceived' satisfies OrderStatus,
            user: profile.id,
            currency_code: currency,
            price: totals.subtotal.amount,
            discount: totals.discount.amount,
            shipping_fee: totals.shipping.amount,
            vat: totals.vat.amount,
            withholding_price: totals.withholding.amount,
            net: totals.amountToPay.amount,
            is_withholding: breakdown.withholdingPercent !== null,
            withholding_percent: breakdown.withholdingPercent ?? 0,
            coupons: couponIds,
            promotion: breakdown.appliedPromotion?.id ?? null,
            payment_method: method.id,
            shipping_address: shipping.addressId,
            shipping_fee_option: shipping.feeId,
            is_require_tax_invoice: Boolean(profile.is_require_tax_invoice),
            tax_info: taxInfoSnapshot(profile),
            cancel_at: autoCancelHours > 0 ? new Date(now.getTime() + autoCancelHours * MS_PER_HOUR) : null,
            pricing: {
              vat_basis_points: breakdown.vatBasisPoints,
              applied_coupons: breakdown.appliedCoupons,
              applied_promotion: breakdown.appliedPromotion,
              rejected_promotions: breakdown.rejectedPromotions,
              withholding_base: totals.withholdingBase.amount,
              claims,
            },
          },
        })) as { id: number; order_token: string };
        // In the cart's order, so reading the lines back by id keeps it.
        for (const line of breakdown.lines) {
          await strapi.db.query(UID.orderLine).create({
            data: {
              order: order.id,
              course: line.courseId > 0 ? line.courseId : null,
              product: line.courseId < 0 ? -line.courseId : null,
              pricing_plan: line.planId,
              title: line.title,
              course_type: line.courseType,
              quantity: line.quantity,
              price: line.listAmount,
              discount: line.discountAmount,
              net: line.netAmount,
            },
          });
        }
        onCommit(() => publishToUser(strapi, profile.id, 'order:status', { orderId: order.id, order_token: order.order_token, status: 'created' }));

        if (breakdown.zeroTotal) {
          // A free order files its zero payment report at once and skips the payment step.
          const report = (await strapi.db.query(UID.paymentReport).create({
            data: {
              order: order.id,
              user: profile.id,
              payment_method: method.id,
              status: 'pending',
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
        return order.id;
      });

      const stored = (await readOrder({ id: orderId })) as OrderRow;
      return { orderId, order_detail: { ...toOrderDetail(stored), order_token: stored.order_token }, needApproval };
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
      return { data: rows.map(toOwnOrderListItem), total: Number(total) };
    },

    /** The payment screen's order: the same, plus the buyer's e-mail and phone and the order token. */
    async findOwnOrderForPayment(userId: number, orderId: number): Promise<PaymentOrderDetail> {
      const order = await readOrder({ id: orderId, user: { id: userId } });
      if (!order) throw notFound();
      return toPaymentOrderDetail(order);
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
