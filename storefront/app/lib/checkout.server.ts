/**
 * The course page's checkout on the server (layout four, purchase without registration):
 * what the checkout area is built from, and the payment step of the order placed from the
 * page while it waits for its payment. Placing the order is lib/checkout-order.server.ts,
 * the bank-transfer report lib/transfer-report.server.ts.
 */
import type { CustomLabel } from '@sala/shared/schemas';
import { courseShipsItem } from '@sala/shared/eligibility';
import { planFromWire, promotionFromWire, type CheckoutPlan } from '~/models/checkout/pricing';
import { pricingSettingsOf, registrationSettings, studentPicksGroup, taxInvoiceEnabled, withholdingPercentsOf } from '@sala/shared/settings';
import type { CheckoutData, PaymentStep } from '~/models/checkout/types';
import { CmsApiError, getCustomLabels, getOrderForPayment, getOriginBanks, getPaymentMethods, getPromotions, getUserGroups } from './cms.server';
import type { WireCourseDetail, WireSiteSettings } from './cms-schemas.server';
import type { Locale } from '~/models/i18n';
import { orderAmountsFromWire } from '~/models/orders/amounts';
import { getShippingAddresses, getShippingFees } from './shipping.server';
import { bankAccountsOf, paymentMethodView } from './payment-methods.server';
import type { AppSession, SessionStudent } from './session.server';

type Signal = { signal?: AbortSignal };

/** The plans a viewer may pick from: a signed-in student's own listing, else the visitor's. */
export function plansFor(detail: WireCourseDetail, student: SessionStudent | null): CheckoutPlan[] {
  const listing = student && detail.priceDetailByUserId ? detail.priceDetailByUserId : detail.priceDetail;
  return listing.map(planFromWire);
}

type CheckoutContext = {
  detail: WireCourseDetail;
  settings: WireSiteSettings;
  student: SessionStudent | null;
  locale: Locale;
  now: Date;
};

/**
 * Everything the checkout area is built from; one round of CMS calls in parallel. `shared`: the
 * course page's loader for a visitor without a session, whose promotions may come from the
 * public-data cache (ADR 146); actions read them fresh.
 */
export async function loadCheckoutData(context: CheckoutContext & Signal & { shared?: boolean }): Promise<CheckoutData> {
  const { detail, settings, student, locale, signal } = context;
  const options = { signal, locale, jwt: student?.jwt ?? null, shared: context.shared === true && !student };
  const ships = courseShipsItem(detail);
  const [labels, groups, promotions, methods, fees, addresses] = await Promise.all([
    getCustomLabels(options),
    studentPicksGroup(settings) ? getUserGroups(options) : Promise.resolve([]),
    getPromotions(options),
    getPaymentMethods(options),
    ships ? getShippingFees(options) : Promise.resolve([]),
    ships && student ? getShippingAddresses({ ...options, jwt: student.jwt }) : Promise.resolve([]),
  ]);
  return {
    course: { id: detail.id, title: detail.title, courseType: detail.courseType },
    plans: plansFor(detail, student),
    promotions: promotions.map(promotionFromWire),
    paymentMethods: methods.map(paymentMethodView),
    customLabels: labels.map((label) => ({ ...label, item_list: label.item_list ?? null })) as CustomLabel[],
    userGroups: groups.map((group) => ({ id: group.id, name: group.name, isDefault: group.is_default })),
    settings: {
      registration: registrationSettings(settings, groups.length > 0),
      chooseUserGroup: studentPicksGroup(settings) && groups.length > 0,
      taxInvoiceEnabled: taxInvoiceEnabled(settings),
      withholdingEnabled: taxInvoiceEnabled(settings) && settings.is_enable_withholding_tax,
      withholdingPercents: withholdingPercentsOf(settings),
      pricing: pricingSettingsOf(settings),
      slipRequired: settings.slip,
      thankYouPage: settings.is_thank_you_page,
    },
    shipping: ships ? { fees, address: addresses[0] ?? null } : null,
    now: context.now.toISOString(),
  };
}

/**
 * The payment step of the order placed from this page, while it waits for its payment.
 * An order paid, reported or cancelled meanwhile is forgotten (the session no longer holds it).
 */
export async function loadPaymentStep(args: {
  session: AppSession;
  student: SessionStudent | null;
  courseId: number;
  settings: WireSiteSettings;
  locale: Locale;
  signal?: AbortSignal;
}): Promise<{ step: PaymentStep | null; changed: boolean }> {
  const pending = args.session.get('pendingOrder');
  if (!pending || pending.courseId !== args.courseId) return { step: null, changed: false };
  if (!args.student) {
    args.session.unset('pendingOrder');
    return { step: null, changed: true };
  }
  const options = { signal: args.signal, locale: args.locale, jwt: args.student.jwt };
  let order;
  try {
    order = await getOrderForPayment(pending.id, options);
  } catch (error) {
    if (error instanceof CmsApiError) {
      args.session.unset('pendingOrder');
      return { step: null, changed: true };
    }
    throw error;
  }
  if (order.payment_status !== 'notYetReceived') {
    args.session.unset('pendingOrder');
    return { step: null, changed: true };
  }
  return {
    changed: false,
    step: await buildPaymentStep({ order, student: args.student, settings: args.settings, locale: args.locale, options, fallbackMethodId: pending.paymentMethodId, where: 'course' }),
  };
}

/** The payment step of one unpaid order of the student's (the course page's, or /pay/{orderId} for bank transfer). */
export async function buildPaymentStep(args: {
  order: Awaited<ReturnType<typeof getOrderForPayment>>;
  student: SessionStudent;
  settings: WireSiteSettings;
  locale: Locale;
  options: { jwt: string; locale: Locale; signal?: AbortSignal };
  fallbackMethodId?: number;
  /** The course page (registration layout) keeps the buyer in the notification; /pay lets it wait. */
  where: 'course' | 'pay';
}): Promise<PaymentStep> {
  const { order, options } = args;
  const [methods, origins] = await Promise.all([getPaymentMethods(options), getOriginBanks(options)]);
  const method = methods.find((candidate) => candidate.id === (order.payment_method_id ?? args.fallbackMethodId)) ?? null;
  return {
    orderId: order.id,
    orderToken: order.order_token,
    status: order.payment_status,
    currency: order.currency_code,
    ...orderAmountsFromWire(order),
    couponCodes: order.coupon_list_code,
    paymentMethodId: method?.id ?? order.payment_method_id,
    paymentMethodName: method?.name ?? null,
    contactName: args.student.name,
    email: order.email || args.student.email,
    tel: order.tel,
    bankAccounts: bankAccountsOf(methods),
    promptPay: order.prompt_pay ? { promptPayId: order.prompt_pay.promptpay_id } : null,
    originBanks: origins.map((bank) => ({ value: bank.banktransfer_value, name: args.locale === 'en' && bank.banktransfer_nameen ? bank.banktransfer_nameen : bank.banktransfer_nameth })),
    slipRequired: args.settings.slip,
    thankYouPage: args.settings.is_thank_you_page,
    // The course page holds a payment step only in its registration layout (layout four), where the notification cannot be put off.
    laterHref: args.where === 'course' ? null : args.settings.is_thank_you_page ? `/thankyou?orderId=${encodeURIComponent(order.order_token)}` : '/myaccount/student/order',
  };
}
