import { describe, expect, it } from 'vitest';
import type { CheckoutCoupon, CheckoutPromotion } from '~/models/checkout/pricing';
import { missingTaxDetails, priceCartLines, promotionsForLines, type CartLine } from './cart-pricing';

const line = (over: Partial<CartLine>): CartLine => ({
  itemId: 1,
  kind: 'course',
  courseId: 10,
  quantity: 1,
  title: 'คอร์ส',
  courseType: 'Online',
  planId: 100,
  planName: 'มาตรฐาน',
  priceAmount: 100_000,
  priceUsdAmount: null,
  shipsItem: false,
  soldByRetailer: false,
  href: '/courses/10',
  ...over,
});

const pricing = { vatEnabled: false, vatBasisPoints: 0, couponOrPromotion: false, oneCouponPerOrder: false };
const now = '2026-01-15T03:00:00.000Z';

const tenPercent: CheckoutCoupon = {
  id: 7,
  code: 'SALA10',
  name: null,
  couponType: 'P1',
  numberOfCourse: 1,
  discountType: 'percent',
  discountAmount: 0,
  discountUsdAmount: null,
  discountBasisPoints: 1000,
  courseIds: [10],
  paymentMethodIds: [1],
  usageLimit: null,
  usedCount: 0,
  validFrom: null,
  validTo: null,
};

describe('cart pricing', () => {
  it('prices every line and takes a course coupon off its course only', () => {
    // 1,000.00 + 500.00 = 1,500.00; 10% of course 10 = 100.00 → 1,400.00
    const lines = [line({}), line({ itemId: 2, courseId: 11, planId: 101, priceAmount: 50_000, href: '/courses/11' })];
    const breakdown = priceCartLines({ lines, promotions: [], pricing, now }, { promotionId: null, coupons: [tenPercent], paymentMethodId: 1 });
    expect(breakdown.totals.subtotal.amount).toBe(150_000);
    expect(breakdown.totals.discount.amount).toBe(10_000);
    expect(breakdown.totals.amountToPay.amount).toBe(140_000);
  });

  it('keeps a product apart from a course of the same number and counts its quantity', () => {
    // course 10: 1,000.00; product 10: 2 × 250.00 = 500.00; the coupon names course 10 only → 100.00 off
    const lines = [line({}), line({ itemId: 2, kind: 'product', courseId: 10, quantity: 2, courseType: 'product', planId: 300, priceAmount: 25_000, href: '/products/10' })];
    const breakdown = priceCartLines({ lines, promotions: [], pricing, now }, { promotionId: null, coupons: [tenPercent], paymentMethodId: 1 });
    expect(breakdown.problems).toEqual([]);
    expect(breakdown.totals.subtotal.amount).toBe(150_000);
    expect(breakdown.totals.discount.amount).toBe(10_000);
  });

  it.each([
    // [what the buyer chose, withholding, amount to pay, problem]
    // juristic 3%: 1,000.00 + 2 × 250.00 = 1,500.00 of goods, 45.00 withheld, shipping 50.00 kept whole → 1,505.00
    ['a juristic tax invoice at 3%', { personType: 'juristic_person' as const }, 3 as const, 4_500, 150_500, null],
    // juristic 1%: 15.00 withheld → 1,535.00
    ['a juristic tax invoice at 1%', { personType: 'juristic_person' as const }, 1 as const, 1_500, 153_500, null],
    // a normal person may not deduct: nothing withheld, and the order is refused
    ['a normal person', { personType: 'normal_person' as const }, 3 as const, 0, 155_000, 'WITHHOLDING_REQUIRES_JURISTIC_PERSON'],
  ])('withholding with %s', (_label, taxInvoice, percent, withheld, toPay, problem) => {
    const lines = [line({}), line({ itemId: 2, kind: 'product', courseId: 5, quantity: 2, courseType: 'product', planId: 300, priceAmount: 25_000, href: '/products/5' })];
    const breakdown = priceCartLines(
      { lines, promotions: [], pricing, now },
      { promotionId: null, coupons: [], paymentMethodId: 1, shippingFeeAmount: 5_000, taxInvoice, withholding: { enabled: true, percent } },
    );
    expect(breakdown.totals.withholding.amount).toBe(withheld);
    expect(breakdown.totals.amountToPay.amount).toBe(toPay);
    expect(breakdown.problems.map((item) => item.code)).toEqual(problem ? [problem] : []);
  });

  it('offers only promotions that name a course of the cart', () => {
    const promotion = (id: number, courseIds: number[] | null) => ({ id, courseIds }) as CheckoutPromotion;
    const offered = promotionsForLines([promotion(1, [10]), promotion(2, [99]), promotion(3, null)], [line({})]);
    expect(offered.map((item) => item.id)).toEqual([1, 3]);
  });
});

describe("the cart's tax-invoice check", () => {
  const normal = { personType: 'normal_person' as const };
  const juristic = { personType: 'juristic_person' as const };

  it('is skipped below 1,000 THB: no details needed', () => {
    expect(missingTaxDetails({ taxInvoiceCheckRequired: false, withholdingPercent: null }, normal, null)).toBe(false);
  });

  it('from 1,000 THB asks for the details on file, of the chosen type', () => {
    expect(missingTaxDetails({ taxInvoiceCheckRequired: true, withholdingPercent: null }, normal, null)).toBe(true);
    expect(missingTaxDetails({ taxInvoiceCheckRequired: true, withholdingPercent: null }, normal, juristic)).toBe(true);
    expect(missingTaxDetails({ taxInvoiceCheckRequired: true, withholdingPercent: null }, normal, normal)).toBe(false);
  });

  it('still asks for them below 1,000 THB when tax is withheld', () => {
    expect(missingTaxDetails({ taxInvoiceCheckRequired: false, withholdingPercent: 3 }, juristic, null)).toBe(true);
  });

  it('asks nothing without a tax invoice', () => {
    expect(missingTaxDetails({ taxInvoiceCheckRequired: true, withholdingPercent: null }, null, null)).toBe(false);
  });
});
