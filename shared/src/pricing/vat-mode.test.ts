import { describe, expect, it, test } from 'vitest';
import { money } from '../money/index.js';
import { SETTINGS, cart, coupon, line, promotion } from './fixtures.test-helpers.js';
import { priceCart } from './price-cart.js';
import type { PriceBreakdown, PricingSettings } from './types.js';
import { storedBeforeVatAmount, taxTotals, vatModeOf } from './vat.js';

const included: PricingSettings = { ...SETTINGS, vatEnabled: true, vatBasisPoints: 700, vatMode: 'included' };
const added: PricingSettings = { ...included, vatMode: 'added' };

function totals(result: PriceBreakdown) {
  const t = result.totals;
  return {
    net: t.net.amount,
    beforeVat: t.beforeVat.amount,
    vat: t.vat.amount,
    withVat: t.withVat.amount,
    withholding: t.withholding.amount,
    amountToPay: t.amountToPay.amount,
  };
}

describe('VAT included in the price (the default)', () => {
  it('takes the VAT out of a 1,070.00 course: 1,000.00 before VAT + 70.00 VAT, to pay 1,070.00', () => {
    // 107,000 × 700 / 10,700 = 7,000
    const result = priceCart(cart({ lines: [line(1, 107000)], settings: included }));
    expect(totals(result)).toEqual({ net: 107000, beforeVat: 100000, vat: 7000, withVat: 107000, withholding: 0, amountToPay: 107000 });
    expect(result.vatMode).toBe('included');
  });

  it('is the mode of settings that name none', () => {
    const { vatMode: _none, ...unnamed } = included;
    const result = priceCart(cart({ lines: [line(1, 107000)], settings: unnamed }));
    expect(result.vatMode).toBe('included');
    expect(result.totals.amountToPay.amount).toBe(107000);
  });

  it('rounds the contained VAT half up once: 10.50 holds 0.69', () => {
    // 1,050 × 700 / 10,700 = 68.69 -> 69; before VAT 1,050 - 69 = 981
    const result = priceCart(cart({ lines: [line(1, 1050)], settings: included }));
    expect(totals(result)).toMatchObject({ beforeVat: 981, vat: 69, withVat: 1050, amountToPay: 1050 });
  });
});

