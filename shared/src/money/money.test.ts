import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import {
  CURRENCY_NUMERIC_CODES,
  ROUNDING_POLICY,
  add,
  allocate,
  compare,
  divideRounded,
  formatMoney,
  from2c2pAmount,
  includedTax,
  isZero,
  minMoney,
  money,
  multiply,
  parseMajor,
  percentOf,
  percentToBasisPoints,
  subtract,
  sum,
  to2c2pAmount,
  toBahtString,
  toMajorNumber,
  toMinorUnits,
  toMajorString,
  toSatang,
  tryParseMajor,
  zero,
} from './index.js';

const thb = (amount: number) => money(amount, 'THB');
const usd = (amount: number) => money(amount, 'USD');

describe('money values', () => {
  it('holds an integer of minor units with its currency, THB by default', () => {
    expect(money(199950)).toEqual({ amount: 199950, currency: 'THB' });
    expect(zero('USD')).toEqual({ amount: 0, currency: 'USD' });
    expect(zero()).toEqual({ amount: 0, currency: 'THB' });
  });

  test.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s as an amount of minor units', (amount) => {
    expect(() => money(amount)).toThrow(RangeError);
  });

  test.each([
    // 100.00 + 0.50 = 100.50
    [10000, 50, 10050],
    // 0.01 + -0.02 = -0.01
    [1, -2, -1],
  ])('adds %i and %i satang to %i', (a, b, expected) => {
    expect(add(thb(a), thb(b))).toEqual(thb(expected));
  });

  test.each([
    // 100.00 - 0.50 = 99.50
    [10000, 50, 9950],
    // 0.00 - 1.00 = -1.00
    [0, 100, -100],
  ])('subtracts: %i - %i = %i satang', (a, b, expected) => {
    expect(subtract(thb(a), thb(b))).toEqual(thb(expected));
  });

  it('refuses to mix currencies', () => {
    expect(() => add(thb(1), usd(1))).toThrow(TypeError);
    expect(() => subtract(thb(1), usd(1))).toThrow(/currency mismatch/);
    expect(() => compare(thb(1), usd(1))).toThrow(TypeError);
  });

  it('sums a list, zero for an empty one', () => {
    // 1.00 + 2.00 + 3.00 = 6.00
    expect(sum([thb(100), thb(200), thb(300)])).toEqual(thb(600));
    expect(sum([], 'USD')).toEqual(usd(0));
  });

  test.each([
    // 1,999.50 × 3 = 5,998.50
    [199950, 3, 599850],
    [199950, 0, 0],
  ])('multiplies %i satang by the integer %i to %i', (amount, factor, expected) => {
    expect(multiply(thb(amount), factor)).toEqual(thb(expected));
  });

  it('multiplies only by integers', () => {
    expect(() => multiply(thb(100), 1.5)).toThrow(RangeError);
  });

  it('compares, tests for zero and picks the smaller amount', () => {
    expect(compare(thb(1), thb(2))).toBe(-1);
    expect(compare(thb(2), thb(1))).toBe(1);
    expect(compare(thb(2), thb(2))).toBe(0);
    expect(isZero(thb(0))).toBe(true);
    expect(isZero(thb(1))).toBe(false);
    expect(minMoney(thb(5), thb(3))).toEqual(thb(3));
    expect(minMoney(thb(3), thb(5))).toEqual(thb(3));
  });
});

describe('the rounding policy', () => {
  it('is one named policy: half up on the minor unit', () => {
    expect(ROUNDING_POLICY).toBe('HALF_UP');
  });

  test.each([
    // 5 / 10 = 0.5 -> 1 (tie goes up)
    [5, 10, 1],
    // 4 / 10 = 0.4 -> 0
    [4, 10, 0],
    // 15 / 10 = 1.5 -> 2
    [15, 10, 2],
    // -5 / 10 = -0.5 -> -1 (ties away from zero)
    [-5, 10, -1],
    // -4 / 10 = -0.4 -> 0
    [-4, 10, 0],
    // (2^53 - 1) / 1 stays exact
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER],
  ])('rounds %i / %i half up to %i', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  test.each([
    [1, 0],
    [1, -1],
    [1.5, 2],
    [1, 2.5],
  ])('refuses to divide %s by %s', (n, d) => {
    expect(() => divideRounded(n, d)).toThrow(RangeError);
  });
});

