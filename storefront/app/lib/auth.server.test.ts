import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth.server';

describe('safeRedirect', () => {
  it.each([
    ['/cart', '/cart'],
    ['/cart?course=3', '/cart?course=3'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/\r\n/evil.example', '/'],
    ['\t//evil.example', '/'],
    ['/%09/evil.example', '/'],
    ['/%0A/evil.example', '/'],
    ['/%00', '/'],
    ['/\u0000/evil.example', '/'],
    ['/x\\evil.example', '/'],
    ['/courses/1-a?b=c#d', '/courses/1-a?b=c#d'],
    ['/a/../cart', '/cart'],
    ['/คอร์ส', '/%E0%B8%84%E0%B8%AD%E0%B8%A3%E0%B9%8C%E0%B8%AA'],
  ])('goes back to %s as %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it('uses the fallback when nothing was given', () => {
    expect(safeRedirect(null, '/cart')).toBe('/cart');
  });
});
