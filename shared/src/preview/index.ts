/**
 * The signed preview link of an entry (docs/decisions/170-signed-preview-links.md): what the CMS
 * signs when an editor opens the preview, what the storefront and the CMS check before they show
 * an unpublished entry. Pure: the callers compute the HMAC-SHA256 of `previewMessage` with
 * PREVIEW_SECRET and compare it in constant time; this module says what is signed and when a
 * link has expired.
 */
import { z } from 'zod';

/** How long a preview link works: long enough to look, short enough that a copied link dies soon. */
export const PREVIEW_TTL_SECONDS = 15 * 60;

/** The entries that have a storefront page to preview, and the page each opens. */
export const PREVIEW_UIDS = ['api::course.course', 'api::product.product', 'api::text.text'] as const;
export type PreviewUid = (typeof PREVIEW_UIDS)[number];

/** The link's query parameters: what the signature binds, and the signature itself. */
export const PreviewParamsSchema = z.object({
  uid: z.enum(PREVIEW_UIDS),
  documentId: z.string().regex(/^[a-z0-9]{1,64}$/),
  status: z.enum(['draft', 'published']),
  locale: z
    .string()
    .regex(/^[a-z]{2}(?:-[A-Za-z]{2,4})?$/)
    .nullable()
    .default(null),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export type PreviewParams = z.infer<typeof PreviewParamsSchema>;
export type PreviewClaims = Omit<PreviewParams, 'signature'>;

/** The exact text the HMAC covers: every claim, in a fixed order, with a version prefix. */
export function previewMessage(claims: PreviewClaims): string {
  return ['sala-preview-v1', claims.uid, claims.documentId, claims.status, claims.locale ?? '', String(claims.expires)].join('\n');
}

/** Why a link whose signature matched may still not be used, or null when it may. */
export function previewExpiryProblem(expires: number, nowSeconds: number): 'expired' | 'too_far' | null {
  if (expires <= nowSeconds) return 'expired';
  // A link signed for longer than the TTL was not made by our handler: refuse it as well.
  if (expires > nowSeconds + PREVIEW_TTL_SECONDS + 60) return 'too_far';
  return null;
}

/** Something that reads one query parameter by name, as URLSearchParams does. */
export type QueryReader = { get(name: string): string | null };

/** Reads the link's parameters from a query (URLSearchParams or a plain object); null when any is missing or malformed. */
export function readPreviewParams(query: QueryReader | Record<string, unknown>): PreviewParams | null {
  const get = (name: string) => (typeof query.get === 'function' ? ((query as QueryReader).get(name) ?? undefined) : (query as Record<string, unknown>)[name]);
  const parsed = PreviewParamsSchema.safeParse({
    uid: get('uid'),
    documentId: get('documentId'),
    status: get('status'),
    locale: get('locale') || null,
    expires: get('expires'),
    signature: get('signature'),
  });
  return parsed.success ? parsed.data : null;
}

/** The query string of a signed link (the caller adds its signature). */
export function previewQuery(claims: PreviewClaims, signature: string): string {
  const params: [string, string][] = [
    ['uid', claims.uid],
    ['documentId', claims.documentId],
    ['status', claims.status],
  ];
  if (claims.locale) params.push(['locale', claims.locale]);
  params.push(['expires', String(claims.expires)], ['signature', signature]);
  return params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}
