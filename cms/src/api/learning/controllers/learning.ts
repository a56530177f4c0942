/**
 * Thin: reads the route and body with zod, checks that a student asks about their own
 * records, lets the learning service decide, answers in the spec's shapes.
 */
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { findStudent, SHOP_ADMIN_ROLE } from '../../../http/auth';
import { notFound } from '../../../lib/errors';
import { idField, idParam, strictFlag } from '../../../lib/input-fields';
import { parseInput } from '../../../lib/input';
import type { Ctx, Student } from '../../../http/ctx';
import { localeOf } from '../../../http/messages';

const CourseParams = z.object({ courseId: idParam });
const OwnProgressParams = z.object({ userId: idParam, courseId: idParam });
const LectureParams = z.object({ courseId: idParam, lectureId: idParam });

/** POST /private/course/{courseId}/quiz/{lectureId}: the index of the chosen choice of each question, in order; null for one left blank. */
export const QuizAnswersSchema = z.object({
  answers: z.array(z.number().int().min(0).max(100).nullable()).max(200),
});

/** POST /private/progress. A position is whole seconds from 0; a fraction is cut off. */
export const ProgressSaveSchema = z.object({
  course_id: idField,
  lecture_id: idField,
  position_seconds: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().finite().min(0).max(10_000_000)),
  completed: strictFlag.optional().default(false),
});

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const learning = () => strapi.service('api::learning.learning');

  const isShopAdmin = (student: Student | null | undefined) => student?.role?.type === SHOP_ADMIN_ROLE;

  /** The signed-in student, who may only read their own progress: anyone else's id is answered as not found. */
  function ownUserId(ctx: Ctx, userId: number): number {
    const student = ctx.state.student;
    if (!student || student.id !== userId) throw notFound();
    return student.id;
  }

  return {
    async playlist(ctx: Ctx) {
      const { courseId } = parseInput(CourseParams, ctx.params);
      const student = await findStudent(strapi, ctx);
      const { dataResult, videoResult, access } = await learning().playlist({ userId: student?.id ?? null, courseId, now: new Date(), shopAdmin: isShopAdmin(student) });
      ctx.body = { success: true, dataResult, videoResult, canLearn: access.canLearn, lockReason: access.reason, releaseDate: access.releaseDate };
    },

    /** The caller's own courses: the student is the token's, whatever the request names. */
    async myCourses(ctx: Ctx) {
      const data = await learning().myCourses({ userId: ctx.state.student!.id, now: new Date(), locale: localeOf(ctx) });
      ctx.body = { success: true, data };
    },

    async progressList(ctx: Ctx) {
      const { userId, courseId } = parseInput(OwnProgressParams, ctx.params);
      const own = ownUserId(ctx, userId);
      if (!(await learning().courseExists(courseId))) throw notFound();
      const data = await learning().progressList({ userId: own, courseId });
      const completed = data.filter((item: { completed: boolean }) => item.completed).length;
      ctx.body = { success: true, data, completed };
    },

    async lastProgress(ctx: Ctx) {
      const { userId, courseId } = parseInput(OwnProgressParams, ctx.params);
      const own = ownUserId(ctx, userId);
      if (!(await learning().courseExists(courseId))) throw notFound();
      ctx.body = { success: true, data: await learning().lastProgress({ userId: own, courseId }) };
    },

    async saveProgress(ctx: Ctx) {
      const input = parseInput(ProgressSaveSchema, ctx.request.body ?? {});
      const data = await learning().saveProgress({
        userId: ctx.state.student!.id,
        courseId: input.course_id,
        lectureId: input.lecture_id,
        positionSeconds: input.position_seconds,
        completed: input.completed,
        now: new Date(),
        shopAdmin: isShopAdmin(ctx.state.student),
      });
      ctx.body = { success: true, data };
    },

    async quiz(ctx: Ctx) {
      const { courseId, lectureId } = parseInput(LectureParams, ctx.params);
      const data = await learning().quiz({ userId: ctx.state.student!.id, courseId, lectureId, now: new Date(), shopAdmin: isShopAdmin(ctx.state.student) });
      ctx.body = { success: true, data };
    },

    async submitQuiz(ctx: Ctx) {
      const { courseId, lectureId } = parseInput(LectureParams, ctx.params);
      const { answers } = parseInput(QuizAnswersSchema, ctx.request.body ?? {});
      const data = await learning().submitQuiz({ userId: ctx.state.student!.id, courseId, lectureId, answers, now: new Date(), shopAdmin: isShopAdmin(ctx.state.student) });
      ctx.body = { success: true, data };
    },

    async countdown(ctx: Ctx) {
      const { courseId } = parseInput(CourseParams, ctx.params);
      const data = await learning().countdown({ userId: ctx.state.student!.id, courseId, now: new Date() });
      ctx.body = { success: true, data };
    },
  };
};
