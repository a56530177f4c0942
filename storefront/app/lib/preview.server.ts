/**
 * The storefront side of a preview link (ADR 170). The link is checked here first (signature
 * with PREVIEW_SECRET, expiry), then its query goes on to the CMS, which checks it again before
 * it reads the entry: the storefront holds no credential that reads unpublished content. What
 * comes back is rendered for this request only (`private, no-store`): the page cache keeps only
 * `public` answers, and the public-data caches are not used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { data } from '@remix-run/node';
import { previewExpiryProblem, previewMessage, previewQuery, readPreviewParams, type PreviewClaims } from '@sala/shared/preview';
import { z } from 'zod';
import { getEnv } from '~/env.server';
import { courseCardView, type CourseCardView } from '~/models/catalog';
import type { CoursePageData } from '~/models/course/types';
import type { Locale } from '~/models/i18n';
import type { ProductDetailView } from '~/models/products/types';
import { CmsApiError, CmsError, callJson, getCourseList, toPublicAssetUrl } from './cms.server';
import { CourseDetailSchema } from './cms-schemas.server';
import { loadCoursePage } from './course-page.server';
import { ProductDetailSchema, productView } from './products.server';

export const PREVIEW_NO_STORE = 'private, no-store';

export type PreviewRefusal = 'invalid' | 'expired';

export type PreviewPage =
  { kind: 'course'; page: CoursePageData } | { kind: 'product'; product: ProductDetailView; url: string } | { kind: 'text'; key: string; overrides: Record<string, string>; courses: CourseCardView[] };

/** Checks a link's query: ours, for exactly these claims, not expired. */
export function checkPreviewLink(query: URLSearchParams, secret: string | undefined, nowSeconds: number): { ok: true; claims: PreviewClaims; query: string } | { ok: false; reason: PreviewRefusal } {
  if (!secret) return { ok: false, reason: 'invalid' };
  const params = readPreviewParams(query);
  if (!params) return { ok: false, reason: 'invalid' };
  const { signature, ...claims } = params;
  const expected = Buffer.from(createHmac('sha256', secret).update(previewMessage(claims)).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const problem = previewExpiryProblem(claims.expires, nowSeconds);
  if (problem) return { ok: false, reason: problem === 'expired' ? 'expired' : 'invalid' };
  return { ok: true, claims, query: previewQuery(claims, signature) };
}

const PreviewAnswerSchema = z.object({
  success: z.literal(true),
  data: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('course'), data: CourseDetailSchema }),
    z.object({ kind: z.literal('product'), data: ProductDetailSchema }),
    z.object({ kind: z.literal('text'), data: z.object({ key: z.string(), locale: z.string(), value: z.string().nullable() }) }),
  ]),
});

function refuse(reason: PreviewRefusal): never {
  throw data({ reason }, { status: reason === 'expired' ? 410 : 403, headers: { 'Cache-Control': PREVIEW_NO_STORE } });
}

/** The page a preview link opens, or a thrown 403/410 (bad or expired link), 404 (entry deleted) or 503. */
export async function loadPreview(request: Request, locale: Locale): Promise<PreviewPage> {
  const env = getEnv();
  const check = checkPreviewLink(new URL(request.url).searchParams, env.PREVIEW_SECRET, Math.floor(Date.now() / 1000));
  if (!check.ok) refuse(check.reason);
  let answer: z.infer<typeof PreviewAnswerSchema>['data'];
  try {
    answer = (await callJson(`/public/preview?${check.query}`, PreviewAnswerSchema, { signal: request.signal, locale })).data;
  } catch (error) {
    if (error instanceof CmsApiError && error.status === 401) refuse('invalid');
    if ((error instanceof CmsApiError && error.status === 404) || (error instanceof CmsError && error.code === 'CMS_NOT_FOUND')) {
      throw data(null, { status: 404, headers: { 'Cache-Control': PREVIEW_NO_STORE } });
    }
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[preview] ${check.claims.uid} unavailable: ${error.message}`);
      throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
  switch (answer.kind) {
    case 'course': {
      const { page } = await loadCoursePage({ request, idParam: undefined, locale, siteName: 'Sala', preview: answer.data });
      return { kind: 'course', page };
    }
    case 'product': {
      const product = productView(answer.data);
      return { kind: 'product', product, url: `${env.PUBLIC_URL}${product.path}` };
    }
    case 'text': {
      // A text opens the home page (ADR 170): the site's heading, search and course list use texts
      // every visitor sees first. Only this key takes its edited value; a blank value shows the default.
      const courses = await getCourseList({}, { signal: request.signal });
      const { key, value } = answer.data;
      const overrides: Record<string, string> = value && value.trim() !== '' ? { [key]: value } : {};
      return { kind: 'text', key, overrides, courses: courses.map((course) => courseCardView(course, toPublicAssetUrl)) };
    }
  }
}
