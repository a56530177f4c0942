import { describe, expect, test } from 'vitest';
import { discountItems, discountRows } from './discount-items';

const thb = (amount: number) => ({ amount, currency: 'THB' as const });

describe('the discount rows of a summary', () => {
  test('one coupon is the whole discount: one row by its code', () => {
    const items = discountItems({
      currency: 'THB',
      appliedCoupons: [{ id: 1, code: 'SALA10', couponType: 'P1', discountType: 'percent', discountAmount: 19900, courseIds: [1] }],
      appliedPromotion: null,
    });
    expect(discountRows(items, thb(19900))).toEqual([{ textKey: 'cart_discount_coupon', name: 'SALA10', amount: thb(19900), carriesTotal: true }]);
  });

  test('a promotion is named by its title', () => {
    const items = discountItems({
      currency: 'THB',
      appliedCoupons: [],
      appliedPromotion: { id: 3, title: 'ลด 15% คอร์สสาย Excel', promotionType: 'P1', discountType: 'percent', tierNumberOfCourse: null, discountAmount: 37350, courseIds: [2] },
    });
    expect(discountRows(items, thb(37350))).toEqual([{ textKey: 'cart_discount_promotion', name: 'ลด 15% คอร์สสาย Excel', amount: thb(37350), carriesTotal: true }]);
  });

  test('several coupons: a row each, then their total; a coupon that took nothing is left out', () => {
    const coupon = (id: number, code: string, discountAmount: number) => ({ id, code, couponType: 'P1' as const, discountType: 'amount' as const, discountAmount, courseIds: [] });
    const items = discountItems({ currency: 'THB', appliedCoupons: [coupon(1, 'A', 10000), coupon(2, 'B', 5000), coupon(3, 'C', 0)], appliedPromotion: null });
    expect(discountRows(items, thb(15000)).map((row) => [row.textKey, row.name, row.amount.amount, row.carriesTotal])).toEqual([
      ['cart_discount_coupon', 'A', 10000, false],
      ['cart_discount_coupon', 'B', 5000, false],
      ['cart_discount_total', '', 15000, true],
    ]);
  });

  test('a discount the order does not name gets one plain row; no discount, no row', () => {
    expect(discountRows([], thb(500))).toEqual([{ textKey: 'cart_discount', name: '', amount: thb(500), carriesTotal: true }]);
    expect(discountRows([], thb(0))).toEqual([]);
  });
});
