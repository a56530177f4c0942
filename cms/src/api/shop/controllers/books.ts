/**
 * Thin: the shop's books for shop administrators (the route's guard lets only them in). Reads
 * the period with the shared schema (a wrong one is a 400 INPUT_ERROR naming each field with
 * its Thai message), asks the books service, answers the overview as JSON and each export as
 * a CSV stream.
 */
import { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { buildSalesPeriodSchema, type SalesPeriod } from '@sala/shared/schemas';
import { createTranslator } from '@sala/shared/texts';
import { badRequest } from '../../../lib/errors';
import { single } from '../../../lib/input';
import { localeOf } from '../../../http/messages';
import type { Ctx } from '../../../http/ctx';
import type { BooksService } from '../services/books';

function periodOf(ctx: Ctx): SalesPeriod {
  const schema = buildSalesPeriodSchema(createTranslator(localeOf(ctx)));
  const result = schema.safeParse({ from: single(ctx.query.from) ?? '', to: single(ctx.query.to) ?? '' });
  if (result.success) return result.data;
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) problems[issue.path.map(String).join('.') || '_'] ??= issue.message;
  throw badRequest('INPUT_ERROR', undefined, { fields: Object.keys(problems), problems });
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const books = () => strapi.service('api::shop.books') as BooksService;

  function sendCsv(ctx: Ctx, name: string, period: SalesPeriod, rows: AsyncGenerator<string>): void {
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${name}-${period.from}-${period.to}.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = Readable.from(rows, { objectMode: false });
  }

  return {
    async summary(ctx: Ctx) {
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = { success: true, data: await books().summary(periodOf(ctx)) };
    },

    async ordersCsv(ctx: Ctx) {
      const period = periodOf(ctx);
      sendCsv(ctx, 'orders', period, books().ordersCsv(period, localeOf(ctx)));
    },

    async reportsCsv(ctx: Ctx) {
      const period = periodOf(ctx);
      sendCsv(ctx, 'payment-reports', period, books().reportsCsv(period, localeOf(ctx)));
    },
  };
};
