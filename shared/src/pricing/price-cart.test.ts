import { describe, expect, it, test } from 'vitest';
import { priceCart } from './index.js';
import { NOW, SETTINGS, cart, coupon, line, promotion } from './fixtures.test-helpers.js';

const amounts = (breakdown: ReturnType<typeof priceCart>) => ({
  subtotal: breakdown.totals.subtotal.amount,
  discount: breakdown.totals.discount.amount,
  shipping: breakdown.totals.shipping.amount,
  net: breakdown.totals.net.amount,
  vat: breakdown.totals.vat.amount,
  withholding: breakdown.totals.withholding.amount,
  amountToPay: breakdown.totals.amountToPay.amount,
});

describe('list prices', () => {
  it('prices each line at unit price × quantity and sums the subtotal', () => {
    // 1,000.00 + 3 × 250.00 = 1,750.00
    const result = priceCart(cart({ lines: [line(1, 100000), line(2, 25000, { courseType: 'product', quantity: 3 })] }));
    expect(result.lines.map((l) => [l.unitPriceAmount, l.listAmount, l.netAmount])).toEqual([
      [100000, 100000, 100000],
      [25000, 75000, 75000],
    ]);
    expect(amounts(result)).toMatchObject({ subtotal: 175000, discount: 0, amountToPay: 175000 });
    expect(result.ok).toBe(true);
    expect(result.currency).toBe('THB');
  });

  it('prices a line without a pricing plan at 0 and reports NO_PRICING_PLAN (dont_have_pricing)', () => {
    const result = priceCart(cart({ lines: [line(1, 100000), { ...line(2, 5000), plan: null }, line(3, null)] }));
    expect(result.lines.map((l) => l.problem)).toEqual([null, 'NO_PRICING_PLAN', 'NO_PRICING_PLAN']);
    expect(result.lines[1].planId).toBeNull();
    expect(result.totals.subtotal.amount).toBe(100000);
    expect(result.problems).toEqual([
      { code: 'NO_PRICING_PLAN', courseId: 2 },
      { code: 'NO_PRICING_PLAN', courseId: 3 },
    ]);
    expect(result.ok).toBe(false);
  });

  it('reports a duplicate course in the cart as COURSE_DUPLICATE and prices it once', () => {
    const result = priceCart(cart({ lines: [line(1, 100000), line(1, 100000)] }));
    expect(result.totals.subtotal.amount).toBe(100000);
    expect(result.problems).toEqual([{ code: 'COURSE_DUPLICATE', courseId: 1 }]);
  });

  it('reports an empty cart and a missing payment method', () => {
    const result = priceCart(cart({ lines: [], paymentMethodId: null }));
    expect(result.problems.map((p) => p.code)).toEqual(['CART_EMPTY', 'NO_PAYMENT_METHOD']);
    expect(result.zeroTotal).toBe(true);
  });

  it('prices a USD cart (layout four) from price_usd', () => {
    // 29.99 USD + 10.00 USD = 39.99 USD
    const result = priceCart(
      cart({
        currency: 'USD',
        lines: [
          { ...line(1, 100000), plan: { id: 1, priceAmount: 100000, priceUsdAmount: 2999 } },
          { ...line(2, 0), plan: { id: 2, priceAmount: 35000, priceUsdAmount: 1000 } },
        ],
      }),
    );
    expect(result.totals.amountToPay).toEqual({ amount: 3999, currency: 'USD' });
  });

  it('reports USD_PRICE_MISSING when a course lacks price_usd on a USD cart', () => {
    const result = priceCart(cart({ currency: 'USD', lines: [{ ...line(7, 100000), plan: { id: 70, priceAmount: 100000, priceUsdAmount: null } }] }));
    expect(result.lines[0]).toMatchObject({ problem: 'USD_PRICE_MISSING', listAmount: 0 });
    expect(result.problems).toEqual([{ code: 'USD_PRICE_MISSING', courseId: 7 }]);
  });

  test.each([
    ['a quantity of 0', cart({ lines: [line(1, 100, { quantity: 0 })] })],
    ['a fractional quantity', cart({ lines: [line(1, 100, { quantity: 1.5 })] })],
    ['a negative price', cart({ lines: [line(1, -100)] })],
    ['a fractional price', cart({ lines: [line(1, 10.5)] })],
    ['a negative shipping fee', cart({ shippingFeeAmount: -1 })],
    ['an unreadable date', cart({ now: 'not a date' })],
    ['a negative coupon amount', cart({ coupons: [coupon({ id: 1, discountAmount: -100 })] })],
  ])('throws on malformed input: %s', (_name, input) => {
    expect(() => priceCart(input)).toThrow(RangeError);
  });

  it('accepts now as a Date or epoch milliseconds', () => {
    const at = Date.parse(NOW);
    expect(priceCart(cart({ now: new Date(at) }))).toEqual(priceCart(cart({ now: at })));
  });
});

