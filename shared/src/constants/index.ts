/**
 * The spec's closed lists: course types, plan types, order statuses, payment
 * method ids and error codes. Both the CMS and the storefront import these.
 */

/** Course types of spec section 3, as stored in `course.course_type`. */
export const COURSE_TYPES = [
  'Online',
  'Flex',
  'In-class',
  'Private-Classroom',
  'Live-Broadcast',
  'Live-Room',
  'Live-Room-Student-Camera',
  'product',
] as const;
export type CourseType = (typeof COURSE_TYPES)[number];

/** Plan types of a pricing plan. */
export const PLAN_TYPES = ['Period', 'Actual', 'One-Time Payment', 'Free'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const TERM_UNITS = ['Year(s)', 'Month(s)', 'Day(s)', 'Hour(s)'] as const;
export type TermUnit = (typeof TERM_UNITS)[number];

export const PRICING_TYPES = ['default', 'renew', 'others'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** Order statuses. An order is created as notYetReceived. */
export const ORDER_STATUSES = [
  'notYetReceived',
  'pendingApproved',
  'approved',
  'rejected',
  'cancelled',
  'expired',
] as const;
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
