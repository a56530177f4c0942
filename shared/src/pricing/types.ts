import type { CouponReason, CourseType, Currency, DiscountKind, DiscountType, ErrorCode, PromotionReason, TaxPersonType, VatMode, WithholdingPercent } from '../constants/index.js';
import type { Money } from '../money/index.js';

/** The plan a line is bought on; prices in minor units, null when the plan has no price in that currency. */
export type LinePlan = { id: number; priceAmount: number | null; priceUsdAmount: number | null };

/** One course or product in the cart. */
export type PricingLineInput = {
  courseId: number;
  title: string;
  courseType: CourseType;
  plan: LinePlan | null;
  /** Units of a product; courses are always 1. Defaults to 1. */
  quantity?: number;
};

/** How much a coupon, promotion or tier takes off. Which field counts depends on discountType and the cart currency. */
export type DiscountValue = {
  discountType: DiscountType;
  /** THB minor units, for discountType 'amount'. */
  discountAmount: number;
  /** USD minor units, for discountType 'amount' on a USD cart; null when the seller set none. */
  discountUsdAmount: number | null;
  /** Basis points (1000 = 10%), for discountType 'percent'. */
  discountBasisPoints: number;
};

export type CouponInput = DiscountValue & {
  id: number;
  code: string;
  /** P1 applies to each line of the coupon's courses; P2 needs numberOfCourse of them in the cart. */
  couponType: DiscountKind;
  /** Courses the coupon covers; null covers every course. */
  courseIds: number[] | null;
  numberOfCourse: number;
  /** Payment methods the coupon may be used with; an empty list means the coupon has none. */
  paymentMethodIds: number[];
  /** null for no limit. */
  usageLimit: number | null;
  usedCount: number;
  /** ISO timestamps, or dates (YYYY-MM-DD) read as whole days in Bangkok time; null for open-ended. */
  validFrom: string | null;
  validTo: string | null;
};

export type PromotionTier = Omit<DiscountValue, 'discountType'> & { numberOfCourse: number };

export type PromotionInput = DiscountValue & {
  id: number;
  title: string;
  promotionType: DiscountKind;
  /** Courses in the promotion; null covers every course. */
  courseIds: number[] | null;
  numberOfCourse: number;
  isEnableTier: boolean;
  /** With tiers on, the tier with the highest numberOfCourse that the cart reaches replaces the base discount. */
  tierList: PromotionTier[];
  validFrom?: string | null;
  validTo?: string | null;
};

export type PricingSettings = {
  vatEnabled: boolean;
  /** Site vat_value in basis points (7% = 700); see percentToBasisPoints. */
  vatBasisPoints: number;
  /** Whether listed prices contain VAT or have it added on top (ADR 182); 'included' when absent. */
  vatMode?: VatMode;
  /** Coupon and promotion are mutually exclusive. */
  couponOrPromotion: boolean;
  /** At most one coupon per order. */
  oneCouponPerOrder: boolean;
};

export type PriceCartInput = {
  /** THB by default; USD on the layout-four path. */
  currency?: Currency;
  lines: PricingLineInput[];
  /** Codes the buyer entered; a code with no record in `coupons` is rejected as dont_have_coupon. */
  couponCodes?: string[];
  /** Coupon records found for the entered codes. */
  coupons?: CouponInput[];
  promotions?: PromotionInput[];
  /** A promotion id, 'auto' (default) for the best applicable one, or null for none. */
  promotionId?: number | 'auto' | null;
  paymentMethodId: number | null;
  /** Minor units in the cart currency. */
  shippingFeeAmount?: number;
  /** The tax invoice the buyer asked for, or null. */
  taxInvoice?: { personType: TaxPersonType } | null;
  withholding?: { enabled: boolean; percent?: WithholdingPercent };
  settings: PricingSettings;
  /** The moment coupon and promotion validity is judged at. */
  now: Date | number | string;
};

export type LineProblem = Extract<ErrorCode, 'NO_PRICING_PLAN' | 'USD_PRICE_MISSING' | 'COURSE_DUPLICATE'>;

export type LineAdjustment = { source: 'promotion' | 'coupon'; id: number; code: string | null; amount: number };

export type PricedLine = {
  courseId: number;
  title: string;
  courseType: CourseType;
  planId: number | null;
  quantity: number;
  unitPriceAmount: number;
  /** unitPriceAmount × quantity. */
  listAmount: number;
  /** Share of every discount taken off this line; never more than listAmount. */
  discountAmount: number;
  /** listAmount - discountAmount, never below 0. */
  netAmount: number;
  adjustments: LineAdjustment[];
  /** Why the line is priced at 0 and left out of every discount, or null. */
  problem: LineProblem | null;
};

export type AppliedCoupon = {
  id: number;
  code: string;
  couponType: DiscountKind;
  discountType: DiscountType;
  discountAmount: number;
  courseIds: number[];
};

export type RejectedCoupon = { id: number | null; code: string; reason: CouponReason };

export type AppliedPromotion = {
  id: number;
  title: string;
  promotionType: DiscountKind;
  discountType: DiscountType;
  /** The tier reached, or null when tiers are off. */
  tierNumberOfCourse: number | null;
  discountAmount: number;
  courseIds: number[];
};

export type RejectedPromotion = { id: number; reason: PromotionReason };

export type PriceProblem = { code: ErrorCode; courseId?: number };

export type PriceTotals = {
  /** Σ list prices (VAT included, or before VAT when the site adds it). */
  subtotal: Money;
  /** Σ discounts; never more than the subtotal. */
  discount: Money;
  shipping: Money;
  /** subtotal - discount + shipping: the order at its listed prices. */
  net: Money;
  /** The VAT of the order: contained in net when included, on top of it when added (0 when VAT is off). */
  vat: Money;
  /** The order's value before VAT: net - vat when included, net when added. */
  beforeVat: Money;
  /** The order's value with VAT: net when included, net + vat when added. */
  withVat: Money;
  /** The pre-VAT value of the discounted goods that withholding is taken from. */
  withholdingBase: Money;
  withholding: Money;
  /** withVat - withholding. */
  amountToPay: Money;
};

export type PriceBreakdown = {
  currency: Currency;
  lines: PricedLine[];
  appliedCoupons: AppliedCoupon[];
  rejectedCoupons: RejectedCoupon[];
  appliedPromotion: AppliedPromotion | null;
  rejectedPromotions: RejectedPromotion[];
  /** Promotions the cart qualifies for, best first. */
  applicablePromotionIds: number[];
  totals: PriceTotals;
  vatBasisPoints: number;
  /** The VAT mode the cart was priced in. */
  vatMode: VatMode;
  /** The withholding rate used, or null when none is withheld. */
  withholdingPercent: WithholdingPercent | null;
  /** A tax invoice was asked for and the order with VAT reaches 1000 THB (30 USD): below that the tax-invoice check is skipped. */
  taxInvoiceCheckRequired: boolean;
  /** Methods 8 and 9 cannot charge this amount: below 20 THB after withholding. */
  belowMinimum: boolean;
  /** Nothing to pay: the order skips the payment step. */
  zeroTotal: boolean;
  /** Everything that stops the order from being placed; empty when it can be. */
  problems: PriceProblem[];
  ok: boolean;
};
