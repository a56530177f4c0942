/** Orders, course access and tax details as the storefront's pages show them (amounts in minor units). Built in lib/orders.server.ts. */
import type { Currency } from '@sala/shared/constants';
import type { OrderAmounts } from './amounts';

/** A line of an order, with where its course is studied. */
export type OrderLineView = {
  courseId: number | null;
  title: string;
  /** The line at its list price, before any discount. */
  listAmount: number;
  /** The line after its share of the discounts. */
  netAmount: number;
  coursePath: string | null;
  learnPath: string | null;
};

/** A discount taken off an order, by its coupon code or promotion title (minor units). */
export type OrderDiscountView = { kind: 'coupon' | 'promotion'; name: string; amount: number };

/** An order as the storefront shows it (amounts in minor units). */
export type OrderView = OrderAmounts & {
  id: number;
  token: string;
  status: string;
  currency: Currency;
  couponCodes: string[];
  /** Each discount by name; empty for an order placed before discounts were kept by name. */
  discounts: OrderDiscountView[];
  paymentMethodId: number | null;
  createdAt: string | null;
  approvedAt: string | null;
  cancelAt: string | null;
  lines: OrderLineView[];
  report: { status: string; rejectReason: string | null; createdAt: string | null } | null;
  /** The receipt or tax invoice of an approved order (ADR 189), downloaded at `/private/orders/{id}/documents/receipt`. */
  document: { code: string; kind: 'receipt' | 'tax_invoice' } | null;
  /** The buyer's withholding certificate of an order paid with withholding (ADR 197); null until sent. */
  certificate: { uploadedAt: string } | null;
  /** The credit note of an order the shop cancelled after payment (ADR 198), at `/private/orders/{id}/documents/credit-note`. */
  creditNote: { code: string } | null;
};

/** What the access countdown of a course says: no end, time left until a date, or expired. */
export type CourseAccessView = { courseId: number; unlimited: boolean; expired: boolean; finishAt: string | null; remaining: { days: number; hours: number; minutes: number } | null };

export type TaxInfoView = {
  requireTaxInvoice: boolean;
  personType: 'normal_person' | 'juristic_person';
  nameOne: string;
  nameTwo: string;
  taxId: string;
  address: string;
  postcode: string;
  deliveryByTaxAddress: boolean;
  deliveryAddress: string;
  certificates: string[];
  /** True once the student saved a tax id. */
  saved: boolean;
};

/** What the my-orders action answered about a withholding certificate (ADR 197): sent, or the CMS's message for one order. */
export type CertificateOutcome = { orderId: number; sent: true } | { orderId: number; sent: false; message: string };

/** The my-orders form's intent that sends a withholding certificate. */
export const CERTIFICATE_INTENT = 'withholding-certificate';
