/**
 * The cart's price with the shared engine: the same function runs in the browser (the
 * summary follows the buyer's choices) and in the cart action (which builds the order from
 * it); the CMS prices the order again and its total is the one charged.
 */
import { priceCart, type PriceBreakdown, type PricingSettings } from '@sala/shared/pricing';
import type { CheckoutCoupon, CheckoutPromotion } from '~/models/checkout/pricing';
import type { PaymentMethodView } from '~/models/checkout/types';
import type { ShippingData } from '~/models/shipping/types';

/** One line of the student's cart, prices in minor units. */
export type CartLine = {
  itemId: number;
  kind: 'course' | 'product';
  /** The course's id, or the product's id for a product line. */
  courseId: number;
  quantity: number;
  title: string;
  courseType: string;
  planId: number | null;
  planName: string | null;
  priceAmount: number | null;
  priceUsdAmount: number | null;
  /** The course page of the line, when it is a course. */
  href: string | null;
  /** A product, or a course with a printed book: the order needs an address and a shipping method. */
  shipsItem: boolean;
  /** A book the book retailer sells: the cart's hand-off sends it there. */
  soldByRetailer: boolean;
};

/** Everything the cart page is built from; no credential. */
export type CartData = {
  lines: CartLine[];
  promotions: CheckoutPromotion[];
  paymentMethods: PaymentMethodView[];
  pricing: PricingSettings;
  thankYouPage: boolean;
  /** Shipping methods and the student's address, when the cart holds a product (else null). */
  shipping: ShippingData | null;
  /** The tax invoice and withholding choice, when the site offers tax invoices (else null). */
  tax: CartTax | null;
  /** The moment the page was priced at, so the server render and the browser agree. */
  now: string;
};

export type TaxPersonType = 'normal_person' | 'juristic_person';

/** What the cart offers for a tax invoice, and the details the student has on file. */
export type CartTax = {
  withholdingEnabled: boolean;
  withholdingPercents: (3 | 1)[];
  /** The student's account asks for a tax invoice. */
  requested: boolean;
  /** Saved details (a tax id on file), or null. */
  onFile: { personType: TaxPersonType; name: string; taxId: string } | null;
};

export type CartSelection = {
  promotionId: number | 'auto' | null;
  coupons: CheckoutCoupon[];
  paymentMethodId: number | null;
  /** The chosen shipping method's fee in satang (0 when nothing ships). */
  shippingFeeAmount?: number;
  /** The tax invoice asked for, or null. */
  taxInvoice?: { personType: TaxPersonType } | null;
  withholding?: { enabled: boolean; percent: 3 | 1 };
};

/** Promotions that name at least one course of the cart. */
export function promotionsForLines(promotions: readonly CheckoutPromotion[], lines: readonly CartLine[]): CheckoutPromotion[] {
  const ids = new Set(lines.filter((line) => line.kind === 'course').map((line) => line.courseId));
  return promotions.filter((promotion) => promotion.courseIds === null || promotion.courseIds.some((id) => ids.has(id)));
}

export function priceCartLines(data: Pick<CartData, 'lines' | 'promotions' | 'pricing' | 'now'>, selection: CartSelection): PriceBreakdown {
  return priceCart({
    currency: 'THB',
    lines: data.lines.map((line) => ({
      // Products and courses number their ids apart: a product line gets a negative id here so
      // it never meets a course of the same number (coupons and promotions name courses only).
      courseId: line.kind === 'product' ? -line.courseId : line.courseId,
      title: line.title,
      courseType: line.courseType as never,
      quantity: line.quantity,
      plan: line.planId === null ? null : { id: line.planId, priceAmount: line.priceAmount, priceUsdAmount: line.priceUsdAmount },
    })),
    coupons: selection.coupons,
    promotions: promotionsForLines(data.promotions, data.lines),
    promotionId: selection.promotionId,
    paymentMethodId: selection.paymentMethodId,
    shippingFeeAmount: selection.shippingFeeAmount ?? 0,
    taxInvoice: selection.taxInvoice ?? null,
    withholding: selection.withholding ?? { enabled: false },
    settings: data.pricing,
    now: data.now,
  });
}

/**
 * The cart's tax-invoice check: a tax invoice is issued from the details on the student's
 * account, so they must be there, of the chosen type, once the order reaches 1,000 THB
 * (30 USD) or withholds tax (which needs a juristic person's details); below that the check
 * is skipped (spec section 9). The CMS checks the same again.
 */
export function missingTaxDetails(
  breakdown: Pick<PriceBreakdown, 'taxInvoiceCheckRequired' | 'withholdingPercent'>,
  taxInvoice: { personType: TaxPersonType } | null,
  onFile: { personType: TaxPersonType } | null,
): boolean {
  if (!taxInvoice) return false;
  if (!breakdown.taxInvoiceCheckRequired && breakdown.withholdingPercent === null) return false;
  return onFile?.personType !== taxInvoice.personType;
}
