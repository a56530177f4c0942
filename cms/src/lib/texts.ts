/**
 * The editors' texts (the `text` collection) as the CMS's own messages read them: error
 * messages in the answer envelope, validation messages and mails. Every server-built text
 * goes through `translatorFor`, so an override an editor saves in the admin shows in the next
 * answer or mail, as it does in the storefront (docs/decisions/184).
 *
 * The overrides of a locale are read once and kept for a few seconds; a write through the
 * Document Service (the admin's content manager) clears them at once. Writes that bypass it
 * (the seed, another CMS instance) show within `CACHE_MS`.
 */
import type { Core } from '@strapi/strapi';
import type { Locale } from '@sala/shared/constants';
import { createTranslator, type TextOverrides, type Translate } from '@sala/shared/texts';

const TEXT_UID = 'api::text.text';
const CACHE_MS = 5000;

type Cached = { at: number; overrides: Promise<TextOverrides> };

const caches = new WeakMap<Core.Strapi, Map<Locale, Cached>>();

function cacheOf(strapi: Core.Strapi): Map<Locale, Cached> {
  let cache = caches.get(strapi);
  if (!cache) caches.set(strapi, (cache = new Map()));
  return cache;
}

async function readOverrides(strapi: Core.Strapi, locale: Locale): Promise<TextOverrides> {
  const rows = (await strapi.db.query(TEXT_UID).findMany({ select: ['key', 'value'], where: { locale } })) as { key: string; value: string | null }[];
  const overrides: TextOverrides = {};
  for (const row of rows) if (row.value && row.value.trim() !== '') overrides[row.key] = { [locale]: row.value };
  return overrides;
}

/** The editors' overrides of a locale; none (the catalogue's defaults) when they cannot be read. */
export async function textOverrides(strapi: Core.Strapi, locale: Locale): Promise<TextOverrides> {
  const cache = cacheOf(strapi);
  const cached = cache.get(locale);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.overrides;
  const overrides = readOverrides(strapi, locale).catch((error: Error) => {
    cache.delete(locale);
    strapi.log.warn(`[texts] overrides not read, using the defaults: ${error.message}`);
    return {} as TextOverrides;
  });
  cache.set(locale, { at: Date.now(), overrides });
  return overrides;
}

/** A translator over the catalogue with the editors' overrides of the locale. */
export async function translatorFor(strapi: Core.Strapi, locale: Locale): Promise<Translate> {
  return createTranslator(locale, await textOverrides(strapi, locale));
}

/** Call from register(): an editor's write of a text clears the kept overrides. */
export function registerTextCache(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (context.uid === TEXT_UID) cacheOf(strapi).clear();
    return result;
  });
}
