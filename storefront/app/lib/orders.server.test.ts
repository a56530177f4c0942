import { describe, expect, it } from 'vitest';
import { formatBangkokDateTime } from './orders.server';

describe('formatBangkokDateTime', () => {
  it('shows a UTC instant as the Bangkok date and time, with the Buddhist-era year in Thai', () => {
    // 03:00 UTC is 10:00 in Bangkok (UTC+7); 2026 CE is 2569 BE
    expect(formatBangkokDateTime('2026-11-25T03:00:00.000Z', 'th')).toBe('25 พ.ย. 2569 10:00');
    expect(formatBangkokDateTime('2026-11-25T03:00:00.000Z', 'en')).toBe('25 Nov 2026, 10:00');
  });

  it('moves to the next day in Bangkok after 17:00 UTC', () => {
    expect(formatBangkokDateTime('2026-12-31T17:30:00.000Z', 'en', false)).toBe('1 Jan 2027');
  });

  it('gives null for a missing or unreadable date', () => {
    expect(formatBangkokDateTime(null, 'th')).toBeNull();
    expect(formatBangkokDateTime('not a date', 'th')).toBeNull();
  });
});
