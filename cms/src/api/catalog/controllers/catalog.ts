/** Thin: reads the query, lets the service do the work, answers `{ success: true, data }`. */
import type { Core } from '@strapi/strapi';
import { badRequest } from '../../../lib/errors';
import { single } from '../../../lib/input';
import { localeOf } from '../../../http/messages';
import { COURSE_LIST_FILTERS, type CourseListFilter } from '../services/catalog';
import type { Ctx } from '../../../http/ctx';

const MAX_KEYWORD_LENGTH = 100;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async listCourses(ctx: Ctx) {
    const keyword = single(ctx.query.keyword);
    const filter = single(ctx.query.filter);
    if (keyword && keyword.length > MAX_KEYWORD_LENGTH) throw badRequest('INPUT_ERROR');
    if (filter && !(COURSE_LIST_FILTERS as readonly string[]).includes(filter)) throw badRequest('INPUT_ERROR');
    const data = await strapi.service('api::catalog.catalog').listCourses(
      {
        keyword: keyword || undefined,
        filter: (filter || undefined) as CourseListFilter | undefined,
      },
      new Date(),
      localeOf(ctx),
    );
    ctx.body = { success: true, data };
  },

  async listTexts(ctx: Ctx) {
    const locale = single(ctx.query.locale) || 'th';
    if (locale !== 'th' && locale !== 'en') throw badRequest('INPUT_ERROR');
    const data = await strapi.service('api::catalog.catalog').listTexts(locale);
    ctx.body = { success: true, data };
  },
});
