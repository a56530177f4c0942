/**
 * What the payment screen works with: the order as the buyer pays it (amounts in minor
 * units, the CMS's own totals) and the provider's browser step, as the CMS answered it.
 */
import type { VatMode } from '@sala/shared/constants';

export type PayOrder = {
  id: number;
  token: string;
  status: string;
  currency: 'THB' | 'USD';
  priceAmount: number;
  discountAmount: number;
  shippingFeeAmount: number;
  withholdingAmount: number;
  vatAmount: number;
  vatMode: VatMode;
  vatBasisPoints: number;
  beforeVatAmount: number;
  netAmount: number;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  email: string;
};

/** The adapter's `browser` step (docs/payments.md), plus `done` when the payment settled at once. */
export type BrowserStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; action: string; fields: Record<string, string> }
  | { kind: 'qr'; imageDataUrl: string; payload: string | null; expiresAt: string | null }
  | { kind: 'modal'; data: Record<string, unknown> }
  | { kind: 'done'; status: string };

/** Where the buyer goes once the order needs nothing more from them, per the site's thank-you switch. */
export type AfterPayment = { thankYouPage: boolean };

/** The order's payment state as the CMS reports it (polled, or pushed over the real-time channel). */
export type PayStatus = { orderStatus: string; attemptStatus: string | null };

/** What POST /withholding-tax answers the withholding modal. */
export type WithholdingTaxAnswer = { ok: true } | { ok: false; fieldErrors: Record<string, string>; message: string };
