/**
 * The student's cart on the server: its lines (GET /private/cart), adding a course
 * (POST /private/cart), removing a line, what the cart page is built from, and placing
 * the cart's order (POST /private/cart/order). The CMS prices the order itself; its total
 * is the one charged.
 */
import { money, toMajorString } from '@sala/shared/money';
import { orderCancelAt } from '@sala/shared/payments';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { missingTaxDetails, priceCartLines, type CartData, type CartLine, type CartTax, type TaxPersonType } from '~/models/cart/cart-pricing';
import { toMinorUnits } from '@sala/shared/money';
import { promotionFromWire } from '~/models/checkout/pricing';
import { couponFailureMessage } from '~/models/checkout/coupon-failures';
import { pricingSettingsOf, taxInvoiceEnabled, withholdingPercentsOf } from '@sala/shared/settings';
import { postOrderPath } from '~/models/checkout/post-order';
import { orderErrorMessage } from './checkout-order.server';
import { sessionRefusal } from './session-refusal.server';
import { CmsApiError, callJson, createOrder, getPaymentMethods, getPromotions, getSiteSettings, postJson, updateStudentTax, type CallOptions } from './cms.server';
import { paymentMethodView } from './payment-methods.server';
import type { Locale } from '~/models/i18n';
import { redirect } from '@remix-run/node';
import { PRIVATE_NO_STORE, safeRedirect } from './auth.server';
import { getLocale } from './i18n.server';
import { getSessionStudent, type SessionStudent } from './session.server';
import { getMyTaxInfo } from './orders.server';
import type { TaxInfoView } from '~/models/orders/types';
import { netAmountFromWire } from '~/models/orders/amounts';
import { loadShippingData } from './shipping.server';
import { lookUpCoupons } from './coupons.server';
import { taxInvoiceToWire } from '@sala/shared/schemas';

const nullableNumber = z.number().nullable();

const CartItemSchema = z.looseObject({
  id: z.number().int(),
  course_id: nullableNumber,
  product_id: nullableNumber.optional().default(null),
  pricingplan_id: nullableNumber,
  quantity: z.number().int().optional().default(1),
  title: z.string(),
  course_type: z.string().nullable(),
  plan_name: z.string().nullable(),
  price: nullableNumber,
  price_usd: nullableNumber,
  ships_item: z.boolean().optional().default(false),
  sold_by_retailer: z.boolean().optional().default(false),
});
const CartResponseSchema = z.looseObject({ success: z.literal(true), data: z.array(CartItemSchema) });
const ClearCartResponseSchema = z.looseObject({ success: z.literal(true), deleted: z.number().int().optional() });

type StudentOptions = CallOptions & { jwt: string };

function lineFromWire(item: z.infer<typeof CartItemSchema>): CartLine | null {
  const courseId = item.course_id ?? item.product_id;
  if (courseId === null) return null;
  const kind = item.course_id !== null ? 'course' : 'product';
  return {
    itemId: item.id,
    kind,
    courseId,
    quantity: item.quantity,
    title: item.title,
    courseType: item.course_type ?? (kind === 'product' ? 'product' : 'Online'),
    planId: item.pricingplan_id,
    planName: item.plan_name,
    priceAmount: toMinorUnits(item.price),
    priceUsdAmount: toMinorUnits(item.price_usd, 'USD'),
    href: item.course_id !== null ? `/courses/${item.course_id}` : `/products/${courseId}`,
    shipsItem: item.ships_item || kind === 'product',
    soldByRetailer: kind === 'product' && item.sold_by_retailer,
  };
}

/** The signed-in student's cart lines, in the order they were added. */
export async function getCartLines(options: StudentOptions): Promise<CartLine[]> {
  const answer = await callJson('/private/cart', CartResponseSchema, options);
  return answer.data.map(lineFromWire).filter((line): line is CartLine => line !== null);
}

/**
 * Puts a course (or a product sold as one) in the student's cart, on the given plan or the
 * course's default one; adding it again changes its plan. Refusals come back as CmsApiError
 * (404 NOT_FOUND for a course not on sale, 400 NO_PRICING_PLAN).
 */
