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
      netAmount: 359554,
    });
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