describe('coupons', () => {
  it('applies coupons percent first, then amount: 10% then 100.00 off 1,000.00 is 800.00', () => {
    // percent first: 1,000.00 - 10% (100.00) = 900.00; then - 100.00 = 800.00
    // (amount first would give 1,000.00 - 100.00 = 900.00, - 10% = 810.00)
    const result = priceCart(cart({ coupons: [coupon({ id: 1, discountAmount: 10000 }), coupon({ id: 2, discountType: 'percent', discountBasisPoints: 1000 })] }));
    expect(result.appliedCoupons.map((c) => [c.id, c.discountAmount])).toEqual([
      [2, 10000],
      [1, 10000],
    ]);
    expect(result.totals.amountToPay.amount).toBe(80000);
  });

  it('applies amount coupons largest first: 500.00 then 300.00 on a 600.00 course takes 500.00 and 100.00', () => {
    // 600.00 - 500.00 = 100.00; the 300.00 coupon is capped at the 100.00 left
    const result = priceCart(cart({ lines: [line(1, 60000)], coupons: [coupon({ id: 1, discountAmount: 30000 }), coupon({ id: 2, discountAmount: 50000 })] }));
    expect(result.appliedCoupons.map((c) => [c.id, c.discountAmount])).toEqual([
      [2, 50000],
      [1, 10000],
    ]);
    expect(result.lines[0].netAmount).toBe(0);
  });

  it('applies percent coupons largest first, each on what the one before left', () => {
    // 1,000.00 - 20% = 800.00; 800.00 - 10% (80.00) = 720.00
    const result = priceCart(
      cart({
        coupons: [coupon({ id: 1, discountType: 'percent', discountBasisPoints: 1000 }), coupon({ id: 2, discountType: 'percent', discountBasisPoints: 2000 })],
      }),
    );
    expect(result.appliedCoupons.map((c) => [c.id, c.discountAmount])).toEqual([
      [2, 20000],
      [1, 8000],
    ]);
  });

  test.each([
    // P1 amount: 100.00 off each of courses 1 and 2 = 200.00; course 3 untouched
    ['a P1 amount coupon takes its amount off each line of its courses', coupon({ id: 1, courseIds: [1, 2], discountAmount: 10000 }), [90000, 40000, 30000], 20000],
    // P1 percent: 10% of 1,000.00 + 10% of 300.00 = 100.00 + 30.00 = 130.00
    ['a P1 percent coupon takes its percent of each line of its courses', coupon({ id: 1, courseIds: [1, 3], discountType: 'percent', discountBasisPoints: 1000 }), [90000, 50000, 27000], 13000],
    // P1 without a course list covers every course: 50.00 × 3 = 150.00
    ['a P1 coupon without a course list covers every course', coupon({ id: 1, courseIds: null, discountAmount: 5000 }), [95000, 45000, 25000], 15000],
    // P2 amount 300.00 over 1,000.00 / 500.00 / 300.00 (1,800.00):
    // 300.00 × 1000/1800 = 166.666 -> 166.66 (+0.01, largest remainder) = 166.67; × 500/1800 = 83.333 -> 83.33; × 300/1800 = 50.00
    [
      'a P2 amount coupon is taken once and spread in proportion by largest remainder',
      coupon({ id: 1, couponType: 'P2', courseIds: [1, 2, 3], numberOfCourse: 3, discountAmount: 30000 }),
      [83333, 41667, 25000],
      30000,
    ],
    // P2 percent: 10% of (1,000.00 + 500.00) = 150.00 spread 100.00 / 50.00
    [
      'a P2 percent coupon takes its percent of its courses together',
      coupon({ id: 1, couponType: 'P2', courseIds: [1, 2], numberOfCourse: 2, discountType: 'percent', discountBasisPoints: 1000 }),
      [90000, 45000, 30000],
      15000,
    ],
  ])('%s', (_name, c, nets, discount) => {
    const result = priceCart(cart({ lines: [line(1, 100000), line(2, 50000), line(3, 30000)], coupons: [c] }));
    expect(result.lines.map((l) => l.netAmount)).toEqual(nets);
    expect(result.totals.discount.amount).toBe(discount);
    expect(result.rejectedCoupons).toEqual([]);
  });

  it('a P2 coupon needs number_of_course of its courses in the cart, else not_use_coupon', () => {
    const p2 = coupon({ id: 5, couponType: 'P2', courseIds: [1, 2, 3], numberOfCourse: 3, discountAmount: 10000 });
    const short = priceCart(cart({ lines: [line(1, 100000), line(2, 50000)], coupons: [p2] }));
    expect(short.rejectedCoupons).toEqual([{ id: 5, code: 'CODE5', reason: 'not_use_coupon' }]);
    expect(short.totals.discount.amount).toBe(0);
    const enough = priceCart(cart({ lines: [line(1, 100000), line(2, 50000), line(3, 30000)], coupons: [p2] }));
    expect(enough.appliedCoupons.map((c) => c.id)).toEqual([5]);
  });

  test.each([
    ['an entered code with no coupon record is dont_have_coupon', cart({ couponCodes: ['nope', ' ', 'NOPE'] }), [{ id: null, code: 'NOPE', reason: 'dont_have_coupon' }]],
    [
      'the same coupon twice is duplicate_coupon',
      cart({ coupons: [coupon({ id: 1, discountAmount: 100 }), coupon({ id: 1, discountAmount: 100 })] }),
      [{ id: 1, code: 'CODE1', reason: 'duplicate_coupon' }],
    ],
    ['the same code in another case is duplicate_coupon', cart({ coupons: [coupon({ id: 1, code: 'SAVE' }), coupon({ id: 2, code: 'save' })] }), [{ id: 2, code: 'save', reason: 'duplicate_coupon' }]],
    ['a coupon for courses not in the cart is not_support', cart({ coupons: [coupon({ id: 1, courseIds: [99] })] }), [{ id: 1, code: 'CODE1', reason: 'not_support' }]],
    ['a coupon used up to its usage_limit is coupon_full', cart({ coupons: [coupon({ id: 1, usageLimit: 10, usedCount: 10 })] }), [{ id: 1, code: 'CODE1', reason: 'coupon_full' }]],
    ['a coupon without payment methods is coupon_no_payment_method', cart({ coupons: [coupon({ id: 1, paymentMethodIds: [] })] }), [{ id: 1, code: 'CODE1', reason: 'coupon_no_payment_method' }]],
    [
      'a coupon whose payment methods exclude the chosen one is coupon_payment_method_conflict',
      cart({ paymentMethodId: 4, coupons: [coupon({ id: 1, paymentMethodIds: [1] })] }),
      [{ id: 1, code: 'CODE1', reason: 'coupon_payment_method_conflict' }],
    ],
    ['a coupon past valid_to is coupon_expired', cart({ coupons: [coupon({ id: 1, validTo: '2025-06-15T11:59:59+07:00' })] }), [{ id: 1, code: 'CODE1', reason: 'coupon_expired' }]],
    ['a coupon before valid_from is coupon_expired', cart({ coupons: [coupon({ id: 1, validFrom: '2025-06-16' })] }), [{ id: 1, code: 'CODE1', reason: 'coupon_expired' }]],
    [
      'an amount coupon without a USD amount on a USD cart is not_support',
      cart({ currency: 'USD', coupons: [coupon({ id: 1, discountAmount: 100, discountUsdAmount: null })] }),
      [{ id: 1, code: 'CODE1', reason: 'not_support' }],
    ],
  ])('rejects: %s', (_name, input, rejected) => {
    const result = priceCart(input);
    expect(result.rejectedCoupons).toEqual(rejected);
  });

  it('keeps a coupon whose usage limit is not reached, and one valid through the whole Bangkok day of valid_to', () => {
    const result = priceCart(
      cart({
        coupons: [
          coupon({ id: 1, usageLimit: 10, usedCount: 9, discountAmount: 100 }),
          coupon({ id: 2, validFrom: '2025-06-15', validTo: '2025-06-15', discountAmount: 200 }),
          coupon({ id: 3, validFrom: '2025-06-01T00:00:00Z', validTo: '2025-07-01T00:00:00Z', discountAmount: 300 }),
        ],
      }),
    );
    expect(result.appliedCoupons.map((c) => c.id)).toEqual([3, 2, 1]);
  });

  it('matches entered codes to coupon records case-insensitively', () => {
    const result = priceCart(cart({ couponCodes: ['save10'], coupons: [coupon({ id: 1, code: 'SAVE10', discountAmount: 1000 })] }));
    expect(result.rejectedCoupons).toEqual([]);
    expect(result.totals.discount.amount).toBe(1000);
  });

  it('does not judge payment-method conflicts before a payment method is chosen', () => {
    const result = priceCart(cart({ paymentMethodId: null, coupons: [coupon({ id: 1, paymentMethodIds: [8], discountAmount: 100 })] }));
    expect(result.appliedCoupons).toHaveLength(1);
  });

  it('uses discount_amount_usd for an amount coupon on a USD cart', () => {
    // 29.99 - 5.00 = 24.99 USD
    const result = priceCart(
      cart({ currency: 'USD', lines: [{ ...line(1, 0), plan: { id: 1, priceAmount: 100000, priceUsdAmount: 2999 } }], coupons: [coupon({ id: 1, discountAmount: 17500, discountUsdAmount: 500 })] }),
    );
    expect(result.totals.amountToPay).toEqual({ amount: 2499, currency: 'USD' });
  });

  it('one coupon per order keeps the coupon worth most and rejects the others as one_coupon_per_order', () => {
    // on 1,000.00: 10% is worth 100.00, 150.00 off is worth 150.00 -> keep the 150.00 coupon
    const result = priceCart(
      cart({
        settings: { ...SETTINGS, oneCouponPerOrder: true },
        coupons: [coupon({ id: 1, discountType: 'percent', discountBasisPoints: 1000 }), coupon({ id: 2, discountAmount: 15000 }), coupon({ id: 3, discountAmount: 15000 })],
      }),
    );
    expect(result.appliedCoupons.map((c) => c.id)).toEqual([2]);
    expect(result.rejectedCoupons.map((c) => [c.id, c.reason])).toEqual([
      [1, 'one_coupon_per_order'],
      [3, 'one_coupon_per_order'],
    ]);
  });

  it('one coupon per order leaves a single coupon alone', () => {
    const result = priceCart(cart({ settings: { ...SETTINGS, oneCouponPerOrder: true }, coupons: [coupon({ id: 1, discountAmount: 100 })] }));
    expect(result.appliedCoupons).toHaveLength(1);
  });

  it('caps the discount at the subtotal and never takes a line below 0', () => {
    // 5,000.00 off a 1,000.00 cart takes 1,000.00; amount to pay 0.00
    const result = priceCart(cart({ coupons: [coupon({ id: 1, discountAmount: 500000 })] }));
    expect(amounts(result)).toMatchObject({ subtotal: 100000, discount: 100000, amountToPay: 0 });
    expect(result.lines[0].netAmount).toBe(0);
    expect(result.zeroTotal).toBe(true);
  });

  it('orders coupons of equal rate by id, then code, then content, whatever the input order', () => {
    // a USD cart: the amount coupon without a USD amount sorts after the one with it
    const usdCart = { currency: 'USD' as const, lines: [{ ...line(1, 0), plan: { id: 1, priceAmount: 100000, priceUsdAmount: 3000 } }] };
    const priced = [coupon({ id: 1, discountAmount: 100 }), coupon({ id: 2, discountAmount: 100, discountUsdAmount: 500 })];
    expect(priceCart(cart({ ...usdCart, coupons: priced })).rejectedCoupons).toEqual([{ id: 1, code: 'CODE1', reason: 'not_support' }]);
    expect(priceCart(cart({ ...usdCart, coupons: [...priced].reverse() })).appliedCoupons.map((c) => c.id)).toEqual([2]);
    // the same id and code with different content: the first by content is kept, the other is a duplicate
    const twins = [coupon({ id: 7, courseIds: [1], discountAmount: 100 }), coupon({ id: 7, courseIds: [2], discountAmount: 100 })];
    const forward = priceCart(cart({ coupons: twins }));
    expect(priceCart(cart({ coupons: [...twins].reverse() }))).toEqual(forward);
    expect(forward.rejectedCoupons).toEqual([{ id: 7, code: 'CODE7', reason: 'duplicate_coupon' }]);
    // an identical coupon sent twice
    const same = coupon({ id: 8, discountAmount: 100 });
    expect(priceCart(cart({ coupons: [same, same] })).appliedCoupons).toHaveLength(1);
  });

  it('gives the same breakdown for any order of coupons in the input', () => {
    const coupons = [
      coupon({ id: 1, discountAmount: 10000 }),
      coupon({ id: 2, discountType: 'percent', discountBasisPoints: 1500 }),
      coupon({ id: 3, discountAmount: 10000 }),
      coupon({ id: 4, code: 'code1', discountAmount: 5000 }),
    ];
    const forward = priceCart(cart({ coupons, couponCodes: ['x', 'y'] }));
    const backward = priceCart(cart({ coupons: [...coupons].reverse(), couponCodes: ['y', 'x'] }));
    expect(backward).toEqual(forward);
  });
});

