import type { CouponInput, PriceCartInput, PricingLineInput, PromotionInput } from './types.js';

/** Test builders for the pricing engine; amounts in satang. */
export const NOW = '2025-06-15T12:00:00+07:00';

export const SETTINGS = { vatEnabled: false, vatBasisPoints: 700, couponOrPromotion: false, oneCouponPerOrder: false };

export function line(courseId: number, priceAmount: number | null, extra: Partial<PricingLineInput> = {}): PricingLineInput {
  return {
    courseId,
    title: `Course ${courseId}`,
    courseType: 'Online',
    plan: { id: courseId * 10, priceAmount, priceUsdAmount: priceAmount === null ? null : Math.round(priceAmount / 35) },
    ...extra,
  };
}

export function coupon(extra: Partial<CouponInput> & Pick<CouponInput, 'id'>): CouponInput {
  return {
    code: `CODE${extra.id}`,
    couponType: 'P1',
    courseIds: null,
    numberOfCourse: 0,
    discountType: 'amount',
    discountAmount: 0,
    discountUsdAmount: null,
    discountBasisPoints: 0,
    paymentMethodIds: [1, 3, 8, 9],
    usageLimit: null,
    usedCount: 0,
    validFrom: null,
    validTo: null,
    ...extra,
  };
}

export function promotion(extra: Partial<PromotionInput> & Pick<PromotionInput, 'id'>): PromotionInput {
  return {
    title: `Promotion ${extra.id}`,
    promotionType: 'P1',
    courseIds: null,
    numberOfCourse: 0,
    discountType: 'percent',
    discountAmount: 0,
    discountUsdAmount: null,
    discountBasisPoints: 0,
    isEnableTier: false,
    tierList: [],
    ...extra,
  };
}

export function cart(extra: Partial<PriceCartInput> = {}): PriceCartInput {
  return { lines: [line(1, 100000)], paymentMethodId: 1, settings: SETTINGS, now: NOW, ...extra };
}
