/** Thin: reads the route, query and body with zod, lets the service do the work, answers `{ success: true, ... }`. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { findStudent } from '../../../http/auth';
import { badRequest } from '../../../lib/errors';
import { localeOf } from '../../../http/messages';
import type { CourseView } from '../lib/types';
import { parseInput } from '../../../lib/input';
import { parseEntryRef, parsePagePath } from '../../../lib/paths';
import type { Ctx } from '../../../http/ctx';

/** `:flag` is 0 for the course page and 1 for the learn view (the playlist replaces the page). */
const FlagParam = z.enum(['0', '1']).transform((flag): CourseView => (flag === '1' ? 'learn' : 'page'));

export const PathnameSchema = z.object({ link_path: z.string().trim().min(1).max(2048) });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const pages = () => strapi.service('api::course-page.course-page');

  return {
    async courseDetail(ctx: Ctx) {
      const ref = parseEntryRef(ctx.params.slug);
      const view = parseInput(FlagParam, ctx.params.flag);
      const student = await findStudent(strapi, ctx);
      const data = await pages().courseDetail({ ref, view, viewerId: student?.id ?? null, now: new Date(), locale: localeOf(ctx) });
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
  };
};
