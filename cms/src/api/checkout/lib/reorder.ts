/**
 * A new order with the selections of one the student could not pay (docs/decisions/178): the
 * same courses on the same plans, the same products and quantities, the coupon codes, the
 * promotion, the payment method, the delivery address and fee, and the withholding choice.
 * Only selections are copied, never amounts: the new order is priced again like any other.
 */
import type { Currency, OrderStatus, WithholdingPercent } from '@sala/shared/constants';
import type { OrderPayload } from '@sala/shared/schemas';

/** An unpaid order that can no longer be paid: a declined payment cancelled it, or it ran out of time. */
export const REORDERABLE_STATES: readonly OrderStatus[] = ['cancelled', 'expired'];

export type ReorderRow = {
  id: number;
  state: OrderStatus;
  currency_code: Currency;
  is_withholding: boolean | null;
  withholding_percent: number | null;
  lines?: { quantity: number | null; course?: { id: number } | null; product?: { id: number } | null; pricing_plan?: { id: number } | null }[];
  coupons?: { id: number; code: string }[];
  promotion?: { id: number } | null;
  payment_method?: { method_id: number } | null;
  shipping_address?: { id: number } | null;
  shipping_fee_option?: { id: number } | null;
};

export const REORDER_FIELDS = ['id', 'state', 'currency_code', 'is_withholding', 'withholding_percent'];

export const REORDER_POPULATE = {
  lines: { select: ['id', 'quantity'], populate: { course: { select: ['id'] }, product: { select: ['id'] }, pricing_plan: { select: ['id'] } }, orderBy: { id: 'asc' as const } },
  coupons: { select: ['id', 'code'] },
  promotion: { select: ['id'] },
  payment_method: { select: ['method_id'] },
  shipping_address: { select: ['id'] },
  shipping_fee_option: { select: ['id'] },
};

/**
 * The order payload that places the same selections again for `buyerId`. Prices sent are zero:
 * the order call ignores them. Coupons go by their codes, which the buyer presented for the
 * first order (docs/decisions/154).
 */
export function reorderPayload(row: ReorderRow, buyerId: number): OrderPayload {
  const lines = row.lines ?? [];
  const courses = lines.filter((line) => line.course?.id);
  const products = lines.filter((line) => !line.course?.id && line.product?.id);
  const percent = row.is_withholding && row.withholding_percent ? (row.withholding_percent as WithholdingPercent) : null;
  return {
    user_id: buyerId,
    course_id: courses.map((line) => line.course!.id),
    pricingplan_id: courses.map((line) => line.pricing_plan?.id ?? 0),
    courses: courses.map((line) => ({ course_id: line.course!.id, pricingplan_id: line.pricing_plan?.id ?? null })),
    products: products.map((line) => ({ product_id: line.product!.id, pricingplan_id: line.pricing_plan?.id ?? null, quantity: line.quantity ?? 1 })),
    payment_method_id: row.payment_method?.method_id ?? 0,
    coupon_id: [],
    coupon_code: (row.coupons ?? []).map((coupon) => coupon.code),
    promotion_id: row.promotion?.id ?? null,
    status: 'notYetReceived',
    price: '0',
    discount: '0',
    shipping_fee: '0',
    currency_code: row.currency_code,
    cancel_at: null,
    shipping_address_id: row.shipping_address?.id ?? null,
    shipping_fee_id: row.shipping_fee_option?.id ?? null,
    is_withholding: Boolean(row.is_withholding),
    withholding_percent: percent,
  };
}
