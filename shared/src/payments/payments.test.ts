import { describe, expect, it, test } from 'vitest';
import {
  CARD_TYPES,
  amountToPay,
  cardDigits,
  defaultTransferAmount,
  detectCardType,
  freeOrderReportStatus,
  handOffOrderId,
  orderCancelAt,
  isBankTransferAvailable,
  isValidCardNumber,
  luhnCheck,
  payPageReference,
  possibleCardTypes,
  reportDateTimeToUtc,
} from './index.js';

describe('card types', () => {
  it('recognises the 12 card types of the spec', () => {
    expect(CARD_TYPES).toEqual(['visa', 'mastercard', 'american-express', 'diners-club', 'discover', 'jcb', 'unionpay', 'maestro', 'elo', 'mir', 'hiper', 'hipercard']);
  });

  test.each([
    ['4111 1111 1111 1111', 'visa', [16, 18, 19]],
    ['5555555555554444', 'mastercard', [16]],
    ['2221000000000009', 'mastercard', [16]],
    ['378282246310005', 'american-express', [15]],
    ['30569309025904', 'diners-club', [14, 16, 19]],
    ['6011111111111117', 'discover', [16, 19]],
    ['3530111333300000', 'jcb', [16, 17, 18, 19]],
    ['6200000000000005', 'unionpay', [14, 15, 16, 17, 18, 19]],
    ['6304000000000000', 'maestro', [12, 13, 14, 15, 16, 17, 18, 19]],
    ['6363680000000000', 'elo', [16]],
    ['2200000000000004', 'mir', [16, 17, 18, 19]],
    ['6370950000000005', 'hiper', [16]],
    ['6062826786276634', 'hipercard', [16]],
  ] as const)('detects %s as %s with lengths %j', (number, type, lengths) => {
    const info = detectCardType(number);
    expect(info?.type).toBe(type);
    expect(info?.lengths).toEqual(lengths);
  });

  it('prefers the longest matching prefix: 4011 78 is elo, not visa', () => {
    expect(detectCardType('4011780000000000')?.type).toBe('elo');
    expect(detectCardType('4111111111111111')?.type).toBe('visa');
  });

  it('says nothing while a number is too short to tell, but lists the types still possible', () => {
    expect(detectCardType('4')).toBeNull();
    expect(possibleCardTypes('4').map((i) => i.type)).toEqual(['visa', 'maestro', 'elo']);
    expect(possibleCardTypes('abc')).toEqual([]);
    expect(detectCardType('')).toBeNull();
    expect(detectCardType('9999999999999999')).toBeNull();
  });

  it('gives the security code of each type: amex has a 4-digit CID', () => {
    expect(detectCardType('378282246310005')?.code).toEqual({ name: 'CID', size: 4 });
    expect(detectCardType('4111111111111111')?.code).toEqual({ name: 'CVV', size: 3 });
  });

  test.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['79927398713', true],
    ['0', true],
    ['', false],
    ['4111-1111-1111-1111', true],
    ['4111x111', false],
  ])('Luhn check of %j is %s', (number, valid) => {
    expect(luhnCheck(number)).toBe(valid);
  });

  test.each([
    ['4111111111111111', true],
    // Luhn-valid but a visa of 13 digits is not a valid length
    ['4222222222222', false],
    ['4111111111111112', false],
    ['9999999999999995', false],
  ])('a valid card number has a known type, one of its lengths and a Luhn digit: %s -> %s', (number, valid) => {
    expect(isValidCardNumber(number)).toBe(valid);
  });

  it('keeps only digits of a typed number', () => {
    expect(cardDigits('4111 1111-1111 1111')).toBe('4111111111111111');
  });
});

