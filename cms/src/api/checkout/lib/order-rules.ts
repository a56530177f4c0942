/**
 * The order's rules that need no database: each course on its chosen plan, the member-only and
 * registration-window checks, the coupons that may be used, the spec's error for a refusal, and
 * the order row as the transaction writes it.
 */
import type { CouponReason, Currency, ErrorCode, OrderStatus } from '@sala/shared/constants';
import type { PriceBreakdown } from '@sala/shared/pricing';
import type { OrderPayload } from '@sala/shared/schemas';
import type { PlanViewer } from '@sala/shared/plans';
import { ApiError, badRequest, conflict } from '../../../lib/errors';
import { choosePlan, type PlanRefusal, type PlanRow as ListingPlanRow } from '../../../lib/plans';
import type { Student } from '../../../http/ctx';
import { isMember } from './buyer';
import type { OrderRow } from './order-detail';
import { isOpenToGroup, type CouponRow, type CourseRow, type PlanRow } from './pricing-input';

export type MethodRow = { id: number; method_id: number; enabled: boolean | null };
export type FeeRow = { id: number; price: number; price_usd: number | null; enabled: boolean | null };
export type Line = { course: CourseRow; plan: PlanRow };
/** A plan as the order reads it: what pricing needs and what the listing's rules (choosePlan) read. */
export type OrderPlan = PlanRow & ListingPlanRow;
export type ProductRow = { id: number; title: string; available_qty: number | null };
export type ProductLine = { product: ProductRow; plan: PlanRow; quantity: number };

/**
 * Products share the engine and the order checks with courses under a key of their own:
 * the negated product id, so a product never collides with a course of the same id.
 */
export const productKey = (productId: number) => -productId;
export type CouponProblem = { id: number | null; code: string | null; reason: CouponReason };

/** Codes answered 409: the request was fine, the shop's state refused it. */
const CONFLICT_CODES: readonly ErrorCode[] = ['NO_MORE_SEAT', 'ORDER_IN_PROGRESS', 'COURSE_DUPLICATE', 'HAVE_COURSE', 'OUT_OF_STOCK'];

export function fail(code: ErrorCode, result: Record<string, unknown> = {}): ApiError {
  return CONFLICT_CODES.includes(code) ? conflict(code, undefined, { result }) : badRequest(code, undefined, { result });
}

export function namesOf(lines: Line[], courseIds: number[]) {
  const wanted = lines.filter((line) => courseIds.includes(line.course.id));
  return { course_ids: wanted.map((line) => line.course.id), names: wanted.map((line) => line.course.title) };
}

/** Every coupon refused is named with its reason; 409 when they are only used up (the race was lost), else 400. */
export function couponError(problems: CouponProblem[]): ApiError {
  const result = { codes: problems.map((p) => p.code).filter((code): code is string => Boolean(code)), coupons: problems };
  return problems.every((p) => p.reason === 'coupon_full') ? conflict('COUPON_NOT_AVAILABLE', undefined, { result }) : badRequest('COUPON_NOT_AVAILABLE', undefined, { result });
}

export function dateMs(value: string | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Each course of the order on the plan chosen for it, by the listing's rules (choosePlan):
 * NO_PRICING_PLAN for a plan that is not the course's or that the listing hides from this
 * buyer (not shown, renewal or others, no price, owners only, second term), MEMBER_ONLY_PLAN
 * for one it disables.
 */
export function linesOf(payload: OrderPayload, byId: Map<number, CourseRow>, plans: OrderPlan[], viewer: PlanViewer): Line[] {
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
 * Plan rules beyond the listing's: member-only plans are not for a buyer who bought without
 * registering (courses and products alike); the registration window.
 */
export function checkPlansAndDates(lines: Line[], productLines: ProductLine[], profile: Student, now: Date): void {
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

/** The presented coupons that may be used; an inactive or group-restricted one is refused (the buyer knows its code). */
export function checkCoupons(rows: CouponRow[], userGroupId: number | null) {
  const refused: CouponProblem[] = [];
  for (const row of rows) {
    if (row.is_active === false) refused.push({ id: row.id, code: row.code, reason: 'dont_have_coupon' });
    else if (!isOpenToGroup(row.user_groups, userGroupId)) refused.push({ id: row.id, code: row.code, reason: 'not_support' });
  }
  return { rows: rows.filter((row) => !refused.some((r) => r.id === row.id)), refused };
}

/** The first thing the engine says stops the order, as the spec's error. */
export function problemError(breakdown: PriceBreakdown, lines: Line[]): ApiError | null {
  const first = breakdown.problems[0];
  if (!first) return null;
  const courseIds = breakdown.problems.filter((p) => p.code === first.code && p.courseId !== undefined).map((p) => p.courseId as number);
  const result: Record<string, unknown> = courseIds.length > 0 ? namesOf(lines, courseIds) : {};
  if (first.code === 'PROMOTION_REQUIRED') result.promotion_ids = breakdown.applicablePromotionIds;
  return fail(first.code, result);
}

/** The order's money columns (satang), as the shared pricing engine computed them. */
export function moneyColumns(totals: PriceBreakdown['totals']) {
  return {
    price: totals.subtotal.amount,
    discount: totals.discount.amount,
    shipping_fee: totals.shipping.amount,
    vat: totals.vat.amount,
    withholding_price: totals.withholding.amount,
    net: totals.amountToPay.amount,
  };
}

/**
 * The order just written, as `readOrder` would read it back: the same values the
 * transaction stored, so the answer needs no read (the lines in id order, as it reads them).
 */
export function writtenOrder(order: {
  id: number;
  token: string;
  lineIds: number[];
  state: OrderStatus;
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
    state: order.state,
    currency_code: order.currency,
    ...moneyColumns(totals),
    vat_mode: order.breakdown.vatMode,
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
    // The part of the stored pricing the detail reads: the discounts by name.
    pricing: { vat_basis_points: order.breakdown.vatBasisPoints, applied_coupons: order.breakdown.appliedCoupons, applied_promotion: order.breakdown.appliedPromotion },
  };
}
