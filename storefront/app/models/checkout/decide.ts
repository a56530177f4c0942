/**
 * The decisions of the course page's checkout submit (spec section 4), without any I/O:
 * from the form's values and what the page was built from, either the messages to put next
 * to the form's fields, or what to do: the files to upload, the tax details to send, the
 * address to save and the order to place. lib/checkout-order.server.ts performs the calls.
 */
import { money, toMajorString } from '@sala/shared/money';
import { orderCancelAt } from '@sala/shared/payments';
import type { PriceBreakdown } from '@sala/shared/pricing';
import type { ShippingAddressValues } from '@sala/shared/schemas';
import type { Translate } from '@sala/shared/texts';
import type { Locale } from '~/models/i18n';
import type { ShippingFeeView } from '~/models/shipping/types';
import type { CheckoutValues } from './checkout-schema';
import { codeMessage } from './code-message';
import { couponFailureMessage, type CouponFailure } from './coupon-failures';
import { priceCheckout, type CheckoutCoupon, type CheckoutPlan } from './pricing';
import { registrationUploads, type PlannedUpload } from './registration-payload';
import type { CheckoutData, PaymentMethodView } from './types';
import { taxInvoiceToWire, type TaxInvoiceValues } from '@sala/shared/schemas';

/** Messages for the form: next to a field, or for the whole form. */
export type CheckoutReply = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

export type CheckoutDecisionInput = {
  values: CheckoutValues;
  /** The currency the form asked to pay in. */
  currency: 'THB' | 'USD';
  checkout: CheckoutData;
  /** The buyer's codes as the CMS answered them (lib/coupons.server.ts). */
  coupons: { coupons: CheckoutCoupon[]; failed: CouponFailure[] };
  /** No student is signed in: the order registers one first. */
  guest: boolean;
  /** The site's auto_cancel hours (0: unpaid orders stay). */
  autoCancelHours: number;
  now: Date;
  t: Translate;
  locale: Locale;
};

/** The order as POST /private/orders takes it, but for who places it and where it ships. */
export type OrderDraft = Record<string, unknown>;

export type CheckoutDecision =
  | { ok: false; reply: CheckoutReply }
  | {
      ok: true;
      plan: CheckoutPlan;
      method: PaymentMethodView;
      fee: ShippingFeeView | null;
      breakdown: PriceBreakdown;
      /** Files that go up first, in order: the guest's registration files, then the company certificates. */
      uploads: PlannedUpload[];
      /** The tax invoice details typed in, or null when none was asked for. */
      tax: TaxInvoiceValues | null;
      /** The student's saved address chosen (null: a new one, or nothing ships) and a new one to save first. */
      shipping: { addressId: number | null; newAddress: ShippingAddressValues | null } | null;
      order: OrderDraft;
    };

const refuse = (reply: CheckoutReply): CheckoutDecision => ({ ok: false, reply });
const onField = (field: string, message: string): CheckoutDecision => refuse({ fieldErrors: { [field]: [message] } });

/** The field a pricing problem belongs to (null: the whole form). */
function fieldOfProblem(code: string): string | null {
  if (code === 'PROMOTION_REQUIRED') return 'promotionId';
  if (code === 'WITHHOLDING_REQUIRES_JURISTIC_PERSON') return 'isWithholding';
  return null;
}

/**
 * Checks the buyer's choices in the spec's order (plan, currency, shipping, payment method,
 * coupons, price) and decides the order; the first refusal wins, except that every failed
 * coupon code is named.
 */
