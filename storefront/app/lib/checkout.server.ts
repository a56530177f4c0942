/**
 * The course page's checkout on the server (layout four, purchase without registration):
 * what the form is built from, and the submit flow of spec section 4. A guest is validated,
 * registered and signed in (the token goes into the session cookie), then the order is
 * placed; a signed-in student goes straight to the order; an order already placed from this
 * page goes straight to its payment. The CMS prices every order itself; its totals are the
 * ones shown on the payment step and charged.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { PAYMENT_METHOD_IDS, THANK_YOU_REDIRECT_DELAY_MS } from '@sala/shared/constants';
import { money, toMajorString } from '@sala/shared/money';
import { checkSlipUpload, type CustomLabel } from '@sala/shared/schemas';
import { errorMessage, type Translate } from '@sala/shared/texts';
import { orderCancelAt } from '@sala/shared/payments';
import { courseShipsItem } from '@sala/shared/eligibility';
import { z } from 'zod';
import { buildCheckoutSchema, SHIPPING_FIELD_PREFIX, type CheckoutValues } from '~/models/checkout/checkout-schema';
import {
  planFromWire,
  priceCheckout,
  promotionFromWire,
  type CheckoutPlan,
} from '~/models/checkout/pricing';
import { buildReportFormSchema, withSeconds } from '~/models/checkout/report-schema';
import { couponFailureMessage } from '~/models/checkout/coupon-failures';
import {
  pricingSettingsFrom,
  registrationSettingsFrom,
  studentPicksGroup,
  taxInvoiceEnabledBy,
  withholdingPercentsOf,
} from '~/models/checkout/settings';
import type { CheckoutData, PaymentStep } from '~/models/checkout/types';
import {
  CmsApiError,
  CmsError,
  createOrder,
  fileBankTransferReport,
  getCustomLabels,
  getOrderForPayment,
  getOriginBanks,
  getPaymentMethods,
  getPromotions,
  getUserGroups,
  logInStudent,
  postJson,
  registerStudent,
  sendPaymentNotification,
  updateStudentTax,
  uploadFiles,
} from './cms.server';
import type { WireCourseDetail, WireSiteSettings } from './cms-schemas.server';
import type { Locale } from '~/models/i18n';
import { netAmountFromWire, orderAmountsFromWire } from '~/models/orders/amounts';
import { studentFromLogin } from './auth.server';
import { getShippingAddresses, getShippingFees } from './shipping.server';
import { lookUpCoupons } from './coupons.server';
import { bankAccountsOf, paymentMethodView } from './payment-methods.server';
import { commitSession, type AppSession, type PendingOrder, type SessionStudent } from './session.server';

type Signal = { signal?: AbortSignal };

/** Where a buyer goes once an order needs nothing more from them (spec: post-order redirects). */
export function postOrderPath(thankYouPage: boolean, orderToken: string | null | undefined): string {
  if (!thankYouPage) return '/myaccount/student/order';
  return orderToken ? `/thankyou?orderId=${encodeURIComponent(orderToken)}` : '/thankyou';
}

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
      registration: registrationSettingsFrom(settings, groups.length > 0),
      chooseUserGroup: studentPicksGroup(settings) && groups.length > 0,
      taxInvoiceEnabled: taxInvoiceEnabledBy(settings),
      withholdingEnabled: taxInvoiceEnabledBy(settings) && settings.is_enable_withholding_tax,
      withholdingPercents: withholdingPercentsOf(settings),
      pricing: pricingSettingsFrom(settings),
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
  return { changed: false, step: await buildPaymentStep({ order, student: args.student, settings: args.settings, locale: args.locale, options, fallbackMethodId: pending.paymentMethodId }) };
}

/** The payment step of one unpaid order of the student's (the course page's, or /pay/{orderId} for bank transfer). */
export async function buildPaymentStep(args: {
  order: Awaited<ReturnType<typeof getOrderForPayment>>;
  student: SessionStudent;
  settings: WireSiteSettings;
  locale: Locale;
  options: { jwt: string; locale: Locale; signal?: AbortSignal };
  fallbackMethodId?: number;
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
    originBanks: origins.map((bank) => ({ value: bank.banktransfer_value, name: args.locale === 'en' && bank.banktransfer_nameen ? bank.banktransfer_nameen : bank.banktransfer_nameth })),
    slipRequired: args.settings.slip,
    thankYouPage: args.settings.is_thank_you_page,
  };
}

