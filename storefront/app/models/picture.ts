/**
 * Pictures sized for their slots (ADR 193): the CMS sends each picture's WebP renditions with
 * their widths, and a page gives the browser a `srcset` of them and a `sizes` saying how wide
 * the slot is, so a phone downloads the 480 px rendition rather than the editor's original.
 */
// No zod here: this module is in the pages' bundle; the wire schema is in models/catalog.ts.

/** One rendition as the CMS sends it: its address and its width in pixels. */
export type PictureSource = { url: string; width: number };

/**
 * The `srcset` of a picture's renditions, narrowest first, one candidate per width, each
 * address passed through `toUrl` (the public origin of the uploads); null when there are none,
 * so the `<img>` keeps its plain `src`.
 */
export function srcSetOf(sources: readonly PictureSource[] | null | undefined, toUrl: (url: string) => string | null = (url) => url): string | null {
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const source of [...(sources ?? [])].sort((a, b) => a.width - b.width)) {
    const url = toUrl(source.url);
    // A comma or a space would split the candidate list; the CMS never makes such a name.
    if (!url || /[\s,]/.test(url) || seen.has(source.width)) continue;
    seen.add(source.width);
    candidates.push(`${url} ${source.width}w`);
  }
  return candidates.length > 0 ? candidates.join(', ') : null;
}

/**
 * How wide each slot is, for `sizes` (breakpoints as in the theme: sm 30em, lg 64em, xl 80em;
 * pages are at most 80rem wide). A browser picks the narrowest rendition that covers the slot
 * at the screen's pixel density.
 */
export const PICTURE_SIZES = {
  /** A course card of the home grid and the related courses: 1, 2, 3 or 4 columns. */
  courseCard: '(min-width: 80em) 19rem, (min-width: 64em) 31vw, (min-width: 30em) 47vw, calc(100vw - 2rem)',
  /** The course page's picture: the right half of the page's head from lg on. */
  coursePreview: '(min-width: 80em) 37rem, (min-width: 64em) 46vw, calc(100vw - 2rem)',
  /** A product card of the product list. */
  productCard: '(min-width: 64em) 18rem, (min-width: 30em) 47vw, calc(100vw - 2rem)',
  /** The product page's main picture, at most 28rem wide. */
  productGallery: '(min-width: 30em) 28rem, calc(100vw - 2rem)',
  /** A course of the student's own list. */
  myCourse: '(min-width: 48em) 20rem, calc(100vw - 2rem)',
} as const;

/** The `srcSet` and `sizes` attributes of an `<img>`, or neither when the picture has no renditions. */
export function responsiveAttributes(srcSet: string | null | undefined, sizes: string): { srcSet?: string; sizes?: string } {
  return srcSet ? { srcSet, sizes } : {};
}
