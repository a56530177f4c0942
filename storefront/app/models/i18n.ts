import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext, useMemo } from 'react';
import { interpolate, type TextKey, type Translate } from '@sala/shared/texts';

export const LOCALES = ['th', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'th';
export const LOCALE_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export type Texts = Readonly<Record<string, string>>;
export type TranslateVars = Record<string, string | number>;

/**
 * The text for a key with `{name}` placeholders and plural choices (`{count, plural, one {…}
 * other {…}}`, by the locale's plural rules) filled in; the key itself when no text exists
 * (visible, never blank).
 */
export function translate(texts: Texts, key: string, vars?: TranslateVars, locale: Locale = DEFAULT_LOCALE): string {
  const text = texts[key];
  if (text === undefined) return key;
  if (!vars) return text;
  return interpolate(text, vars, locale);
}

/** The page's locale and texts, resolved once by the root loader. */
export function useLocale(): Locale {
  return useRouteLoaderData<PageTextsRef>('root')?.locale ?? DEFAULT_LOCALE;
}

/**
 * Texts laid over the page's own inside one subtree: a text's preview (ADR 170) shows its edited
 * value on the page that uses it. Nothing else provides it.
 */
const TextOverrides = createContext<Texts | null>(null);
export const TextOverridesProvider = TextOverrides.Provider;

/** The resolved texts of the page (key → text). */
export function useTexts(): Texts {
  const texts = textsOf(useRouteLoaderData<PageTextsRef>('root'));
  const overrides = useContext(TextOverrides);
  return useMemo(() => (overrides ? { ...texts, ...overrides } : texts), [texts, overrides]);
}

/* ------------------------------------------------------------------ the page's texts (ADR 146) */

/**
 * Every text of the page's locale, as the root loader resolved them. They travel once per page,
 * as one JSON script (`PAGE_TEXTS_SCRIPT_ID`) serialised once per version of the texts, not in
 * the loader data that is encoded for every request; the root's data names their locale and
 * version only.
 */
export type PageTexts = { readonly locale: Locale; readonly version: string; readonly texts: Texts; readonly json: string };

/** What the root loader's data says about the page's texts. */
export type PageTextsRef = { readonly locale: Locale; readonly textsVersion: string };

export const PAGE_TEXTS_SCRIPT_ID = 'sala-texts';

const EMPTY_TEXTS: Texts = Object.freeze({});

/** On the server: the texts each root data object was loaded with (the root loader attaches them). */
const attached = new WeakMap<object, PageTexts>();

/** Called by the root loader: the render of this data (its meta, useT, the texts script) reads these texts. */
export function attachPageTexts(rootData: PageTextsRef, page: PageTexts): void {
  attached.set(rootData, page);
}

/** In the browser: the texts of each locale the page holds, starting with the document's own script. */
const browserTexts = new Map<Locale, PageTexts>();
let documentTexts: PageTexts | null | undefined;

/** A page's texts from their JSON (the document's script or the texts route's answer, serializePageTexts). */
function parsePageTexts(json: string): PageTexts {
  const payload = JSON.parse(json) as { locale: Locale; version: string; texts: Texts };
  return { ...payload, json };
}

/** The texts the document came with (its JSON script), read once. */
function readDocumentTexts(): PageTexts | null {
  if (documentTexts !== undefined) return documentTexts;
  documentTexts = null;
  const json = typeof document === 'undefined' ? null : document.getElementById(PAGE_TEXTS_SCRIPT_ID)?.textContent;
  if (json) {
    documentTexts = parsePageTexts(json);
    if (!browserTexts.has(documentTexts.locale)) browserTexts.set(documentTexts.locale, documentTexts);
  }
  return documentTexts;
}

function pageTextsOf(rootData: PageTextsRef | null | undefined): PageTexts | null {
  if (!rootData) return null;
  const known = attached.get(rootData);
  if (known) return known;
  readDocumentTexts();
  return browserTexts.get(rootData.locale) ?? null;
}

/** The texts of a page from its root data (server and browser alike); none when the root loader had no answer. */
export function textsOf(rootData: PageTextsRef | null | undefined): Texts {
  return pageTextsOf(rootData)?.texts ?? EMPTY_TEXTS;
}

/** For `meta` functions: the texts of the page from its matches. */
export function textsOfMatches(matches: ReadonlyArray<{ id: string; data?: unknown }>): Texts {
  return textsOf(matches.find((match) => match.id === 'root')?.data as PageTextsRef | undefined);
}

/** The JSON script's content for a page: on the server the texts it was loaded with, in the browser the document's own. */
export function pageTextsScript(rootData: PageTextsRef | null | undefined): string | null {
  if (!rootData) return null;
  return attached.get(rootData)?.json ?? readDocumentTexts()?.json ?? null;
}

/** The JSON of a page's texts, safe inside a <script> element (no `<` can close it). */
export function serializePageTexts(locale: Locale, version: string, texts: Texts): string {
  return JSON.stringify({ locale, version, texts }).replace(/</g, '\\u003c');
}

/**
 * After a navigation in the browser: makes sure the texts of the root data's locale and version
 * are at hand (another tab may have switched the locale cookie, or an editor changed a text),
 * asking the storefront's texts route for them when they are not. A failure keeps what the page has.
 */
export async function loadTextsFor(rootData: PageTextsRef, fetchTexts: (locale: Locale) => Promise<Response> = (locale) => fetch(`/texts/${locale}`)): Promise<void> {
  readDocumentTexts();
  if (browserTexts.get(rootData.locale)?.version === rootData.textsVersion) return;
  try {
    const response = await fetchTexts(rootData.locale);
    if (!response.ok) return;
    const page = parsePageTexts(await response.text());
    if (page.locale === rootData.locale) browserTexts.set(page.locale, page);
  } catch {
    // offline or the storefront is restarting: the page keeps the texts it has
  }
}

/** Text key of a course type's label: `In-class` → `course_type_in_class`. */
export function courseTypeTextKey(courseType: string): string {
  return `course_type_${courseType.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

/**
 * A translator for the shared schemas over the page's texts (the CMS's overrides merged over
 * the catalogue's defaults, every key: i18n.server's getTexts), as useT translates: it reads
 * those texts only, so the browser's checkout code never bundles the catalogue itself.
 */
export function translatorFromTexts(texts: Texts, locale: Locale): Translate {
  return (key: TextKey, params?: Record<string, string | number>) => translate(texts, key, params, locale);
}

/** The shared schemas' translator over the page's texts, in the page's locale. */
export function useTranslator(): Translate {
  const texts = useTexts();
  const locale = useLocale();
  return useMemo(() => translatorFromTexts(texts, locale), [texts, locale]);
}

/** `t(key, vars)` over the texts the root loader sent: CMS overrides merged over the shared defaults. */
export function useT(): (key: string, vars?: TranslateVars) => string {
  const texts = useTexts();
  const locale = useLocale();
  return (key, vars) => translate(texts, key, vars, locale);
}
