import { z } from 'zod';
import { CURRENCIES, LIMITS, ORDER_STATUSES, TAX_PERSON_TYPES, WITHHOLDING_PERCENTS } from '../constants/index.js';
import { isValidCardNumber } from '../payments/index.js';
import { defaultTranslate, type Translate } from '../texts/index.js';
import { EMAIL_PATTERN, LOGIN_CHARACTERS, flagField, isDigits, passwordProblem, textField } from './fields.js';
import { TAX_INVOICE_WIRE_NAMES, taxInvoiceIssues, type TaxInvoiceValues } from './tax-invoice.js';

const id = z.coerce.number().int().positive();
const nullableId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());
const idList = z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(id));
/** A major-unit amount as the wire carries it (1999.5 or '1999.50'); read it with parseMajor. */
const majorAmount = z
  .union([
    z.number().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/),
  ])
  .transform(String);
const nullableText = z.preprocess((v) => (v === undefined ? null : v), z.string().trim().nullable());

function jsonOf<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);
}

/** The card form: number up to 16 digits passing the Luhn check, month 01-12, 4-digit year, CVV of 3-4 digits. */
export function buildCardFormSchema(t: Translate) {
  return z.object({
    cardNumber: z.preprocess(
      (v) => String(v ?? '').replace(/[\s-]/g, ''),
      z.string().superRefine((v, ctx) => {
        if (!isDigits(v) || v.length > LIMITS.cardNumberMaxLength || !isValidCardNumber(v)) {
          ctx.addIssue({ code: 'custom', message: t('card_number_invalid') });
        }
      }),
    ),
    cardholderName: textField([[(v) => v.length <= LIMITS.nameMaxLength, t('validation_max_length', { label: t('card_holder'), max: LIMITS.nameMaxLength })]]),
    expiryMonth: textField([[(v) => /^(0[1-9]|1[0-2])$/.test(v), t('card_month_invalid')]]),
    expiryYear: textField([[(v) => /^\d{4}$/.test(v), t('card_year_invalid')]]),
    cvv: textField([[(v) => /^\d{3,4}$/.test(v), t('card_cvv_invalid')]]),
  });
}

/** The card form with the Thai defaults' messages. */
export const CardFormSchema = /* @__PURE__ */ buildCardFormSchema(defaultTranslate);
export type CardFormValues = z.output<ReturnType<typeof buildCardFormSchema>>;

/** One course of an order's `courses` breakdown. */
export const OrderCourseLineSchema = z.looseObject({
  course_id: id,
  pricingplan_id: nullableId.optional(),
  price: majorAmount.optional(),
  discount: majorAmount.optional(),
  quantity: z.coerce.number().int().positive().optional(),
});

/** One product of an order: which, on which of its plans (its listed default when absent), and how many. */
export const OrderProductLineSchema = z.looseObject({
  product_id: id,
  pricingplan_id: nullableId.optional(),
  quantity: z.coerce.number().int().positive().max(99).default(1),
});

/**
 * The order payload of POST /private/cart/order. Amounts are major units as the
 * client sends them; the server recomputes every total with priceCart and never
 * trusts them. Courses must be unique and each must have its pricing plan id.
 */
export function buildOrderPayloadSchema(t: Translate) {
  return z
    .object({
      user_id: id,
      course_id: idList,
      payment_method_id: id,
      coupon_id: idList,
      /**
       * The codes of the coupons, as the buyer typed them: a coupon counts only for a buyer who
       * presented its code, here or in their own earlier look-up (docs/decisions/154).
       */
      coupon_code: z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().trim().min(1).max(64)).max(10)),
      promotion_id: nullableId.default(null),
      status: z.enum(ORDER_STATUSES).default('notYetReceived'),
      price: majorAmount,
      discount: majorAmount.default('0'),
      shipping_fee: majorAmount.default('0'),
      currency_code: z.enum(CURRENCIES).default('THB'),
      pricingplan_id: idList,
      courses: jsonOf(z.array(OrderCourseLineSchema)).default([]),
      /** Physical products (books) with their quantities; an order may hold only products. */
      products: jsonOf(z.array(OrderProductLineSchema).max(50)).default([]),
      cancel_at: nullableText.default(null),
      shipping_address_id: nullableId.default(null),
      shipping_fee_id: nullableId.default(null),
      is_withholding: flagField,
      withholding_percent: z.preprocess((v) => (v === '' || v === undefined ? null : Number(v)), z.union(WITHHOLDING_PERCENTS.map((p) => z.literal(p))).nullable()),
    })
    .superRefine((order, ctx) => {
      if (order.course_id.length === 0 && order.products.length === 0) ctx.addIssue({ code: 'custom', path: ['course_id'], message: t('cart_empty') });
      if (new Set(order.course_id).size !== order.course_id.length) ctx.addIssue({ code: 'custom', path: ['course_id'], message: t('error_course_duplicate') });
      if (order.pricingplan_id.length !== order.course_id.length) ctx.addIssue({ code: 'custom', path: ['pricingplan_id'], message: t('dont_have_pricing') });
      if (new Set(order.products.map((line) => line.product_id)).size !== order.products.length) ctx.addIssue({ code: 'custom', path: ['products'], message: t('error_course_duplicate') });
      if (new Set(order.coupon_id).size !== order.coupon_id.length) ctx.addIssue({ code: 'custom', path: ['coupon_id'], message: t('duplicate_coupon') });
      if (new Set(order.coupon_code.map((code) => code.toLowerCase())).size !== order.coupon_code.length) ctx.addIssue({ code: 'custom', path: ['coupon_code'], message: t('duplicate_coupon') });
    });
}

