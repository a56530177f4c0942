/**
 * When a page's scripts run (ADRs 212 and 220). A route says it in its handle:
 * - `hydrate: false`: the page works as server HTML alone (links, GET forms, <details>); the root's
 *   Layout leaves out Remix's scripts, their module preloads, the texts script and the scroll
 *   restoration script, and the browser never runs React on that page;
 * - `hydrate: 'on-engagement'`: the page works as server HTML until the visitor uses it; the
 *   scripts are in the page but held (inert) until the first sign of a person (a pointer, a key,
 *   a focus, a touch, a wheel) or until a part marked `data-wakes-scripts` comes within a screen;
 * - anything else: the scripts load and hydrate the page at once.
 */
export type PageScriptsHandle = { readonly hydrate?: boolean | 'on-engagement' };

export type PageScripts = 'now' | 'on-engagement' | 'never';

/**
 * What the page's own (deepest) route says. Something the site's frame needs scripts for on this
 * request (`frameNeedsScripts`: the session-refusal modal) sends them at once on every page.
 */
export function pageScripts(matches: ReadonlyArray<{ readonly handle?: unknown }>, frameNeedsScripts: boolean): PageScripts {
  if (frameNeedsScripts) return 'now';
  const handle = matches.at(-1)?.handle;
  if (typeof handle !== 'object' || handle === null) return 'now';
  const { hydrate } = handle as PageScriptsHandle;
  if (hydrate === false) return 'never';
  if (hydrate === 'on-engagement') return 'on-engagement';
  return 'now';
}
