import { describe, expect, test } from 'vitest';
import { formatMoneyInput, formatPercentInput, parseMoneyInput, parsePercentInput } from './index.js';
import { translate } from '../texts/index.js';

describe('an amount typed in the CMS editor', () => {
  test.each([
    ['1,490.00', 149000],
    ['1490', 149000],
    ['1490.5', 149050],
    ['  1,490  ', 149000],
    ['฿1,490.00', 149000],
    ['1,000,000.01', 100000001],
    ['0', 0],
    ['0.01', 1],
    ['0.50', 50],
    ['1490.', 149000],
  ])('%s is kept as %i minor units', (typed, minor) => {
    expect(parseMoneyInput(typed, 'THB')).toEqual({ ok: true, value: minor });
  });

  test('an emptied field stores no value', () => {
    expect(parseMoneyInput('   ')).toEqual({ ok: true, value: null });
  });

  test.each([
    ['14.905', 'too_many_decimals'],
    ['1.001', 'too_many_decimals'],
    ['-1', 'negative'],
    ['-0.50', 'negative'],
    ['abc', 'not_a_number'],
    ['1,49', 'not_a_number'],
    ['1,4900.00', 'not_a_number'],
    ['1e3', 'not_a_number'],
    ['14,90.0', 'not_a_number'],
    ['99999999999', 'too_large'],
  ] as const)('%s is refused (%s) instead of rounded or guessed', (typed, reason) => {
    expect(parseMoneyInput(typed, 'THB')).toEqual({ ok: false, reason });
  });

  test('a field that allows negatives takes one', () => {
    expect(parseMoneyInput('-3.25', 'THB', { allowNegative: true })).toEqual({ ok: true, value: -325 });
  });

  test('dollars take the same two decimals', () => {
    expect(parseMoneyInput('$49.99', 'USD')).toEqual({ ok: true, value: 4999 });
    expect(parseMoneyInput('49.999', 'USD')).toEqual({ ok: false, reason: 'too_many_decimals' });
  });

  test('every refusal has a Thai message', () => {
    expect(translate('money_input_too_many_decimals', 'th')).toBe('ใส่ทศนิยมได้ไม่เกิน 2 ตำแหน่ง');
    expect(translate('money_input_negative', 'th')).toBe('จำนวนต้องไม่ติดลบ');
    for (const reason of ['not_a_number', 'too_large', 'above_whole'] as const) {
      expect(translate(`money_input_${reason}`, 'th')).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});

describe('an amount shown in the CMS editor', () => {
  test.each([
    [149000, 'THB', '1,490.00'],
    [199000, 'THB', '1,990.00'],
    [5, 'THB', '0.05'],
    [100000001, 'THB', '1,000,000.01'],
    [4999, 'USD', '49.99'],
    [-325, 'THB', '-3.25'],
  ] as const)('%i minor units in %s read %s', (minor, currency, shown) => {
    expect(formatMoneyInput(minor, currency)).toBe(shown);
  });

  test('no value shows an empty field', () => {
    expect(formatMoneyInput(null)).toBe('');
    expect(formatMoneyInput(undefined)).toBe('');
  });

  test('what is shown reads back to the same minor units', () => {
    for (const minor of [0, 1, 99, 100, 149000, 123456789]) {
      expect(parseMoneyInput(formatMoneyInput(minor))).toEqual({ ok: true, value: minor });
    }
  });
});

describe('a percent in the CMS editor', () => {
  test.each([
    ['7', 700],
    ['7.00 %', 700],
    ['7.5', 750],
    ['0.25', 25],
    ['100', 10000],
    ['0', 0],
  ])('%s is kept as %i basis points', (typed, basisPoints) => {
    expect(parsePercentInput(typed)).toEqual({ ok: true, value: basisPoints });
  });

  test.each([
    ['7.005', 'too_many_decimals'],
    ['-7', 'negative'],
    ['seven', 'not_a_number'],
    ['-seven', 'not_a_number'],
    ['100.01', 'above_whole'],
    ['1234567890', 'too_large'],
  ] as const)('%s is refused (%s)', (typed, reason) => {
    expect(parsePercentInput(typed)).toEqual({ ok: false, reason });
  });

  test('an empty field keeps no percent, and a rate above 100 % is taken only where allowed', () => {
    expect(parsePercentInput('  ')).toEqual({ ok: true, value: null });
    expect(parsePercentInput('150', { allowAboveWhole: true })).toEqual({ ok: true, value: 15000 });
  });

  test.each([
    [700, '7.00'],
    [150, '1.50'],
    [10000, '100.00'],
    [null, ''],
  ])('%s basis points read %s', (basisPoints, shown) => {
    expect(formatPercentInput(basisPoints)).toBe(shown);
  });
});
