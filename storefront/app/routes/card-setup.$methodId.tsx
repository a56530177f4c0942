/**
 * GET /card-setup/{3|8}: what a card form loads in the browser before the buyer types:
 * the provider's script URL and, for Omise, its public key. Public values only.
 */
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getCardSetup } from '~/lib/card.server';
import { CmsApiError, CmsError } from '~/lib/cms.server';

export async function loader({ params, request }: LoaderFunctionArgs) {
  const methodId = params.methodId === '8' ? 8 : params.methodId === '3' ? 3 : null;
  if (!methodId) throw new Response('Not found', { status: 404 });
  try {
    return data({ ok: true as const, setup: await getCardSetup(methodId, { signal: request.signal }) }, { headers: { 'Cache-Control': 'private, max-age=60' } });
  } catch (error) {
    if (!(error instanceof CmsError) && !(error instanceof CmsApiError)) throw error;
    console.warn(`[card] setup of method ${methodId} unavailable: ${error.message}`);
    return data({ ok: false as const }, { headers: { 'Cache-Control': 'no-store' } });
  }
}
