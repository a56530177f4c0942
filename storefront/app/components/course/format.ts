/**
 * Dates and durations of the course page, formatted by hand in Bangkok time so the server
 * render and the browser produce the same text (ICU builds differ between Node and browsers).
 */
import type { Locale } from '~/models/i18n';

const TH_MONTHS = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const BANGKOK_OFFSET_MS = 7 * 3600e3;

/** 30 ธ.ค. 2569 (Thai, Buddhist year) or 30 Dec 2026, in Bangkok time; null for no date. */
export function formatDate(iso: string | null | undefined, locale: Locale): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const local = new Date(ms + BANGKOK_OFFSET_MS);
  const day = local.getUTCDate();
  const month = local.getUTCMonth();
  const year = local.getUTCFullYear();
  return locale === 'th' ? `${day} ${TH_MONTHS[month]} ${year + 543}` : `${day} ${EN_MONTHS[month]} ${year}`;
}

/** `start - end`, or the one date when both are the same day. */
export function formatDateRange(start: string | null, end: string | null, locale: Locale): { start: string; end: string } | null {
  const from = formatDate(start, locale);
  const to = formatDate(end, locale);
  if (!from && !to) return null;
  return { start: from ?? to ?? '', end: to ?? from ?? '' };
}

/** A lecture length in seconds as m:ss (1:05:09 past an hour); null when unknown. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
