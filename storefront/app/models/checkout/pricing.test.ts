import { toMinorUnits } from '@sala/shared/money';
import { describe, expect, it } from 'vitest';
import {
  couponFromWire,
  initialPlanId,
  planFromWire,
  priceCheckout,
  promotionFromWire,
  promotionsForCourse,
  type CheckoutSelection,
  type WireCouponLike,
  type WirePlanLike,
  type WirePromotionLike,
} from './pricing';

const NOW = '2026-11-25T10:00:00.000Z';
const SETTINGS = { vatEnabled: false, vatBasisPoints: 700, couponOrPromotion: false, oneCouponPerOrder: false };

const plan = (overrides: Partial<WirePlanLike> = {}): WirePlanLike => ({
  id: 1,
  name: 'ซื้อขาด',
  plan_type: 'One-Time Payment',
  term: null,
  term_unit: null,
  term_2: null,
  term_unit_2: null,
  price: 1990,
  price_usd: 59,
  is_default: true,
  is_for_member: false,
  disabled: false,
  selected: true,
  ...overrides,
});

const wireCoupon = (overrides: Partial<WireCouponLike> = {}): WireCouponLike => ({
  id: 1,
  code: 'SALA10',
  name: 'ลด 10%',
  coupon_type: 'P1',
  number_of_course: 1,
  discount_type: 'percent',
  discount_amount: 0,
  discount_amount_usd: 0,
  discount_percent: 10,
  courses: [1],
  payment_method: [1, 8],
  valid_from: null,
  valid_to: null,
  ...overrides,
});

const wirePromotion = (overrides: Partial<WirePromotionLike> = {}): WirePromotionLike => ({
  id: 1,
  title: 'ลด 15%',
  description_list: ['ลด 15%'],
  link_path: '/promotion/1',
  promotion_type: 'P1',
  number_of_course: 1,
  discount_type: 'percent',
  discount_amount: 0,
  discount_amount_usd: 0,
  discount_percent: 15,
  is_enable_tier: false,
  tier_list: [],
  courses: [2],
  valid_from: null,
  valid_to: null,
  ...overrides,
});

const selection = (overrides: Partial<CheckoutSelection> = {}): CheckoutSelection => ({
  planId: 1,
  promotionId: 'auto',
  coupons: [],
  paymentMethodId: 1,
  taxInvoice: null,
  withholding: { enabled: false, percent: 3 },
  ...overrides,
});

describe('wire amounts to minor units', () => {
  it('reads major units without float drift: 1991.5 baht is 199150 satang, 0.1 is 10', () => {
    expect(toMinorUnits(1991.5)).toBe(199150);
    expect(toMinorUnits(0.1)).toBe(10);
    expect(toMinorUnits(59, 'USD')).toBe(5900);
    expect(toMinorUnits(null)).toBeNull();
  });

  it('reads a plan, a coupon and a promotion as the engine takes them', () => {
    expect(planFromWire(plan({ price: 3500 })).priceAmount).toBe(350000);
    const coupon = couponFromWire(wireCoupon({ discount_type: 'amount', discount_amount: 200, discount_amount_usd: 0 }));
    expect(coupon).toMatchObject({ discountType: 'amount', discountAmount: 20000, discountUsdAmount: null, usageLimit: null, paymentMethodIds: [1, 8] });
    const promotion = promotionFromWire(
      wirePromotion({ is_enable_tier: true, tier_list: [{ number_of_course: 2, discount_type: 'percent', discount_amount: 0, discount_amount_usd: 0, discount_percent: 10 }] }),
    );
    expect(promotion.discountBasisPoints).toBe(1500);
    expect(promotion.tierList).toEqual([{ numberOfCourse: 2, discountAmount: 0, discountUsdAmount: null, discountBasisPoints: 1000 }]);
    expect(promotion.descriptionList).toEqual(['ลด 15%']);
  });
});

