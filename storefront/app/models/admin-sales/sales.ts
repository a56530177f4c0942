/**
 * The sales overview's view logic (ADR 185): the period a request asks for (this month in
 * Bangkok when it names none), checked with the shared schema, and the figures shaped for the
 * charts: one bar per day of the period (zero on a day without sales) for each currency, and
 * each bar's share of the tallest.
 */
import { buildSalesPeriodSchema, defaultSalesPeriod, salesPeriodDays, type SalesPeriod } from '@sala/shared/schemas';
import type { Currency } from '@sala/shared/constants';
import type { Translate } from '@sala/shared/texts';

export type SalesAmount = { currency: Currency; amount: number; orders: number };
export type SalesSummary = {
  period: SalesPeriod;
  totals: SalesAmount[];
  byDay: (SalesAmount & { date: string })[];
  byMethod: (SalesAmount & { methodId: number | null; name: string | null })[];
  byCourse: (SalesAmount & { courseId: number; title: string })[];
  waiting: { payment: number; review: number };
};

export type PeriodField = 'from' | 'to';
export type PeriodChoice = { ok: true; period: SalesPeriod } | { ok: false; values: { from: string; to: string }; errors: Partial<Record<PeriodField, string>> };

/** The period of `?from=&to=`: either missing one takes this month's (Bangkok) bound; a wrong one gives its field's message. */
export function choosePeriod(params: URLSearchParams, now: Date, t: Translate): PeriodChoice {
  const fallback = defaultSalesPeriod(now);
  const values = { from: params.get('from')?.trim() || fallback.from, to: params.get('to')?.trim() || fallback.to };
  const result = buildSalesPeriodSchema(t).safeParse(values);
  if (result.success) return { ok: true, period: result.data };
  const errors: Partial<Record<PeriodField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return { ok: false, values, errors };
}

export type DayBar = { date: string; amount: number; orders: number; share: number };
export type DaySeries = { currency: Currency; total: number; bars: DayBar[] };

/** One series per currency that sold in the period, each with a bar for every day of it. */
export function daySeries(summary: SalesSummary): DaySeries[] {
  const days = salesPeriodDays(summary.period);
  return summary.totals.map(({ currency, amount: total }) => {
    const sold = new Map(summary.byDay.filter((row) => row.currency === currency).map((row) => [row.date, row]));
    const max = Math.max(0, ...[...sold.values()].map((row) => row.amount));
    return {
      currency,
      total,
      bars: days.map((date) => {
        const row = sold.get(date);
        return { date, amount: row?.amount ?? 0, orders: row?.orders ?? 0, share: max > 0 && row ? row.amount / max : 0 };
      }),
    };
  });
}

/** Each row's share of the largest row of its currency (for the bar drawn beside it). */
export function withShares<T extends SalesAmount>(rows: readonly T[]): (T & { share: number })[] {
  const max = new Map<Currency, number>();
  for (const row of rows) max.set(row.currency, Math.max(max.get(row.currency) ?? 0, row.amount));
  return rows.map((row) => ({ ...row, share: (max.get(row.currency) ?? 0) > 0 ? row.amount / max.get(row.currency)! : 0 }));
}

/** The storefront address of an export of the period. */
export function exportHref(kind: 'orders' | 'payment-reports', period: SalesPeriod): string {
  return `/admin/sales/export/${kind}?from=${period.from}&to=${period.to}`;
}
