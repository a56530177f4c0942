/** Thin: reads the product list's query and the product page's route with zod, lets the service do the work, answers `{ success: true, ... }`. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { parseInput, single } from '../../../lib/input';
import { parseEntryRef } from '../../../lib/paths';
import type { Ctx } from '../../../http/ctx';
import { localeOf } from '../../../http/messages';
import { PRODUCT_LIST_FILTERS } from '../services/product-page';
import { pagingQuery } from '../../../lib/input-fields';

const MAX_KEYWORD_LENGTH = 100;

/** `:n` of the product page: 0 (the default) or 1; both give the same product. */
const ProductViewParam = z.enum(['0', '1']);

export const ProductListQuerySchema = z.object({
  keyword: z.string().trim().max(MAX_KEYWORD_LENGTH).optional(),
  filter: z.enum(PRODUCT_LIST_FILTERS).optional(),
  ...pagingQuery,
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const products = () => strapi.service('api::product.product-page');

  return {
    async listProducts(ctx: Ctx) {
      const query = parseInput(ProductListQuerySchema, {
        keyword: single(ctx.query.keyword) || undefined,
        filter: single(ctx.query.filter) === 'all' ? undefined : single(ctx.query.filter) || undefined,
        page: single(ctx.query.page) || undefined,
        pageSize: single(ctx.query.pageSize) || undefined,
      });
      const { data, pagination } = await products().listProducts({ ...query, keyword: query.keyword || undefined, now: new Date(), locale: localeOf(ctx) });
      ctx.body = { success: true, data, pagination };
    },

    async productDetail(ctx: Ctx) {
      const ref = parseEntryRef(ctx.params.id);
      parseInput(ProductViewParam, ctx.params.n);
      const data = await products().productDetail({ ref, now: new Date(), locale: localeOf(ctx) });
      ctx.body = { success: true, data };
    },
  };
};