describe('percent in basis points', () => {
  test.each([
    // 999.99 × 7% = 69.9993 -> 70.00
    [99999, 700, 7000],
    // 0.50 × 1% = 0.005 -> 0.01 (half up)
    [50, 100, 1],
    // 0.49 × 1% = 0.0049 -> 0.00
    [49, 100, 0],
    // 1,000.00 × 3% = 30.00
    [100000, 300, 3000],
    // 1,000.00 × 100% = 1,000.00
    [100000, 10000, 100000],
  ])('takes %i satang × %i bp = %i satang', (amount, bp, expected) => {
    expect(percentOf(thb(amount), bp)).toEqual(thb(expected));
  });

  test.each([-1, 1.5])('refuses %s basis points', (bp) => {
    expect(() => percentOf(thb(100), bp)).toThrow(RangeError);
    expect(() => includedTax(thb(100), bp)).toThrow(RangeError);
  });

  test.each([
    // 107.00 × 7/107 = 7.00
    [10700, 700, 700],
    // 100.00 × 7/107 = 6.5420... -> 6.54
    [10000, 700, 654],
    // 1,070.00 with VAT off: 0
    [107000, 0, 0],
  ])('finds the tax inside %i satang at %i bp: %i satang', (amount, bp, expected) => {
    expect(includedTax(thb(amount), bp)).toEqual(thb(expected));
  });

  test.each([
    [7, 700],
    ['7', 700],
    ['7.00', 700],
    [1.5, 150],
    ['0.25', 25],
    [' 3 ', 300],
  ])('reads the percent %s as %i basis points without float error', (percent, expected) => {
    expect(percentToBasisPoints(percent)).toBe(expected);
  });

  test.each(['-1', '7.125', 'abc', '1e3'])('refuses the percent %s', (percent) => {
    expect(() => percentToBasisPoints(percent)).toThrow(RangeError);
  });

  it('refuses a result beyond the safe integer range', () => {
    expect(() => percentOf(thb(Number.MAX_SAFE_INTEGER), 20000)).toThrow(RangeError);
  });
});

describe('allocate by largest remainder', () => {
  test.each([
    // 100 by [1,1,1]: 33.33.. each, floors 33+33+33 = 99, the 1 left goes to the first
    [100, [1, 1, 1], [34, 33, 33]],
    // 1000 by [600, 400]: exact 600, 400
    [1000, [600, 400], [600, 400]],
    // 10 by [1, 2]: 3.33 and 6.67, floors 3 + 6 = 9, the 1 left goes to the larger remainder (second)
    [10, [1, 2], [3, 7]],
    // 5 by [0, 0]: all-zero weights split evenly: 2.5 and 2.5 -> 3, 2
    [5, [0, 0], [3, 2]],
    // 7 by [0, 3]: a zero weight gets nothing
    [7, [0, 3], [0, 7]],
    // -100 by [1, 1, 1]: the negative total splits like the positive one
    [-100, [1, 1, 1], [-34, -33, -33]],
    // 0 by [5, 5]
    [0, [5, 5], [0, 0]],
  ])('allocates %i by %j into %j', (total, weights, expected) => {
    const parts = allocate(thb(total), weights);
    expect(parts.map((p) => p.amount)).toEqual(expected);
    expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(total);
  });

  it('refuses no weights and weights that are not non-negative integers', () => {
    expect(() => allocate(thb(1), [])).toThrow(RangeError);
    expect(() => allocate(thb(1), [-1, 2])).toThrow(RangeError);
    expect(() => allocate(thb(1), [0.5])).toThrow(RangeError);
  });

  it('allocation parts always sum to the whole and no part exceeds its share rounded up', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }), (total, weights) => {
        const parts = allocate(thb(total), weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.reduce((a, p) => a + p.amount, 0)).toBe(total);
        const weightSum = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, i) => {
          const share = weightSum === 0 ? Math.abs(total) / weights.length : (Math.abs(total) * weights[i]) / weightSum;
          expect(Math.abs(part.amount)).toBeLessThanOrEqual(Math.ceil(share + 1e-6));
        });
      }),
    );
  });
});

