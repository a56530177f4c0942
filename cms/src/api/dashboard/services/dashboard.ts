/**
 * "At a glance" on the Strapi admin's home page (ADR 171): what the shop did today and what
 * needs a hand now. Today is the Bangkok calendar day. Orders placed today are counted whatever
 * became of them; revenue is the net of orders approved (paid) today, per currency, in minor
 * units. Transfer reports wait while pending or in review. A course is nearly full when it is
 * published, has a seat limit, and has at most NEARLY_FULL_SHARE of its seats (at least
 * NEARLY_FULL_MIN_SEATS) left; full courses are listed too.
 */
import type { Core } from '@strapi/strapi';
import { money, sum, type Money } from '@sala/shared/money';
import { bangkokDate, startOfBangkokDay } from '../../../lib/bangkok-day';
import { publishedWhere } from '../../../lib/publishing';

export const NEARLY_FULL_SHARE = 0.2;
export const NEARLY_FULL_MIN_SEATS = 3;
export const NEARLY_FULL_LIMIT = 5;

const ORDER = 'api::order.order';
const REPORT = 'api::payment-report.payment-report';
const COURSE = 'api::course.course';
const CURRENCIES = ['THB', 'USD'] as const;

export type NearlyFullCourse = { id: number; documentId: string; title: string; seats: number; seatsLeft: number };

export type AtAGlance = {
  /** The Bangkok date the figures are for (YYYY-MM-DD). */
  date: string;
  orders: { placed: number; paid: number; revenue: Money[] } | null;
  reports: { waiting: number } | null;
  courses: { nearlyFull: NearlyFullCourse[] } | null;
};

/** Which parts the caller may see: each needs read access to the records it counts. */
export type GlanceParts = { orders: boolean; reports: boolean; courses: boolean };

/** Seats left at which a course of `seats` counts as nearly full. */
export function nearlyFullThreshold(seats: number): number {
  return Math.max(NEARLY_FULL_MIN_SEATS, Math.ceil(seats * NEARLY_FULL_SHARE));
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function orders(since: string): Promise<NonNullable<AtAGlance['orders']>> {
    const [placed, paidRows] = await Promise.all([
      strapi.db.query(ORDER).count({ where: { createdAt: { $gte: since } } }) as Promise<number>,
      strapi.db.query(ORDER).findMany({ select: ['net', 'currency_code'], where: { state: 'approved', approved_at: { $gte: since } } }) as Promise<
        { net: number | null; currency_code: string | null }[]
      >,
    ]);
    // Baht always shows (zero included); dollars only when some were paid.
    const revenue = CURRENCIES.map((currency) =>
      sum(
        paidRows.filter((row) => (row.currency_code ?? 'THB') === currency).map((row) => money(row.net ?? 0, currency)),
        currency,
      ),
    ).filter((total, index) => index === 0 || total.amount !== 0);
    return { placed, paid: paidRows.length, revenue };
  }

  async function nearlyFull(now: Date): Promise<NearlyFullCourse[]> {
    const rows = (await strapi.db.query(COURSE).findMany({
      select: ['id', 'documentId', 'title', 'seat', 'seats_taken'],
      where: { $and: [publishedWhere(now), { seat: { $gt: 0 } }] },
    })) as { id: number; documentId: string; title: string; seat: number; seats_taken: number | null }[];
    return rows
      .map((row) => ({ id: row.id, documentId: row.documentId, title: row.title, seats: row.seat, seatsLeft: Math.max(0, row.seat - (row.seats_taken ?? 0)) }))
      .filter((course) => course.seatsLeft <= nearlyFullThreshold(course.seats))
      .sort((a, b) => a.seatsLeft - b.seatsLeft || a.id - b.id)
      .slice(0, NEARLY_FULL_LIMIT);
  }

  return {
    async atAGlance(input: { now: Date; parts: GlanceParts }): Promise<AtAGlance> {
      const { now, parts } = input;
      const since = startOfBangkokDay(now).toISOString();
      const [orderFigures, waiting, courses] = await Promise.all([
        parts.orders ? orders(since) : Promise.resolve(null),
        parts.reports ? (strapi.db.query(REPORT).count({ where: { state: { $in: ['pending', 'review'] } } }) as Promise<number>) : Promise.resolve(null),
        parts.courses ? nearlyFull(now) : Promise.resolve(null),
      ]);
      return {
        date: bangkokDate(now),
        orders: orderFigures,
        reports: waiting === null ? null : { waiting },
        courses: courses === null ? null : { nearlyFull: courses },
      };
    },
  };
};
