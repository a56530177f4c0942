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
import type { ErrorCode, OrderStatus, PlanType, TermUnit } from '@sala/shared/constants';
import { PURCHASE_BLOCKING_STATUSES } from '@sala/shared/constants';
import { canAccessCourse } from '@sala/shared/eligibility';
import { buildCountdown, type CountdownRecord } from '@sala/shared/plans';
import { forbidden, notFound } from '../../../lib/errors';
import { fileDto, MEDIA_POPULATE, type FileDto, type UploadFile } from '../../../lib/media';
import { isPublishedAt } from '../../../lib/publishing';
import { readPageSettings } from '../../../lib/site-settings';

const COURSE_UID = 'api::course.course';
const SECTION_UID = 'api::course-section.course-section';
const LECTURE_UID = 'api::lecture.lecture';
const LINE_UID = 'api::order-line.order-line';
const PROGRESS_UID = 'api::progress.progress';
const USER_UID = 'plugin::users-permissions.user';

/** Why a course's lectures are closed to the caller; each is an error code with a Thai message. */
export type LockReason = Extract<ErrorCode, 'UNAUTHORIZED' | 'COURSE_ACCESS_DENIED' | 'ORDER_IN_PROGRESS' | 'COURSE_NOT_PURCHASED' | 'COURSE_ACCESS_EXPIRED'>;

/** Why a lecture of the playlist is closed: the course's lock, or a class start date still ahead. */
export type LectureLockReason = LockReason | Extract<ErrorCode, 'NOT_RELEASED'>;

export type CourseAccess = {
  /** May open every lecture of the course now. */
  canLearn: boolean;
  reason: LockReason | null;
  /** The user group may access the course (always true when the rule is off or the course is open to all). */
  groupAllowed: boolean;
  /** The status of the caller's latest order holding the course, and its id. */
  statusOrder: OrderStatus | null;
  latestOrderId: number | null;
  hasApprovedOrder: boolean;
  /** The countdown of the approved order that gives access (or, when all ran out, the last to run out). */
  countdown: CountdownRecord | null;
};

export type PlaylistLecture = {
  sections_id: number | null;
  sections_name: string | null;
  sections_location: number | null;
  lectures_id: number;
  lectures_name: string;
  lectures_location: number;
  lectures_preview: boolean;
  lectures_content_type: string;
  locked: boolean;
  lock_reason: LectureLockReason | null;
  /** When a lecture locked as NOT_RELEASED opens (ISO); null otherwise. */
  release_date: string | null;
  content_text: string | null;
  content_file: FileDto | null;
  quiz_id: number | null;
  quiz_require_all_answers: boolean | null;
  quiz_pass_to_complete: boolean | null;
  quiz_pass_score: number | null;
  quiz_integration_type: string | null;
  quiz_reset_progress_if_not_passed: boolean | null;
  homework_id: number | null;
  upload_video_type: string | null;
  video_id: string | null;
  video_name: string | null;
  video_url: string | null;
  video_file: FileDto | null;
  /** Seconds; shown for locked lectures too, as the curriculum does. */
  video_length: number | null;
  is_subtitle: boolean;
  subtitle: FileDto | null;
  /** The caller's progress in this lecture; null for a visitor or before the first save. */
  position_seconds: number | null;
  completed: boolean;
};

export type PlaylistSection = {
  sections_id: number | null;
  sections_name: string | null;
  sections_location: number | null;
  lectures: PlaylistLecture[];
};

export type Playlist = {
  dataResult: PlaylistSection[];
  /** The lecture to open first: where the student left off, else the first open video, else the first open lecture. */
  videoResult: PlaylistLecture | null;
  access: { canLearn: boolean; reason: LectureLockReason | null; releaseDate: string | null };
};

export type ProgressItem = {
  id: number;
  course_id: number;
  section_id: number | null;
  lectures_id: number;
  position_seconds: number;
  completed: boolean;
  completed_at: string | null;
  updated_at: string | null;
};

type LineRow = {
  id: number;
  order?: { id: number; status: OrderStatus; approved_at?: string | Date | null; createdAt?: string | Date | null } | null;
  pricing_plan?: { id: number; plan_type: PlanType; term: number | null; term_unit: TermUnit | null; term_2: number | null; term_unit_2: TermUnit | null } | null;
};

type LectureRow = {
  id: number;
  lectures_name: string;
  lectures_location: number | null;
  lectures_preview: boolean | null;
  lectures_content_type: string;
  content_text: string | null;
  quiz_id: number | null;
  quiz_require_all_answers: boolean | null;
  quiz_pass_to_complete: boolean | null;
  quiz_pass_score: number | null;
  quiz_integration_type: string | null;
  quiz_reset_progress_if_not_passed: boolean | null;
  homework_id: number | null;
  upload_video_type: string | null;
  video_id: string | null;
  video_name: string | null;
  video_url: string | null;
  video_length: number | null;
  is_subtitle: boolean | null;
  content_file?: UploadFile | null;
  video_file?: UploadFile | null;
  subtitle?: UploadFile | null;
  section?: { id: number } | null;
  course?: { id: number } | null;
};

