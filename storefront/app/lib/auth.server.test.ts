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
  ])('goes back to %s as %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it('uses the fallback when nothing was given', () => {
    expect(safeRedirect(null, '/cart')).toBe('/cart');
  });
});