/** The order payload with the Thai defaults' messages. */
export const OrderPayloadSchema = /* @__PURE__ */ buildOrderPayloadSchema(defaultTranslate);
export type OrderPayload = z.output<ReturnType<typeof buildOrderPayloadSchema>>;

/** One custom-label answer: id, value, validation flag and label. */
export const CustomLabelAnswerSchema = z.looseObject({
  id: id,
  value: z.union([z.string(), z.array(z.string()), z.number(), z.boolean(), z.null()]),
  validation: z.boolean().optional(),
  label: z.string().optional(),
});

/**
 * The payload of POST /public/students/course-detail-page: the guest's contact
 * info, login info on layout four, custom-label answers and, when asked for, the
 * tax invoice. Settings-dependent requirements are checked with
 * buildRegistrationSchema; this checks what must hold for every site.
 */
export function buildRegistrationPayloadSchema(t: Translate) {
  const name = (label: string) => nullableText.refine((v) => v === null || v.length <= LIMITS.nameMaxLength, t('validation_max_length', { label, max: LIMITS.nameMaxLength }));
  return z
    .object({
      firstname: name(t('register_firstname')),
      lastname: name(t('register_lastname')),
      nickname: name(t('register_nickname')),
      email: textField([
        [(v) => v !== '', t('validation_required', { label: t('register_email') })],
        [(v) => EMAIL_PATTERN.test(v), t('validation_email_invalid')],
      ]),
      // The 9-digit minimum is the site's (is_tel_without_minimum): buildRegistrationSchema checks it.
      tel: nullableText.refine((v) => !v || (isDigits(v) && v.length <= LIMITS.telMaxDigits), t('validation_tel_digits')),
      address: nullableText,
      username: nullableText,
      // a password is kept as typed: spaces at either end are part of it
      password: z.preprocess((v) => (v === undefined ? null : v), z.string().nullable()),
      customLabel: jsonOf(z.array(CustomLabelAnswerSchema)).nullable().default([]),
      studentGroupKpi: nullableId.optional(),
      displayImgUrl: nullableText.optional(),
      is_require_tax_invoice: flagField,
      tax_person_type: z.preprocess((v) => v || 'juristic_person', z.enum(TAX_PERSON_TYPES)),
      tax_name_one: nullableText.optional(),
      tax_name_two: nullableText.optional(),
      tax_payer_identification_no: nullableText.optional(),
      tax_address: nullableText.optional(),
      tax_postcode: nullableText.optional(),
      tax_is_delivery_by_tax_address: z.preprocess((v) => (v === undefined || v === null ? true : v), flagField),
      tax_delivery_address: nullableText.optional(),
      tax_company_certificate: z.preprocess((v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.string())),
      is_registration_layout_four: flagField,
    })
    .superRefine((p, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (p.is_registration_layout_four) {
        if (!p.username) add('username', t('validation_username_required'));
        else if (!LOGIN_CHARACTERS.test(p.username)) add('username', t('validation_username_format'));
        const problem = passwordProblem(p.password ?? '', t);
        if (problem) add('password', problem);
      }
      if (!p.is_require_tax_invoice) return;
      const issues = taxInvoiceIssues(registrationTaxInvoice(p), t);
      for (const issue of issues) add(TAX_INVOICE_WIRE_NAMES[issue.path], issue.message);
    });
}

type RegistrationTaxFields = Pick<
  RegistrationPayload,
  | 'tax_person_type'
  | 'tax_name_one'
  | 'tax_name_two'
  | 'tax_payer_identification_no'
  | 'tax_address'
  | 'tax_postcode'
  | 'tax_company_certificate'
  | 'tax_is_delivery_by_tax_address'
  | 'tax_delivery_address'
>;

/** The registration payload's tax fields as the tax invoice form's values; a missing text is empty. */
export function registrationTaxInvoice(p: RegistrationTaxFields): TaxInvoiceValues {
  return {
    taxPersonType: p.tax_person_type,
    taxNameOne: p.tax_name_one ?? '',
    taxNameTwo: p.tax_name_two ?? '',
    taxPayerIdentificationNo: p.tax_payer_identification_no ?? '',
    taxAddress: p.tax_address ?? '',
    taxPostcode: p.tax_postcode ?? '',
    taxCompanyCertificate: p.tax_company_certificate.map((file) => ({ name: file })),
    taxIsDeliveryByTaxaddress: p.tax_is_delivery_by_tax_address,
    taxDeliveryAddress: p.tax_delivery_address ?? '',
  };
}

/** The registration payload with the Thai defaults' messages. */
export const RegistrationPayloadSchema = /* @__PURE__ */ buildRegistrationPayloadSchema(defaultTranslate);
export type RegistrationPayload = z.output<ReturnType<typeof buildRegistrationPayloadSchema>>;
