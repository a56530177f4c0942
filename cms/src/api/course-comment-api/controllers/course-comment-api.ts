/** Thin: reads the course id, the page and the comment with zod, lets the service work, answers `{ success, ... }`. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { parseInput, single } from '../../../lib/input';
import { COMMENT_MAX_LENGTH } from '../services/course-comment-api';
import type { Ctx } from '../../../http/ctx';
import { pagingQuery } from '../../../lib/input-fields';

const CourseIdParam = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number);

export const CommentListQuerySchema = z.object({
  ...pagingQuery,
});

export const NewCommentSchema = z.object({
  comment: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  parent_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive().nullable()).default(null),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const comments = () => strapi.service('api::course-comment-api.course-comment-api');

  return {
    /** GET /public/course/:id/comments?page&pageSize: visible top-level comments, newest first, each with its replies. */
    async list(ctx: Ctx) {
      const courseId = parseInput(CourseIdParam, ctx.params.id);
      const query = parseInput(CommentListQuerySchema, { page: single(ctx.query.page) || undefined, pageSize: single(ctx.query.pageSize) || undefined });
      const { data, pagination } = await comments().list({ courseId, ...query, now: new Date() });
      ctx.body = { success: true, data, pagination };
    },

    /** POST /public/course/:id/comments { comment, parent_id? } (student): the comment as listed. */
    async create(ctx: Ctx) {
      const courseId = parseInput(CourseIdParam, ctx.params.id);
      const input = parseInput(NewCommentSchema, ctx.request.body ?? {});
      const data = await comments().create({ courseId, userId: ctx.state.student!.id, comment: input.comment, parentId: input.parent_id, now: new Date() });
      ctx.status = 201;
      ctx.body = { success: true, data };
    },
  };
};
