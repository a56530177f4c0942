/**
 * The discount rows of a price summary: each discount by its name (coupons by code, then the
 * promotion by title), so a buyer reads list price, each discount, total.
 */
import type { Money } from '@sala/shared/money';
import type { PriceBreakdown } from '@sala/shared/pricing';

export type DiscountItem = { kind: 'coupon' | 'promotion'; name: string; amount: Money };

/** A row to show: its text key, the name it takes, its amount, and whether it is the order's whole discount. */
export type DiscountRow = { textKey: 'cart_discount' | 'cart_discount_coupon' | 'cart_discount_promotion' | 'cart_discount_total'; name: string; amount: Money; carriesTotal: boolean };

export function discountItems(breakdown: Pick<PriceBreakdown, 'currency' | 'appliedCoupons' | 'appliedPromotion'>): DiscountItem[] {
  const item = (kind: DiscountItem['kind'], name: string, amount: number): DiscountItem[] => (amount > 0 ? [{ kind, name, amount: { amount, currency: breakdown.currency } }] : []);
  return [
    ...breakdown.appliedCoupons.flatMap((coupon) => item('coupon', coupon.code, coupon.discountAmount)),
    ...(breakdown.appliedPromotion ? item('promotion', breakdown.appliedPromotion.title, breakdown.appliedPromotion.discountAmount) : []),
  ];
}

/**
 * One named discount is the whole discount: one row by its name. Several: a row each, then
 * their total. None known by name (an order placed before names were kept): one plain row.
 */
export function discountRows(items: readonly DiscountItem[], total: Money): DiscountRow[] {
  if (total.amount <= 0) return [];
  const named = (item: DiscountItem, carriesTotal: boolean): DiscountRow => ({
    textKey: item.kind === 'coupon' ? 'cart_discount_coupon' : 'cart_discount_promotion',
    name: item.name,
    amount: carriesTotal ? total : item.amount,
    carriesTotal,
  });
  if (items.length === 0) return [{ textKey: 'cart_discount', name: '', amount: total, carriesTotal: true }];
  if (items.length === 1) return [named(items[0], true)];
  return [...items.map((item) => named(item, false)), { textKey: 'cart_discount_total', name: '', amount: total, carriesTotal: true }];
}
