import { z } from 'zod';
import { BANGKOK_UTC_OFFSET_HOURS } from '../constants/index.js';
import { defaultTranslate, type Translate } from '../texts/index.js';

/**
 * The period of the shop's sales overview and its CSV exports (`from` and `to`, both included,
 * as Bangkok calendar dates YYYY-MM-DD). At most SALES_PERIOD_MAX_DAYS days, so one request
 * never aggregates or streams more than a year.
 */
export const SALES_PERIOD_MAX_DAYS = 366;

export type SalesPeriod = { from: string; to: string };

const DAY_MS = 24 * 3600e3;
const OFFSET_MS = BANGKOK_UTC_OFFSET_HOURS * 3600e3;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD (no 2026-02-30), between 2000 and 2999. */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '2000-01-01' && text < '3000-01-01';
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function salesPeriodLength(period: SalesPeriod): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The instants the period covers: from Bangkok midnight of `from` up to (not including) Bangkok midnight after `to`. */
export function salesPeriodBounds(period: SalesPeriod): { start: Date; end: Date } {
  return {
    start: new Date(Date.parse(`${period.from}T00:00:00Z`) - OFFSET_MS),
    end: new Date(Date.parse(`${period.to}T00:00:00Z`) + DAY_MS - OFFSET_MS),
  };
}

/** Every Bangkok date of the period, in order. */
export function salesPeriodDays(period: SalesPeriod): string[] {
  const first = Date.parse(`${period.from}T00:00:00Z`);
  return Array.from({ length: salesPeriodLength(period) }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/** This month in Bangkok up to today: the period the overview opens with. */
export function defaultSalesPeriod(now: Date): SalesPeriod {
  const today = new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The period's query-string fields, with messages from the translator (Thai by default). */
export function buildSalesPeriodSchema(t: Translate) {
  const date = z.string().trim().refine(isIsoDate, t('admin_sales_date_invalid'));
  return z
    .object({ from: date, to: date })
    .refine((period) => period.from <= period.to, { message: t('admin_sales_from_after_to'), path: ['to'] })
    .refine((period) => period.from > period.to || salesPeriodLength(period) <= SALES_PERIOD_MAX_DAYS, {
      message: t('admin_sales_period_too_long', { max: SALES_PERIOD_MAX_DAYS }),
      path: ['to'],
    });
}

/** The sales period with the Thai defaults' messages. */
export const SalesPeriodSchema = /* @__PURE__ */ buildSalesPeriodSchema(defaultTranslate);
