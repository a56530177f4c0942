import { describe, expect, it } from 'vitest';
import { vatRows } from './vat-rows';

describe('the VAT rows of a breakdown', () => {
  it('VAT included: the value before VAT, then the VAT the price holds', () => {
    // 1,070.00 holds 70.00: 1,000.00 before VAT
    expect(vatRows({ vatMode: 'included', vatBasisPoints: 700, beforeVatAmount: 100000, vatAmount: 7000 })).toEqual([
      { kind: 'beforeVat', textKey: 'vat_before_vat', amount: 100000, sign: '' },
      { kind: 'vat', textKey: 'cart_vat', rate: 7, amount: 7000, sign: '' },
    ]);
  });

  it('VAT added: the VAT comes on top, marked +', () => {
    expect(vatRows({ vatMode: 'added', vatBasisPoints: 700, beforeVatAmount: 100000, vatAmount: 7000 })[1]).toEqual({ kind: 'vat', textKey: 'vat_added', rate: 7, amount: 7000, sign: '+' });
  });

  it('an order that does not name its rate is labelled without one', () => {
    expect(vatRows({ vatMode: 'added', vatBasisPoints: 0, beforeVatAmount: 100000, vatAmount: 7000 })[1].textKey).toBe('vat_added_label');
    expect(vatRows({ vatMode: 'included', vatBasisPoints: 0, beforeVatAmount: 100000, vatAmount: 7000 })[1].textKey).toBe('vat_included_label');
  });

  it('no rows without VAT', () => {
    expect(vatRows({ vatMode: 'included', vatBasisPoints: 0, beforeVatAmount: 100000, vatAmount: 0 })).toEqual([]);
  });
});
