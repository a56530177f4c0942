/**
 * The checkout's price, computed with the shared engine from what the page shows: the same
 * function runs in the browser (the summary updates as the buyer picks) and in the route
 * action (which builds the order from it); the CMS then prices the order again and its
 * total is the one charged. The wire carries major units; the engine takes minor units.
 */
import type { Currency } from '@sala/shared/constants';
import { percentToBasisPoints, toMinorUnits } from '@sala/shared/money';
import { priceCart, type CouponInput, type PriceBreakdown, type PricingSettings, type PromotionInput } from '@sala/shared/pricing';

/** A pricing plan of the picker, prices in minor units. */
export type CheckoutPlan = {
  id: number;
  name: string;
  planType: string;
  term: number | null;
  termUnit: string | null;
  term2: number | null;
  termUnit2: string | null;
  priceAmount: number | null;
  priceUsdAmount: number | null;
  isDefault: boolean;
  isForMember: boolean;
  needApproval: boolean;
  /** A member-only plan shown to a visitor: listed, not selectable. */
  disabled: boolean;
  selected: boolean;
};

export type CheckoutPromotion = PromotionInput & { linkPath: string; descriptionList: string[] };
export type CheckoutCoupon = CouponInput & { name: string | null };

export type CheckoutCourse = { id: number; title: string; courseType: string };

export type CheckoutSelection = {
  planId: number | null;
  /** 'auto' until the buyer picks: the best applicable promotion. */
  promotionId: number | 'auto' | null;
  coupons: CheckoutCoupon[];
  paymentMethodId: number | null;
  taxInvoice: { personType: 'normal_person' | 'juristic_person' } | null;
  withholding: { enabled: boolean; percent: 3 | 1 };
  /** The chosen shipping method's fee in minor units, for a course that ships a printed book. */
  shippingFeeAmount?: number;
};

type WireDiscount = { discount_type: 'amount' | 'percent'; discount_amount: number; discount_amount_usd: number; discount_percent: number };

/** A USD amount of 0 means none was set, as the CMS reads it. */
function usdMinor(major: number): number | null {
  return major ? toMinorUnits(major, 'USD') : null;
}

function discountOf(wire: WireDiscount) {
  return {
    discountType: wire.discount_type,
    discountAmount: toMinorUnits(wire.discount_amount) ?? 0,
    discountUsdAmount: usdMinor(wire.discount_amount_usd),
    discountBasisPoints: percentToBasisPoints(wire.discount_percent),
  };
}

export type WirePlanLike = {
  id: number;
  name: string;
  plan_type: string;
  term: number | null;
  term_unit: string | null;
  term_2: number | null;
  term_unit_2: string | null;
  price: number | null;
  price_usd: number | null;
  is_default: boolean;
  is_for_member: boolean;
  need_approval?: boolean;
  disabled: boolean;
  selected: boolean;
};

export function planFromWire(plan: WirePlanLike): CheckoutPlan {
  return {
    id: plan.id,
    name: plan.name,
    planType: plan.plan_type,
    term: plan.term,
    termUnit: plan.term_unit,
    term2: plan.term_2,
    termUnit2: plan.term_unit_2,
    priceAmount: toMinorUnits(plan.price),
    priceUsdAmount: toMinorUnits(plan.price_usd, 'USD'),
    isDefault: plan.is_default,
    isForMember: plan.is_for_member,
    needApproval: plan.need_approval ?? false,
    disabled: plan.disabled,
    selected: plan.selected,
  };
}

export type WirePromotionLike = WireDiscount & {
  id: number;
  title: string;
  description_list?: unknown;
  link_path: string;
  promotion_type: 'P1' | 'P2';
  number_of_course: number;
  is_enable_tier: boolean;
  tier_list: (WireDiscount & { number_of_course: number })[];
  courses: number[];
  valid_from: string | null;
  valid_to: string | null;
};

export function promotionFromWire(promotion: WirePromotionLike): CheckoutPromotion {
  const { discountType, ...base } = discountOf(promotion);
  return {
    id: promotion.id,
    title: promotion.title,
    promotionType: promotion.promotion_type,
    numberOfCourse: promotion.number_of_course,
    discountType,
    ...base,
    courseIds: promotion.courses,
    isEnableTier: promotion.is_enable_tier,
    tierList: promotion.tier_list.map((tier) => {
      const { discountType: _type, ...amounts } = discountOf(tier);
      return { numberOfCourse: tier.number_of_course, ...amounts };
    }),
    validFrom: promotion.valid_from,
    validTo: promotion.valid_to,
    linkPath: promotion.link_path,
    descriptionList: Array.isArray(promotion.description_list) ? promotion.description_list.filter((item): item is string => typeof item === 'string') : [],
  };
}

export type WireCouponLike = WireDiscount & {
  id: number;
  code: string;
  name: string | null;
  coupon_type: 'P1' | 'P2';
  number_of_course: number;
  courses: number[];
  payment_method: number[];
  valid_from: string | null;
  valid_to: string | null;
};

export function couponFromWire(coupon: WireCouponLike): CheckoutCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    couponType: coupon.coupon_type,
    numberOfCourse: coupon.number_of_course,
    ...discountOf(coupon),
    courseIds: coupon.courses,
    paymentMethodIds: coupon.payment_method,
    // Usage counts stay on the server; it refuses a coupon that is used up when the order is placed.
    usageLimit: null,
    usedCount: 0,
    validFrom: coupon.valid_from,
    validTo: coupon.valid_to,
  };
}

/** Promotions that name this course: the only ones a one-course checkout can meet. */
export function promotionsForCourse(promotions: readonly CheckoutPromotion[], courseId: number): CheckoutPromotion[] {
  return promotions.filter((promotion) => promotion.courseIds === null || promotion.courseIds.includes(courseId));
}

export type CheckoutPricingInput = {
  course: CheckoutCourse;
  plans: readonly CheckoutPlan[];
  promotions: readonly CheckoutPromotion[];
  settings: PricingSettings;
  selection: CheckoutSelection;
  currency?: Currency;
  now: Date | number | string;
};

/** The breakdown of the one-course cart of a course page. */
export function priceCheckout(input: CheckoutPricingInput): PriceBreakdown {
  const plan = input.plans.find((candidate) => candidate.id === input.selection.planId && !candidate.disabled) ?? null;
  return priceCart({
    currency: input.currency ?? 'THB',
    lines: plan
      ? [
          {
            courseId: input.course.id,
            title: input.course.title,
            courseType: input.course.courseType as never,
            plan: { id: plan.id, priceAmount: plan.priceAmount, priceUsdAmount: plan.priceUsdAmount },
          },
        ]
      : [],
    coupons: input.selection.coupons,
    promotions: promotionsForCourse(input.promotions, input.course.id),
    promotionId: input.selection.promotionId,
    paymentMethodId: input.selection.paymentMethodId,
    taxInvoice: input.selection.taxInvoice,
    withholding: input.selection.withholding,
    shippingFeeAmount: input.selection.shippingFeeAmount ?? 0,
    settings: input.settings,
    now: input.now,
  });
}

/** The plan the picker starts on: the one the CMS marked selected, else the first selectable. */
export function initialPlanId(plans: readonly CheckoutPlan[]): number | null {
  return (plans.find((plan) => plan.selected && !plan.disabled) ?? plans.find((plan) => !plan.disabled))?.id ?? null;
}
