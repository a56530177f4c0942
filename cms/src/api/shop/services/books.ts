/**
 * The shop's books (ADR 185): the sales overview of a period, summed by the database (GROUP BY),
 * never by loading the orders. Revenue is the net of orders in state `approved`, on the Bangkok
 * day of their approval, per currency in minor units (baht and dollars are never added
 * together). The waiting counts are orders placed in the period that still wait for a payment
 * or for the shop's review. The CSV exports of the same period are in lib/books-csv.
 */
import type { Core } from '@strapi/strapi';
import type { Currency } from '@sala/shared/constants';
import { salesPeriodBounds, type SalesPeriod } from '@sala/shared/schemas';
import { createRows, type Rows } from '../../../lib/rows';
import { COURSE, LINE, METHOD, ORDER, ordersCsv, reportsCsv } from '../lib/books-csv';

export type Amount = { currency: Currency; amount: number; orders: number };
export type SalesSummary = {
  period: SalesPeriod;
  totals: Amount[];
  byDay: (Amount & { date: string })[];
  byMethod: (Amount & { methodId: number | null; name: string | null })[];
  byCourse: (Amount & { courseId: number; title: string })[];
  waiting: { payment: number; review: number };
};

/** At most this many courses in the per-course list (the highest revenue first). */
export const COURSE_LIMIT = 50;

type Knex = any;
type Row = Record<string, unknown>;

/** `YYYY-MM-DD` of a stored instant on the Bangkok calendar (UTC+7, no daylight saving), in the database's own dialect. */
export function bangkokDayExpression(client: string, column: string): string {
  if (client === 'postgres') return `to_char(${column} + interval '7 hours', 'YYYY-MM-DD')`;
  if (client === 'mysql') return `date_format(date_add(${column}, interval 7 hour), '%Y-%m-%d')`;
  // SQLite: the query engine stores instants as epoch milliseconds; an ISO text is read as such too.
  return `case when typeof(${column}) in ('integer', 'real') then date(${column} / 1000 + 25200, 'unixepoch') else date(${column}, '+7 hours') end`;
}

const count = (value: unknown): number => Number(value ?? 0) || 0;
const currencyOf = (value: unknown): Currency => (value === 'USD' ? 'USD' : 'THB');

