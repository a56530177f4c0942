/**
 * Reference data kept in memory between requests (docs/decisions/142-reference-data-cache-and-p1-ceiling.md).
 *
 * Only answers that editors alone change and that are the same for every visitor are kept:
 * the text overrides of a locale, the site settings, how-to-buy, custom labels, user groups,
 * payment methods with their bank accounts, origin banks and shipping fees. Never anything
 * that depends on who asks or on the clock (a course with its seats, comments, promotions,
 * carts, orders, addresses, anything sent with a student's token).
 *
 * The CMS purges the storefront's page cache after every content write (ADR 130); the
 * production server empties this cache at the same moment (`purgeReferenceData`, exported by
 * entry.server), and an entry is dropped after `REFERENCE_TTL_MS` at the latest. An answer
 * whose fetch started before a purge is handed to its callers but not kept. Failures are
 * never kept. Concurrent requests for the same key share one fetch.
 *
 * On only in production with a page-cache secret (the server that can be told to empty it);
 * otherwise every call goes to the CMS as before.
 *
 * Public course data (docs/decisions/146-uncached-page-render-costs.md) waits here too, in a cache
 * of its own with a much shorter life: what a visitor without a session reads on a course page
 * (the course, the first page of its comments, the running promotions) is the same for every such
 * visitor but changes without a purge (orders take seats, students post comments, promotions start
 * and end), so it is kept `PUBLIC_DATA_TTL_MS` at most and emptied by the same purge.
 */

/** The longest an entry is served without a purge. */
export const REFERENCE_TTL_MS = 30_000;

/**
 * The longest public course data is shared without a purge: the `s-maxage` the pages give shared
 * caches, and well under the page cache's fresh time (30 s, ADR 143), so a page the page cache
 * renders again once its copy is old is rendered from the CMS's current answers, never from the
 * ones the old copy was made of.
 */
export const PUBLIC_DATA_TTL_MS = 5_000;

type Entry = { value: Promise<unknown>; expiresAt: number };

export type ReferenceCache = {
  readonly enabled: boolean;
  /** The kept answer of `key`, or `load()`'s (kept when it succeeds and no purge came meanwhile). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every entry; answers still being fetched are not kept. Returns how many were dropped. */
  purge(): number;
  size(): number;
};

/** Freezes a JSON-like value, so a caller that tried to change a shared answer would fail loudly. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createReferenceCache({ enabled = true, ttlMs = REFERENCE_TTL_MS, now = () => Date.now() }: { enabled?: boolean; ttlMs?: number; now?: () => number } = {}): ReferenceCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<unknown>>();
  let generation = 0;

  function get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!enabled) return load();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry.value as Promise<T>;
    if (entry) entries.delete(key);
    const pending = loading.get(key);
    if (pending) return pending as Promise<T>;
    const startedIn = generation;
    const value = load().then(deepFreeze);
    loading.set(key, value);
    value.then(
      () => {
        if (loading.get(key) === value) loading.delete(key);
        if (startedIn === generation) entries.set(key, { value, expiresAt: now() + ttlMs });
      },
      () => {
        if (loading.get(key) === value) loading.delete(key);
      },
    );
    return value;
  }

  function purge(): number {
    generation += 1;
    const count = entries.size;
    entries.clear();
    loading.clear();
    return count;
  }

  return { enabled, get, purge, size: () => entries.size };
}

const enabled = process.env.NODE_ENV === 'production' && Boolean(process.env.PAGE_CACHE_SECRET);

/** The storefront's own cache: on in production when the page cache (and so its purge) is on. */
export const referenceData = createReferenceCache({ enabled });

/** Public course data read without a session, shared for `PUBLIC_DATA_TTL_MS` (ADR 146). */
export const publicData = createReferenceCache({ enabled, ttlMs: PUBLIC_DATA_TTL_MS });

/** Called by the production server when the CMS purges the page cache: empties both caches. */
export function purgeReferenceData(): number {
  return referenceData.purge() + publicData.purge();
}
