/**
 * /promotion/{id}: a running promotion's page (the checkout's "promotion details" link): its
 * discount, tiers, courses and dates. An unknown, finished or switched-off promotion, or one
 * for another student group, is a 404 page.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PromotionPage } from '~/components/promotion/promotion-page';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { CmsApiError, CmsError, isCmsNotFound } from '~/lib/cms.server';
import { getLocale } from '~/lib/i18n.server';
import { getPromotionPage } from '~/lib/promotion.server';
import { getSessionStudent } from '~/lib/session.server';
import { textsOfMatches } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { withChakra } from '~/components/provider';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  if (id === null || id < 1) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const student = await getSessionStudent(request);
  try {
    const promotion = await getPromotionPage(id, { signal: request.signal, locale: getLocale(request), jwt: student?.jwt ?? null });
    return data({ promotion }, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    if (isCmsNotFound(error) || (error instanceof CmsApiError && error.status === 400)) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[promotion page] promotion ${id} unavailable: ${error.message}`);
      throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  'Cache-Control': errorHeaders ? (errorHeaders.get('Cache-Control') ?? 'no-store') : (loaderHeaders.get('Cache-Control') ?? PRIVATE_NO_STORE),
  Vary: 'Cookie',
});

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  if (!page) return [{ title: `${texts?.not_found_title ?? '404'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
  return [{ title: `${page.promotion.title} | ${siteName}` }];
};

function PromotionRoute() {
  const { promotion } = useLoaderData<typeof loader>();
  return <PromotionPage promotion={promotion} />;
}
export default withChakra(PromotionRoute);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
