import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

/** What Intl says for the same instant in Bangkok: day, short month, year (Buddhist in Thai). */
function intlDate(iso: string, locale: 'th' | 'en'): string {
  const parts = new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Bangkok' }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('day')} ${part('month')} ${part('year')}`;
}

describe('course dates in the chosen language', () => {
  // one instant per month, 20:00 UTC: already the next day in Bangkok
  const instants = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 14, 20)).toISOString());

  it.each(instants)('%s reads as Intl writes it in Bangkok, in Thai with the Buddhist year and in English', (iso) => {
    expect(formatDate(iso, 'th')).toBe(intlDate(iso, 'th'));
    expect(formatDate(iso, 'en')).toBe(intlDate(iso, 'en'));
  });
});
