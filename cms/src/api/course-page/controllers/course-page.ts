/** Thin: reads the route, query and body with zod, lets the service do the work, answers `{ success: true, ... }`. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { PAGINATION } from '@sala/shared/constants';
import { findStudent } from '../../../http/auth';
import { badRequest } from '../../../lib/errors';
import { PRODUCT_LIST_FILTERS, type CourseView } from '../services/course-page';
import { parseInput, single } from '../../../lib/input';
import { parseEntryRef, parsePagePath } from '../../../lib/paths';
import type { Ctx } from '../../../http/ctx';

const MAX_KEYWORD_LENGTH = 100;

/** `:flag` is 0 for the course page and 1 for the learn view (the playlist replaces the page). */
const FlagParam = z.enum(['0', '1']).transform((flag): CourseView => (flag === '1' ? 'learn' : 'page'));

/** `:n` of the product page: 0 (the default) or 1; both give the same product. */
const ProductViewParam = z.enum(['0', '1']);

export const PathnameSchema = z.object({ link_path: z.string().trim().min(1).max(2048) });

export const ProductListQuerySchema = z.object({
  keyword: z.string().trim().max(MAX_KEYWORD_LENGTH).optional(),
  filter: z.enum(PRODUCT_LIST_FILTERS).optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional()
    .default(1),
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().refine((size) => (PAGINATION.pageSizeOptions as readonly number[]).includes(size)))
    .optional()
    .default(PAGINATION.pageSize),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const pages = () => strapi.service('api::course-page.course-page');

  return {
    async courseDetail(ctx: Ctx) {
      const ref = parseEntryRef(ctx.params.slug);
      const view = parseInput(FlagParam, ctx.params.flag);
      const student = await findStudent(strapi, ctx);
      const data = await pages().courseDetail({ ref, view, viewerId: student?.id ?? null, now: new Date() });
      ctx.body = { success: true, data };
    },

    async resolvePath(ctx: Ctx) {
      const { link_path } = parseInput(PathnameSchema, ctx.request.body ?? {});
      let page;
      try {
        page = parsePagePath(link_path);
      } catch {
        page = null;
      }
      if (!page) throw badRequest('INPUT_ERROR', undefined, { fields: ['link_path'] });
      const found = await pages().resolvePath({ kind: page.kind, ref: page.ref, now: new Date() });
      const asked = new URL(link_path, 'http://storefront.invalid').pathname.replace(/\/$/, '');
      ctx.body = { success: true, data: { ...found, is_canonical: asked === found.canonical_path } };
    },

    async listProducts(ctx: Ctx) {
      const query = parseInput(ProductListQuerySchema, {
        keyword: single(ctx.query.keyword) || undefined,
        filter: single(ctx.query.filter) === 'all' ? undefined : single(ctx.query.filter) || undefined,
        page: single(ctx.query.page) || undefined,
        pageSize: single(ctx.query.pageSize) || undefined,
      });
      const { data, pagination } = await pages().listProducts({ ...query, keyword: query.keyword || undefined, now: new Date() });
      ctx.body = { success: true, data, pagination };
    },

    async productDetail(ctx: Ctx) {
      const ref = parseEntryRef(ctx.params.id);
      parseInput(ProductViewParam, ctx.params.n);
      const data = await pages().productDetail({ ref, now: new Date() });
      ctx.body = { success: true, data };
    },
  };
};
