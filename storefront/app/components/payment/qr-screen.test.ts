import { describe, expect, it } from 'vitest';
import { formatCountdown } from './qr-screen';

describe('formatCountdown', () => {
  it('shows minutes and seconds, and hours past an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(15 * 60)).toBe('15:00');
    expect(formatCountdown(3600 + 62)).toBe('1:01:02');
  });

  it('never goes below zero or shows fractions', () => {
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(9.9)).toBe('00:09');
  });
});