/* ------------------------------------------------------------------ submit */

/** Registration wire fields → the form's field names, for messages the CMS sends per field. */
const REGISTRATION_FIELDS: Record<string, string> = {
  email: 'email',
  firstname: 'firstname',
  lastname: 'lastname',
  nickname: 'nickname',
  tel: 'tel',
  address: 'address',
  username: 'username',
  password: 'newPassword',
  displayImgUrl: 'profileImage',
  studentGroupKpi: 'userGroupId',
  tax_person_type: 'taxPersonType',
  tax_name_one: 'taxNameOne',
  tax_name_two: 'taxNameTwo',
  tax_payer_identification_no: 'taxPayerIdentificationNo',
  tax_address: 'taxAddress',
  tax_postcode: 'taxPostcode',
  tax_delivery_address: 'taxDeliveryAddress',
  tax_company_certificate: 'taxCompanyCertificate',
};

/** Registration codes that belong to one field. */
const FIELD_OF_CODE: Record<string, string> = {
  DUPLICATE_USERNAME: 'username',
  DUPLICATE_EMAIL: 'email',
  INVALID_FORMAT_USERNAME: 'username',
  INVALID_FORMAT_PASSWORD: 'newPassword',
  INVALID_FORMAT_EMAIL: 'email',
};

function formFieldOf(wireField: string): string {
  if (wireField.startsWith('customLabel.')) return `customLabels.${wireField.slice('customLabel.'.length)}`;
  return REGISTRATION_FIELDS[wireField] ?? wireField;
}

function messageOf(code: string, fallback: string, locale: Locale): string {
  try {
    return errorMessage(code as never, locale);
  } catch {
    return fallback;
  }
}

export type CheckoutReply = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };

/** A CMS refusal of a registration as messages next to the right fields, or a notice for the form. */
export function registrationErrors(error: CmsApiError, locale: Locale): CheckoutReply {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    const messages = Array.isArray(message) ? message : [message];
    if (messages.length > 0) fieldErrors[formFieldOf(field)] = messages;
  }
  const codeField = FIELD_OF_CODE[error.code];
  if (codeField && !fieldErrors[codeField]) fieldErrors[codeField] = [messageOf(error.code, error.msg, locale)];
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { formErrors: [messageOf(error.code, error.msg, locale)] };
}

/** An order refusal (spec section 8, order errors) as the notice to show. */
export function orderErrorMessage(error: CmsApiError, t: Translate, locale: Locale): string {
  const result = (error.result ?? {}) as { codes?: unknown; names?: unknown };
  const names = Array.isArray(result.names) ? result.names.join(', ') : '';
  switch (error.code) {
    case 'COUPON_NOT_AVAILABLE': {
      const codes = Array.isArray(result.codes) ? result.codes.join(', ') : '';
      return codes ? `${t('coupon_list_codes', { codes })} ${t('coupon_full')}` : t('coupon_full');
    }
    case 'COURSE_DUPLICATE':
    case 'HAVE_COURSE':
      return names ? t('have_course_list', { names }) : t('have_course');
    case 'NO_MORE_SEAT':
      return t('no_more_seat');
    case 'TIME_LEFT':
      return error.msg || messageOf(error.code, error.msg, locale);
    default:
      return messageOf(error.code, error.msg, locale);
  }
}

type FileSlot = { file: File; assign: (name: string) => void };

export type SubmitCheckoutArgs = {
  formData: FormData;
  session: AppSession;
  detail: WireCourseDetail;
  settings: WireSiteSettings;
  checkout: CheckoutData;
  locale: Locale;
  t: Translate;
  signal?: AbortSignal;
};

export type CheckoutActionResult = {
  intent: 'checkout';
  lastResult: SubmissionResult<string[]>;
  ordered?: { orderId: number; netAmount: number; currency: 'THB' | 'USD' };
};

