/** Thai (default) or English message for an error code, from the shared text catalogue with the editors' overrides. */
import { ERROR_TEXT_KEYS, translate, type TextOverrides } from '@sala/shared/texts';

type Locale = 'th' | 'en';

const FALLBACK: Record<Locale, string> = {
  th: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง',
  en: 'Something went wrong, please try again.',
};

export function messageFor(code: string, locale: Locale = 'th', overrides?: TextOverrides): string {
  const key = (ERROR_TEXT_KEYS as Record<string, (typeof ERROR_TEXT_KEYS)[keyof typeof ERROR_TEXT_KEYS] | undefined>)[code];
  return (key && translate(key, locale, overrides)) || FALLBACK[locale];
}

export function localeOf(ctx: { get(name: string): string; query?: Record<string, unknown> }): Locale {
  const asked = String(ctx.query?.lang ?? ctx.get('x-locale') ?? '').toLowerCase();
  if (asked === 'en' || asked === 'th') return asked;
  return ctx.get('accept-language').toLowerCase().startsWith('en') ? 'en' : 'th';
}