describe('promotions', () => {
  const three = [line(1, 100000), line(2, 50000), line(3, 30000)];

  it('a P1 promotion takes its percent of each of its courses', () => {
    // 10% of 1,000.00 and of 500.00 = 150.00
    const result = priceCart(cart({ lines: three, promotions: [promotion({ id: 1, courseIds: [1, 2], discountBasisPoints: 1000 })] }));
    expect(result.appliedPromotion).toMatchObject({ id: 1, discountAmount: 15000, courseIds: [1, 2], tierNumberOfCourse: null });
    expect(result.applicablePromotionIds).toEqual([1]);
  });

  it('a P2 promotion needs number_of_course of its courses and spreads its amount proportionally over them', () => {
    // 10000 satang over 100000 + 50000 + 30000 (180000): exact shares 5555.55, 2777.77, 1666.66;
    // floors 5555 + 2777 + 1666 = 9998, the 2 satang left go to the largest remainders (.77, .66): 5555, 2778, 1667
    const promo = promotion({ id: 1, promotionType: 'P2', numberOfCourse: 3, discountType: 'amount', discountAmount: 10000 });
    const result = priceCart(cart({ lines: three, promotions: [promo] }));
    expect(result.lines.map((l) => l.discountAmount)).toEqual([5555, 2778, 1667]);
    expect(result.appliedPromotion?.discountAmount).toBe(10000);
    const short = priceCart(cart({ lines: three.slice(0, 2), promotions: [promo] }));
    expect(short.appliedPromotion).toBeNull();
    expect(short.rejectedPromotions).toEqual([{ id: 1, reason: 'promotion_not_applicable' }]);
  });

  test.each([
    // 3 courses reach the 3-course tier: 20% of 1,800.00 = 360.00
    [3, 3, 36000],
    // 2 courses reach the 2-course tier: 10% of 1,500.00 = 150.00
    [2, 2, 15000],
  ])('a promotion with tiers uses the highest tier reached: %i courses -> tier %i, discount %i', (count, tier, discount) => {
    const promo = promotion({
      id: 1,
      promotionType: 'P2',
      isEnableTier: true,
      tierList: [
        { numberOfCourse: 2, discountAmount: 0, discountUsdAmount: null, discountBasisPoints: 1000 },
        { numberOfCourse: 3, discountAmount: 0, discountUsdAmount: null, discountBasisPoints: 2000 },
      ],
    });
    const result = priceCart(cart({ lines: three.slice(0, count), promotions: [promo] }));
    expect(result.appliedPromotion).toMatchObject({ tierNumberOfCourse: tier, discountAmount: discount });
  });

  it('a promotion with tiers is not applicable below its lowest tier', () => {
    const promo = promotion({ id: 1, isEnableTier: true, tierList: [{ numberOfCourse: 2, discountAmount: 0, discountUsdAmount: null, discountBasisPoints: 1000 }] });
    expect(priceCart(cart({ promotions: [promo] })).rejectedPromotions).toEqual([{ id: 1, reason: 'promotion_not_applicable' }]);
  });

  it('auto-selects the best promotion when none is chosen, ties to the lower id', () => {
    // promotion 1: 10% of 1,800.00 = 180.00; promotion 2: 200.00 off; promotion 3: 200.00 off -> 2 wins
    const promotions = [
      promotion({ id: 3, promotionType: 'P2', discountType: 'amount', discountAmount: 20000, numberOfCourse: 1 }),
      promotion({ id: 1, discountBasisPoints: 1000 }),
      promotion({ id: 2, promotionType: 'P2', discountType: 'amount', discountAmount: 20000, numberOfCourse: 1 }),
    ];
    const result = priceCart(cart({ lines: three, promotions }));
    expect(result.appliedPromotion?.id).toBe(2);
    expect(result.applicablePromotionIds).toEqual([2, 3, 1]);
    expect(result.rejectedPromotions).toEqual([
      { id: 1, reason: 'promotion_not_chosen' },
      { id: 3, reason: 'promotion_not_chosen' },
    ]);
  });

  it('applies the chosen promotion even when another is worth more', () => {
    const promotions = [promotion({ id: 1, discountBasisPoints: 1000 }), promotion({ id: 2, discountBasisPoints: 2000 })];
    const result = priceCart(cart({ promotions, promotionId: 1 }));
    expect(result.appliedPromotion?.id).toBe(1);
    expect(result.totals.discount.amount).toBe(10000);
  });

  it('reports a chosen promotion that does not exist as promotion_not_found', () => {
    const result = priceCart(cart({ promotions: [promotion({ id: 1, discountBasisPoints: 1000 })], promotionId: 9 }));
    expect(result.appliedPromotion).toBeNull();
    expect(result.rejectedPromotions).toEqual([
      { id: 9, reason: 'promotion_not_found' },
      { id: 1, reason: 'promotion_not_chosen' },
    ]);
  });

  it('requires a promotion to be chosen before purchase when promotions are applicable (PROMOTION_REQUIRED)', () => {
    const result = priceCart(cart({ promotions: [promotion({ id: 1, discountBasisPoints: 1000 })], promotionId: null }));
    expect(result.appliedPromotion).toBeNull();
    expect(result.problems).toEqual([{ code: 'PROMOTION_REQUIRED' }]);
    expect(priceCart(cart({ promotionId: null })).problems).toEqual([]);
  });

  test.each([
    ['an ended promotion is promotion_expired', promotion({ id: 1, discountBasisPoints: 1000, validTo: '2025-06-14' }), 'promotion_expired'],
    ['a promotion not started is promotion_expired', promotion({ id: 1, discountBasisPoints: 1000, validFrom: '2025-06-16', validTo: null }), 'promotion_expired'],
    ['a promotion for other courses is promotion_not_applicable', promotion({ id: 1, discountBasisPoints: 1000, courseIds: [42] }), 'promotion_not_applicable'],
  ])('%s', (_name, promo, reason) => {
    expect(priceCart(cart({ promotions: [promo] })).rejectedPromotions).toEqual([{ id: 1, reason }]);
  });

  it('an amount promotion without a USD amount is not applicable on a USD cart; a percent one is', () => {
    const usdLine = { ...line(1, 0), plan: { id: 1, priceAmount: 100000, priceUsdAmount: 3000 } };
    const amountPromo = promotion({ id: 1, discountType: 'amount', discountAmount: 1000, discountUsdAmount: null });
    const percentPromo = promotion({ id: 2, discountBasisPoints: 1000 });
    const result = priceCart(cart({ currency: 'USD', lines: [usdLine], promotions: [amountPromo, percentPromo] }));
    expect(result.appliedPromotion?.id).toBe(2);
    expect(result.rejectedPromotions).toEqual([{ id: 1, reason: 'promotion_not_applicable' }]);
    // 30.00 USD - 10% = 27.00 USD
    expect(result.totals.amountToPay.amount).toBe(2700);
  });

  it('applies the promotion before coupons: 10% promotion, then 10% coupon on what is left', () => {
    // 1,000.00 - 10% = 900.00; 900.00 - 10% = 810.00
    const result = priceCart(cart({ promotions: [promotion({ id: 1, discountBasisPoints: 1000 })], coupons: [coupon({ id: 1, discountType: 'percent', discountBasisPoints: 1000 })] }));
    expect(result.totals.amountToPay.amount).toBe(81000);
    expect(result.lines[0].adjustments).toEqual([
      { source: 'promotion', id: 1, code: null, amount: 10000 },
      { source: 'coupon', id: 1, code: 'CODE1', amount: 9000 },
    ]);
  });

  it('coupon-or-promotion exclusivity: with a valid coupon no promotion applies (coupon_or_promotion)', () => {
    const input = cart({
      settings: { ...SETTINGS, couponOrPromotion: true },
      promotions: [promotion({ id: 1, discountBasisPoints: 1000 })],
      coupons: [coupon({ id: 1, discountAmount: 5000 })],
      promotionId: null,
    });
    const result = priceCart(input);
    expect(result.appliedPromotion).toBeNull();
    expect(result.rejectedPromotions).toEqual([{ id: 1, reason: 'coupon_or_promotion' }]);
    expect(result.problems).toEqual([]);
    expect(result.totals.discount.amount).toBe(5000);
  });

  it('coupon-or-promotion exclusivity: a rejected coupon leaves the promotion in place', () => {
    const result = priceCart(
      cart({ settings: { ...SETTINGS, couponOrPromotion: true }, promotions: [promotion({ id: 1, discountBasisPoints: 1000 })], coupons: [coupon({ id: 1, courseIds: [99] })] }),
    );
    expect(result.appliedPromotion?.id).toBe(1);
  });
});

