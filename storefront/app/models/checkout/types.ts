/**
 * What the course page's loader hands the checkout area, already shaped for the browser:
 * money in minor units, upload URLs absolute, no credential. Built in lib/checkout.server.ts.
 */
import type { PricingSettings } from '@sala/shared/pricing';
import type { CustomLabel, RegistrationSettings } from '@sala/shared/schemas';
import type { OrderAmounts } from '~/models/orders/amounts';
import type { ShippingData } from '~/models/shipping/types';
import type { CheckoutCourse, CheckoutPlan, CheckoutPromotion } from './pricing';

export type BankAccountView = {
  id: number;
  accountId: string;
  accountName: string;
  bankName: string;
  bankCode: string | null;
  promptPayImage: string | null;
};

export type PaymentMethodView = {
  id: number;
  name: string;
  description: string | null;
  paymentType: string;
  logoUrl: string | null;
  /** Bank transfer only: the shop's accounts. */
  bankAccounts: BankAccountView[] | null;
  /** Bank transfer without a complete account cannot be chosen. */
  disabled: boolean;
};

export type UserGroupView = { id: number; name: string; isDefault: boolean };

export type CheckoutSettings = {
  registration: RegistrationSettings;
  /** Students pick a user group (the site lets them and the USER_GROUP switch is on). */
  chooseUserGroup: boolean;
  taxInvoiceEnabled: boolean;
  withholdingEnabled: boolean;
  withholdingPercents: (3 | 1)[];
  pricing: PricingSettings;
  slipRequired: boolean;
  thankYouPage: boolean;
};

export type SignedInStudent = { username: string; name: string; email: string };

export type CheckoutData = {
  course: CheckoutCourse;
  plans: CheckoutPlan[];
  promotions: CheckoutPromotion[];
  paymentMethods: PaymentMethodView[];
  customLabels: CustomLabel[];
  userGroups: UserGroupView[];
  settings: CheckoutSettings;
  /**
   * The course comes with a printed book: the shop's shipping methods and the signed-in
   * student's current address (null for a guest, or a student without one). null: nothing ships.
   */
  shipping: ShippingData | null;
  /** The moment the page was priced at, so the server render and the browser agree. */
  now: string;
};

/** The unpaid order of this course page, waiting for its payment. */
export type PaymentStep = OrderAmounts & {
  orderId: number;
  orderToken: string;
  status: string;
  currency: 'THB' | 'USD';
  couponCodes: string[];
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  contactName: string;
  email: string;
  tel: string;
  bankAccounts: BankAccountView[];
  /** The shop's PromptPay QR of this order's exact net amount (drawn at /pay/{orderId}/promptpay.svg from the CMS's payload); null: the shop set no PromptPay id. */
  promptPay: { promptPayId: string } | null;
  originBanks: { value: string; name: string }[];
  slipRequired: boolean;
  thankYouPage: boolean;
  /** Where "notify later" leads (the thank-you page, or the order list when it is off); null where the notification cannot be put off (the registration layout). */
  laterHref: string | null;
};
