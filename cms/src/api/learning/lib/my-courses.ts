/**
 * A student's own course as "my courses" lists it: the access its approved orders give (the
 * playlist's countdown rules), whether the user group may open it, lectures finished of its
 * lectures and the lecture saved last. Pure: the learning service reads the rows.
 */
import type { Locale } from '@sala/shared/constants';
import { canAccessCourse } from '@sala/shared/eligibility';
import { localizedValue } from '@sala/shared/texts';
import { buildCountdown, type CountdownRecord } from '@sala/shared/plans';
import { imageUrl, pictureSources, type UploadFile } from '../../../lib/media';
import { coursePath } from '../../../lib/paths';
import type { PageSettings } from '../../../lib/site-settings';
import { time } from './playlist';
import type { LineRow, LockReason, MyCourse, ProgressRow } from './types';

/** The countdown that decides access: an unexpired one that lasts longest (no end beats any end), else the last to run out. */
export function pickCountdown(records: CountdownRecord[]): CountdownRecord | null {
  const finish = (record: CountdownRecord) => (record.finishDateTime === null ? Number.POSITIVE_INFINITY : Date.parse(record.finishDateTime));
  const active = records.filter((record) => !record.expired);
  const pool = active.length > 0 ? active : records;
  return pool.reduce<CountdownRecord | null>((best, record) => (best === null || finish(record) > finish(best) ? record : best), null);
}

/** The access countdown an approved order line gives, counted from the approval. */
export function lineCountdown(line: LineRow, now: Date): CountdownRecord {
  return buildCountdown(
    {
      planType: line.pricing_plan?.plan_type ?? 'One-Time Payment',
      term: line.pricing_plan?.term ?? null,
      termUnit: line.pricing_plan?.term_unit ?? null,
      term2: line.pricing_plan?.term_2 ?? null,
      termUnit2: line.pricing_plan?.term_unit_2 ?? null,
      startDateTime: new Date(line.order!.approved_at ?? line.order!.createdAt ?? now).getTime(),
      orderId: line.order!.id,
    },
    now,
  );
}

const DAY_MS = 86_400_000;

export type OwnedLine = LineRow & {
  course?: { id: number; title: string; title_en?: string | null; slug: string | null; course_type: string; picture?: UploadFile | null; course_for_user_group?: { id: number }[] } | null;
};

export type MyCourseInput = {
  courseId: number;
  /** The course's approved order lines of the student (at least one). */
  lines: OwnedLine[];
  lectureIds: ReadonlySet<number>;
  /** The student's progress rows, merged per lecture. */
  progress: ProgressRow[];
  settings: Pick<PageSettings, 'accessRights' | 'userGroupSwitch'>;
  groupId: number | null;
  now: Date;
  /** The language of the course's title: the editors' English where given (ADR 183). */
  locale?: Locale;
};

/** One course of "my courses", with its approval time (ms) to sort by. */
export function myCourseSummary(input: MyCourseInput): MyCourse & { approvedAt: number } {
  const own = input.lines;
  const course = own[0].course!;
  const countdown = pickCountdown(own.map((line) => lineCountdown(line, input.now)))!;
  const groupAllowed = canAccessCourse({
    accessRightsEnabled: input.settings.accessRights,
    userGroupSwitchOn: input.settings.userGroupSwitch,
    courseUserGroups: (course.course_for_user_group ?? []).map((group) => group.id),
    userGroupId: input.groupId,
  });
  const reason: LockReason | null = !groupAllowed ? 'COURSE_ACCESS_DENIED' : countdown.expired ? 'COURSE_ACCESS_EXPIRED' : null;
  const ids = input.lectureIds;
  const mine = input.progress.filter((row) => row.lecture && ids.has(row.lecture.id));
  const last = mine.reduce<ProgressRow | null>((best, row) => (best === null || time(row.updatedAt) > time(best.updatedAt) ? row : best), null);
  const approvedAt = Math.max(...own.map((line) => time(line.order!.approved_at ?? line.order!.createdAt)));
  const lifetime = countdown.finishDateTime === null;
  return {
    course_id: input.courseId,
    title: localizedValue(course.title, course.title_en ?? null, input.locale ?? 'th'),
    link_path: coursePath(input.courseId, course.slug),
    course_type: course.course_type,
    picture_url: imageUrl(course.picture, 'small'),
    picture_sources: pictureSources(course.picture),
    lectures_total: ids.size,
    lectures_completed: mine.filter((row) => row.completed).length,
    access: {
      lifetime,
      days_left: lifetime ? null : Math.ceil((countdown.countDownTime ?? 0) / DAY_MS),
      finish_at: countdown.finishDateTime,
      expired: countdown.expired,
    },
    can_learn: reason === null,
    lock_reason: reason,
    last_lecture_id: last?.lecture?.id ?? null,
    approved_at: Number.isFinite(approvedAt) && approvedAt > 0 ? new Date(approvedAt).toISOString() : null,
    approvedAt,
  };
}
