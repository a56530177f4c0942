/**
 * The VAT rows of a price breakdown (ADR 182): the value before VAT, then the VAT, contained
 * in the prices or added on top. The cart and checkout summary (from the engine's totals) and
 * the order views (from the CMS's stored figures) show the same rows.
 */
import type { VatMode } from '@sala/shared/constants';

export type VatFigures = { vatMode: VatMode; vatBasisPoints: number; beforeVatAmount: number; vatAmount: number };

export type VatRow =
  | { kind: 'beforeVat'; textKey: 'vat_before_vat'; amount: number; sign: '' }
  | { kind: 'vat'; textKey: 'cart_vat' | 'vat_added' | 'vat_included_label' | 'vat_added_label'; rate: number | null; amount: number; sign: '' | '+' };

/** Rows to show: none while the order has no VAT; the rate in the label when it is known. */
export function vatRows(figures: VatFigures): VatRow[] {
  const { vatMode, vatBasisPoints, beforeVatAmount, vatAmount } = figures;
  if (vatAmount <= 0 && vatBasisPoints <= 0) return [];
  const added = vatMode === 'added';
  const rate = vatBasisPoints > 0 ? vatBasisPoints / 100 : null;
  const textKey = rate === null ? (added ? 'vat_added_label' : 'vat_included_label') : added ? 'vat_added' : 'cart_vat';
  return [
    { kind: 'beforeVat', textKey: 'vat_before_vat', amount: beforeVatAmount, sign: '' },
    { kind: 'vat', textKey, rate, amount: vatAmount, sign: added ? '+' : '' },
  ];
}
