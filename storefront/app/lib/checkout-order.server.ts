/**
 * Placing the course page's order (spec section 4), as a short pipeline: the form parsed,
 * the coupons looked up, the pure decision (models/checkout/decide.ts), then the calls in
 * order: uploads, registration and sign-in (or the tax details of a signed-in student), the
 * delivery address, the order. Each CMS refusal becomes the messages the form shows. The CMS
 * prices every order itself; its totals are the ones shown on the payment step and charged.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from '@remix-run/node';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { buildCheckoutSchema, SHIPPING_FIELD_PREFIX, type CheckoutValues } from '~/models/checkout/checkout-schema';
import { codeMessage } from '~/models/checkout/code-message';
import { decideCheckout, orderPayload, taxInvoicePayload, type CheckoutReply } from '~/models/checkout/decide';
import { postOrderPath } from '~/models/checkout/post-order';
import { NO_UPLOADS, registrationPayload, uploadedNames } from '~/models/checkout/registration-payload';
import type { CheckoutData } from '~/models/checkout/types';
import type { Locale } from '~/models/i18n';
import { netAmountFromWire } from '~/models/orders/amounts';
import { studentFromLogin } from './auth.server';
import { CmsApiError, createOrder, logInStudent, postJson, registerStudent, updateStudentTax, uploadFiles } from './cms.server';
import type { WireCourseDetail, WireSiteSettings } from './cms-schemas.server';
import { lookUpCoupons } from './coupons.server';
import { commitSession, type AppSession, type PendingOrder } from './session.server';
import { sessionRefusal, type SessionRefusal } from './session-refusal.server';
import { TAX_INVOICE_FORM_NAMES } from '@sala/shared/schemas';

export type { CheckoutReply };

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
  ...TAX_INVOICE_FORM_NAMES,
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

/** A CMS refusal of a registration as messages next to the right fields, or a notice for the form. */
export function registrationErrors(error: CmsApiError, t: Translate): CheckoutReply {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(error.errors ?? {})) {
    const messages = Array.isArray(message) ? message : [message];
    if (messages.length > 0) fieldErrors[formFieldOf(field)] = messages;
  }
  const codeField = FIELD_OF_CODE[error.code];
  if (codeField && !fieldErrors[codeField]) fieldErrors[codeField] = [codeMessage(error.code, error.msg, t)];
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { formErrors: [codeMessage(error.code, error.msg, t)] };
}

/** An order refusal (spec section 8, order errors) as the notice to show. */
export function orderErrorMessage(error: CmsApiError, t: Translate): string {
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
      return error.msg || codeMessage(error.code, error.msg, t);
    default:
      return codeMessage(error.code, error.msg, t);
  }
}

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
  /** The CMS refused the signed-in student's token: the page stays under the session modal (ADR 179). */
  sessionRefused?: SessionRefusal;
};