describe('the one-course cart of a course page', () => {
  const course = { id: 1, title: 'การตลาดออนไลน์', courseType: 'Online' };

  it('SALA10 takes 10% off: 1990.00 - 199.00 = 1791.00', () => {
    const result = priceCheckout({ course, plans: [planFromWire(plan())], promotions: [], settings: SETTINGS, selection: selection({ coupons: [couponFromWire(wireCoupon())] }), now: NOW });
    expect(result.totals.discount.amount).toBe(19900);
    expect(result.totals.amountToPay.amount).toBe(179100);
  });

  it('a percent coupon applies before an amount coupon: 1990 - 10% (199) - 200 = 1591.00', () => {
    const bankOnly = couponFromWire(wireCoupon({ id: 3, code: 'BANKONLY', discount_type: 'amount', discount_amount: 200, discount_percent: 0, payment_method: [1] }));
    const result = priceCheckout({ course, plans: [planFromWire(plan())], promotions: [], settings: SETTINGS, selection: selection({ coupons: [bankOnly, couponFromWire(wireCoupon())] }), now: NOW });
    expect(result.totals.amountToPay.amount).toBe(159100);
  });

  it('a coupon for bank transfer only is turned down with a card, and the total stays whole', () => {
    const bankOnly = couponFromWire(wireCoupon({ id: 3, code: 'BANKONLY', discount_type: 'amount', discount_amount: 200, discount_percent: 0, payment_method: [1] }));
    const result = priceCheckout({ course, plans: [planFromWire(plan())], promotions: [], settings: SETTINGS, selection: selection({ coupons: [bankOnly], paymentMethodId: 8 }), now: NOW });
    expect(result.rejectedCoupons).toEqual([{ id: 3, code: 'BANKONLY', reason: 'coupon_payment_method_conflict' }]);
    expect(result.totals.amountToPay.amount).toBe(199000);
  });

  it('a two-course coupon cannot apply to one course (not_use_coupon)', () => {
    const bundle = couponFromWire(wireCoupon({ id: 2, code: 'BUNDLE500', coupon_type: 'P2', number_of_course: 2, discount_type: 'amount', discount_amount: 500, discount_percent: 0 }));
    const result = priceCheckout({ course, plans: [planFromWire(plan())], promotions: [], settings: SETTINGS, selection: selection({ coupons: [bundle] }), now: NOW });
    expect(result.rejectedCoupons[0].reason).toBe('not_use_coupon');
    expect(result.totals.discount.amount).toBe(0);
  });

  it('picks the best promotion of the course by itself: 2490.00 - 15% (373.50) = 2116.50', () => {
    const excel = { id: 2, title: 'Excel', courseType: 'Flex' };
    const promotions = [promotionFromWire(wirePromotion()), promotionFromWire(wirePromotion({ id: 2, promotion_type: 'P2', number_of_course: 2, courses: [1, 2] }))];
    const result = priceCheckout({ course: excel, plans: [planFromWire(plan({ price: 2490 }))], promotions, settings: SETTINGS, selection: selection(), now: NOW });
    expect(result.appliedPromotion?.id).toBe(1);
    expect(result.applicablePromotionIds).toEqual([1]);
    expect(result.totals.amountToPay.amount).toBe(211650);
    expect(promotionsForCourse(promotions, 1).map((p) => p.id)).toEqual([2]);
  });

  it('a member-only plan cannot be priced for a visitor: the cart is empty', () => {
    const plans = [planFromWire(plan({ id: 2, disabled: true, selected: false, is_for_member: true }))];
    expect(initialPlanId(plans)).toBeNull();
    const result = priceCheckout({ course, plans, promotions: [], settings: SETTINGS, selection: selection({ planId: 2 }), now: NOW });
    expect(result.problems).toContainEqual({ code: 'CART_EMPTY' });
  });

  it('withholding 3% of the pre-VAT value for a juristic person: 1990.00 - 59.70 = 1930.30', () => {
    const result = priceCheckout({
      course,
      plans: [planFromWire(plan())],
      promotions: [],
      settings: SETTINGS,
      selection: selection({ taxInvoice: { personType: 'juristic_person' }, withholding: { enabled: true, percent: 3 } }),
      now: NOW,
    });
    expect(result.totals.withholding.amount).toBe(5970);
    expect(result.totals.amountToPay.amount).toBe(193030);
  });

  it('starts on the plan the CMS selected, else the first selectable one', () => {
    const plans = [planFromWire(plan({ id: 5, selected: false })), planFromWire(plan({ id: 6, selected: true }))];
    expect(initialPlanId(plans)).toBe(6);
    expect(initialPlanId([planFromWire(plan({ id: 7, selected: false }))])).toBe(7);
  });
});
