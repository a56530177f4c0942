import { checksum, generate, parse } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { parseMajor } from '@sala/shared/money';
import { isPromptPayId, promptPayPayload } from './promptpay';
import { slipReferenceOf } from './slip-qr';

describe('the slip mini-QR', () => {
  it('reads the published vector: bank 014, reference 00111222233344ABCD12', () => {
    expect(slipReferenceOf('004100060000010103014022000111222233344ABCD125102TH910417DF')).toEqual({ sendingBank: '014', transRef: '00111222233344ABCD12' });
  });

  it('refuses a changed reference under the old CRC, a PromptPay payment QR and plain text', () => {
    expect(slipReferenceOf('004100060000010103014022000111222233344ABCD995102TH910417DF')).toBeNull();
    expect(slipReferenceOf(promptPayPayload('0812345678', parseMajor('10')))).toBeNull();
    expect(slipReferenceOf('https://example.com/slip')).toBeNull();
  });

  it('refuses a bank code that is not three digits', () => {
    expect(slipReferenceOf(generate.slipVerify({ sendingBank: 'ABC', transRef: '0011122223333' }))).toBeNull();
  });
});

describe('the exact-amount PromptPay payload', () => {
  it('carries the order number as bill number (tag 62 sub-tag 01) under a CRC computed again', () => {
    const payload = promptPayPayload('0812345678', parseMajor('1070.50'), '41');
    const qr = parse(payload, true, true);
    expect(qr?.getTagValue('62', '01')).toBe('41');
    expect(qr?.getTagValue('54')).toBe('1070.50');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(checksum(payload.slice(0, -4)));
  });

  it('refuses a bill number EMVCo cannot carry', () => {
    expect(() => promptPayPayload('0812345678', parseMajor('1'), 'x'.repeat(26))).toThrow(/bill number/);
    expect(() => promptPayPayload('0812345678', parseMajor('1'), 'คำสั่งซื้อ')).toThrow(/bill number/);
  });

  it('takes a phone, a 13-digit tax id or a 15-digit e-wallet id as the shop’s PromptPay id', () => {
    expect(['0812345678', '081-234-5678', '0105561234567', '123456789012345'].map(isPromptPayId)).toEqual([true, true, true, true]);
    expect(['12345', '8123456789', '08123456789', '0812345678a', ''].map(isPromptPayId)).toEqual([false, false, false, false, false]);
  });
});