export function createBooks(strapi: Core.Strapi, rows: Rows = createRows(strapi)) {
  const knex = () => rows.knex() as Knex;
  const col = (uid: string, alias: string, field: string) => `${alias}.${rows.column(uid, field)}`;

  /** Approved orders whose approval falls in the period, as `o`. */
  function paidOrders(period: SalesPeriod): Knex {
    const { start, end } = salesPeriodBounds(period);
    return knex()
      .from({ o: rows.table(ORDER) })
      .where(col(ORDER, 'o', 'state'), 'approved')
      .where(col(ORDER, 'o', 'approved_at'), '>=', start)
      .where(col(ORDER, 'o', 'approved_at'), '<', end);
  }

  async function byDay(period: SalesPeriod): Promise<SalesSummary['byDay']> {
    const day = bangkokDayExpression(strapi.db.dialect.client, col(ORDER, 'o', 'approved_at'));
    const result = (await paidOrders(period)
      .select(knex().raw(`${day} as day`), `${col(ORDER, 'o', 'currency_code')} as currency`)
      .sum({ amount: col(ORDER, 'o', 'net') })
      .count({ orders: 'o.id' })
      .groupByRaw(`${day}, ${col(ORDER, 'o', 'currency_code')}`)
      .orderBy('day')) as Row[];
    return result.map((row) => ({ date: String(row.day), currency: currencyOf(row.currency), amount: count(row.amount), orders: count(row.orders) }));
  }

  async function byMethod(period: SalesPeriod): Promise<SalesSummary['byMethod']> {
    const link = rows.link(ORDER, 'payment_method');
    const result = (await paidOrders(period)
      .leftJoin({ ml: link.table }, `ml.${link.own}`, 'o.id')
      .leftJoin({ m: rows.table(METHOD) }, 'm.id', `ml.${link.other}`)
      .select(`${col(METHOD, 'm', 'method_id')} as method_id`, `${col(METHOD, 'm', 'name')} as name`, `${col(ORDER, 'o', 'currency_code')} as currency`)
      .sum({ amount: col(ORDER, 'o', 'net') })
      .count({ orders: 'o.id' })
      .groupBy(col(METHOD, 'm', 'method_id'), col(METHOD, 'm', 'name'), col(ORDER, 'o', 'currency_code'))
      .orderBy('amount', 'desc')) as Row[];
    return result.map((row) => ({
      methodId: row.method_id === null || row.method_id === undefined ? null : count(row.method_id),
      name: row.name === null || row.name === undefined ? null : String(row.name),
      currency: currencyOf(row.currency),
      amount: count(row.amount),
      orders: count(row.orders),
    }));
  }

  async function byCourse(period: SalesPeriod): Promise<SalesSummary['byCourse']> {
    const toOrder = rows.link(LINE, 'order');
    const toCourse = rows.link(LINE, 'course');
    const result = (await paidOrders(period)
      .join({ lo: toOrder.table }, `lo.${toOrder.other}`, 'o.id')
      .join({ l: rows.table(LINE) }, 'l.id', `lo.${toOrder.own}`)
      .join({ lc: toCourse.table }, `lc.${toCourse.own}`, 'l.id')
      .join({ c: rows.table(COURSE) }, 'c.id', `lc.${toCourse.other}`)
      .select('c.id as course_id', `${col(COURSE, 'c', 'title')} as title`, `${col(ORDER, 'o', 'currency_code')} as currency`)
      .sum({ amount: col(LINE, 'l', 'net') })
      .countDistinct({ orders: 'o.id' })
      .groupBy('c.id', col(COURSE, 'c', 'title'), col(ORDER, 'o', 'currency_code'))
      .orderBy('amount', 'desc')
      .limit(COURSE_LIMIT)) as Row[];
    return result.map((row) => ({ courseId: count(row.course_id), title: String(row.title ?? ''), currency: currencyOf(row.currency), amount: count(row.amount), orders: count(row.orders) }));
  }

  async function waiting(period: SalesPeriod): Promise<SalesSummary['waiting']> {
    const { start, end } = salesPeriodBounds(period);
    const state = col(ORDER, 'o', 'state');
    const result = (await knex()
      .from({ o: rows.table(ORDER) })
      .whereIn(state, ['notYetReceived', 'pendingApproved'])
      .where(col(ORDER, 'o', 'createdAt'), '>=', start)
      .where(col(ORDER, 'o', 'createdAt'), '<', end)
      .select(`${state} as state`)
      .count({ n: 'o.id' })
      .groupBy(state)) as Row[];
    const of = (name: string) => count(result.find((row) => row.state === name)?.n);
    return { payment: of('notYetReceived'), review: of('pendingApproved') };
  }

  return {
    async summary(period: SalesPeriod): Promise<SalesSummary> {
      const [days, methods, courses, waits] = await Promise.all([byDay(period), byMethod(period), byCourse(period), waiting(period)]);
      const totals = new Map<Currency, Amount>();
      for (const day of days) {
        const total = totals.get(day.currency) ?? { currency: day.currency, amount: 0, orders: 0 };
        total.amount += day.amount;
        total.orders += day.orders;
        totals.set(day.currency, total);
      }
      const order: Currency[] = ['THB', 'USD'];
      return { period, totals: order.flatMap((c) => (totals.has(c) ? [totals.get(c)!] : [])), byDay: days, byMethod: methods, byCourse: courses, waiting: waits };
    },

    ordersCsv: (period: SalesPeriod, locale: 'th' | 'en') => ordersCsv(strapi, rows, period, locale),
    reportsCsv: (period: SalesPeriod, locale: 'th' | 'en') => reportsCsv(strapi, rows, period, locale),
  };
}

export type BooksService = ReturnType<typeof createBooks>;

export default ({ strapi }: { strapi: Core.Strapi }) => createBooks(strapi);
