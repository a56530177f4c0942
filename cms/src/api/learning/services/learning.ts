/**
 * Who may study a course, the video playlist, progress and the access countdown.
 *
 * A student may open a course's lectures when an approved order holds the course, the
 * access of that order's plan has not run out (the shared countdown rules, counted from
 * the approval), and the student's user group may access the course (the shared course
 * access rule with the site's access-rights setting and the USER_GROUP switch). Preview
 * lectures are open to everyone. A course whose class start date (`startDate`) is still
 * ahead opens only its previews, to its buyers too, until that date. The shop's
 * administrators open every lecture, to check them (ADR 135). Locked lectures are listed
 * without their content.
 */
import type { Core } from '@strapi/strapi';
import { PURCHASE_BLOCKING_STATUSES, type Locale } from '@sala/shared/constants';
import { canAccessCourse } from '@sala/shared/eligibility';
import type { CountdownRecord } from '@sala/shared/plans';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { MEDIA_POPULATE } from '../../../lib/media';
import { isPublishedAt } from '../../../lib/publishing';
import { readPageSettings } from '../../../lib/site-settings';
import { buildPlaylist, mergeProgress, PLAYLIST_LECTURE_FIELDS, time, toProgressItem } from '../lib/playlist';
import { lineCountdown, myCourseSummary, pickCountdown, type OwnedLine } from '../lib/my-courses';
import { answersAll, QUIZ_FIELDS, quizView, readQuestions, scoreQuiz, type QuizLecture, type QuizProgress } from '../lib/quiz';
import type { CourseAccess, LectureLockReason, LectureRow, LineRow, LockReason, MyCourse, Playlist, ProgressItem, ProgressRow, QuizResult, QuizView } from '../lib/types';

