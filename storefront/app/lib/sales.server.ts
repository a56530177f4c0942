/**
 * The shop's books through the CMS (ADR 185), with the administrator's own token: the sales
 * overview of a period, and its CSV exports passed on as the CMS streams them (never read
 * into memory here).
 */
import { data } from '@remix-run/node';
import { z } from 'zod';
import type { SalesPeriod } from '@sala/shared/schemas';
import { getEnv } from '../env.server';
import { requestIdHeaders } from './client-address.server';
import { callJson, type CallOptions } from './cms.server';
import type { Locale } from '~/models/i18n';
import type { SalesSummary } from '~/models/admin-sales/sales';
import type { SessionStudent } from './session.server';

const currency = z.enum(['THB', 'USD']);
const amount = { currency, amount: z.number().int(), orders: z.number().int() };

const SalesSummaryResponseSchema = z.looseObject({
  success: z.literal(true),
  data: z.object({
    period: z.object({ from: z.string(), to: z.string() }),
    totals: z.array(z.object(amount)),
    byDay: z.array(z.object({ ...amount, date: z.string() })),
    byMethod: z.array(z.object({ ...amount, methodId: z.number().int().nullable(), name: z.string().nullable() })),
    byCourse: z.array(z.object({ ...amount, courseId: z.number().int(), title: z.string() })),
    waiting: z.object({ payment: z.number().int(), review: z.number().int() }),
  }),
});

const query = (period: SalesPeriod) => `from=${encodeURIComponent(period.from)}&to=${encodeURIComponent(period.to)}`;

export async function getSalesSummary(period: SalesPeriod, options: CallOptions & { jwt: string }): Promise<SalesSummary> {
  return (await callJson(`/private/admin/sales?${query(period)}`, SalesSummaryResponseSchema, options)).data;
}

export const SALES_EXPORTS = { orders: 'orders.csv', 'payment-reports': 'payment-reports.csv' } as const;
export type SalesExport = keyof typeof SALES_EXPORTS;

/** An export of the period, streamed from the CMS to the browser as a download. */
export async function streamSalesExport(kind: SalesExport, period: SalesPeriod, admin: SessionStudent, locale: Locale, signal?: AbortSignal): Promise<Response> {
  const upstream = await fetch(`${getEnv().CMS_URL}/private/admin/sales/${SALES_EXPORTS[kind]}?${query(period)}`, {
    headers: { authorization: `Bearer ${admin.jwt}`, 'x-locale': locale, ...requestIdHeaders() },
    signal,
  });
  if (!upstream.ok || !upstream.body) throw data(null, { status: upstream.status === 400 || upstream.status === 403 ? upstream.status : 502 });
  return new Response(upstream.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': upstream.headers.get('content-disposition') ?? `attachment; filename="${kind}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
