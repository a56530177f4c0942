import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, safeEqual, signJwtHs256, verifyJwtHs256 } from './crypto';
import { buildXml, readXml } from './xml';

describe('signing primitives', () => {
  it('HMAC-SHA256 hex equals the RFC 4231 test case 2', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('the constant-time compare tells equal from different strings of any length', () => {
    expect(safeEqual('ABC123', 'ABC123')).toBe(true);
    expect(safeEqual('ABC123', 'ABC124')).toBe(false);
    expect(safeEqual('ABC123', 'ABC1234')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('an HS256 token verifies with its key and with no other', () => {
    const token = signJwtHs256({ merchantID: 'JT01', amount: 100.5 }, 'key-one');
    expect(verifyJwtHs256(token, 'key-one')).toEqual({ merchantID: 'JT01', amount: 100.5 });
    expect(verifyJwtHs256(token, 'key-two')).toBeNull();
  });

  it('an HS256 token signature is the base64url HMAC of header.payload', () => {
    const [head, body, signature] = signJwtHs256({ a: 1 }, 'k').split('.');
    expect(signature).toBe(createHmac('sha256', 'k').update(`${head}.${body}`).digest('base64url'));
  });

  it('a token whose header claims another algorithm is refused even when its HMAC matches', () => {
    const head = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ a: 1 })).toString('base64url');
    const signature = createHmac('sha256', 'k').update(`${head}.${body}`).digest('base64url');
    expect(verifyJwtHs256(`${head}.${body}.${signature}`, 'k')).toBeNull();
  });

  it('flat XML round-trips Thai text and escaped characters', () => {
    const xml = buildXml('PaymentRequest', [
      ['desc', 'คอร์ส <A&B> "1"'],
      ['amt', '000000010010'],
      ['skipped', undefined],
    ]);
    expect(xml).toBe('<PaymentRequest><desc>คอร์ส &lt;A&amp;B&gt; &quot;1&quot;</desc><amt>000000010010</amt></PaymentRequest>');
    expect(readXml(xml)).toEqual({ desc: 'คอร์ส <A&B> "1"', amt: '000000010010' });
  });
});
