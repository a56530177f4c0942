/**
 * The order as the storefront reads it (spec section 3, "Order detail"): stored
 * minor units turned into the wire's major-unit numbers, with an explicit field
 * list so nothing else of the order, its buyer or its payment method leaves.
 */
import type { Currency, OrderStatus, VatMode } from '@sala/shared/constants';
import { money, toMajorNumber } from '@sala/shared/money';
import { storedBeforeVatAmount, vatModeOf } from '@sala/shared/pricing';

export type OrderLineRow = {
  id: number;
  title: string | null;
  course_type: string | null;
  quantity: number | null;
  price: number;
  discount: number;
  net: number;
  course?: { id: number; title?: string } | null;
  product?: { id: number; title?: string } | null;
  pricing_plan?: { id: number } | null;
};

export type OrderRow = {
  id: number;
  order_token: string;
  state: OrderStatus;
  currency_code: Currency;
  price: number;
  discount: number;
  shipping_fee: number;
  vat: number;
  /** NULL on a row written before the column (docs/decisions/182): read as included. */
  vat_mode?: VatMode | null;
  withholding_price: number;
  net: number;
  cancel_at: string | Date | null;
  pricing?: unknown;
  user?: { id: number; email?: string | null; tel?: string | null } | null;
  lines?: OrderLineRow[];
  coupons?: { id: number; code: string }[];
  payment_method?: { method_id: number } | null;
};

export const ORDER_FIELDS = ['id', 'order_token', 'state', 'currency_code', 'price', 'discount', 'shipping_fee', 'vat', 'vat_mode', 'withholding_price', 'net', 'cancel_at', 'pricing'];

export const ORDER_POPULATE = {
  user: { select: ['id', 'email', 'tel'] },
  lines: {
    select: ['id', 'title', 'course_type', 'quantity', 'price', 'discount', 'net'],
    populate: { course: { select: ['id', 'title'] }, product: { select: ['id', 'title'] }, pricing_plan: { select: ['id'] } },
    orderBy: { id: 'asc' as const },
  },
  coupons: { select: ['id', 'code'] },
  payment_method: { select: ['method_id'] },
};

export type OrderCourseItem = {
  course_id: number | null;
  product_id: number | null;
  title: string;
  course_type: string | null;
  pricingplan_id: number | null;
  quantity: number;
  price: number;
  discount: number;
  net: number;
};

/** One discount of an order by name: a coupon by its code, a promotion by its title (major units). */
export type OrderDiscountItem = { kind: 'coupon' | 'promotion'; name: string; amount: number };

export type OrderDetail = {
  id: number;
  payment_status: OrderStatus;
  price: number;
  discount: number;
  shipping_fee: number;
  withholding_price: number;
  vat: number;
  /** Whether the order's VAT is contained in its prices or was added on top (ADR 182). */
  vat_mode: VatMode;
  /** The VAT rate the order was priced with, in basis points (700 = 7%); 0 without VAT. */
  vat_basis_points: number;
  /** The order's value before VAT: price - discount + shipping_fee, less the VAT when it is included. */
  before_vat: number;
  net: number;
  currency_code: Currency;
  payment_method_id: number | null;
  cancel_at: string | null;
  coupon_list_code: string[];
  /** Each discount taken off the order, by name, as priced when it was placed. */
  discount_list: OrderDiscountItem[];
  order_course_list: OrderCourseItem[];
};

export type PaymentOrderDetail = OrderDetail & {
  email: string;
  tel: string;
  order_token: string;
  /** The shop's PromptPay QR of the order's exact net amount (unpaid bank-transfer orders in baht, when the shop set its PromptPay id). */
  prompt_pay: { payload: string; promptpay_id: string } | null;
};

type StoredDiscount = { code?: unknown; title?: unknown; discountAmount?: unknown };

/** The discounts the order's stored pricing names: its coupons, then its promotion; amounts above zero only. */
function discountList(order: OrderRow, major: (amount: number) => number): OrderDiscountItem[] {
  const pricing = (order.pricing ?? {}) as { applied_coupons?: StoredDiscount[]; applied_promotion?: StoredDiscount | null };
  const item = (kind: OrderDiscountItem['kind'], name: unknown, amount: unknown): OrderDiscountItem[] =>
    typeof name === 'string' && Number.isSafeInteger(amount) && (amount as number) > 0 ? [{ kind, name, amount: major(amount as number) }] : [];
  return [
    ...(Array.isArray(pricing.applied_coupons) ? pricing.applied_coupons : []).flatMap((coupon) => item('coupon', coupon.code, coupon.discountAmount)),
    ...(pricing.applied_promotion ? item('promotion', pricing.applied_promotion.title, pricing.applied_promotion.discountAmount) : []),
  ];
}

