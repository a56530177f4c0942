import { describe, expect, it } from 'vitest';
import { minorAmount, netAmountFromWire, orderAmountsFromWire } from './amounts';

describe('order amounts from the wire', () => {
  it('every total in satang: 3500.5 THB is 350050', () => {
    expect(orderAmountsFromWire({ currency_code: 'THB', price: 3500.5, discount: 200, shipping_fee: 50, withholding_price: 0, vat: 245.04, net: 3595.54 })).toEqual({
      priceAmount: 350050,
      discountAmount: 20000,
      shippingFeeAmount: 5000,
      withholdingAmount: 0,
      vatAmount: 24504,
      vatMode: 'included',
      vatBasisPoints: 0,
      // 3,500.50 - 200.00 + 50.00 - 245.04 contained
      beforeVatAmount: 310546,
      netAmount: 359554,
    });
  });

  it('an order with VAT added on top: before VAT is the listed total, the VAT comes on top', () => {
    // 1,000.00 + 70.00 VAT - 30.00 withheld = 1,040.00
    expect(
      orderAmountsFromWire({ currency_code: 'THB', price: 1000, discount: 0, shipping_fee: 0, withholding_price: 30, vat: 70, vat_mode: 'added', vat_basis_points: 700, net: 1040 }),
    ).toMatchObject({ vatMode: 'added', vatBasisPoints: 700, beforeVatAmount: 100000, vatAmount: 7000, netAmount: 104000 });
  });

  it('a missing vat is 0, USD in cents', () => {
    expect(orderAmountsFromWire({ currency_code: 'USD', price: 99.99, discount: 0, shipping_fee: 0, withholding_price: 3, net: 96.99 })).toMatchObject({
      vatAmount: 0,
      withholdingAmount: 300,
      netAmount: 9699,
    });
  });

  it('an unreadable amount counts as 0', () => {
    expect(minorAmount(null, 'THB')).toBe(0);
    expect(minorAmount(Number.NaN, 'THB')).toBe(0);
    expect(netAmountFromWire({ net: 0, currency_code: 'THB' })).toBe(0);
  });
});
