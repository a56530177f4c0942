/**
 * The spec's closed lists: course types, plan types, order statuses, payment
 * method ids and error codes. Both the CMS and the storefront import these.
 */

/** Course types of spec section 3, as stored in `course.course_type`. */
export const COURSE_TYPES = ['Online', 'Flex', 'In-class', 'Private-Classroom', 'Live-Broadcast', 'Live-Room', 'Live-Room-Student-Camera', 'product'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

/** Plan types of a pricing plan. */
export const PLAN_TYPES = ['Period', 'Actual', 'One-Time Payment', 'Free'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const TERM_UNITS = ['Year(s)', 'Month(s)', 'Day(s)', 'Hour(s)'] as const;
export type TermUnit = (typeof TERM_UNITS)[number];

export const PRICING_TYPES = ['default', 'renew', 'others'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** Order statuses. An order is created as notYetReceived. */
export const ORDER_STATUSES = ['notYetReceived', 'pendingApproved', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_REPORT_STATUSES = ['pending', 'approved', 'rejected', 'review'] as const;
export type PaymentReportStatus = (typeof PAYMENT_REPORT_STATUSES)[number];

/** Payment method ids of spec section 4. */
export const PAYMENT_METHOD_IDS = {
  BANK_TRANSFER: 1,
  PAYPAL: 2,
  TWOC2P_CARD: 3,
  SCB_QR: 4,
  OMISE_CARD: 8,
  OMISE_PROMPTPAY: 9,
  TWOC2P_INSTALLMENT: 10,
  XENDIT_INVOICE: 11,
  XENDIT_PROMPTPAY: 12,
  PAYSOLUTIONS: 13,
  TWOC2P_QR: 15,
} as const;
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[keyof typeof PAYMENT_METHOD_IDS];
export const ALL_PAYMENT_METHOD_IDS: readonly PaymentMethodId[] = Object.values(PAYMENT_METHOD_IDS);

export const CURRENCIES = ['THB', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CUSTOM_LABEL_TYPES = ['inputtext', 'select', 'multiple', 'checkbox', 'radio', 'image'] as const;
export type CustomLabelType = (typeof CUSTOM_LABEL_TYPES)[number];

export const TAX_PERSON_TYPES = ['normal_person', 'juristic_person'] as const;
export type TaxPersonType = (typeof TAX_PERSON_TYPES)[number];

export const SITE_LAYOUTS = ['default', '1', '3', '4'] as const;
export type SiteLayout = (typeof SITE_LAYOUTS)[number];

/** Package switches of spec section 9. */
export const PACKAGE_SWITCHES = ['USER_GROUP', 'TAX_SYSTEM', 'COURSE_CURRICULUM', 'COURSE_COMMENT'] as const;
export type PackageSwitch = (typeof PACKAGE_SWITCHES)[number];

/** Error codes sent by the server in `error.code`: the spec's error catalogue. */
export const ERROR_CODES = [
  // registration
  'INPUT_ERROR',
  'OVER_LIMIT_USER',
  'ERROR_CREATE_USER_IN_DAY',
  'DUPLICATE_USERNAME',
  'DUPLICATE_EMAIL',
  'INVALID_FORMAT_USERNAME',
  'INVALID_FORMAT_PASSWORD',
  'INVALID_FORMAT_EMAIL',
  // auth
  'PERMISSION_DENIED',
  'WHITELIST_USER_DENIED',
  'TOO_MANY_REQUESTS',
  // coupon lookup and orders
  'NOT_FOUND',
  'COUPON_NOT_AVAILABLE',
  'COURSE_DUPLICATE',
  'NO_MORE_SEAT',
  'TIME_LEFT',
  'NO_PRICING_PLAN',
  'NO_PAYMENT_METHOD',
  'HAVE_COURSE',
  'MEMBER_ONLY_PLAN',
  'USD_PRICE_MISSING',
  'MINIMUM_AMOUNT',
  'CART_EMPTY',
  'PROMOTION_REQUIRED',
  'WITHHOLDING_REQUIRES_JURISTIC_PERSON',
  'SHIPPING_ADDRESS_REQUIRED',
  'SHIPPING_METHOD_REQUIRED',
  'OUT_OF_STOCK',
  'INSTRUCTOR_CANNOT_BUY',
  'ORDER_IN_PROGRESS',
  'COURSE_ACCESS_DENIED',
  'UNAUTHORIZED',
  // uploads
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'OUT_OF_STORAGE',
  // payments
  'cart_fail',
  'payment_fail',
  // generic
  'VALIDATION_ERROR',
  'INTERNAL_ERROR',
  // learning: why a lecture or a course is locked for the caller
  'COURSE_NOT_PURCHASED',
  'COURSE_ACCESS_EXPIRED',
  // a bought course whose classes have not started: only its free previews open until its start date
  'NOT_RELEASED',
  // quiz lectures: a hand-in without every answer where the quiz asks for all, or after the last attempt the lecture allows
  'QUIZ_ANSWERS_MISSING',
  'QUIZ_NO_ATTEMPTS_LEFT',
  // homework lectures: a hand-in naming a file that is not the student's own upload
  'HOMEWORK_FILE_INVALID',
  // orders: a transition the order's current status does not allow (a paid order cannot be cancelled)
  'ORDER_STATE_CONFLICT',
  // mail and the book retailer: a third party did not take the request
  'MAIL_NOT_SENT',
  // sign-in with Google, Facebook or LINE (ADR 175)
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_STATE_MISMATCH',
  'SOCIAL_SIGN_IN_FAILED',
  'SOCIAL_EMAIL_MISSING',
  'SOCIAL_EMAIL_UNVERIFIED',
  'SOCIAL_ACCOUNT_EXISTS',
  'SOCIAL_LINK_EXPIRED',
  'SOCIAL_IDENTITY_TAKEN',
  'BOOKSTORE_UNAVAILABLE',
  // bank-transfer report: the slip's mini-QR reference already paid another order (ADR 188)
  'SLIP_ALREADY_USED',
  // withholding certificates (ADR 197): a certificate sent for an order paid without withholding
  'WITHHOLDING_NOT_APPLIED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Pricing-engine reason codes for a rejected coupon or promotion (spec section 8). */
export const COUPON_REASONS = [
  'dont_have_coupon',
  'not_use_coupon',
  'duplicate_coupon',
  'not_support',
  'coupon_full',
  'coupon_no_payment_method',
  'coupon_payment_method_conflict',
  'one_coupon_per_order',
  'coupon_or_promotion',
  'coupon_expired',
] as const;
export type CouponReason = (typeof COUPON_REASONS)[number];

/** Reason codes for a promotion that was not applied. */
export const PROMOTION_REASONS = ['promotion_not_found', 'promotion_not_applicable', 'promotion_not_chosen', 'promotion_expired', 'coupon_or_promotion'] as const;
export type PromotionReason = (typeof PROMOTION_REASONS)[number];

/** Coupon and promotion kinds: P1 applies per course, P2 needs a number of courses in the cart. */
export const DISCOUNT_KINDS = ['P1', 'P2'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_TYPES = ['amount', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** UI locales. Thai is the default. */
export const LOCALES = ['th', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Withholding tax rates offered to juristic-person buyers, in percent; the first is the default. */
export const WITHHOLDING_PERCENTS = [3, 1] as const;
export type WithholdingPercent = (typeof WITHHOLDING_PERCENTS)[number];
export const DEFAULT_WITHHOLDING_PERCENT: WithholdingPercent = 3;

/** Methods 8 and 9 (tokenising provider) refuse a charge below this, after withholding (minor units, THB). */
export const MINIMUM_ONLINE_PAYMENT_AMOUNT = 2000;
export const MINIMUM_PAYMENT_METHOD_IDS: readonly PaymentMethodId[] = [PAYMENT_METHOD_IDS.OMISE_CARD, PAYMENT_METHOD_IDS.OMISE_PROMPTPAY];

/**
 * How the site's listed prices relate to VAT (ADR 182): `included` prices contain it (the
 * breakdown takes it out), `added` prices are before VAT and the order adds it on top.
 */
export const VAT_MODES = ['included', 'added'] as const;
export type VatMode = (typeof VAT_MODES)[number];
export const DEFAULT_VAT_MODE: VatMode = 'included';

/** Below this net total (minor units) the tax-invoice check is skipped: 1000 THB, or 30 USD on the layout-four path. */
export const TAX_INVOICE_CHECK_MIN_AMOUNT: Readonly<Record<Currency, number>> = { THB: 100000, USD: 3000 };

/** Course types that cannot be bought again once an order for them is approved. */
export const NON_REBUYABLE_COURSE_TYPES: readonly CourseType[] = ['Online', 'Flex', 'In-class', 'Live-Broadcast', 'Live-Room', 'Live-Room-Student-Camera'];

/** Order statuses in which buying the same course again is blocked. */
export const PURCHASE_BLOCKING_STATUSES: readonly OrderStatus[] = ['notYetReceived', 'rejected', 'pendingApproved'];

/** Role id recognised by the login panel helper. */
export const STUDENT_ROLE_ID = 3;

/** Bytes in one gigabyte, as the storage-status response counts them. */
export const BYTES_PER_GIGABYTE = 1073741824;

/** Durations used by plan terms and countdowns (milliseconds). */
export const MS_PER_HOUR = 3600e3;
export const MS_PER_DAY = 86400e3;
/** Actual plans count a month as 30 days and a year as 360 days. */
export const ACTUAL_MS_PER_MONTH = 2592e6;
export const ACTUAL_MS_PER_YEAR = 31104e6;
/** Period plans count a month as 30 days and a year as 365 days. */
export const PERIOD_DAYS_PER_MONTH = 30;
export const PERIOD_DAYS_PER_YEAR = 365;

/** Bangkok is UTC+7 all year; payment report times are shifted by this much. */
export const BANGKOK_UTC_OFFSET_HOURS = 7;

/** Polling and redirect delays of the checkout (milliseconds). */
export const PAYMENT_POLL_INTERVAL_MS = 6000;
export const THANK_YOU_REDIRECT_DELAY_MS = 500;
export const ORDER_LIST_REDIRECT_DELAY_MS = 1000;

/** Field limits of spec section 9. */
export const LIMITS = {
  nameMaxLength: 255,
  telMinDigits: 9,
  telMaxDigits: 10,
  passwordMinLength: 6,
  taxIdDigits: 13,
  postcodeDigits: 5,
  cardNumberMaxLength: 16,
  cardMonthLength: 2,
  cardYearLength: 4,
  cardCvvMaxLength: 4,
  profilePictureMaxFiles: 1,
} as const;

/** Pagination defaults of lists. */
export const PAGINATION = { pageSize: 10, pageSizeOptions: [10, 20, 30, 40], jumpStep: 5, jumpStepLessItems: 3 } as const;
