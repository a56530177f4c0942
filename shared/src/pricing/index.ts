/** The pricing engine: a pure function from a cart to a priced breakdown. */
export { priceCart } from './price-cart.js';
export { storedBeforeVatAmount, taxInvoiceCheckApplies, taxTotals, vatModeOf, type StoredVatAmounts, type TaxTotals, type TaxTotalsInput } from './vat.js';
export type * from './types.js';