describe('VAT added on top of the price', () => {
  it('adds 7% to a 1,000.00 course: 1,000.00 + 70.00 VAT, to pay 1,070.00', () => {
    const result = priceCart(cart({ lines: [line(1, 100000)], settings: added }));
    expect(totals(result)).toEqual({ net: 100000, beforeVat: 100000, vat: 7000, withVat: 107000, withholding: 0, amountToPay: 107000 });
    expect(result.vatMode).toBe('added');
  });

  test.each([
    // 99,999 × 7% = 6,999.93 -> 7,000; 99,999 + 7,000 = 106,999
    [99999, 7000, 106999],
    // 1,050 × 7% = 73.5 -> 74 (half up); 1,050 + 74 = 1,124
    [1050, 74, 1124],
    // 1,049 × 7% = 73.43 -> 73; 1,049 + 73 = 1,122
    [1049, 73, 1122],
    // 7 × 7% = 0.49 -> 0: too small to carry a satang of VAT
    [7, 0, 7],
  ])('rounds the added VAT half up once on the order: %i satang -> VAT %i, to pay %i', (price, vat, toPay) => {
    const result = priceCart(cart({ lines: [line(1, price)], settings: added }));
    expect(totals(result)).toMatchObject({ vat, withVat: toPay, amountToPay: toPay });
  });

  it('adds VAT to the discounted goods and the shipping fee, withholds 3% of the goods alone', () => {
    // 2,000.00 - 10% coupon (200.00) = 1,800.00 goods; + 60.00 shipping = 1,860.00 before VAT
    // VAT 7% of 1,860.00 = 130.20; with VAT 1,990.20
    // withholding 3% of 1,800.00 = 54.00; to pay 1,990.20 - 54.00 = 1,936.20
    const result = priceCart(
      cart({
        lines: [line(1, 200000)],
        coupons: [coupon({ id: 1, discountType: 'percent', discountBasisPoints: 1000 })],
        shippingFeeAmount: 6000,
        taxInvoice: { personType: 'juristic_person' },
        withholding: { enabled: true },
        settings: added,
      }),
    );
    expect(totals(result)).toEqual({ net: 186000, beforeVat: 186000, vat: 13020, withVat: 199020, withholding: 5400, amountToPay: 193620 });
    expect(result.totals.withholdingBase.amount).toBe(180000);
  });

  it('withholds the same from the same pre-VAT value in either mode: 1,070.00 included and 1,000.00 added both pay 1,040.00', () => {
    const juristic = { taxInvoice: { personType: 'juristic_person' as const }, withholding: { enabled: true } };
    // included: base 1,070.00 - 70.00 = 1,000.00; 3% = 30.00; 1,070.00 - 30.00 = 1,040.00
    const inside = priceCart(cart({ lines: [line(1, 107000)], settings: included, ...juristic }));
    // added: base 1,000.00; 3% = 30.00; 1,000.00 + 70.00 - 30.00 = 1,040.00
    const onTop = priceCart(cart({ lines: [line(1, 100000)], settings: added, ...juristic }));
    expect(totals(inside)).toMatchObject({ vat: 7000, withholding: 3000, amountToPay: 104000 });
    expect(totals(onTop)).toMatchObject({ vat: 7000, withholding: 3000, amountToPay: 104000 });
  });

  it('adds VAT after a promotion: 1,000.00 + 500.00 less 150.00 is 1,350.00 + 94.50 VAT', () => {
    // P2 amount 150.00 on the two lines; 1,350.00 × 7% = 94.50
    const result = priceCart(
      cart({
        lines: [line(1, 100000), line(2, 50000)],
        promotions: [promotion({ id: 1, promotionType: 'P2', numberOfCourse: 2, discountType: 'amount', discountAmount: 15000 })],
        settings: added,
      }),
    );
    expect(result.appliedPromotion?.discountAmount).toBe(15000);
    expect(totals(result)).toEqual({ net: 135000, beforeVat: 135000, vat: 9450, withVat: 144450, withholding: 0, amountToPay: 144450 });
  });

  it('adds VAT in US cents on a USD cart: 59.00 + 4.13', () => {
    // 5,900 × 7% = 413
    const lines = [{ ...line(1, 0), plan: { id: 1, priceAmount: 199000, priceUsdAmount: 5900 } }];
    const result = priceCart(cart({ currency: 'USD', lines, settings: added }));
    expect(result.totals.amountToPay).toEqual(money(6313, 'USD'));
  });

  it('adds nothing while VAT is off', () => {
    const result = priceCart(cart({ lines: [line(1, 100000)], settings: { ...added, vatEnabled: false } }));
    expect(totals(result)).toEqual({ net: 100000, beforeVat: 100000, vat: 0, withVat: 100000, withholding: 0, amountToPay: 100000 });
  });

  it('a free order stays free', () => {
    const result = priceCart(cart({ lines: [line(1, 0)], settings: added }));
    expect(result.zeroTotal).toBe(true);
  });

  test.each([
    // 934.57 + 65.42 (6,541.99 -> 6,542) = 999.99: below 1,000 THB, the check is skipped
    [93457, false],
    // 934.58 + 65.42 (6,542.06 -> 6,542) = 1,000.00: the check applies
    [93458, true],
  ])('judges the 1,000 THB tax-invoice threshold on the total with VAT added: %i before VAT -> check %s', (price, expected) => {
    const result = priceCart(cart({ lines: [line(1, price)], settings: added, taxInvoice: { personType: 'normal_person' } }));
    expect(result.taxInvoiceCheckRequired).toBe(expected);
  });

  it('keeps the 20 THB minimum of methods 8 and 9 on the amount with VAT: 18.70 + 1.31 = 20.01 passes', () => {
    // 1,870 × 7% = 130.9 -> 131; 1,870 + 131 = 2,001
    const result = priceCart(cart({ lines: [line(1, 1870)], paymentMethodId: 8, settings: added }));
    expect(result.totals.amountToPay.amount).toBe(2001);
    expect(result.belowMinimum).toBe(false);
  });
});

describe('vatModeOf', () => {
  it('reads anything but added as included', () => {
    expect(vatModeOf('added')).toBe('added');
    expect(vatModeOf('included')).toBe('included');
    expect(vatModeOf(null)).toBe('included');
    expect(vatModeOf('exclusive')).toBe('included');
  });
});

describe('taxTotals', () => {
  it('the amount to pay is the value with VAT less withholding, in both modes', () => {
    for (const vatMode of ['included', 'added'] as const) {
      const t = taxTotals({ goods: money(123457), shipping: money(4321), vatBasisPoints: 700, vatMode, withholdingPercent: 3 });
      expect(t.amountToPay.amount).toBe(t.withVat.amount - t.withholding.amount);
      expect(t.beforeVat.amount + t.vat.amount).toBe(t.withVat.amount);
    }
  });
});

describe('storedBeforeVatAmount', () => {
  it("gives a placed order's value before VAT back from its columns, as the engine priced it", () => {
    for (const vatMode of ['included', 'added'] as const) {
      const result = priceCart(cart({ lines: [line(1, 123457)], shippingFeeAmount: 4321, coupons: [coupon({ id: 1, discountAmount: 10000 })], settings: { ...included, vatMode } }));
      const { subtotal, discount, shipping, vat, beforeVat } = result.totals;
      expect(storedBeforeVatAmount({ priceAmount: subtotal.amount, discountAmount: discount.amount, shippingFeeAmount: shipping.amount, vatAmount: vat.amount, vatMode })).toBe(beforeVat.amount);
    }
  });
});
