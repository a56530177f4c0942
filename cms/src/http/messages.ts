/** Thai (default) or English message for an error code, from the shared text catalogue. */
import * as texts from '@sala/shared/texts';

type Locale = 'th' | 'en';

const FALLBACK: Record<Locale, string> = {
  th: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง',
  en: 'Something went wrong, please try again.',
};

export function messageFor(code: string, locale: Locale = 'th'): string {
  const lookup = (texts as { errorMessage?: (code: string, locale: Locale) => string | undefined }).errorMessage;
  return lookup?.(code, locale) || FALLBACK[locale];
}

export function localeOf(ctx: { get(name: string): string; query?: Record<string, unknown> }): Locale {
  const asked = String(ctx.query?.lang ?? ctx.get('x-locale') ?? '').toLowerCase();
  if (asked === 'en' || asked === 'th') return asked;
  return ctx.get('accept-language').toLowerCase().startsWith('en') ? 'en' : 'th';
}
