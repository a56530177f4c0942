import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from './index.js';
import type { CouponInput, PriceCartInput, PromotionInput } from './types.js';
import { NOW } from './fixtures.test-helpers.js';

const courseId = fc.integer({ min: 1, max: 8 });
const minor = fc.integer({ min: 0, max: 500_000 });
const nullableMinor = fc.option(minor, { nil: null });

const discountValue = {
  discountType: fc.constantFrom('amount' as const, 'percent' as const),
  discountAmount: minor,
  discountUsdAmount: nullableMinor,
  discountBasisPoints: fc.integer({ min: 0, max: 12_000 }),
};

const couponArb: fc.Arbitrary<CouponInput> = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  code: fc.constantFrom('A', 'B', 'C', 'd', 'E', 'F', 'G'),
  couponType: fc.constantFrom('P1' as const, 'P2' as const),
  courseIds: fc.option(fc.uniqueArray(courseId, { maxLength: 4 }), { nil: null }),
  numberOfCourse: fc.integer({ min: 0, max: 4 }),
  paymentMethodIds: fc.uniqueArray(fc.constantFrom(1, 3, 8, 9), { maxLength: 4 }),
  usageLimit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
  usedCount: fc.integer({ min: 0, max: 5 }),
  validFrom: fc.constantFrom(null, '2025-01-01', '2025-07-01'),
  validTo: fc.constantFrom(null, '2025-12-31', '2025-06-01T00:00:00Z'),
  ...discountValue,
});

const promotionArb: fc.Arbitrary<PromotionInput> = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  title: fc.constant('Promotion'),
  promotionType: fc.constantFrom('P1' as const, 'P2' as const),
  courseIds: fc.option(fc.uniqueArray(courseId, { maxLength: 4 }), { nil: null }),
  numberOfCourse: fc.integer({ min: 0, max: 4 }),
  isEnableTier: fc.boolean(),
  tierList: fc.array(fc.record({ numberOfCourse: fc.integer({ min: 0, max: 4 }), discountAmount: minor, discountUsdAmount: nullableMinor, discountBasisPoints: fc.integer({ min: 0, max: 10_000 }) }), {
    maxLength: 3,
  }),
  ...discountValue,
});

const cartArb: fc.Arbitrary<PriceCartInput> = fc.record({
  currency: fc.constantFrom('THB' as const, 'USD' as const),
  lines: fc.array(
    fc.record({
      courseId,
      title: fc.constant('Course'),
      courseType: fc.constantFrom('Online' as const, 'product' as const, 'In-class' as const),
      plan: fc.option(fc.record({ id: fc.integer({ min: 1, max: 99 }), priceAmount: nullableMinor, priceUsdAmount: nullableMinor }), { nil: null }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { maxLength: 6 },
  ),
  couponCodes: fc.array(fc.constantFrom('A', 'b', 'Z', 'y'), { maxLength: 3 }),
  coupons: fc.array(couponArb, { maxLength: 5 }),
  promotions: fc.array(promotionArb, { maxLength: 3 }),
  promotionId: fc.constantFrom('auto' as const, null, 1, 2, 9),
  paymentMethodId: fc.constantFrom(null, 1, 3, 8, 9),
  shippingFeeAmount: fc.integer({ min: 0, max: 20_000 }),
  taxInvoice: fc.option(fc.record({ personType: fc.constantFrom('normal_person' as const, 'juristic_person' as const) }), { nil: null }),
  withholding: fc.record({ enabled: fc.boolean(), percent: fc.constantFrom(1 as const, 3 as const) }),
  settings: fc.record({
    vatEnabled: fc.boolean(),
    vatBasisPoints: fc.integer({ min: 0, max: 1000 }),
    couponOrPromotion: fc.boolean(),
    oneCouponPerOrder: fc.boolean(),
  }),
  now: fc.constant(NOW),
});

describe('pricing properties', () => {
  it('the discount never exceeds the subtotal, and no line goes below 0', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const { totals, lines } = priceCart(input);
        expect(totals.discount.amount).toBeGreaterThanOrEqual(0);
        expect(totals.discount.amount).toBeLessThanOrEqual(totals.subtotal.amount);
        for (const line of lines) {
          expect(line.netAmount).toBeGreaterThanOrEqual(0);
          expect(line.netAmount).toBe(line.listAmount - line.discountAmount);
          expect(line.discountAmount).toBe(line.adjustments.reduce((a, adj) => a + adj.amount, 0));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('amountToPay equals the sum of the parts: subtotal - discount + shipping - withholding', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const { totals, lines, appliedCoupons, appliedPromotion } = priceCart(input);
        expect(totals.amountToPay.amount).toBe(totals.subtotal.amount - totals.discount.amount + totals.shipping.amount - totals.withholding.amount);
        expect(totals.net.amount).toBe(totals.subtotal.amount - totals.discount.amount + totals.shipping.amount);
        expect(totals.subtotal.amount).toBe(lines.reduce((a, l) => a + l.listAmount, 0));
        // every satang of every discount lands on a line
        const adjusted = appliedCoupons.reduce((a, c) => a + c.discountAmount, appliedPromotion?.discountAmount ?? 0);
        expect(adjusted).toBe(totals.discount.amount);
        expect(totals.withholding.amount).toBeLessThanOrEqual(totals.withholdingBase.amount);
        expect(totals.vat.amount).toBeLessThanOrEqual(totals.net.amount);
      }),
      { numRuns: 500 },
    );
  });

  it('pricing is deterministic for any order of coupons in the input', () => {
    const withShuffledCoupons = cartArb.chain((input) =>
      fc.tuple(
        fc.constant(input),
        fc.shuffledSubarray(input.coupons ?? [], { minLength: (input.coupons ?? []).length }),
        fc.shuffledSubarray(input.couponCodes ?? [], { minLength: (input.couponCodes ?? []).length }),
      ),
    );
    fc.assert(
      fc.property(withShuffledCoupons, ([input, coupons, couponCodes]) => {
        expect(priceCart({ ...input, coupons, couponCodes })).toEqual(priceCart(input));
      }),
      { numRuns: 500 },
    );
  });
});