/** The submit of spec section 4; answers the form's reply, or a redirect when nothing is left to pay. */
export async function submitCheckout(args: SubmitCheckoutArgs): Promise<{ result: CheckoutActionResult; setCookie: string | null } | Response> {
  const { formData, session, detail, settings, checkout, locale, t, signal } = args;
  const student = session.get('student') ?? null;
  let sessionChanged = false;
  const done = async (result: CheckoutActionResult) => ({ result, setCookie: sessionChanged ? await commitSession(session) : null });

  const { registration, taxInvoiceEnabled } = checkout.settings;
  const schema = buildCheckoutSchema({ guest: !student, registration, customLabels: checkout.customLabels, taxInvoiceEnabled, shipping: checkout.shipping !== null, t });
  const submission = parseWithZod(formData, { schema });
  const reply = (extra: CheckoutReply = {}) => submission.reply({ ...extra, hideFields: ['newPassword', 'confirmNewPassword'] });
  const refuse = (extra: CheckoutReply, failed?: CmsApiError) => {
    // A signed-in student's token refused on an upload or on pricing the order (spec §6): the session modal.
    const refusal = student && failed ? sessionRefusal(failed) : null;
    return done({ intent: 'checkout', lastResult: reply(extra), ...(refusal ? { sessionRefused: refusal } : {}) });
  };
  if (submission.status !== 'success') return done({ intent: 'checkout', lastResult: reply() });
  const values = submission.value as CheckoutValues;

  // A repeat submit of an order already placed from this page goes to its payment.
  const pending = session.get('pendingOrder');
  if (student && pending && pending.courseId === detail.id) {
    if (pending.paymentMethodId !== PAYMENT_METHOD_IDS.BANK_TRANSFER) return redirect(`/pay/${pending.id}`);
    return done({ intent: 'checkout', lastResult: submission.reply({ resetForm: false }) });
  }

  const coupons = await lookUpCoupons(values.couponCodes, { jwt: student?.jwt ?? null, locale, signal });
  const currency = formData.get('currency') === 'USD' ? 'USD' : 'THB';
  const decision = decideCheckout({ values, currency, checkout, coupons, guest: !student, autoCancelHours: settings.auto_cancel ?? 0, now: new Date(), t, locale });
  if (!decision.ok) return refuse(decision.reply);
  const { method, fee } = decision;

  const options = { locale, signal };
  let uploaded = NO_UPLOADS;
  if (decision.uploads.length > 0) {
    const upload = await step(
      () =>
        uploadFiles(
          decision.uploads.map((planned) => planned.file),
          { ...options, jwt: student?.jwt ?? null },
        ),
      (error) => ({ formErrors: [`${t('cart_image_upload_failed')}: ${codeMessage(error.code, error.msg, t)}`] }),
    );
    if (!upload.ok) return refuse(upload.reply, upload.error);
    uploaded = uploadedNames(decision.uploads, upload.value);
  }
  const taxPayload = taxInvoicePayload(decision.tax, uploaded.certificates);

  let signedIn = student;
  if (!signedIn) {
    const payload = registrationPayload({ values: values.registration ?? {}, customLabels: checkout.customLabels, uploaded, tax: taxPayload, layoutFour: true, locale });
    const registered = await step(
      () => registerStudent(payload, options),
      (error) => registrationErrors(error, t),
    );
    if (!registered.ok) return refuse(registered.reply);
    const login = await step(
      () => logInStudent({ username: String(payload.username), password: String(payload.password) }, options),
      (error) => ({ formErrors: [codeMessage(error.code, error.msg, t)] }),
    );
    if (!login.ok) return refuse(login.reply);
    signedIn = studentFromLogin(login.value);
    session.set('student', signedIn);
    sessionChanged = true;
  } else if (decision.tax) {
    const jwt = signedIn.jwt;
    const updated = await step(
      () => updateStudentTax(taxPayload, { ...options, jwt }),
      (error) => registrationErrors(error, t),
    );
    if (!updated.ok) return refuse(updated.reply, updated.error);
  }
  const jwt = signedIn.jwt;

  let shippingAddressId = decision.shipping?.addressId ?? null;
  const newAddress = decision.shipping?.newAddress;
  if (newAddress) {
    // A refusal of the CMS itself (5xx) is not the buyer's to fix: it goes up as an error.
    const saved = await step(
      () => createShippingAddress(newAddress, { ...options, jwt }),
      (error) => shippingAddressErrors(error, t),
      500,
    );
    if (!saved.ok) return refuse(saved.reply, saved.error);
    shippingAddressId = saved.value;
  }

  const userId = signedIn.userId ?? null;
  const created = await step(
    () => createOrder(orderPayload(decision.order, { userId, shippingAddressId, fee }), { ...options, jwt }),
    (error) => ({ formErrors: [orderErrorMessage(error, t)] }),
  );
  if (!created.ok) return refuse(created.reply, created.error);
  const placed = created.value;
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

type Step<T> = { ok: true; value: T } | { ok: false; reply: CheckoutReply; error: CmsApiError };

/**
 * One CMS call of the pipeline: its answer, or the CMS's refusal as the form's messages. Any
 * other failure, and a refusal with a status from `rethrowFrom` up, is thrown.
 */
async function step<T>(call: () => Promise<T>, refusal: (error: CmsApiError) => CheckoutReply, rethrowFrom = Infinity): Promise<Step<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof CmsApiError) || error.status >= rethrowFrom) throw error;
    return { ok: false, reply: refusal(error), error };
  }
}

/** A refused delivery address: the CMS's per-field messages on the form's shipping fields, else a notice. */
function shippingAddressErrors(error: CmsApiError, t: Translate): CheckoutReply {
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) fieldErrors[`${SHIPPING_FIELD_PREFIX}.${field}`] = Array.isArray(messages) ? messages : [messages];
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [codeMessage(error.code, error.msg, t)] };
}

const SavedAddressSchema = z.looseObject({ success: z.literal(true), data: z.looseObject({ id: z.number().int() }) });

/** Saves a delivery address as the student's default (the CMS checks it with the same shared schema); its id. */
async function createShippingAddress(address: Record<string, unknown>, options: { jwt: string; locale: Locale; signal?: AbortSignal }): Promise<number> {
  return (await postJson('/private/shipping/addresses', SavedAddressSchema, address, options)).data.id;
}