export async function addCartItem(input: { courseId: number; planId?: number | null }, options: StudentOptions): Promise<CartLine[]> {
  const body: Record<string, unknown> = { course_id: input.courseId };
  if (input.planId) body.pricingplan_id = input.planId;
  const answer = await postJson('/private/cart', CartResponseSchema, body, options);
  return answer.data.map(lineFromWire).filter((line): line is CartLine => line !== null);
}

/** Empties the student's cart (POST /public/cart/deleteitem). */
export async function clearCart(student: SessionStudent, options: StudentOptions): Promise<void> {
  await postJson('/public/cart/deleteitem', ClearCartResponseSchema, { user_id: student.userId }, options);
}

/**
 * Removes one line. The CMS only empties a whole cart, so the other lines are put back
 * on the plans they had.
 */
export async function removeCartLine(student: SessionStudent, itemId: number, options: StudentOptions): Promise<void> {
  const lines = await getCartLines(options);
  if (!lines.some((line) => line.itemId === itemId)) return;
  await clearCart(student, options);
  for (const line of lines) {
    if (line.itemId === itemId) continue;
    try {
      if (line.kind === 'product') await postJson('/private/cart', CartResponseSchema, { product_id: line.courseId, quantity: line.quantity }, options);
      else await addCartItem({ courseId: line.courseId, planId: line.planId }, options);
    } catch (error) {
      // A course that went off sale meanwhile stays out of the cart.
      if (!(error instanceof CmsApiError)) throw error;
    }
  }
}

function cartTaxFrom(info: TaxInfoView, withholdingEnabled: boolean, withholdingPercents: (3 | 1)[]): CartTax {
  return {
    withholdingEnabled,
    withholdingPercents,
    requested: info.requireTaxInvoice,
    onFile: info.saved ? { personType: info.personType, name: [info.nameOne, info.nameTwo].filter(Boolean).join(' '), taxId: info.taxId } : null,
  };
}

/** Everything the cart page shows for a signed-in student; one round of CMS calls in parallel. */
export async function loadCartData(options: StudentOptions & { now: Date }): Promise<CartData> {
  const [lines, promotions, methods, settings, taxInfo] = await Promise.all([
    getCartLines(options),
    getPromotions(options),
    getPaymentMethods(options),
    getSiteSettings(options),
    getMyTaxInfo(options),
  ]);
  // Products and courses with a printed book ship: the methods and the student's address come along (lib/shipping.server.ts).
  const shipping = lines.some((line) => line.shipsItem) ? await loadShippingData(options) : null;
  return {
    shipping,
    tax: taxInvoiceEnabled(settings) ? cartTaxFrom(taxInfo, settings.is_enable_withholding_tax, withholdingPercentsOf(settings)) : null,
    lines,
    promotions: promotions.map(promotionFromWire),
    paymentMethods: methods.map(paymentMethodView),
    pricing: pricingSettingsOf(settings),
    thankYouPage: settings.is_thank_you_page,
    now: options.now.toISOString(),
  };
}

export type CartOrderChoices = {
  paymentMethodId: number | null;
  promotionId: number | 'auto' | null;
  couponCodes: string[];
  shippingAddressId?: number | null;
  shippingFeeId?: number | null;
  /** The tax invoice asked for (null: none) and the withholding choice. */
  taxInvoice?: { personType: TaxPersonType } | null;
  withholding?: { enabled: boolean; percent: 3 | 1 };
};

export type CartOrderOutcome =
  | { ok: true; orderId: number; orderToken: string; netAmount: number; redirectTo: string }
  | { ok: false; field: 'paymentMethodId' | 'promotionId' | 'couponCode' | 'shipping' | 'tax' | null; message: string };