const COURSE_UID = 'api::course.course';
const SECTION_UID = 'api::course-section.course-section';
const LECTURE_UID = 'api::lecture.lecture';
const LINE_UID = 'api::order-line.order-line';
const PROGRESS_UID = 'api::progress.progress';
const USER_UID = 'plugin::users-permissions.user';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  async function userGroupId(userId: number): Promise<number | null> {
    const user = (await strapi.db.query(USER_UID).findOne({
      where: { id: userId },
      select: ['id'],
      populate: { user_group: { select: ['id'] } },
    })) as { id: number; user_group?: { id: number } | null } | null;
    return user?.user_group?.id ?? null;
  }

  async function orderLines(userId: number, courseId: number): Promise<LineRow[]> {
    return (await strapi.db.query(LINE_UID).findMany({
      select: ['id'],
      where: { course: { id: courseId }, order: { user: { id: userId } } },
      populate: {
        order: { select: ['id', 'state', 'approved_at', 'createdAt'] },
        pricing_plan: { select: ['id', 'plan_type', 'term', 'term_unit', 'term_2', 'term_unit_2'] },
      },
    })) as LineRow[];
  }

  async function loadCourse(courseId: number) {
    return (await strapi.db.query(COURSE_UID).findOne({
      where: { id: courseId },
      select: ['id', 'is_published', 'endPublish', 'startDate'],
      populate: { course_for_user_group: { select: ['id'] } },
    })) as { id: number; is_published: boolean | null; endPublish: string | null; startDate: string | Date | null; course_for_user_group?: { id: number }[] } | null;
  }

  /** The course's class start date (ISO) while it is still ahead of `now`: until then only the previews open, to buyers too. */
  function releaseDateAhead(course: { startDate: string | Date | null }, now: Date): string | null {
    if (!course.startDate) return null;
    const at = new Date(course.startDate);
    return at.getTime() > now.getTime() ? at.toISOString() : null;
  }

  async function progressRows(userId: number, where: Record<string, unknown>): Promise<ProgressRow[]> {
    return (await strapi.db.query(PROGRESS_UID).findMany({
      select: ['id', 'position_seconds', 'completed', 'completed_at', 'quiz_score', 'quiz_attempts', 'updatedAt'],
      where: { user: { id: userId }, ...where },
      populate: { lecture: { select: ['id'], populate: { section: { select: ['id'] } } } },
      orderBy: [{ id: 'asc' }],
    })) as ProgressRow[];
  }

  async function quizProgressRows(userId: number, lectureId: number): Promise<QuizProgress[]> {
    return (await strapi.db.query(PROGRESS_UID).findMany({
      select: ['id', 'completed', 'completed_at', 'quiz_score', 'quiz_attempts'],
      where: { user: { id: userId }, lecture: { id: lectureId } },
      orderBy: [{ id: 'asc' }],
    })) as QuizProgress[];
  }

  const service = {
    /** The user's group id, or null when they have none. */
    userGroupId,

    /** Course ids the user holds an approved order for (expired or not): what "owns" means for free-for-owners plans. */
    async ownedCourseIds(userId: number): Promise<number[]> {
      const lines = (await strapi.db.query(LINE_UID).findMany({
        select: ['id'],
        where: { order: { user: { id: userId }, state: 'approved' }, course: { id: { $notNull: true } } },
        populate: { course: { select: ['id'] } },
      })) as { course?: { id: number } | null }[];
      return [...new Set(lines.map((line) => line.course?.id).filter((id): id is number => typeof id === 'number'))];
    },

    /**
     * The courses the user holds an approved order for (products left out), newest approval
     * first: lectures finished of the course's lectures, the access left by the order that
     * gives it (the same countdown as the playlist's), whether the lectures open now, and the
     * lecture saved last. Only ever the user's own: the id is the caller's, never asked for.
     */
    async myCourses(input: { userId: number; now: Date; locale?: Locale }): Promise<MyCourse[]> {
      const [lines, settings, groupId] = await Promise.all([
        strapi.db.query(LINE_UID).findMany({
          select: ['id'],
          where: { order: { user: { id: input.userId }, state: 'approved' }, course: { id: { $notNull: true } } },
          populate: {
            order: { select: ['id', 'state', 'approved_at', 'createdAt'] },
            pricing_plan: { select: ['id', 'plan_type', 'term', 'term_unit', 'term_2', 'term_unit_2'] },
            course: { select: ['id', 'title', 'title_en', 'slug', 'course_type'], populate: { picture: MEDIA_POPULATE, course_for_user_group: { select: ['id'] } } },
          },
        }) as Promise<OwnedLine[]>,
        readPageSettings(strapi),
        userGroupId(input.userId),
      ]);
      const byCourse = new Map<number, OwnedLine[]>();
      for (const line of lines) {
        if (!line.course || !line.order || line.course.course_type === 'product') continue;
        byCourse.set(line.course.id, [...(byCourse.get(line.course.id) ?? []), line]);
      }
      const courseIds = [...byCourse.keys()];
      if (courseIds.length === 0) return [];
      const [lectures, progress] = await Promise.all([
        strapi.db.query(LECTURE_UID).findMany({ select: ['id'], where: { course: { id: { $in: courseIds } } }, populate: { course: { select: ['id'] } } }) as Promise<
          { id: number; course?: { id: number } | null }[]
        >,
        progressRows(input.userId, { course: { id: { $in: courseIds } } }),
      ]);
      const lecturesOf = new Map<number, Set<number>>();
      for (const lecture of lectures) {
        if (!lecture.course) continue;
        lecturesOf.set(lecture.course.id, (lecturesOf.get(lecture.course.id) ?? new Set<number>()).add(lecture.id));
      }
      const merged = [...mergeProgress(progress).values()];

      const courses = courseIds.map((courseId) =>
        myCourseSummary({
          courseId,
          lines: byCourse.get(courseId)!,
          lectureIds: lecturesOf.get(courseId) ?? new Set<number>(),
          progress: merged,
          settings,
          groupId,
          now: input.now,
          locale: input.locale,
        }),
      );
      return courses.sort((a, b) => b.approvedAt - a.approvedAt || b.course_id - a.course_id).map(({ approvedAt: _approvedAt, ...course }) => course);
    },

    /** What the user (null for a visitor) may do with the course's lectures now. */
    async courseAccess(input: { userId: number | null; courseId: number; now: Date; courseUserGroupIds?: number[] }): Promise<CourseAccess> {
      const closed = (reason: LockReason): CourseAccess => ({
        canLearn: false,
        reason,
        groupAllowed: true,
        statusOrder: null,
        latestOrderId: null,
        hasApprovedOrder: false,
        countdown: null,
      });
      if (input.userId === null) return closed('UNAUTHORIZED');

      const groups = input.courseUserGroupIds ?? ((await loadCourse(input.courseId))?.course_for_user_group ?? []).map((group) => group.id);
      const [settings, groupId, lines] = await Promise.all([readPageSettings(strapi), userGroupId(input.userId), orderLines(input.userId, input.courseId)]);
      const groupAllowed = canAccessCourse({
        accessRightsEnabled: settings.accessRights,
        userGroupSwitchOn: settings.userGroupSwitch,
        courseUserGroups: groups,
        userGroupId: groupId,
      });

      const orders = lines.filter((line) => line.order);
      const latest = orders.reduce<LineRow | null>(
        (best, line) =>
          best === null || time(line.order!.createdAt) > time(best.order!.createdAt) || (time(line.order!.createdAt) === time(best.order!.createdAt) && line.order!.id > best.order!.id) ? line : best,
        null,
      );
      const approved = orders.filter((line) => line.order!.state === 'approved');
      const countdown = pickCountdown(approved.map((line) => lineCountdown(line, input.now)));

      let reason: LockReason | null = null;
      if (!groupAllowed) reason = 'COURSE_ACCESS_DENIED';
      else if (!countdown) reason = latest && PURCHASE_BLOCKING_STATUSES.includes(latest.order!.state) ? 'ORDER_IN_PROGRESS' : 'COURSE_NOT_PURCHASED';
      else if (countdown.expired) reason = 'COURSE_ACCESS_EXPIRED';

      return {
        canLearn: reason === null,
        reason,
        groupAllowed,
        statusOrder: latest?.order?.state ?? null,
        latestOrderId: latest?.order?.id ?? null,
        hasApprovedOrder: approved.length > 0,
        countdown,
      };
    },

    /** The playlist as the caller may see it; `shopAdmin` for a storefront administrator, who opens every lecture (release date or not). */
    async playlist(input: { userId: number | null; courseId: number; now: Date; shopAdmin?: boolean }): Promise<Playlist> {
      const course = await loadCourse(input.courseId);
      if (!course) throw notFound();
      const access = await service.courseAccess({
        userId: input.userId,
        courseId: course.id,
        now: input.now,
        courseUserGroupIds: (course.course_for_user_group ?? []).map((group) => group.id),
      });
      const shopAdmin = input.shopAdmin === true;
      // A course that is no longer sold stays open to the students who bought it.
      if (!isPublishedAt(course, input.now) && !access.hasApprovedOrder && !shopAdmin) throw notFound();
      // Someone who may learn the course still waits for its start date; anyone else keeps the reason they can act on.
      const releaseDate = access.canLearn && !shopAdmin ? releaseDateAhead(course, input.now) : null;
      const canLearn = shopAdmin || (access.canLearn && releaseDate === null);
      const reason: LectureLockReason | null = canLearn ? null : releaseDate ? 'NOT_RELEASED' : access.reason;

      const [sections, lectures, progress] = await Promise.all([
        strapi.db.query(SECTION_UID).findMany({
          select: ['id', 'sections_name', 'sections_location'],
          where: { course: { id: course.id } },
          orderBy: [{ sections_location: 'asc' }, { id: 'asc' }],
        }) as Promise<{ id: number; sections_name: string; sections_location: number | null }[]>,
        strapi.db.query(LECTURE_UID).findMany({
          select: [...PLAYLIST_LECTURE_FIELDS],
          where: { course: { id: course.id } },
          populate: { content_file: MEDIA_POPULATE, video_file: MEDIA_POPULATE, subtitle: MEDIA_POPULATE, section: { select: ['id'] } },
          orderBy: [{ lectures_location: 'asc' }, { id: 'asc' }],
        }) as Promise<LectureRow[]>,
        input.userId === null ? Promise.resolve([] as ProgressRow[]) : progressRows(input.userId, { course: { id: course.id } }),
      ]);
      return buildPlaylist({ sections, lectures, progress, canLearn, reason, releaseDate });
    },

    /** The user's progress in a course, one item per lecture. */
    async progressList(input: { userId: number; courseId: number }): Promise<ProgressItem[]> {
      const rows = await progressRows(input.userId, { course: { id: input.courseId } });
      return [...mergeProgress(rows).values()].map((row) => toProgressItem(row, input.courseId));
    },

    /** Where the user left off in a course: the lecture saved last, as a list of at most one. */
    async lastProgress(input: { userId: number; courseId: number }): Promise<ProgressItem[]> {
      const items = await service.progressList(input);
      items.sort((a, b) => time(b.updated_at) - time(a.updated_at) || b.id - a.id);
      return items.slice(0, 1);
    },

    /**
     * The lecture of the course (fields asked for, with its course and section) when the user
     * may open it: the playlist's rule (a preview, or a course the user may learn and whose
     * classes have started; every lecture for a shop administrator). A lecture of another
     * course is not found; a closed one is refused with the reason the playlist gives.
     */
    async openLecture(input: { userId: number; courseId: number; lectureId: number; now: Date; shopAdmin?: boolean; fields?: string[] }): Promise<LectureRow> {
      const lecture = (await strapi.db.query(LECTURE_UID).findOne({
        where: { id: input.lectureId },
        select: ['id', 'lectures_preview', 'lectures_content_type', ...(input.fields ?? [])],
        populate: { course: { select: ['id'] }, section: { select: ['id'] } },
      })) as LectureRow | null;
      if (!lecture || lecture.course?.id !== input.courseId) throw notFound();
      if (lecture.lectures_preview !== true && input.shopAdmin !== true) {
        const course = await loadCourse(input.courseId);
        if (!course) throw notFound();
        const access = await service.courseAccess({
          userId: input.userId,
          courseId: input.courseId,
          now: input.now,
          courseUserGroupIds: (course.course_for_user_group ?? []).map((group) => group.id),
        });
        if (!access.canLearn) throw forbidden(access.reason ?? 'COURSE_NOT_PURCHASED');
        if (releaseDateAhead(course, input.now)) throw forbidden('NOT_RELEASED');
      }
      return lecture;
    },

    /** A quiz lecture the user may open, its questions without their answers, and the user's attempts and best score so far. */
    async quiz(input: { userId: number; courseId: number; lectureId: number; now: Date; shopAdmin?: boolean }): Promise<QuizView> {
      const lecture = (await service.openLecture({ ...input, fields: QUIZ_FIELDS })) as QuizLecture;
      if (lecture.lectures_content_type !== 'quiz') throw notFound();
      const rows = await quizProgressRows(input.userId, lecture.id);
      return quizView(lecture, input.courseId, rows);
    },

    /**
     * Scores a hand-in of a quiz lecture here (the caller sends only the chosen choice of each
     * question) and keeps the best score and the attempt count in the lecture's progress. Refused
     * once the lecture's attempts are used up (QUIZ_NO_ATTEMPTS_LEFT), and without every answer
     * when the quiz asks for all (QUIZ_ANSWERS_MISSING). The lecture counts as completed once
     * passed when the quiz asks to pass, else once handed in.
     */
    async submitQuiz(input: { userId: number; courseId: number; lectureId: number; answers: (number | null)[]; now: Date; shopAdmin?: boolean }): Promise<QuizView & { result: QuizResult }> {
      const lecture = (await service.openLecture({ ...input, fields: QUIZ_FIELDS })) as QuizLecture;
      if (lecture.lectures_content_type !== 'quiz') throw notFound();
      const questions = readQuestions(lecture.quiz_questions);
      if (questions.length === 0) throw notFound();
      if (lecture.quiz_require_all_answers === true && !answersAll(questions, input.answers)) throw badRequest('QUIZ_ANSWERS_MISSING');
      const { correct, total, score } = scoreQuiz(questions, input.answers);
      const passed = lecture.quiz_pass_score === null || lecture.quiz_pass_score === undefined || score >= lecture.quiz_pass_score;

      await strapi.db.transaction(async () => {
        const rows = await quizProgressRows(input.userId, lecture.id);
        const attempts = Math.max(0, ...rows.map((row) => row.quiz_attempts ?? 0));
        const maxAttempts = lecture.quiz_max_attempts ?? 0;
        if (maxAttempts > 0 && attempts >= maxAttempts) throw conflict('QUIZ_NO_ATTEMPTS_LEFT');
        const best = Math.max(score, ...rows.map((row) => row.quiz_score ?? 0));
        const wasCompleted = rows.some((row) => row.completed === true);
        const completed = wasCompleted || (lecture.quiz_pass_to_complete === true ? passed : true);
        const firstCompletedAt = rows.map((row) => row.completed_at).find(Boolean) ?? null;
        const data = {
          course: input.courseId,
          quiz_score: best,
          quiz_attempts: attempts + 1,
          completed,
          completed_at: completed ? (firstCompletedAt ?? input.now) : null,
        };
        if (rows.length === 0) {
          await strapi.db.query(PROGRESS_UID).create({ data: { ...data, position_seconds: 0, user: input.userId, lecture: lecture.id } });
          return;
        }
        const [keep, ...extra] = rows;
        if (extra.length > 0) await strapi.db.query(PROGRESS_UID).deleteMany({ where: { id: { $in: extra.map((row) => row.id) } } });
        await strapi.db.query(PROGRESS_UID).update({ where: { id: keep.id }, data });
      });
      const view = quizView(lecture, input.courseId, await quizProgressRows(input.userId, lecture.id));
      return { ...view, result: { score, correct, total, passed } };
    },

    /**
     * Saves the playback position of a lecture the user may watch, one record per user
     * and lecture: the position is the latest one sent (0 up to the video length),
     * and once completed a lecture stays completed.
     */
    async saveProgress(input: { userId: number; courseId: number; lectureId: number; positionSeconds: number; completed: boolean; now: Date; shopAdmin?: boolean }): Promise<ProgressItem> {
      const lecture = await service.openLecture({ ...input, fields: ['video_length'] });
      const limit = lecture.video_length && lecture.video_length > 0 ? lecture.video_length : Number.MAX_SAFE_INTEGER;
      const position = Math.min(Math.max(0, Math.floor(input.positionSeconds)), limit);

      const saved = await strapi.db.transaction(async () => {
        const rows = (await strapi.db.query(PROGRESS_UID).findMany({
          select: ['id', 'completed', 'completed_at'],
          where: { user: { id: input.userId }, lecture: { id: input.lectureId } },
          orderBy: [{ id: 'asc' }],
        })) as { id: number; completed: boolean | null; completed_at: string | Date | null }[];
        const wasCompleted = rows.some((row) => row.completed === true);
        const completed = wasCompleted || input.completed;
        const firstCompletedAt =
          rows
            .map((row) => row.completed_at)
            .filter(Boolean)
            .sort((a, b) => time(a) - time(b))[0] ?? null;
        const data = {
          course: input.courseId,
          position_seconds: position,
          completed,
          completed_at: completed ? (firstCompletedAt ?? input.now) : null,
        };
        if (rows.length === 0) {
          return (await strapi.db.query(PROGRESS_UID).create({ data: { ...data, user: input.userId, lecture: input.lectureId } })) as { id: number };
        }
        const [keep, ...extra] = rows;
        if (extra.length > 0) await strapi.db.query(PROGRESS_UID).deleteMany({ where: { id: { $in: extra.map((row) => row.id) } } });
        return (await strapi.db.query(PROGRESS_UID).update({ where: { id: keep.id }, data })) as { id: number };
      });

      const row = (await strapi.db.query(PROGRESS_UID).findOne({
        where: { id: saved.id },
        select: ['id', 'position_seconds', 'completed', 'completed_at', 'updatedAt'],
        populate: { lecture: { select: ['id'], populate: { section: { select: ['id'] } } } },
      })) as ProgressRow;
      return toProgressItem(row, input.courseId);
    },

    /** The access countdown of the user's approved order for a course, with how many lectures they completed. */
    async countdown(input: { userId: number; courseId: number; now: Date }): Promise<CountdownRecord> {
      const course = await loadCourse(input.courseId);
      if (!course) throw notFound();
      const access = await service.courseAccess({
        userId: input.userId,
        courseId: course.id,
        now: input.now,
        courseUserGroupIds: (course.course_for_user_group ?? []).map((group) => group.id),
      });
      if (!access.countdown) throw notFound('COURSE_NOT_PURCHASED');
      const completed = (await service.progressList({ userId: input.userId, courseId: course.id })).filter((item) => item.completed).length;
      return { ...access.countdown, readLecture: completed };
    },

    /** True when a course with this id exists (published or not). */
    async courseExists(courseId: number): Promise<boolean> {
      return (await strapi.db.query(COURSE_UID).count({ where: { id: courseId } })) > 0;
    },
  };

  return service;
};