type ProgressRow = {
  id: number;
  position_seconds: number | null;
  completed: boolean | null;
  completed_at: string | Date | null;
  updatedAt?: string | Date | null;
  lecture?: { id: number; section?: { id: number } | null } | null;
};

const time = (value: string | Date | null | undefined): number => (value ? new Date(value).getTime() || 0 : 0);
const iso = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** The countdown that decides access: an unexpired one that lasts longest (no end beats any end), else the last to run out. */
function pickCountdown(records: CountdownRecord[]): CountdownRecord | null {
  const finish = (record: CountdownRecord) => (record.finishDateTime === null ? Number.POSITIVE_INFINITY : Date.parse(record.finishDateTime));
  const active = records.filter((record) => !record.expired);
  const pool = active.length > 0 ? active : records;
  return pool.reduce<CountdownRecord | null>((best, record) => (best === null || finish(record) > finish(best) ? record : best), null);
}

/** Several progress rows of one lecture (two first saves at once) read as one: furthest along wins. */
function mergeProgress(rows: ProgressRow[]): Map<number, ProgressRow> {
  const byLecture = new Map<number, ProgressRow>();
  for (const row of rows) {
    const lectureId = row.lecture?.id;
    if (!lectureId) continue;
    const seen = byLecture.get(lectureId);
    if (!seen || time(row.updatedAt) > time(seen.updatedAt)) {
      byLecture.set(lectureId, { ...row, completed: Boolean(row.completed || seen?.completed), completed_at: seen?.completed_at ?? row.completed_at });
    } else if (row.completed && !seen.completed) {
      byLecture.set(lectureId, { ...seen, completed: true, completed_at: row.completed_at });
    }
  }
  return byLecture;
}

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
        order: { select: ['id', 'status', 'approved_at', 'createdAt'] },
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
      select: ['id', 'position_seconds', 'completed', 'completed_at', 'updatedAt'],
      where: { user: { id: userId }, ...where },
      populate: { lecture: { select: ['id'], populate: { section: { select: ['id'] } } } },
      orderBy: [{ id: 'asc' }],
    })) as ProgressRow[];
  }

  const service = {
    /** The user's group id, or null when they have none. */
    userGroupId,

    /** Course ids the user holds an approved order for (expired or not): what "owns" means for free-for-owners plans. */
    async ownedCourseIds(userId: number): Promise<number[]> {
      const lines = (await strapi.db.query(LINE_UID).findMany({
        select: ['id'],
        where: { order: { user: { id: userId }, status: 'approved' }, course: { id: { $notNull: true } } },
        populate: { course: { select: ['id'] } },
      })) as { course?: { id: number } | null }[];
      return [...new Set(lines.map((line) => line.course?.id).filter((id): id is number => typeof id === 'number'))];
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
      const approved = orders.filter((line) => line.order!.status === 'approved');
      const countdown = pickCountdown(
        approved.map((line) =>
          buildCountdown(
            {
              planType: line.pricing_plan?.plan_type ?? 'One-Time Payment',
              term: line.pricing_plan?.term ?? null,
              termUnit: line.pricing_plan?.term_unit ?? null,
              term2: line.pricing_plan?.term_2 ?? null,
              termUnit2: line.pricing_plan?.term_unit_2 ?? null,
              startDateTime: new Date(line.order!.approved_at ?? line.order!.createdAt ?? input.now).getTime(),
              orderId: line.order!.id,
            },
            input.now,
          ),
        ),
      );

      let reason: LockReason | null = null;
      if (!groupAllowed) reason = 'COURSE_ACCESS_DENIED';
      else if (!countdown) reason = latest && PURCHASE_BLOCKING_STATUSES.includes(latest.order!.status) ? 'ORDER_IN_PROGRESS' : 'COURSE_NOT_PURCHASED';
      else if (countdown.expired) reason = 'COURSE_ACCESS_EXPIRED';

      return {
        canLearn: reason === null,
        reason,
        groupAllowed,
        statusOrder: latest?.order?.status ?? null,
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
          select: [
            'id',
            'lectures_name',
            'lectures_location',
            'lectures_preview',
            'lectures_content_type',
            'content_text',
            'quiz_id',
            'quiz_require_all_answers',
            'quiz_pass_to_complete',
            'quiz_pass_score',
            'quiz_integration_type',
            'quiz_reset_progress_if_not_passed',
            'homework_id',
            'upload_video_type',
            'video_id',
            'video_name',
            'video_url',
            'video_length',
            'is_subtitle',
          ],
          where: { course: { id: course.id } },
          populate: { content_file: MEDIA_POPULATE, video_file: MEDIA_POPULATE, subtitle: MEDIA_POPULATE, section: { select: ['id'] } },
          orderBy: [{ lectures_location: 'asc' }, { id: 'asc' }],
        }) as Promise<LectureRow[]>,
        input.userId === null ? Promise.resolve([] as ProgressRow[]) : progressRows(input.userId, { course: { id: course.id } }),
      ]);
      const progressByLecture = mergeProgress(progress);

      const groups: PlaylistSection[] = sections.map((section) => ({
        sections_id: section.id,
        sections_name: section.sections_name,
        sections_location: section.sections_location ?? null,
        lectures: [],
      }));
      const bySection = new Map(groups.map((group) => [group.sections_id, group]));
      let loose: PlaylistSection | null = null;

      for (const lecture of lectures) {
        let group = lecture.section ? bySection.get(lecture.section.id) : undefined;
        if (!group) {
          loose ??= { sections_id: null, sections_name: null, sections_location: null, lectures: [] };
          group = loose;
        }
        const open = lecture.lectures_preview === true || canLearn;
        const saved = progressByLecture.get(lecture.id);
        const videoFile = open ? fileDto(lecture.video_file) : null;
        group.lectures.push({
          sections_id: group.sections_id,
          sections_name: group.sections_name,
          sections_location: group.sections_location,
          lectures_id: lecture.id,
          lectures_name: lecture.lectures_name,
          lectures_location: lecture.lectures_location ?? 0,
          lectures_preview: lecture.lectures_preview === true,
          lectures_content_type: lecture.lectures_content_type,
          locked: !open,
          lock_reason: open ? null : reason,
          release_date: open ? null : releaseDate,
          content_text: open ? (lecture.content_text ?? null) : null,
          content_file: open ? fileDto(lecture.content_file) : null,
          quiz_id: open ? (lecture.quiz_id ?? null) : null,
          quiz_require_all_answers: open ? (lecture.quiz_require_all_answers ?? null) : null,
          quiz_pass_to_complete: open ? (lecture.quiz_pass_to_complete ?? null) : null,
          quiz_pass_score: open ? (lecture.quiz_pass_score ?? null) : null,
          quiz_integration_type: open ? (lecture.quiz_integration_type ?? null) : null,
          quiz_reset_progress_if_not_passed: open ? (lecture.quiz_reset_progress_if_not_passed ?? null) : null,
          homework_id: open ? (lecture.homework_id ?? null) : null,
          upload_video_type: lecture.upload_video_type ?? null,
          video_id: open ? (lecture.video_id ?? null) : null,
          video_name: open ? (lecture.video_name ?? null) : null,
          video_url: open ? lecture.video_url || videoFile?.url || null : null,
          video_file: videoFile,
          video_length: lecture.video_length ?? null,
          is_subtitle: lecture.is_subtitle === true,
          subtitle: open ? fileDto(lecture.subtitle) : null,
          position_seconds: saved ? (saved.position_seconds ?? 0) : null,
          completed: Boolean(saved?.completed),
        });
      }
      const dataResult = loose ? [...groups, loose] : groups;

      const items = dataResult.flatMap((section) => section.lectures);
      const open = items.filter((item) => !item.locked);
      const lastSaved = [...progressByLecture.values()]
        .filter((row) => open.some((item) => item.lectures_id === row.lecture?.id))
        .sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id)[0];
      const videoResult =
        (lastSaved && open.find((item) => item.lectures_id === lastSaved.lecture?.id)) || open.find((item) => item.lectures_content_type === 'video' && item.video_url) || open[0] || null;

      return { dataResult, videoResult, access: { canLearn, reason, releaseDate } };
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
     * Saves the playback position of a lecture the user may watch, one record per user
     * and lecture: the position is the latest one sent (0 up to the video length),
     * and once completed a lecture stays completed.
     */
    async saveProgress(input: { userId: number; courseId: number; lectureId: number; positionSeconds: number; completed: boolean; now: Date; shopAdmin?: boolean }): Promise<ProgressItem> {
      const lecture = (await strapi.db.query(LECTURE_UID).findOne({
        where: { id: input.lectureId },
        select: ['id', 'lectures_preview', 'video_length'],
        populate: { course: { select: ['id'] }, section: { select: ['id'] } },
      })) as Pick<LectureRow, 'id' | 'lectures_preview' | 'video_length' | 'course' | 'section'> | null;
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

  function toProgressItem(row: ProgressRow, courseId: number): ProgressItem {
    return {
      id: row.id,
      course_id: courseId,
      section_id: row.lecture?.section?.id ?? null,
      lectures_id: row.lecture?.id ?? 0,
      position_seconds: Math.max(0, row.position_seconds ?? 0),
      completed: row.completed === true,
      completed_at: iso(row.completed_at),
      updated_at: iso(row.updatedAt),
    };
  }

  return service;
};
