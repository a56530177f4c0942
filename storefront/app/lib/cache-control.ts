/**
 * Anonymous pages: a shared cache may keep a page 5 s and serve it stale for 30 s while
 * it refetches. Nothing is cached in-process, so an editor's change shows within 5 s.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