/** Turns the account's tax-invoice request on or off, keeping the details saved on it. */
async function setTaxInvoiceRequested(requested: boolean, options: StudentOptions): Promise<void> {
  const info = await getMyTaxInfo(options);
  // Without saved details there is nothing to send, and nothing the CMS would put on the order.
  if (!info.saved) return;
  await updateStudentTax(
    {
      is_require_tax_invoice: requested,
      ...taxInvoiceToWire(
        {
          taxPersonType: info.personType,
          taxNameOne: info.nameOne,
          taxNameTwo: info.nameTwo,
          taxPayerIdentificationNo: info.taxId,
          taxAddress: info.address,
          taxPostcode: info.postcode,
          taxIsDeliveryByTaxaddress: info.deliveryByTaxAddress,
          taxDeliveryAddress: info.deliveryAddress,
        },
        info.certificates,
      ),
    },
    options,
  );
}

/**
 * Places the cart's order: the cart read again from the CMS, the choices priced with the
 * shared engine to decide what to send, the order placed, the cart emptied. A zero total
 * goes to the thank-you redirect; anything else to the payment of that order.
 */
export async function placeCartOrder(args: { student: SessionStudent; choices: CartOrderChoices; locale: Locale; t: Translate; signal?: AbortSignal }): Promise<CartOrderOutcome> {
  const { student, choices, locale, t, signal } = args;
  const now = new Date();
  const options = { jwt: student.jwt, locale, signal };
  const [data, settings] = await Promise.all([loadCartData({ ...options, now }), getSiteSettings(options)]);
  if (data.lines.length === 0) return { ok: false, field: null, message: t('cart_empty') };
  const method = data.paymentMethods.find((candidate) => candidate.id === choices.paymentMethodId && !candidate.disabled);
  if (!method) return { ok: false, field: 'paymentMethodId', message: t('cart_payment_method_required') };
  // Physical items need the student's own address and a shipping method; the CMS checks both again.
  const address = data.shipping?.address ?? null;
  const fee = data.shipping?.fees.find((candidate) => candidate.id === choices.shippingFeeId) ?? null;
  if (data.shipping && (!address || address.id !== choices.shippingAddressId)) return { ok: false, field: 'shipping', message: t('cart_shipping_address_required') };
  if (data.shipping && !fee) return { ok: false, field: 'shipping', message: t('cart_shipping_method_required') };
  const taxInvoice = data.tax ? (choices.taxInvoice ?? null) : null;
  const withholding = { enabled: Boolean(data.tax?.withholdingEnabled && choices.withholding?.enabled), percent: choices.withholding?.percent ?? 3 };
  const { coupons, failed } = await lookUpCoupons(choices.couponCodes, options);
  if (failed.length > 0) return { ok: false, field: 'couponCode', message: failed.map((failure) => couponFailureMessage(failure, t)).join(' ') };

  const breakdown = priceCartLines(data, { promotionId: choices.promotionId, coupons, paymentMethodId: method.id, shippingFeeAmount: fee?.priceAmount ?? 0, taxInvoice, withholding });
  if (breakdown.problems.length > 0) {
    const problem = breakdown.problems[0];
    const field = problem.code === 'PROMOTION_REQUIRED' ? 'promotionId' : problem.code === 'WITHHOLDING_REQUIRES_JURISTIC_PERSON' ? 'tax' : null;
    let message: string;
    try {
      message = orderErrorMessage(new CmsApiError('', 400, problem.code, problem.code, null, null), t);
    } catch {
      message = problem.code;
    }
    return { ok: false, field, message };
  }
  if (missingTaxDetails(breakdown, taxInvoice, data.tax?.onFile ?? null)) return { ok: false, field: 'tax', message: t('cart_tax_details_required') };

  const { totals } = breakdown;
  const courseLines = breakdown.lines.filter((line) => line.courseId > 0);
  const productLines = breakdown.lines.filter((line) => line.courseId < 0);
  const payload = {
    user_id: student.userId,
    course_id: courseLines.map((line) => line.courseId),
    payment_method_id: method.id,
    coupon_id: breakdown.appliedCoupons.map((coupon) => coupon.id),
    // the codes the buyer typed: a coupon counts only for a buyer who presented its code (a guest looked it up before having an account)
    coupon_code: breakdown.appliedCoupons.map((coupon) => coupon.code),
    promotion_id: breakdown.appliedPromotion?.id ?? null,
    status: 'notYetReceived',
    price: toMajorString(totals.subtotal),
    discount: toMajorString(totals.discount),
    shipping_fee: toMajorString(totals.shipping),
    currency_code: breakdown.currency,
    pricingplan_id: courseLines.map((line) => line.planId),
    products: JSON.stringify(productLines.map((line) => ({ product_id: -line.courseId, pricingplan_id: line.planId, quantity: line.quantity }))),
    courses: JSON.stringify(
      courseLines.map((line) => ({
        course_id: line.courseId,
        pricingplan_id: line.planId,
        price: toMajorString(money(line.listAmount, breakdown.currency)),
        discount: toMajorString(money(line.discountAmount, breakdown.currency)),
        quantity: line.quantity,
      })),
    ),
    cancel_at: orderCancelAt(now, settings.auto_cancel ?? 0),
    shipping_address_id: data.shipping ? (address?.id ?? null) : null,
    shipping_fee_id: data.shipping ? (fee?.id ?? null) : null,
    is_withholding: breakdown.withholdingPercent !== null,
    ...(breakdown.withholdingPercent !== null ? { withholding_percent: breakdown.withholdingPercent } : {}),
  };
  // The CMS reads the tax invoice from the account: it records the request of this order.
  if (data.tax && data.tax.requested !== (taxInvoice !== null)) {
    try {
      await setTaxInvoiceRequested(taxInvoice !== null, options);
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return { ok: false, field: 'tax', message: t('cart_tax_details_required') };
    }
  }
  let placed;
  try {
    placed = await createOrder(payload, options);
  } catch (error) {
    // A refused token goes up to the page, which shows the session modal (ADR 179).
    if (!(error instanceof CmsApiError) || sessionRefusal(error)) throw error;
    return { ok: false, field: null, message: orderErrorMessage(error, t) };
  }
  // The order now holds the lines; the cart starts empty again.
  try {
    await clearCart(student, options);
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    console.warn(`[cart] order ${placed.orderId} placed but the cart was not emptied: ${error.message}`);
  }
  const netAmount = netAmountFromWire(placed.order);
  const redirectTo = netAmount === 0 ? postOrderPath(settings.is_thank_you_page, placed.order.order_token) : `/pay/${placed.orderId}`;
  return { ok: true, orderId: placed.orderId, orderToken: placed.order.order_token, netAmount, redirectTo };
}