/** The VAT rate the stored pricing names; 0 when it names none. */
function vatBasisPointsOf(order: OrderRow): number {
  const rate = ((order.pricing ?? {}) as { vat_basis_points?: unknown }).vat_basis_points;
  return Number.isSafeInteger(rate) && (rate as number) > 0 ? (rate as number) : 0;
}

/** The order detail of the spec; `order_token` only where the spec's response names it. */
export function toOrderDetail(order: OrderRow): OrderDetail {
  const major = (amount: number) => toMajorNumber(money(amount, order.currency_code));
  const vatMode = vatModeOf(order.vat_mode);
  return {
    id: order.id,
    payment_status: order.state,
    price: major(order.price),
    discount: major(order.discount),
    shipping_fee: major(order.shipping_fee),
    withholding_price: major(order.withholding_price),
    vat: major(order.vat),
    vat_mode: vatMode,
    vat_basis_points: vatBasisPointsOf(order),
    before_vat: major(storedBeforeVatAmount({ priceAmount: order.price, discountAmount: order.discount, shippingFeeAmount: order.shipping_fee, vatAmount: order.vat, vatMode })),
    net: major(order.net),
    currency_code: order.currency_code,
    payment_method_id: order.payment_method?.method_id ?? null,
    cancel_at: order.cancel_at ? new Date(order.cancel_at).toISOString() : null,
    coupon_list_code: (order.coupons ?? []).map((coupon) => coupon.code).sort(),
    discount_list: discountList(order, major),
    order_course_list: (order.lines ?? []).map((line) => ({
      course_id: line.course?.id ?? null,
      product_id: line.product?.id ?? null,
      title: line.title ?? line.course?.title ?? line.product?.title ?? '',
      course_type: line.course_type,
      pricingplan_id: line.pricing_plan?.id ?? null,
      quantity: line.quantity ?? 1,
      price: major(line.price),
      discount: major(line.discount),
      net: major(line.net),
    })),
  };
}

/** The payment screen's variant: also the buyer's e-mail and phone and the order token. */
export function toPaymentOrderDetail(order: OrderRow, promptPay: PaymentOrderDetail['prompt_pay'] = null): PaymentOrderDetail {
  return { ...toOrderDetail(order), email: order.user?.email ?? '', tel: order.user?.tel ?? '', order_token: order.order_token, prompt_pay: promptPay };
}

/** The latest payment report of an order, as its buyer may see it. */
export type OwnReportRow = { id: number; state: string; reject_reason: string | null; createdAt: string | Date | null };

/** An order of the buyer's own list (GET /private/orders): the detail, its token, dates and its latest report. */
export type OwnOrderListItem = OrderDetail & {
  order_token: string;
  createdAt: string | null;
  approved_at: string | null;
  /** The lines, each with its course's slug for the course and playlist links. */
  order_course_list: (OrderCourseItem & { course_slug: string | null })[];
  /** The buyer's latest report: its status and, once the shop rejected it, the reason given. */
  last_report: { id: number; status: string; reject_reason: string | null; createdAt: string | null } | null;
  /** The order's receipt or tax invoice once it is approved (ADR 189); null without one. */
  tax_document?: { code: string; kind: 'receipt' | 'tax_invoice' } | null;
  /** The buyer's withholding certificate of an order paid with withholding (ADR 197); null until sent. */
  withholding_certificate?: { fileName: string; uploadedAt: string } | null;
  /** The credit note of an order the shop cancelled after payment (ADR 198). */
  credit_note?: { code: string } | null;
};

export const OWN_ORDER_FIELDS = [...ORDER_FIELDS, 'createdAt', 'approved_at'];

export const OWN_ORDER_POPULATE = {
  ...ORDER_POPULATE,
  lines: { ...ORDER_POPULATE.lines, populate: { ...ORDER_POPULATE.lines.populate, course: { select: ['id', 'title', 'slug'] } } },
  payment_reports: { select: ['id', 'state', 'reject_reason', 'createdAt'], orderBy: [{ id: 'desc' as const }] },
};

export function toOwnOrderListItem(order: OrderRow & { createdAt?: string | Date | null; approved_at?: string | Date | null; payment_reports?: OwnReportRow[] }): OwnOrderListItem {
  const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);
  const latest = [...(order.payment_reports ?? [])].sort((a, b) => b.id - a.id)[0] ?? null;
  const detail = toOrderDetail(order);
  const slugs = new Map((order.lines ?? []).map((line) => [line.id, (line.course as { slug?: string | null } | null | undefined)?.slug ?? null]));
  return {
    ...detail,
    order_course_list: detail.order_course_list.map((item, index) => ({ ...item, course_slug: slugs.get(order.lines![index].id) ?? null })),
    order_token: order.order_token,
    createdAt: iso(order.createdAt),
    approved_at: iso(order.approved_at),
    last_report: latest ? { id: latest.id, status: latest.state, reject_reason: latest.reject_reason ?? null, createdAt: iso(latest.createdAt) } : null,
  };
}
