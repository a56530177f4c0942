import { createHash } from 'node:crypto';
import { redirect } from '@remix-run/node';
import { TEXTS } from '@sala/shared/texts';
import { CmsError, getTextOverrides } from './cms.server';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, serializePageTexts, type Locale, type PageTexts, type Texts } from '~/models/i18n';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The visitor's locale: `?lang=` first, then the `lang` cookie, then Thai. */
export function getLocale(request: Request): Locale {
  const fromQuery = new URL(request.url).searchParams.get('lang');
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = readCookie(request, LOCALE_COOKIE);
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

export function serializeLocaleCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/**
 * A `?lang=` switch remembers the choice in the cookie and redirects to the same URL
 * without the parameter, so every page keeps one cacheable address per locale cookie.
 */
export function getLocaleSwitchRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  const requested = url.searchParams.get('lang');
  if (requested === null) return null;
  url.searchParams.delete('lang');
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (isLocale(requested)) headers.append('Set-Cookie', serializeLocaleCookie(requested));
  return redirect(`${url.pathname}${url.search}`, { headers });
}

/** Shared defaults for one locale: `TEXTS[key][locale]`. */
export function getDefaultTexts(locale: Locale): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, value] of Object.entries(TEXTS as Record<string, Record<Locale, string>>)) {
    texts[key] = value[locale] ?? value[DEFAULT_LOCALE];
  }
  return texts;
}

/** The defaults of each locale, built once (the shared catalogue never changes at run time). */
const defaultsByLocale = new Map<Locale, Readonly<Record<string, string>>>();
/** Texts merged from one answer of overrides: while that answer is kept (ADR 142), so is the merge. */
const mergedByOverrides = new WeakMap<Record<string, string>, { locale: Locale; texts: Texts }>();

function defaultsOf(locale: Locale): Readonly<Record<string, string>> {
  let defaults = defaultsByLocale.get(locale);
  if (!defaults) {
    defaults = Object.freeze(getDefaultTexts(locale));
    defaultsByLocale.set(locale, defaults);
  }
  return defaults;
}

/**
 * Texts for a page: the CMS overrides merged over the shared defaults. When the CMS
 * cannot answer, the defaults alone keep the page readable.
 */
export async function getTexts(locale: Locale, signal?: AbortSignal): Promise<Texts> {
  const defaults = defaultsOf(locale);
  try {
    const overrides = await getTextOverrides(locale, { signal });
    const known = mergedByOverrides.get(overrides);
    if (known && known.locale === locale) return known.texts;
    const texts: Record<string, string> = { ...defaults };
    for (const [key, value] of Object.entries(overrides)) if (value.trim() !== '') texts[key] = value;
    mergedByOverrides.set(overrides, { locale, texts: Object.freeze(texts) });
    return texts;
  } catch (error) {
    if (!(error instanceof CmsError)) throw error;
    console.warn(`[i18n] text overrides unavailable, using defaults: ${error.message}`);
    return defaults;
  }
}

/** Each texts object's page form (its version and JSON script), made once: texts are frozen and replaced, never changed. */
const pageFormOf = new WeakMap<Texts, PageTexts>();

/** The version of a set of texts: a hash of their content, so equal texts have the same version in every process. */
export function textsVersion(texts: Texts): string {
  return createHash('sha256').update(JSON.stringify(texts)).digest('base64url').slice(0, 16);
}

/** The texts of a page with their version and their JSON script (ADR 146), serialised once per texts object. */
export async function getPageTexts(locale: Locale, signal?: AbortSignal): Promise<PageTexts> {
  const texts = await getTexts(locale, signal);
  const known = pageFormOf.get(texts);
  if (known && known.locale === locale) return known;
  const version = textsVersion(texts);
  const page: PageTexts = Object.freeze({ locale, version, texts, json: serializePageTexts(locale, version, texts) });
  pageFormOf.set(texts, page);
  return page;
}