describe('major-unit strings', () => {
  test.each([
    ['1999.50', 199950],
    ['1999.5', 199950],
    ['1999', 199900],
    ['0.01', 1],
    ['-3.25', -325],
    ['+4', 400],
    [' 12.30 ', 1230],
    // 0.1 + 0.2 as text never meets a float: 0.30 exactly
    ['0.30', 30],
    // extra digits round half up: 10.005 -> 10.01, 10.004 -> 10.00
    ['10.005', 1001],
    ['10.004', 1000],
  ])('parses %s as %i satang', (text, expected) => {
    expect(parseMajor(text, 'THB')).toEqual(thb(expected));
  });

  test.each(['', 'abc', '1,999.00', '1.2.3', '.5', '1e3', '99999999999999999999'])('does not parse %j', (text) => {
    expect(tryParseMajor(text)).toBeNull();
    expect(() => parseMajor(text)).toThrow(RangeError);
  });

  test.each([
    [199950, '1999.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-325, '-3.25'],
    [100000000, '1000000.00'],
  ])('writes %i satang as %s', (amount, expected) => {
    expect(toMajorString(thb(amount))).toBe(expected);
    expect(parseMajor(expected)).toEqual(thb(amount));
  });

  it('gives major units as a number for providers that take one', () => {
    expect(toMajorNumber(usd(199950))).toBe(1999.5);
  });

  test.each([
    [1991.5, 'THB', 199150],
    [0.1, 'THB', 10],
    [59, 'USD', 5900],
    [0, 'THB', 0],
    // a float just off its decimal is read as the text JSON printed, not multiplied
    [1.15, 'THB', 115],
  ] as const)('reads %d %s from the wire as %i minor units', (major, currency, expected) => {
    expect(toMinorUnits(major, currency)).toBe(expected);
  });

  test.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('keeps a missing amount (%s) missing', (major) => {
    expect(toMinorUnits(major)).toBeNull();
  });

  it('reads a wire amount as baht by default', () => {
    expect(toMinorUnits(12.3)).toBe(1230);
  });
});

describe('formatting', () => {
  test.each([
    [thb(199900), 'th', '฿1,999.00'],
    [thb(199900), 'en', 'THB 1,999.00'],
    [thb(5), 'th', '฿0.05'],
    [thb(123456789), 'th', '฿1,234,567.89'],
    [thb(-1000), 'th', '-฿10.00'],
    [thb(-1000), 'en', '-THB 10.00'],
    [usd(2999), 'en', '$29.99'],
    [usd(-2999), 'th', '-$29.99'],
  ] as const)('formats %j in %s as %s', (value, locale, expected) => {
    expect(formatMoney(value, locale)).toBe(expected);
  });

  it('formats in Thai by default', () => {
    expect(formatMoney(thb(100))).toBe('฿1.00');
  });
});

describe('provider encodings', () => {
  it('sends satang to the tokenising provider: 123.00 baht is 12300', () => {
    expect(toSatang(thb(12300))).toBe(12300);
    expect(() => toSatang(usd(100))).toThrow(TypeError);
  });

  test.each([
    // 100.10 -> 10010 satang -> padded to 12 digits
    [10010, '000000010010'],
    [0, '000000000000'],
    [999999999999, '999999999999'],
  ])('encodes %i satang for the card hand-off as %s', (amount, expected) => {
    expect(to2c2pAmount(thb(amount))).toBe(expected);
    expect(from2c2pAmount(expected)).toEqual(thb(amount));
  });

  it('refuses card hand-off amounts that are negative, too long or not 12 digits', () => {
    expect(() => to2c2pAmount(thb(-1))).toThrow(RangeError);
    expect(() => to2c2pAmount(thb(1_000_000_000_000))).toThrow(RangeError);
    expect(() => from2c2pAmount('10010')).toThrow(RangeError);
    expect(from2c2pAmount('000000002999', 'USD')).toEqual(usd(2999));
  });

  it('uses ISO 4217 numeric code 764 for THB (and 840 for USD) in the card hand-off', () => {
    expect(CURRENCY_NUMERIC_CODES).toEqual({ THB: '764', USD: '840' });
  });

  it('writes baht strings with 2 decimals', () => {
    expect(toBahtString(thb(10010))).toBe('100.10');
    expect(() => toBahtString(usd(100))).toThrow(TypeError);
  });
});
