/**
 * Whether a page is sent with its scripts (ADR 212). A route whose page works as server HTML
 * alone (links, GET forms, <details>) says so with `handle: { hydrate: false }`; the root's
 * Layout then leaves out Remix's scripts, their module preloads, the texts script and the
 * scroll restoration script, and the browser never runs React on that page.
 */
export type PageScriptsHandle = { readonly hydrate?: boolean };

/**
 * True unless the page's own (deepest) route says `hydrate: false`. Something the site's frame
 * needs scripts for on this request (`frameNeedsScripts`: the session-refusal modal) sends them
 * on every page.
 */
export function pageShipsScripts(matches: ReadonlyArray<{ readonly handle?: unknown }>, frameNeedsScripts: boolean): boolean {
  if (frameNeedsScripts) return true;
  const handle = matches.at(-1)?.handle;
  if (typeof handle !== 'object' || handle === null) return true;
  return (handle as PageScriptsHandle).hydrate !== false;
}
