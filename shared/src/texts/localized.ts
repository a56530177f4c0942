/**
 * Editors' content in the visitor's language, and values the site generates (durations, counts)
 * written in it. Thai is the source of every entry; an English field is optional and blank
 * falls back to Thai (ADR 183).
 */
import type { Locale } from '../constants/index.js';

/** The English text when the locale is English and an editor gave one; the Thai text otherwise. */
export function localizedValue<T extends string | null | undefined>(thai: T, english: string | null | undefined, locale: Locale): T | string {
  if (locale === 'en' && typeof english === 'string' && english.trim() !== '') return english;
  return thai;
}

const INTL_LOCALE: Record<Locale, string> = { th: 'th-TH', en: 'en-GB' };

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, unit?: 'hour' | 'minute'): Intl.NumberFormat {
  const key = `${locale}:${unit ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], unit ? { style: 'unit', unit, unitDisplay: 'long' } : { maximumFractionDigits: 0 });
    numberFormats.set(key, format);
  }
  return format;
}

/** A count with the locale's digit grouping (1,234), by `Intl.NumberFormat`. */
export function formatCount(count: number, locale: Locale): string {
  return numberFormat(locale).format(count);
}

/** A length of time in minutes as words: "4 ชั่วโมง 30 นาที" or "4 hours 30 minutes" (`Intl.NumberFormat` units). */
export function formatDurationMinutes(minutes: number, locale: Locale): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(numberFormat(locale, 'hour').format(hours));
  if (rest > 0 || hours === 0) parts.push(numberFormat(locale, 'minute').format(rest));
  return parts.join(' ');
}

const HOUR_WORDS = 'ชั่วโมง|ชม\\.?|hours?|hrs?|h';
const MINUTE_WORDS = 'นาที|minutes?|mins?|m';
const DURATION_TEXT = new RegExp(`^\\s*(?:(\\d+(?:\\.\\d+)?)\\s*(?:${HOUR_WORDS}))?\\s*(?:(\\d+)\\s*(?:${MINUTE_WORDS}))?\\s*$`, 'i');

/** The minutes of a duration written as hours and minutes in Thai or English ("4 ชั่วโมง 30 นาที", "6 hours"); null for anything else. */
export function parseDurationText(text: string): number | null {
  const match = DURATION_TEXT.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const hours = match[1] === undefined ? 0 : Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  return Math.round(hours * 60 + minutes);
}

/** A duration an editor typed, rewritten in the locale when it reads as hours and minutes; any other text as it is. */
export function localizeDurationText(text: string, locale: Locale): string {
  const minutes = parseDurationText(text);
  return minutes === null ? text : formatDurationMinutes(minutes, locale);
}
