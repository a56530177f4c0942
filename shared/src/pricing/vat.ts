/**
 * The tax part of a priced order: VAT in the site's mode (ADR 010, ADR 182), withholding on
 * the pre-VAT goods value (ADR 011) and the amount to pay. Pure; one rounding each, half up.
 */
import { DEFAULT_VAT_MODE, TAX_INVOICE_CHECK_MIN_AMOUNT, VAT_MODES, type VatMode } from '../constants/index.js';
import { add, includedTax, percentOf, percentToBasisPoints, subtract, type Money } from '../money/index.js';

export type TaxTotalsInput = {
  /** The discounted goods (subtotal - discount), as listed. */
  goods: Money;
  shipping: Money;
  /** 0 when VAT is off. */
  vatBasisPoints: number;
  vatMode: VatMode;
  /** null when nothing is withheld. */
  withholdingPercent: number | null;
};

export type TaxTotals = {
  /** goods + shipping: the order at its listed prices. */
  net: Money;
  vat: Money;
  /** The order's value before VAT: net less its VAT when included, net itself when added. */
  beforeVat: Money;
  /** The order's value with VAT: net when included, net + VAT when added. */
  withVat: Money;
  withholdingBase: Money;
  withholding: Money;
  /** withVat - withholding. */
  amountToPay: Money;
};

/** A stored or sent mode read back: anything but 'added' is the default, included. */
export function vatModeOf(value: unknown): VatMode {
  return (VAT_MODES as readonly unknown[]).includes(value) ? (value as VatMode) : DEFAULT_VAT_MODE;
}

/**
 * VAT, withholding and the amount to pay. Included: VAT = net × rate / (1 + rate), the
 * withholding base is the goods less their VAT. Added: VAT = net × rate, added to the
 * total; the goods are already before VAT and are the withholding base. The shipping fee
 * carries VAT in both modes and never counts in the withholding base.
 */
export function taxTotals(input: TaxTotalsInput): TaxTotals {
  const { goods, shipping, vatBasisPoints, vatMode } = input;
  const net = add(goods, shipping);
  const added = vatMode === 'added';
  const vat = added ? percentOf(net, vatBasisPoints) : includedTax(net, vatBasisPoints);
  const beforeVat = added ? net : subtract(net, vat);
  const withVat = added ? add(net, vat) : net;
  const withholdingBase = added ? goods : subtract(goods, includedTax(goods, vatBasisPoints));
  const withholding = percentOf(withholdingBase, percentToBasisPoints(input.withholdingPercent ?? 0));
  return { net, vat, beforeVat, withVat, withholdingBase, withholding, amountToPay: subtract(withVat, withholding) };
}

/**
 * Whether an order is worth enough for the tax-invoice check (spec section 9): its value with
 * VAT reaches 1,000 THB, or 30 USD on the layout-four path. Below it the check is skipped.
 */
export function taxInvoiceCheckApplies(withVat: Money): boolean {
  return withVat.amount >= TAX_INVOICE_CHECK_MIN_AMOUNT[withVat.currency];
}

/** A placed order's columns, in minor units, as the order keeps them. */
export type StoredVatAmounts = { priceAmount: number; discountAmount: number; shippingFeeAmount: number; vatAmount: number; vatMode: VatMode };

/** A placed order's value before VAT from its stored columns: price - discount + shipping, less its VAT when included. */
export function storedBeforeVatAmount(order: StoredVatAmounts): number {
  const net = order.priceAmount - order.discountAmount + order.shippingFeeAmount;
  return order.vatMode === 'included' ? net - order.vatAmount : net;
}