/** The submit of spec section 4; answers the form's reply, or a redirect when nothing is left to pay. */
export async function submitCheckout(args: SubmitCheckoutArgs): Promise<{ result: CheckoutActionResult; setCookie: string | null } | Response> {
  const { formData, session, detail, settings, checkout, locale, t, signal } = args;
  const student = session.get('student') ?? null;
  let sessionChanged = false;
  const done = async (result: CheckoutActionResult) => ({ result, setCookie: sessionChanged ? await commitSession(session) : null });

  const schema = buildCheckoutSchema({
    guest: !student,
    registration: checkout.settings.registration,
    customLabels: checkout.customLabels,
    taxInvoiceEnabled: checkout.settings.taxInvoiceEnabled,
    shipping: checkout.shipping !== null,
    t,
  });
  const submission = parseWithZod(formData, { schema });
  const reply = (extra: CheckoutReply = {}) => submission.reply({ ...extra, hideFields: ['newPassword', 'confirmNewPassword'] });
  if (submission.status !== 'success') return done({ intent: 'checkout', lastResult: reply() });
  const values = submission.value as CheckoutValues;

  // A repeat submit of an order already placed from this page goes to its payment.
  const pending = session.get('pendingOrder');
  if (student && pending && pending.courseId === detail.id) {
    if (pending.paymentMethodId !== PAYMENT_METHOD_IDS.BANK_TRANSFER) return redirect(`/pay/${pending.id}`);
    return done({ intent: 'checkout', lastResult: submission.reply({ resetForm: false }) });
  }

  const plan = checkout.plans.find((candidate) => candidate.id === values.planId && !candidate.disabled);
  if (!plan) return done({ intent: 'checkout', lastResult: reply({ fieldErrors: { planId: [t('dont_have_pricing')] } }) });
  // The registration layout may be paid in USD when the plan has a USD price; the CMS prices it again in that currency.
  const payCurrency = formData.get('currency') === 'USD' ? ('USD' as const) : ('THB' as const);
  if (payCurrency === 'USD' && (plan.priceUsdAmount === null || checkout.shipping)) return done({ intent: 'checkout', lastResult: reply({ fieldErrors: { planId: [t('error_usd_price_missing')] } }) });
  // A printed book ships by one of the shop's methods, to the student's saved address or the one typed in.
  const shipping = values.shipping;
  const fee = shipping ? (checkout.shipping?.fees.find((candidate) => candidate.id === shipping.shippingFeeId) ?? null) : null;
  if (checkout.shipping && !fee) return done({ intent: 'checkout', lastResult: reply({ fieldErrors: { shippingFeeId: [t('cart_shipping_method_required')] } }) });
  if (checkout.shipping && shipping?.shippingAddressId !== null && shipping?.shippingAddressId !== checkout.shipping.address?.id) {
    return done({ intent: 'checkout', lastResult: reply({ formErrors: [t('cart_shipping_address_required')] }) });
  }
  const method = checkout.paymentMethods.find((candidate) => candidate.id === values.paymentMethodId && !candidate.disabled);
  if (!method) return done({ intent: 'checkout', lastResult: reply({ fieldErrors: { paymentMethodId: [t('cart_payment_method_required')] } }) });

  const now = new Date();
  const lookupOptions = { jwt: student?.jwt ?? null, locale, signal };
  const { coupons, failed } = await lookUpCoupons(values.couponCodes, lookupOptions);
  if (failed.length > 0) {
    return done({ intent: 'checkout', lastResult: reply({ fieldErrors: { couponCode: failed.map((failure) => couponFailureMessage(failure, t, locale)) } }) });
  }
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
  const breakdown = priceCheckout({ course: checkout.course, plans: checkout.plans, promotions: checkout.promotions, settings: checkout.settings.pricing, selection, currency: payCurrency, now });
  if (breakdown.problems.length > 0) {
    const problem = breakdown.problems[0];
    const field = problem.code === 'PROMOTION_REQUIRED' ? 'promotionId' : problem.code === 'WITHHOLDING_REQUIRES_JURISTIC_PERSON' ? 'isWithholding' : null;
    const message = messageOf(problem.code, problem.code, locale);
    return done({ intent: 'checkout', lastResult: reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) });
  }

  // Files go up first: the registration and the tax details refer to them by their stored names.
  const slots: FileSlot[] = [];
  const registration = values.registration ?? {};
  const tax = values.taxInvoice ?? null;
  let displayImgUrl: string | null = null;
  const labelAnswers = new Map<string, unknown>(Object.entries((registration.customLabels as Record<string, unknown> | undefined) ?? {}));
  const certificateNames: string[] = [];
  if (!student) {
    const picture = (registration.profileImage as File[] | undefined)?.[0];
    if (picture) slots.push({ file: picture, assign: (name) => (displayImgUrl = name) });
    for (const label of checkout.customLabels.filter((candidate) => candidate.type_label === 'image')) {
      const files = (labelAnswers.get(String(label.id)) as File[] | undefined) ?? [];
      const names: string[] = [];
      labelAnswers.set(String(label.id), names);
      for (const file of files) slots.push({ file, assign: (name) => names.push(name) });
    }
  }
  for (const file of (tax?.taxCompanyCertificate as File[] | undefined) ?? []) slots.push({ file, assign: (name) => certificateNames.push(name) });
  if (slots.length > 0) {
    try {
      const names = await uploadFiles(slots.map((slot) => slot.file), { jwt: student?.jwt ?? null, locale, signal });
      slots.forEach((slot, index) => slot.assign(names[index]));
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return done({ intent: 'checkout', lastResult: reply({ formErrors: [`${t('cart_image_upload_failed')}: ${messageOf(error.code, error.msg, locale)}`] }) });
    }
  }

  const taxPayload = tax
    ? {
        is_require_tax_invoice: true,
        tax_person_type: tax.taxPersonType,
        tax_name_one: tax.taxNameOne,
        tax_name_two: tax.taxNameTwo,
        tax_payer_identification_no: tax.taxPayerIdentificationNo,
        tax_address: tax.taxAddress,
        tax_postcode: tax.taxPostcode,
        tax_is_delivery_by_tax_address: tax.taxIsDeliveryByTaxaddress,
        tax_delivery_address: tax.taxIsDeliveryByTaxaddress ? null : tax.taxDeliveryAddress,
        tax_company_certificate: certificateNames,
      }
    : { is_require_tax_invoice: false };

  let signedIn = student;
  if (!signedIn) {
    const text = (name: string) => {
      const value = registration[name];
      return typeof value === 'string' && value !== '' ? value : null;
    };
    const payload = {
      firstname: text('firstname'),
      lastname: text('lastname'),
      nickname: text('nickname'),
      email: text('email'),
      tel: text('tel'),
      address: text('address'),
      username: text('username'),
      password: registration.newPassword,
      customLabel: checkout.customLabels.flatMap((label) => {
        const value = labelAnswers.get(String(label.id));
        const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
        return empty ? [] : [{ id: label.id, label: label.label, value, validation: true }];
      }),
      studentGroupKpi: registration.userGroupId ?? null,
      displayImgUrl,
      ...taxPayload,
      is_registration_layout_four: true,
      lang: locale,
    };
    try {
      await registerStudent(payload, { locale, signal });
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return done({ intent: 'checkout', lastResult: reply(registrationErrors(error, locale)) });
    }
    try {
      const login = await logInStudent({ username: String(payload.username), password: String(payload.password) }, { locale, signal });
      signedIn = studentFromLogin(login);
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return done({ intent: 'checkout', lastResult: reply({ formErrors: [messageOf(error.code, error.msg, locale)] }) });
    }
    session.set('student', signedIn);
    sessionChanged = true;
  } else if (tax) {
    try {
      await updateStudentTax(taxPayload, { jwt: signedIn.jwt, locale, signal });
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return done({ intent: 'checkout', lastResult: reply(registrationErrors(error, locale)) });
    }
  }

  let shippingAddressId = shipping?.shippingAddressId ?? null;
  if (shipping?.address) {
    try {
      shippingAddressId = await createShippingAddress(shipping.address, { jwt: signedIn.jwt, locale, signal });
    } catch (error) {
      if (!(error instanceof CmsApiError) || error.status >= 500) throw error;
      const fieldErrors: Record<string, string[]> = {};
      for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[`${SHIPPING_FIELD_PREFIX}.${field}`] = Array.isArray(messages) ? messages : [messages];
      return done({ intent: 'checkout', lastResult: reply(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [messageOf(error.code, error.msg, locale)] }) });
    }
  }

  const { totals } = breakdown;
  const currency = breakdown.currency;
  const line = breakdown.lines[0];
  const orderPayload = {
    user_id: (await userIdOf(signedIn)) ?? 0,
    course_id: [detail.id],
    payment_method_id: method.id,
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
      { course_id: detail.id, pricingplan_id: plan.id, price: toMajorString(money(line.listAmount, currency)), discount: toMajorString(money(line.discountAmount, currency)), quantity: 1 },
    ]),
    cancel_at: orderCancelAt(now, settings.auto_cancel ?? 0),
    shipping_address_id: fee ? shippingAddressId : null,
    shipping_fee_id: fee?.id ?? null,
    is_withholding: breakdown.withholdingPercent !== null,
    ...(breakdown.withholdingPercent !== null ? { withholding_percent: breakdown.withholdingPercent } : {}),
  };
  let placed;
  try {
    placed = await createOrder(orderPayload, { jwt: signedIn.jwt, locale, signal });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return done({ intent: 'checkout', lastResult: reply({ formErrors: [orderErrorMessage(error, t, locale)] }) });
  }
  const order: PendingOrder = { id: placed.orderId, token: placed.order.order_token, courseId: detail.id, paymentMethodId: method.id };
  const netAmount = netAmountFromWire(placed.order);
  if (netAmount === 0) {
    // Nothing to pay: the CMS filed the zero report itself.
    session.set('lastOrder', { id: order.id, token: order.token });
    return redirect(postOrderPath(settings.is_thank_you_page, order.token), { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  session.set('pendingOrder', order);
  sessionChanged = true;
  // Every method but bank transfer (paid on this page) continues on the payment screen.
  if (method.id !== PAYMENT_METHOD_IDS.BANK_TRANSFER) return redirect(`/pay/${order.id}`, { headers: { 'Set-Cookie': await commitSession(session) } });
  // A plain form post (no script) renders the page in the same request, before the browser has the
  // new session cookie: it goes back to the page, whose loader then shows the payment step.
  if (formData.get('js') !== '1') return redirect(`${detail.link_path}#checkout`, { headers: { 'Set-Cookie': await commitSession(session) } });
  return done({ intent: 'checkout', lastResult: submission.reply({ resetForm: true }), ordered: { orderId: order.id, netAmount, currency: placed.order.currency_code } });
}

const SavedAddressSchema = z.looseObject({ success: z.literal(true), data: z.looseObject({ id: z.number().int() }) });

/** Saves a delivery address as the student's default (the CMS checks it with the same shared schema); its id. */
async function createShippingAddress(address: Record<string, unknown>, options: { jwt: string; locale: Locale; signal?: AbortSignal }): Promise<number> {
  return (await postJson('/private/shipping/addresses', SavedAddressSchema, address, options)).data.id;
}

/** The user id a session stands for (kept at sign-in). */
async function userIdOf(student: SessionStudent): Promise<number | null> {
  return student.userId ?? null;
}

/* ------------------------------------------------------------------ report */

export type ReportActionResult = {
  intent: 'report';
  lastResult: SubmissionResult<string[]>;
  reported?: { redirectTo: string; delayMs: number };
};

/**
 * The bank-transfer report of the order waiting on this page: the shared checks in the
 * spec's order, the slips uploaded, the report filed, the notification mail asked for.
 */
export async function submitTransferReport(args: {
  formData: FormData;
  session: AppSession;
  courseId: number;
  /** The order of /pay/{orderId}; without it, the order placed from the course page. */
  orderId?: number;
  settings: WireSiteSettings;
  locale: Locale;
  t: Translate;
  signal?: AbortSignal;
}): Promise<{ result: ReportActionResult; setCookie: string | null } | Response> {
  const { formData, session, courseId, settings, locale, t, signal } = args;
  const student = session.get('student');
  const pending = session.get('pendingOrder');
  const notice = (message: string) => ({ result: { intent: 'report' as const, lastResult: { status: 'error' as const, error: { '': [message] } } }, setCookie: null });
  const orderId = args.orderId ?? (pending && pending.courseId === courseId ? pending.id : null);
  if (!student || !orderId) return notice(t('error_not_found'));

  const options = { jwt: student.jwt, locale, signal };
  const order = await getOrderForPayment(orderId, options);
  const netAmount = netAmountFromWire(order);
  const submission = parseWithZod(formData, { schema: buildReportFormSchema({ netAmount, slipRequired: settings.slip }, t) });
  if (submission.status !== 'success') return { result: { intent: 'report', lastResult: submission.reply() }, setCookie: null };
  const values = submission.value;

  let slipNames: string[] = [];
  if (values.slip.length > 0) {
    try {
      slipNames = await uploadFiles(values.slip, options);
    } catch (error) {
      if (!(error instanceof CmsApiError)) throw error;
      return { result: { intent: 'report', lastResult: submission.reply({ fieldErrors: { slip: [messageOf(error.code, t('report_slip_retry'), locale)] } }) }, setCookie: null };
    }
    const retry = checkSlipUpload(values.slip.length, slipNames, t);
    if (retry) return { result: { intent: 'report', lastResult: submission.reply({ fieldErrors: { slip: [retry] } }) }, setCookie: null };
  }

  const time = withSeconds(values.transferTime);
  const payload = {
    order_id: order.id,
    payment_method_id: PAYMENT_METHOD_IDS.BANK_TRANSFER,
    status: 'pending',
    contact_name: values.contactName || student.name,
    email: order.email || student.email,
    tel: order.tel,
    bank_account: values.bankAccount,
    bank_code: values.bankCode,
    // Bangkok time as the buyer typed it; the CMS stores it in UTC (spec: report times shifted by 7 hours).
    transfer_datetime: values.transferDate,
    time,
    transfer_amount: values.transferAmount || '0',
    description: values.description,
    address: '-',
    slip: slipNames,
  };
  try {
    await fileBankTransferReport(payload, options);
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    const fieldErrors: Record<string, string[]> = {};
    const wire: Record<string, string> = {
      transfer_amount: 'transferAmount',
      bank_code: 'bankCode',
      bank_account: 'bankAccount',
      transfer_datetime: 'transferDate',
      time: 'transferTime',
      slip: 'slip',
      contact_name: 'contactName',
      description: 'description',
    };
    for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[wire[field] ?? ''] = Array.isArray(messages) ? messages : [messages];
    const reply = Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [messageOf(error.code, error.msg, locale)] };
    return { result: { intent: 'report', lastResult: submission.reply(reply) }, setCookie: null };
  }
  try {
    await sendPaymentNotification(
      {
        orderId: order.id,
        fullname: payload.contact_name,
        email: payload.email,
        description: payload.description,
        bank_account: payload.bank_account,
        bank_code: payload.bank_code,
        amount: payload.transfer_amount,
        telephone: payload.tel,
        date: payload.transfer_datetime,
        time: payload.time,
      },
      options,
    );
  } catch (error) {
    // The report is filed; a mail that could not go out must not undo it.
    if (!(error instanceof CmsApiError) && !(error instanceof CmsError)) throw error;
    console.warn(`[checkout] payment notification mail for order ${order.id} not sent: ${error.message}`);
  }

  if (!pending || pending.id === order.id) session.unset('pendingOrder');
  session.set('lastOrder', { id: order.id, token: order.order_token });
  const setCookie = await commitSession(session);
  const redirectTo = postOrderPath(settings.is_thank_you_page, order.order_token);
  if (formData.get('js') !== '1') return redirect(redirectTo, { headers: { 'Set-Cookie': setCookie } });
  return { result: { intent: 'report', lastResult: submission.reply({ resetForm: true }), reported: { redirectTo, delayMs: THANK_YOU_REDIRECT_DELAY_MS } }, setCookie };
}
