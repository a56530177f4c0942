/** Thin: reads the route and body with zod, lets the homework service decide, answers in the shop's envelope. */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { SHOP_ADMIN_ROLE } from '../../../http/auth';
import { idParam } from '../../../lib/input-fields';
import { parseInput } from '../../../lib/input';
import type { Ctx } from '../../../http/ctx';

const LectureParams = z.object({ courseId: idParam, lectureId: idParam });

/** POST /private/course/{courseId}/homework/{lectureId}: the stored names of the student's uploads (POST /api/home/test_upload). */
export const HomeworkSubmitSchema = z.object({
  files: z.array(z.string().trim().min(1).max(80)).min(1).max(10),
});

const AdminListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const homework = () => strapi.service('api::learning.homework');
  const shopAdmin = (ctx: Ctx) => ctx.state.student?.role?.type === SHOP_ADMIN_ROLE;

  return {
    async find(ctx: Ctx) {
      const { courseId, lectureId } = parseInput(LectureParams, ctx.params);
      ctx.body = { success: true, data: await homework().homework({ userId: ctx.state.student!.id, courseId, lectureId, now: new Date(), shopAdmin: shopAdmin(ctx) }) };
    },

    async submit(ctx: Ctx) {
      const { courseId, lectureId } = parseInput(LectureParams, ctx.params);
      const { files } = parseInput(HomeworkSubmitSchema, ctx.request.body ?? {});
      ctx.body = { success: true, data: await homework().submit({ userId: ctx.state.student!.id, courseId, lectureId, files, now: new Date(), shopAdmin: shopAdmin(ctx) }) };
    },

    async adminList(ctx: Ctx) {
      const { page, pageSize } = parseInput(AdminListQuery, ctx.query ?? {});
      const { data, total } = await homework().adminList({ page, pageSize });
      ctx.body = { success: true, data, pagination: { page, pageSize, total } };
    },
  };
};