describe('VAT, withholding and the amount to pay', () => {
  test.each([
    // prices include VAT: 1,070.00 × 7/107 = 70.00
    ['VAT is the part of the net inside the VAT-inclusive prices', { vatEnabled: true }, 0, 107000, 7000],
    // shipping is part of the consideration: (1,070.00 + 50.00) × 7/107 = 73.271 -> 73.27
    ['VAT covers the shipping fee too', { vatEnabled: true }, 5000, 107000, 7327],
    ['VAT is 0 when VAT is off', { vatEnabled: false }, 0, 107000, 0],
    // vat_value 10%: 1,100.00 × 10/110 = 100.00
    ['VAT is computed from the site vat_value', { vatEnabled: true, vatBasisPoints: 1000 }, 0, 110000, 10000],
  ])('%s', (_name, vat, shipping, price, expected) => {
    const result = priceCart(cart({ lines: [line(1, price)], shippingFeeAmount: shipping, settings: { ...SETTINGS, ...vat } }));
    expect(result.totals.vat.amount).toBe(expected);
    expect(result.totals.net.amount).toBe(price + shipping);
  });

  test.each([
    // VAT on: base = 1,070.00 - 70.00 = 1,000.00; 3% = 30.00; 1,070.00 - 30.00 = 1,040.00
    ['withholding 3% (default) is taken from the amount before VAT', true, undefined, 3000, 104000],
    // 1% of 1,000.00 = 10.00; 1,070.00 - 10.00 = 1,060.00
    ['withholding 1% when chosen', true, 1 as const, 1000, 106000],
    // VAT off: base = 1,070.00; 3% = 32.10; 1,070.00 - 32.10 = 1,037.90
    ['withholding is on the whole net goods when VAT is off', false, 3 as const, 3210, 103790],
  ])('%s', (_name, vatEnabled, percent, withholding, toPay) => {
    const result = priceCart(cart({ lines: [line(1, 107000)], settings: { ...SETTINGS, vatEnabled }, taxInvoice: { personType: 'juristic_person' }, withholding: { enabled: true, percent } }));
    expect(result.totals.withholding.amount).toBe(withholding);
    expect(result.totals.amountToPay.amount).toBe(toPay);
    expect(result.withholdingPercent).toBe(percent ?? 3);
  });

  it('withholding leaves out the shipping fee', () => {
    // base 1,000.00 (shipping 100.00 excluded); 3% = 30.00; to pay 1,000.00 + 100.00 - 30.00 = 1,070.00
    const result = priceCart(cart({ shippingFeeAmount: 10000, taxInvoice: { personType: 'juristic_person' }, withholding: { enabled: true } }));
    expect(amounts(result)).toMatchObject({ withholding: 3000, amountToPay: 107000 });
    expect(result.totals.withholdingBase.amount).toBe(100000);
  });

  test.each([
    ['a normal_person tax invoice', { personType: 'normal_person' as const }],
    ['no tax invoice', null],
  ])('withholding requires a juristic_person tax invoice: refused with %s', (_name, taxInvoice) => {
    const result = priceCart(cart({ taxInvoice, withholding: { enabled: true } }));
    expect(result.totals.withholding.amount).toBe(0);
    expect(result.withholdingPercent).toBeNull();
    expect(result.problems).toEqual([{ code: 'WITHHOLDING_REQUIRES_JURISTIC_PERSON' }]);
  });

  it('computes amountToPay = price - discount + shipping_fee - withholding', () => {
    // 2,000.00 - 200.00 (10%) + 60.00 - 3% of 1,800.00 (54.00) = 1,806.00
    const result = priceCart(
      cart({
        lines: [line(1, 200000)],
        coupons: [coupon({ id: 1, discountType: 'percent', discountBasisPoints: 1000 })],
        shippingFeeAmount: 6000,
        taxInvoice: { personType: 'juristic_person' },
        withholding: { enabled: true },
      }),
    );
    expect(amounts(result)).toEqual({ subtotal: 200000, discount: 20000, shipping: 6000, net: 186000, vat: 0, withholding: 5400, amountToPay: 180600 });
  });

  test.each([
    // the tax-invoice check is skipped below 1000 THB net
    ['THB', 99999, true, false],
    ['THB', 100000, true, true],
    // and below 30 USD on the layout-four path
    ['USD', 2999, true, false],
    ['USD', 3000, true, true],
    ['THB', 500000, false, false],
  ] as const)('tax-invoice check skipped below 1000 THB / 30 USD: %s %i with invoice %s -> %s', (currency, price, wanted, expected) => {
    const lines = [{ ...line(1, 0), plan: { id: 1, priceAmount: price, priceUsdAmount: price } }];
    const result = priceCart(cart({ currency, lines, taxInvoice: wanted ? { personType: 'normal_person' } : null }));
    expect(result.taxInvoiceCheckRequired).toBe(expected);
  });

  test.each([
    // 20 THB minimum after withholding for methods 8 and 9
    [8, 'THB', 1999, true],
    [9, 'THB', 1999, true],
    [8, 'THB', 2000, false],
    [1, 'THB', 1999, false],
    [8, 'THB', 0, false],
    [8, 'USD', 1999, false],
  ] as const)('minimum 20 THB after withholding for methods 8 and 9: method %i, %s %i -> below minimum %s', (method, currency, price, below) => {
    const lines = [{ ...line(1, 0), plan: { id: 1, priceAmount: price, priceUsdAmount: price } }];
    const result = priceCart(cart({ currency, lines, paymentMethodId: method }));
    expect(result.belowMinimum).toBe(below);
    expect(result.problems.some((p) => p.code === 'MINIMUM_AMOUNT')).toBe(below);
  });

  it('checks the 20 THB minimum after withholding: 20.50 less 3% is 19.89, below the minimum', () => {
    // 20.50 × 3% = 0.615 -> 0.62; 20.50 - 0.62 = 19.88
    const result = priceCart(cart({ lines: [line(1, 2050)], paymentMethodId: 8, taxInvoice: { personType: 'juristic_person' }, withholding: { enabled: true } }));
    expect(result.totals.amountToPay.amount).toBe(1988);
    expect(result.belowMinimum).toBe(true);
  });
});
