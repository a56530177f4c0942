/**
 * An order's amounts as the CMS sends them (major units, 1990.5) turned into the minor units
 * (satang, cents) every view and check here works with. The CMS's own totals: nothing is
 * recomputed, a value that cannot be read counts as zero.
 */
import type { Currency, VatMode } from '@sala/shared/constants';
import { toMinorUnits } from '@sala/shared/money';
import { storedBeforeVatAmount, vatModeOf } from '@sala/shared/pricing';

/** The totals of an order on the wire, in its currency's major units. */
export type WireOrderTotals = {
  currency_code: Currency;
  price: number;
  discount: number;
  shipping_fee: number;
  withholding_price: number;
  vat?: number;
  vat_mode?: VatMode | null;
  vat_basis_points?: number;
  net: number;
};

export type OrderAmounts = {
  priceAmount: number;
  discountAmount: number;
  shippingFeeAmount: number;
  withholdingAmount: number;
  vatAmount: number;
  /** Whether the VAT is contained in the prices or was added on top (ADR 182). */
  vatMode: VatMode;
  /** The rate the order was priced with (700 = 7%); 0 when unknown or without VAT. */
  vatBasisPoints: number;
  /** The order's value before VAT. */
  beforeVatAmount: number;
  netAmount: number;
};

/** One wire amount of an order in that order's minor units; missing or unreadable is 0. */
export function minorAmount(major: number | null | undefined, currency: Currency): number {
  return toMinorUnits(major, currency) ?? 0;
}

/** What the buyer owes for an order, in minor units. */
export function netAmountFromWire(order: Pick<WireOrderTotals, 'net' | 'currency_code'>): number {
  return minorAmount(order.net, order.currency_code);
}

/** Every total of an order in minor units (vat 0 and included when the CMS leaves them out). */
export function orderAmountsFromWire(order: WireOrderTotals): OrderAmounts {
  const currency = order.currency_code;
  const amounts = {
    priceAmount: minorAmount(order.price, currency),
    discountAmount: minorAmount(order.discount, currency),
    shippingFeeAmount: minorAmount(order.shipping_fee, currency),
    withholdingAmount: minorAmount(order.withholding_price, currency),
    vatAmount: minorAmount(order.vat ?? 0, currency),
    vatMode: vatModeOf(order.vat_mode),
  };
  return {
    ...amounts,
    vatBasisPoints: order.vat_basis_points ?? 0,
    beforeVatAmount: storedBeforeVatAmount(amounts),
    netAmount: netAmountFromWire(order),
  };
}
