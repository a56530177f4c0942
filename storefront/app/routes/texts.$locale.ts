import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLocale } from '~/models/i18n';
import { getPageTexts } from '~/lib/i18n.server';

/**
 * /texts/{locale}: every text of a locale with its version, as a page carries them in its JSON
 * script (ADR 146). The browser asks for them only after a navigation whose root data names
 * texts the page does not hold (another locale, or texts an editor changed since it loaded).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLocale(params.locale)) throw new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const page = await getPageTexts(params.locale, request.signal);
  return new Response(page.json, {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
