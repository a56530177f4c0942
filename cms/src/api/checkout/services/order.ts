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
import { canPurchase, checkOrder, courseShipsItem, hasCourse, isInstructorOnly } from '@sala/shared/eligibility';
import { priceCart, type PriceBreakdown, type PricingLineInput, type RejectedCoupon } from '@sala/shared/pricing';
import type { OrderPayload } from '@sala/shared/schemas';
import { defaultTranslate } from '@sala/shared/texts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { pricingSettingsOf, withholdingPercentsOf } from '@sala/shared/settings';
import { publishToUser } from '../../../realtime';
import { isPublishedAt, publishedWhere } from '../../../lib/publishing';
import { isMember, loadBuyerHistory, taxInfoSnapshot, taxInvoiceOf, toBuyer, userGroupOf } from '../lib/buyer';
import { claimedCouponIds } from '../lib/coupon-claims';
import { choosePlan, planRowsFor, PLAN_FIELDS as LISTING_PLAN_FIELDS, type PlanRefusal, type PlanRow as ListingPlanRow } from '../../../lib/plans';
import type { PlanViewer } from '@sala/shared/plans';
import { createOrderRows } from '../lib/order-rows';
import { createRows } from '../../../lib/rows';
import { ORDER_SETTING_FIELDS, type OrderSettingRow } from '../../../lib/site-settings';
import { UID, claimCouponUse, claimSeat, claimStock, lockBuyer, type Trx } from '../lib/db';
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
  COURSE_FIELDS,
  PROMOTION_FIELDS,
  PROMOTION_POPULATE,
  isOpenToGroup,
  toCouponInput,
  toPromotionInput,
  type CouponRow,
  type CourseRow,
  type PlanRow,
  type PromotionRow,
} from '../lib/pricing-input';
import type { OrderClaims, OrderStateService } from './order-state';
import type { Student } from '../../../http/ctx';

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

type MethodRow = { id: number; method_id: number; enabled: boolean | null };
type FeeRow = { id: number; price: number; price_usd: number | null; enabled: boolean | null };
type Line = { course: CourseRow; plan: PlanRow };
/** A plan as the order reads it: what pricing needs and what the listing's rules (choosePlan) read. */
type OrderPlan = PlanRow & ListingPlanRow;
type ProductRow = { id: number; title: string; available_qty: number | null };
type ProductLine = { product: ProductRow; plan: PlanRow; quantity: number };
/** The repeatable component of a promotion's tiers. */
const PROMOTION_TIER = 'promotion.tier';

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
  return problems.every((p) => p.reason === 'coupon_full') ? conflict('COUPON_NOT_AVAILABLE', undefined, { result }) : badRequest('COUPON_NOT_AVAILABLE', undefined, { result });
}

function orderToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function dateMs(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** The order's money columns (satang), as the shared pricing engine computed them. */
function moneyColumns(totals: PriceBreakdown['totals']) {
  return {
    price: totals.subtotal.amount,
    discount: totals.discount.amount,
    shipping_fee: totals.shipping.amount,
    vat: totals.vat.amount,
    withholding_price: totals.withholding.amount,
    net: totals.amountToPay.amount,
  };
}

const orderService = ({ strapi }: { strapi: Core.Strapi }) => {
  const orderState = () => strapi.service('api::checkout.order-state') as OrderStateService;
  const rows = createOrderRows(strapi);
  const reads = createRows(strapi);

  /**
   * The order just written, as `readOrder` would read it back: the same values the
   * transaction stored, so the answer needs no read (the lines in id order, as it reads them).
   */
  function writtenOrder(order: {
    id: number;
    token: string;
    lineIds: number[];
    status: OrderStatus;
    currency: Currency;
    breakdown: PriceBreakdown;
    cancelAt: Date | null;
    method: MethodRow;
    profile: Student;
    lines: Line[];
    productLines: ProductLine[];
  }): OrderRow {
    const { totals } = order.breakdown;
    const courseTitle = new Map(order.lines.map((line) => [line.course.id, line.course.title]));
    const productTitle = new Map(order.productLines.map((line) => [line.product.id, line.product.title]));
    return {
      id: order.id,
      order_token: order.token,
      status: order.status,
      currency_code: order.currency,
      ...moneyColumns(totals),
      cancel_at: order.cancelAt ? order.cancelAt.toISOString() : null,
      user: { id: order.profile.id, email: order.profile.email ?? null, tel: typeof order.profile.tel === 'string' ? order.profile.tel : null },
      lines: order.breakdown.lines
        .map((line, index) => ({
          id: order.lineIds[index],
          title: line.title,
          course_type: line.courseType,
          quantity: line.quantity,
          price: line.listAmount,
          discount: line.discountAmount,
          net: line.netAmount,
          course: line.courseId > 0 ? { id: line.courseId, title: courseTitle.get(line.courseId) } : null,
          product: line.courseId < 0 ? { id: -line.courseId, title: productTitle.get(-line.courseId) } : null,
          pricing_plan: line.planId === null ? null : { id: line.planId },
        }))
        .sort((a, b) => a.id - b.id),
      coupons: order.breakdown.appliedCoupons.map((coupon) => ({ id: coupon.id, code: coupon.code })),
      payment_method: { method_id: order.method.method_id },
    };
  }

  async function readOrder(where: Record<string, unknown>): Promise<OrderRow | null> {
    return (await strapi.db.query(UID.order).findOne({ where, select: ORDER_FIELDS, populate: ORDER_POPULATE })) as OrderRow | null;
  }

  /**
   * The courses in the order with the plans chosen for them (404 for a course that is not on
   * sale) in one statement, the coupons sent, the active promotions with the tiers of tiered
   * ones in one more, and every link their checks need (the plans' free courses, the coupons'
   * and promotions' courses, methods and user groups, the buyer's user group) in one more.
   */
  async function loadCatalogue(buyer: Student, payload: OrderPayload, now: Date, viewer: () => Promise<PlanViewer>) {
    // Every plan of each course in the order comes with it: the listing's rules (choosePlan)
    // read them all (the default plan decides on a second-term plan). A plan of no course in
    // the order is not the course's, and linesOf refuses it (NO_PRICING_PLAN).
    const found = await rows.readWithRelated<CourseRow & { is_published: boolean | null; endPublish: string | null }, OrderPlan>(
      UID.course,
      payload.course_id,
      [...COURSE_FIELDS, 'is_published', 'endPublish'],
      { uid: UID.plan, relation: 'course', ids: 'all', fields: LISTING_PLAN_FIELDS },
    );
    const byId = new Map<number, CourseRow>();
    const plans: OrderPlan[] = [];
    for (const { entry, related } of found) {
      if (!isPublishedAt(entry, now)) continue;
      const { is_published: _published, endPublish: _endPublish, ...course } = entry;
      if (!byId.has(course.id)) byId.set(course.id, course);
      if (related) plans.push({ ...related, course: { id: course.id } });
    }
    const missing = payload.course_id.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { course_ids: missing } });

    const { coupons, refused: couponRefusals } = await presentedCoupons(buyer.id, payload);
    const promotions = (
      await rows.readWithComponents<PromotionRow, NonNullable<PromotionRow['tier_list']>[number]>(
        UID.promotion,
        PROMOTION_FIELDS,
        { is_active: true },
        { field: 'tier_list', uid: PROMOTION_TIER, fields: PROMOTION_POPULATE.tier_list.select },
      )
    ).map(({ entry, components }) => ({ ...entry, tier_list: entry.is_enable_tier ? components : [] }));
    const planIds = plans.map((plan) => plan.id);
    const couponIds = coupons.map((coupon) => coupon.id);
    const promotionIds = promotions.map((promotion) => promotion.id);
    const links = await rows.readLinks([
      { kind: 'buyer_group', uid: UID.user, relation: 'user_group', owners: [buyer.id] },
      { kind: 'plan_free', uid: UID.plan, relation: 'free_courses', owners: planIds },
      { kind: 'coupon_course', uid: UID.coupon, relation: 'courses', owners: couponIds },
      { kind: 'coupon_method', uid: UID.coupon, relation: 'payment_methods', owners: couponIds, column: 'method_id' },
      { kind: 'coupon_group', uid: UID.coupon, relation: 'user_groups', owners: couponIds },
      { kind: 'promotion_course', uid: UID.promotion, relation: 'courses', owners: promotionIds },
      { kind: 'promotion_group', uid: UID.promotion, relation: 'user_groups', owners: promotionIds },
    ]);
    const linked = (kind: string, owner: number) => links.filter((link) => link.kind === kind && link.owner === owner).map((link) => link.other);
    const ids = (kind: string, owner: number) => linked(kind, owner).map((id) => ({ id }));

    const group = linked('buyer_group', buyer.id)[0];
    // The guard read every column of the buyer's row in this request; the purchase rules add the user group.
    const profile: Student = { ...buyer, user_group: group === undefined ? null : { id: group } };
    for (const plan of plans) plan.free_courses = ids('plan_free', plan.id);
    for (const coupon of coupons) {
      coupon.courses = ids('coupon_course', coupon.id);
      coupon.payment_methods = linked('coupon_method', coupon.id).map((method_id) => ({ method_id }));
      coupon.user_groups = ids('coupon_group', coupon.id);
    }
    for (const promotion of promotions) {
      promotion.courses = ids('promotion_course', promotion.id);
      promotion.user_groups = ids('promotion_group', promotion.id);
    }
    const chosenFree = payload.pricingplan_id.some((id) => plans.some((plan) => plan.id === id && plan.free_for === 'Student'));
    const lines = linesOf(payload, byId, plans, chosenFree ? await viewer() : { loggedIn: true, ownedCourseIds: [] });
    return { profile, lines, coupons, couponRefusals, promotions };
  }

  /**
   * The coupons the buyer presented (docs/decisions/154): those of the codes sent, and those of
   * the ids sent that the codes sent or the buyer's own earlier look-up by code vouch for. A
   * code that matches no coupon, and an id nothing vouches for (known or not), is refused as
   * dont_have_coupon, naming only what the buyer sent: an id never reveals its code.
   */
  async function presentedCoupons(buyerId: number, payload: OrderPayload): Promise<{ coupons: CouponRow[]; refused: CouponProblem[] }> {
    const codes = payload.coupon_code;
    if (payload.coupon_id.length === 0 && codes.length === 0) return { coupons: [], refused: [] };
    const where = [...(payload.coupon_id.length > 0 ? [{ id: { $in: payload.coupon_id } }] : []), ...codes.map((code) => ({ code: { $eqi: code } }))];
    const found = (await strapi.db.query(UID.coupon).findMany({ select: COUPON_FIELDS, where: { $or: where }, orderBy: { id: 'asc' } })) as CouponRow[];
    const refused: CouponProblem[] = [];
    const chosen = new Map<number, CouponRow>();
    for (const code of codes) {
      const row = found.find((candidate) => candidate.code.toLowerCase() === code.toLowerCase());
      if (row) chosen.set(row.id, row);
      else refused.push({ id: null, code, reason: 'dont_have_coupon' });
    }
    const byId = payload.coupon_id.filter((id) => !chosen.has(id));
    const known = found.filter((row) => byId.includes(row.id));
    const claimed = await claimedCouponIds(strapi, buyerId, known);
    for (const id of byId) {
      const row = known.find((candidate) => candidate.id === id);
      if (row && claimed.has(id)) chosen.set(id, row);
      else refused.push({ id, code: null, reason: 'dont_have_coupon' });
    }
    return { coupons: [...chosen.values()], refused };
  }

  /**
   * Each course of the order on the plan chosen for it, by the listing's rules (choosePlan):
   * NO_PRICING_PLAN for a plan that is not the course's or that the listing hides from this
   * buyer (not shown, renewal or others, no price, owners only, second term), MEMBER_ONLY_PLAN
   * for one it disables.
   */
  function linesOf(payload: OrderPayload, byId: Map<number, CourseRow>, plans: OrderPlan[], viewer: PlanViewer): Line[] {
    const lines: Line[] = [];
    const refused: { courseId: number; refusal: PlanRefusal }[] = [];
    payload.course_id.forEach((courseId, index) => {
      const course = byId.get(courseId) as CourseRow;
      const chosen = choosePlan(
        plans.filter((plan) => plan.course?.id === courseId),
        viewer,
        payload.pricingplan_id[index],
      );
      if ('refusal' in chosen) refused.push({ courseId, refusal: chosen.refusal });
      else lines.push({ course, plan: chosen.plan });
    });
    if (refused.length > 0) {
      const same = refused.filter((r) => r.refusal.code === refused[0].refusal.code);
      const named = same.map((r) => byId.get(r.courseId) as CourseRow);
      throw fail(refused[0].refusal.code, { course_ids: named.map((c) => c.id), names: named.map((c) => c.title), reason: same[0].refusal.reason, reasons: same.map((r) => r.refusal.reason) });
    }
    return lines;
  }

  /**
   * The products in the order, each on its plan (the listed default when none is named) and
   * within its stock; 404 for a product not on sale, 409 OUT_OF_STOCK with what is left.
   */
  async function loadProductLines(payload: OrderPayload, now: Date, viewer: () => Promise<PlanViewer>): Promise<ProductLine[]> {
    if (payload.products.length === 0) return [];
    const ids = payload.products.map((line) => line.product_id);
    const products = (await strapi.db.query(UID.product).findMany({
      select: ['id', 'title', 'available_qty'],
      where: { $and: [{ id: { $in: ids } }, publishedWhere(now)] },
    })) as ProductRow[];
    const byId = new Map(products.map((product) => [product.id, product]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new ApiError(404, 'NOT_FOUND', undefined, { result: { product_ids: missing } });
    const plans = await planRowsFor(strapi, 'product', ids);
    const ownersOnly = [...plans.values()].some((own) => own.some((plan) => plan.free_for === 'Student'));
    const planViewer = ownersOnly ? await viewer() : { loggedIn: true, ownedCourseIds: [] };
    const lines: ProductLine[] = [];
    for (const wanted of payload.products) {
      const product = byId.get(wanted.product_id) as ProductRow;
      // the listing's rules, as for a course (choosePlan); no plan named: the one the listing selects
      const chosen = choosePlan(plans.get(product.id) ?? [], planViewer, wanted.pricingplan_id ?? null);
      if ('refusal' in chosen) throw fail(chosen.refusal.code, { product_ids: [product.id], names: [product.title], reason: chosen.refusal.reason });
      if (product.available_qty !== null && wanted.quantity > product.available_qty) {
        throw fail('OUT_OF_STOCK', { product_ids: [product.id], names: [product.title], available_qty: product.available_qty });
      }
      lines.push({ product, plan: chosen.plan as OrderPlan, quantity: wanted.quantity });
    }
    return lines;
  }

  /**
   * Plan rules beyond the listing's: member-only plans are not for a buyer who bought without
   * registering (courses and products alike); the registration window.
   */
  function checkPlansAndDates(lines: Line[], productLines: ProductLine[], profile: Student, now: Date): void {
    const memberOnly = lines.filter((line) => line.plan.is_for_member && !isMember(profile));
    if (memberOnly.length > 0)
      throw fail(
        'MEMBER_ONLY_PLAN',
        namesOf(
          lines,
          memberOnly.map((l) => l.course.id),
        ),
      );
    const memberOnlyProducts = productLines.filter((line) => line.plan.is_for_member && !isMember(profile));
    if (memberOnlyProducts.length > 0) {
      throw fail('MEMBER_ONLY_PLAN', { product_ids: memberOnlyProducts.map((l) => l.product.id), names: memberOnlyProducts.map((l) => l.product.title) });
    }
    for (const reason of ['registration_not_open', 'registration_closed'] as const) {
      const closed = lines.filter((line) => {
        const start = dateMs(line.course.startRegDate);
        const end = dateMs(line.course.endRegDate);
        return reason === 'registration_not_open' ? start !== null && now.getTime() < start : end !== null && now.getTime() > end;
      });
      if (closed.length > 0)
        throw fail('TIME_LEFT', {
          ...namesOf(
            lines,
            closed.map((l) => l.course.id),
          ),
          reason,
        });
    }
  }

  /** Shipping applies to products and to courses with a printed book: the buyer's own address and an enabled fee. */
  async function loadShipping(lines: Line[], productLines: ProductLine[], payload: OrderPayload, userId: number, currency: Currency) {
    const ships = productLines.length > 0 || lines.some((line) => line.course.course_type === 'product' || courseShipsItem(line.course));
    if (!ships) return { amount: 0, addressId: null, feeId: null };
    const address = payload.shipping_address_id ? await strapi.db.query(UID.shippingAddress).findOne({ where: { id: payload.shipping_address_id, user: { id: userId } }, select: ['id'] }) : null;
    if (!address) throw fail('SHIPPING_ADDRESS_REQUIRED');
    const fee = payload.shipping_fee_id
      ? ((await strapi.db.query(UID.shippingFee).findOne({ where: { id: payload.shipping_fee_id }, select: ['id', 'price', 'price_usd', 'enabled'] })) as FeeRow | null)
      : null;
    if (!fee || fee.enabled === false) throw fail('SHIPPING_METHOD_REQUIRED');
    const amount = currency === 'USD' ? fee.price_usd : fee.price;
    if (amount === null) throw fail('USD_PRICE_MISSING', { shipping_fee_id: fee.id });
    return { amount, addressId: address.id as number, feeId: fee.id };
  }

  /** The presented coupons that may be used; an inactive or group-restricted one is refused (the buyer knows its code). */
  function checkCoupons(rows: CouponRow[], userGroupId: number | null) {
    const refused: CouponProblem[] = [];
    for (const row of rows) {
      if (row.is_active === false) refused.push({ id: row.id, code: row.code, reason: 'dont_have_coupon' });
      else if (!isOpenToGroup(row.user_groups, userGroupId)) refused.push({ id: row.id, code: row.code, reason: 'not_support' });
    }
    return { rows: rows.filter((row) => !refused.some((r) => r.id === row.id)), refused };
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
  async function checkEligibility(profile: Student, lines: Line[], trx: Trx): Promise<void> {
    const history = await loadBuyerHistory(strapi, profile.id, trx);
    const buyer = toBuyer(profile);
    const refusals = lines.flatMap((line) => {
      const decision = canPurchase({ buyer, statusOrder: history.latestStatus.get(line.course.id) ?? null, courseType: line.course.course_type });
      if (!decision.allowed) return [{ courseId: line.course.id, code: decision.code, reason: decision.reason as string }];
      if (hasCourse(line.course.id, history.owned)) return [{ courseId: line.course.id, code: 'HAVE_COURSE' as ErrorCode, reason: 'have_course' }];
      return [];
    });
    if (refusals.length === 0) return;
    const same = refusals.filter((refusal) => refusal.code === refusals[0].code);
    throw fail(refusals[0].code, {
      ...namesOf(
        lines,
        same.map((r) => r.courseId),
      ),
      reasons: same.map((r) => r.reason),
    });
  }

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
            status: 'notYetReceived' satisfies OrderStatus,
            user: profile.id,
            currency_code: currency,
            ...moneyColumns(totals),
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
        return { id: order.id, token, lineIds };
      });

      // A free order's status moved on in the transaction: read it back. Any other order is what was just written.
      const stored = breakdown.zeroTotal
        ? ((await readOrder({ id: placed.id })) as OrderRow)
        : writtenOrder({ ...placed, status: 'notYetReceived', currency, breakdown, cancelAt, method, profile, lines, productLines });
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