/* ------------------------------------------------------------------ add to cart */

/** Adds a course for a signed-in student; a refusal comes back as the notice to show (null when added). */
export async function addToCartOrMessage(args: { student: SessionStudent; courseId: number; planId: number | null; locale: Locale; t: Translate; signal?: AbortSignal }): Promise<string | null> {
  try {
    await addCartItem({ courseId: args.courseId, planId: args.planId }, { jwt: args.student.jwt, locale: args.locale, signal: args.signal });
    return null;
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    const detail = error.code === 'NO_PRICING_PLAN' ? args.t('dont_have_pricing') : error.msg;
    return detail ? `${args.t('cart_add_failed')}: ${detail}` : args.t('cart_add_failed');
  }
}

function idOf(value: FormDataEntryValue | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The add-to-cart post (fields courseId, planId, redirect), shared by POST /cart/add and
 * /cart's intent=add. A visitor goes to /cart?course={id} to sign in first; a refusal is
 * shown by the cart page, which tries the same course again.
 */
export async function addToCartFromForm(request: Request, formData: FormData): Promise<Response> {
  const headers = { 'Cache-Control': PRIVATE_NO_STORE };
  const courseId = idOf(formData.get('courseId'));
  if (!courseId) return redirect('/cart', { headers });
  const planId = idOf(formData.get('planId'));
  const retry = `/cart?course=${courseId}${planId ? `&plan=${planId}` : ''}`;
  const student = await getSessionStudent(request);
  if (!student) return redirect(retry, { headers });
  try {
    await addCartItem({ courseId, planId }, { jwt: student.jwt, locale: getLocale(request), signal: request.signal });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return redirect(retry, { headers });
  }
  return redirect(safeRedirect(formData.get('redirect'), '/cart'), { headers });
}
