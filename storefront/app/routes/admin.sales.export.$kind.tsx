/**
 * /admin/sales/export/{orders|payment-reports}?from=&to=: a CSV of the period, streamed from the
 * CMS with the administrator's token (ADR 185). A wrong period answers 400 with its Thai message.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireShopAdmin } from '~/lib/admin.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { SALES_EXPORTS, streamSalesExport, type SalesExport } from '~/lib/sales.server';
import { choosePeriod } from '~/models/admin-sales/sales';
import { translatorFromTexts } from '~/models/i18n';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const kind = params.kind ?? '';
  if (!Object.hasOwn(SALES_EXPORTS, kind)) throw new Response(null, { status: 404 });
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const choice = choosePeriod(new URL(request.url).searchParams, new Date(), t);
  if (!choice.ok) {
    const message = Object.values(choice.errors).join('\n');
    return new Response(message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  }
  return streamSalesExport(kind as SalesExport, choice.period, admin, locale, request.signal);
}
