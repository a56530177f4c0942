import { useRouteLoaderData } from '@remix-run/react';
import type { loader as rootLoader } from '../root';

export const LOCALES = ['th', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export type Texts = Readonly<Record<string, string>>;
export type TranslateVars = Record<string, string | number>;

/** The text for a key with `{name}` placeholders filled in; the key itself when no text exists (visible, never blank). */
export function translate(texts: Texts, key: string, vars?: TranslateVars): string {
  const text = texts[key];
  if (text === undefined) return key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** The page's locale and texts, resolved once by the root loader. */
export function useLocale(): Locale {
  return useRouteLoaderData<typeof rootLoader>('root')?.locale ?? DEFAULT_LOCALE;
}

/** The resolved texts of the page (key → text). */
export function useTexts(): Texts {
  return useRouteLoaderData<typeof rootLoader>('root')?.texts ?? {};
}

/** Text key of a course type's label: `In-class` → `course_type_in_class`. */
export function courseTypeTextKey(courseType: string): string {
  return `course_type_${courseType.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/** `t(key, vars)` over the texts the root loader sent: CMS overrides merged over the shared defaults. */
export function useT(): (key: string, vars?: TranslateVars) => string {
  const texts = useTexts();
  return (key, vars) => translate(texts, key, vars);
}