export function decideCheckout(input: CheckoutDecisionInput): CheckoutDecision {
  const { values, checkout, t } = input;
  const plan = checkout.plans.find((candidate) => candidate.id === values.planId && !candidate.disabled);
  if (!plan) return onField('planId', t('dont_have_pricing'));
  // The registration layout may be paid in USD when the plan has a USD price; the CMS prices it again in that currency.
  if (input.currency === 'USD' && (plan.priceUsdAmount === null || checkout.shipping)) return onField('planId', t('error_usd_price_missing'));
  // A printed book ships by one of the shop's methods, to the student's saved address or the one typed in.
  const shipping = values.shipping;
  const fee = shipping ? (checkout.shipping?.fees.find((candidate) => candidate.id === shipping.shippingFeeId) ?? null) : null;
  if (checkout.shipping && !fee) return onField('shippingFeeId', t('cart_shipping_method_required'));
  if (checkout.shipping && shipping?.shippingAddressId !== null && shipping?.shippingAddressId !== checkout.shipping.address?.id) {
    return refuse({ formErrors: [t('cart_shipping_address_required')] });
  }
  const method = checkout.paymentMethods.find((candidate) => candidate.id === values.paymentMethodId && !candidate.disabled);
  if (!method) return onField('paymentMethodId', t('cart_payment_method_required'));
  const { coupons, failed } = input.coupons;
  if (failed.length > 0) return refuse({ fieldErrors: { couponCode: failed.map((failure) => couponFailureMessage(failure, t)) } });

  const taxPersonType = (values.taxInvoice?.taxPersonType as 'normal_person' | 'juristic_person' | undefined) ?? null;
  const selection = {
    planId: plan.id,
    promotionId: values.promotionId,
    coupons,
    paymentMethodId: method.id,
    taxInvoice: values.isRequireTaxInvoice && taxPersonType ? { personType: taxPersonType } : null,
    withholding: { enabled: values.isWithholding && checkout.settings.withholdingEnabled, percent: values.withholdingPercent },
    shippingFeeAmount: fee?.priceAmount ?? 0,
  };
  const breakdown = priceCheckout({
    course: checkout.course,
    plans: checkout.plans,
    promotions: checkout.promotions,
    settings: checkout.settings.pricing,
    selection,
    currency: input.currency,
    now: input.now,
  });
  if (breakdown.problems.length > 0) {
    const problem = breakdown.problems[0];
    const field = fieldOfProblem(problem.code);
    const message = codeMessage(problem.code, problem.code, t);
    return refuse(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
  }

  // Files go up first: the registration and the tax details refer to them by their stored names.
  const tax = values.taxInvoice ?? null;
  const uploads = input.guest ? registrationUploads(values.registration ?? {}, checkout.customLabels) : [];
  for (const file of (tax?.taxCompanyCertificate as File[] | undefined) ?? []) uploads.push({ file, target: { kind: 'certificate' } });

  return {
    ok: true,
    plan,
    method,
    fee,
    breakdown,
    uploads,
    tax,
    shipping: shipping ? { addressId: shipping.shippingAddressId ?? null, newAddress: shipping.address ?? null } : null,
    order: orderDraft({ courseId: checkout.course.id, plan, method, breakdown, fee, autoCancelHours: input.autoCancelHours, now: input.now }),
  };
}

function orderDraft(args: { courseId: number; plan: CheckoutPlan; method: PaymentMethodView; breakdown: PriceBreakdown; fee: ShippingFeeView | null; autoCancelHours: number; now: Date }): OrderDraft {
  const { breakdown, plan } = args;
  const { totals, currency } = breakdown;
  const line = breakdown.lines[0];
  return {
    course_id: [args.courseId],
    payment_method_id: args.method.id,
    coupon_id: breakdown.appliedCoupons.map((coupon) => coupon.id),
    // the codes the buyer typed: a coupon counts only for a buyer who presented its code (a guest looked it up before having an account)
    coupon_code: breakdown.appliedCoupons.map((coupon) => coupon.code),
    promotion_id: breakdown.appliedPromotion?.id ?? null,
    status: 'notYetReceived',
    price: toMajorString(totals.subtotal),
    discount: toMajorString(totals.discount),
    shipping_fee: toMajorString(totals.shipping),
    currency_code: currency,
    pricingplan_id: [plan.id],
    courses: JSON.stringify([
      { course_id: args.courseId, pricingplan_id: plan.id, price: toMajorString(money(line.listAmount, currency)), discount: toMajorString(money(line.discountAmount, currency)), quantity: 1 },
    ]),
    cancel_at: orderCancelAt(args.now, args.autoCancelHours),
    shipping_fee_id: args.fee?.id ?? null,
    is_withholding: breakdown.withholdingPercent !== null,
    ...(breakdown.withholdingPercent !== null ? { withholding_percent: breakdown.withholdingPercent } : {}),
  };
}

/** The order to post once the buyer has an account and the address its id: it ships only with a shipping method. */
export function orderPayload(draft: OrderDraft, placed: { userId: number | null; shippingAddressId: number | null; fee: ShippingFeeView | null }): Record<string, unknown> {
  return { user_id: placed.userId ?? 0, ...draft, shipping_address_id: placed.fee ? placed.shippingAddressId : null };
}

/** The tax-invoice fields of the registration or the account update; only the request flag when none was asked for. */
export function taxInvoicePayload(tax: Omit<TaxInvoiceValues, 'taxCompanyCertificate'> | null, certificateNames: string[]): Record<string, unknown> {
  return tax ? { is_require_tax_invoice: true, ...taxInvoiceToWire(tax, certificateNames) } : { is_require_tax_invoice: false };
}