describe('payment helpers', () => {
  it('computes the amount to pay as price - discount + shipping_fee - withholding_price', () => {
    // 1,000.00 - 100.00 + 50.00 - 27.00 = 923.00
    const order = { priceAmount: 100000, discountAmount: 10000, shippingFeeAmount: 5000, withholdingAmount: 2700 };
    expect(amountToPay(order)).toEqual({ amount: 92300, currency: 'THB' });
    expect(defaultTransferAmount(order)).toBe('923.00');
    expect(amountToPay({ ...order, currency: 'USD' }).currency).toBe('USD');
  });

  it('adds the VAT of an order priced with VAT on top, and only then', () => {
    // 1,000.00 - 100.00 + 50.00 + 66.50 VAT - 27.00 = 989.50
    const order = { priceAmount: 100000, discountAmount: 10000, shippingFeeAmount: 5000, withholdingAmount: 2700, vatAmount: 6650 };
    expect(amountToPay({ ...order, vatMode: 'added' }).amount).toBe(98950);
    expect(amountToPay({ ...order, vatMode: 'included' }).amount).toBe(92300);
  });

  test.each([
    [[{ account_id: '123', bank_name: 'KBANK' }], true],
    [[], false],
    [null, false],
    [
      [
        { account_id: '123', bank_name: 'KBANK' },
        { account_id: '', bank_name: 'SCB' },
      ],
      false,
    ],
    [[{ account_id: '123', bank_name: null }], false],
  ])('bank transfer is available only with accounts that all have account_id and bank_name: %j -> %s', (accounts, expected) => {
    expect(isBankTransferAvailable(accounts)).toBe(expected);
  });

  test.each([
    ['/payment/000123', null, { code: '000123', orderId: 123 }],
    ['/payment/abc', 77, { code: '77', orderId: 77 }],
    ['/payment', '0042', { code: '0042', orderId: 42 }],
    ['/payment', null, null],
    ['/payment/x', 'y', null],
  ] as const)('the card hand-off order id of %s (fallback %s) is %j', (path, fallback, expected) => {
    expect(handOffOrderId(path, fallback)).toEqual(expected);
  });

  it('builds the pay-page reference from the order id and the Bangkok time as HHmmss', () => {
    // 2025-06-15 03:04:05 UTC is 10:04:05 in Bangkok
    expect(payPageReference(123, Date.parse('2025-06-15T03:04:05Z'))).toBe('123100405');
    expect(payPageReference('9', new Date('2025-06-15T20:00:00Z'))).toBe('9030000');
  });

  test.each([
    // Bangkok 2025-06-15 10:30:00 is 03:30:00 UTC
    ['2025-06-15', '10:30:00', '2025-06-15', '03:30:00'],
    // shifting 7 hours back crosses midnight: 2025-06-15 05:00:00 is 2025-06-14 22:00:00 UTC
    ['2025-06-15', '05:00:00', '2025-06-14', '22:00:00'],
  ])('shifts a report time of %s %s by 7 hours to UTC: %s %s', (date, time, utcDate, utcTime) => {
    expect(reportDateTimeToUtc(date, time)).toMatchObject({ date: utcDate, time: utcTime });
  });

  test.each([
    ['15/06/2025', '10:00:00'],
    ['2025-06-15', '10:00'],
    ['2025-13-45', '10:00:00'],
  ])('refuses a report time of %s %s', (date, time) => {
    expect(() => reportDateTimeToUtc(date, time)).toThrow(RangeError);
  });

  test.each([
    // auto-cancel hours from site settings set cancel_at: 12:00 UTC + 24 h
    [24, '2025-06-16T12:00:00.000Z'],
    [0.5, '2025-06-15T12:30:00.000Z'],
    // default 0: no cancel_at
    [0, null],
    [null, null],
    [-3, null],
  ])('auto-cancel hours %s set cancel_at to %s', (hours, expected) => {
    expect(orderCancelAt(new Date('2025-06-15T12:00:00.000Z'), hours)).toBe(expected);
    expect(orderCancelAt(Date.parse('2025-06-15T12:00:00.000Z'), hours)).toBe(expected);
  });

  it('auto-approves a free order unless its Free plan needs approval', () => {
    expect(freeOrderReportStatus(false)).toBe('approved');
    expect(freeOrderReportStatus(true)).toBe('pending');
  });
});
