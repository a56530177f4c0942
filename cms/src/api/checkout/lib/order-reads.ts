/**
 * What placing an order reads: the courses with their plans, the coupons presented, the
 * promotions and every link their checks need; the products on their plans; the shipping
 * address and fee; and, in the order's transaction, the buyer's orders for the purchase rules.
 */
import type { Core } from '@strapi/strapi';
import type { Currency, ErrorCode } from '@sala/shared/constants';
import { canPurchase, courseShipsItem, hasCourse } from '@sala/shared/eligibility';
import type { OrderPayload } from '@sala/shared/schemas';
import type { PlanViewer } from '@sala/shared/plans';
import { ApiError } from '../../../lib/errors';
import { choosePlan, planRowsFor, PLAN_FIELDS as LISTING_PLAN_FIELDS } from '../../../lib/plans';
import { isPublishedAt, publishedWhere } from '../../../lib/publishing';
import type { Student } from '../../../http/ctx';
import { loadBuyerHistory, toBuyer } from './buyer';
import { claimedCouponIds } from './coupon-claims';
import { UID, type Trx } from './db';
import { createOrderRows } from './order-rows';
import { COUPON_FIELDS, COURSE_FIELDS, PROMOTION_FIELDS, PROMOTION_POPULATE, type CouponRow, type CourseRow, type PromotionRow } from './pricing-input';
import { fail, linesOf, namesOf, type CouponProblem, type FeeRow, type Line, type OrderPlan, type ProductLine, type ProductRow } from './order-rules';

/** The repeatable component of a promotion's tiers. */
const PROMOTION_TIER = 'promotion.tier';

export function createOrderReads(strapi: Core.Strapi) {
  const rows = createOrderRows(strapi);

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

  return { loadCatalogue, loadProductLines, loadShipping, checkEligibility };
}
