/**
 * The courses listed below a course page (same teacher, a shared group, best sellers, as the
 * settings allow), and the media and plans the page and its cards show, each in one statement.
 */
import type { Locale } from '@sala/shared/constants';
import { localizedValue } from '@sala/shared/texts';
import { imageUrl, MEDIA_POPULATE, pictureSources, type UploadFile } from '../../../lib/media';
import { lowestVisitorAmount, PLAN_FIELDS, PLAN_UID, type PlanRow } from '../../../lib/plans';
import { isPublishedAt } from '../../../lib/publishing';
import type { Rows } from '../../../lib/rows';
import type { PageSettings } from '../../../lib/site-settings';
import { COURSE_UID, TEACHER_UID, type CourseRow } from './course-rows';
import { RELATED_LIMIT, type CourseCard, type CourseDetail } from './types';

const FILE_UID = 'plugin::upload.file';
/** The media fields of a course the page shows. */
const COURSE_MEDIA = ['picture', 'preview_video', 'social_image'] as const;

export type Candidate = {
  id: number;
  slug: string | null;
  title: string;
  title_en?: string | null;
  course_type: string;
  imageAlt: string | null;
  is_bestseller: boolean | null;
  is_published: boolean | null;
  endPublish: string | null;
  teacherId: number | null;
  groupIds: Set<number>;
};

const priceOf = (amount: number | null) => (amount === null ? null : { amount, currency: 'THB' as const });

/**
 * Courses that may be listed below this one (same teacher, a shared group, best sellers, as
 * the settings allow), published and not products, in the catalogue's order, in one
 * statement with their card fields.
 */
export async function relatedCandidates(rows: Rows, course: CourseRow, settings: PageSettings, now: Date): Promise<Candidate[]> {
  const teacherId = course.teacher?.id ?? null;
  const groupIds = (course.course_groups ?? []).map((group) => group.id);
  const byTeacher = settings.courseTeacher && teacherId !== null;
  const byGroup = settings.courseGroup && groupIds.length > 0;
  const byBestseller = settings.courseBestseller;
  if (!byTeacher && !byGroup && !byBestseller) return [];
  const teacher = rows.link(COURSE_UID, 'teacher');
  const groups = rows.link(COURSE_UID, 'course_groups');
  const col = (field: string) => `c.${rows.column(COURSE_UID, field)}`;
  const found = (await rows
    .knex()(`${rows.table(COURSE_UID)} as c`)
    .leftJoin(`${teacher.table} as tl`, `tl.${teacher.own}`, 'c.id')
    .leftJoin(`${groups.table} as gl`, `gl.${groups.own}`, 'c.id')
    .select([
      ...rows.columns(COURSE_UID, 'c', ['id', 'slug', 'title', 'title_en', 'course_type', 'imageAlt', 'is_bestseller', 'is_published', 'endPublish']),
      `tl.${teacher.other} as teacher_id`,
      `gl.${groups.other} as group_id`,
    ])
    .whereNot('c.id', course.id)
    .whereNot(col('course_type'), 'product')
    .where((where) => {
      if (byTeacher) where.orWhere(`tl.${teacher.other}`, teacherId);
      if (byGroup) where.orWhereIn(`gl.${groups.other}`, groupIds);
      if (byBestseller) where.orWhere(col('is_bestseller'), true);
    })
    .orderBy([
      { column: col('sort_order'), order: 'asc' },
      { column: 'c.id', order: 'asc' },
    ])) as Record<string, unknown>[];
  const byId = new Map<number, Candidate>();
  for (const row of found) {
    const entry = rows.pick<Omit<Candidate, 'teacherId' | 'groupIds'>>(COURSE_UID, 'c', row)!;
    let candidate = byId.get(entry.id);
    if (!candidate) {
      candidate = { ...entry, teacherId: row.teacher_id === null || row.teacher_id === undefined ? null : Number(row.teacher_id), groupIds: new Set() };
      byId.set(entry.id, candidate);
    }
    if (row.group_id !== null && row.group_id !== undefined) candidate.groupIds.add(Number(row.group_id));
  }
  return [...byId.values()].filter((candidate) => isPublishedAt(candidate, now));
}

/** The pictures, preview videos and social images of these courses and the teacher's picture, in one statement. */
export async function pageMedia(rows: Rows, courseIds: number[], teacherId: number | null): Promise<Map<string, UploadFile>> {
  const morph = rows.morph();
  const found = (await rows
    .knex()(`${rows.table(FILE_UID)} as f`)
    .join(`${morph.table} as m`, `m.${morph.file}`, 'f.id')
    .select([...rows.columns(FILE_UID, 'f', MEDIA_POPULATE.select), `m.${morph.id} as related_id`, `m.${morph.type} as related_type`, `m.${morph.field} as related_field`])
    .where((where) => {
      where.where((courses) =>
        courses
          .where(`m.${morph.type}`, COURSE_UID)
          .whereIn(`m.${morph.id}`, courseIds)
          .whereIn(`m.${morph.field}`, [...COURSE_MEDIA]),
      );
      if (teacherId !== null) where.orWhere((teacher) => teacher.where(`m.${morph.type}`, TEACHER_UID).where(`m.${morph.id}`, teacherId).where(`m.${morph.field}`, 'picture'));
    })
    .orderBy([
      { column: `m.${morph.order}`, order: 'asc' },
      { column: 'm.id', order: 'asc' },
    ])) as Record<string, unknown>[];
  const media = new Map<string, UploadFile>();
  for (const row of found) {
    const key = `${row.related_type}:${row.related_id}:${row.related_field}`;
    if (!media.has(key)) media.set(key, rows.pick<UploadFile>(FILE_UID, 'f', row)!);
  }
  return media;
}

/** The plans of these courses with the ids of their free courses, in one statement. */
export async function coursePlanRows(rows: Rows, courseIds: number[]): Promise<Map<number, PlanRow[]>> {
  const byCourse = new Map<number, PlanRow[]>(courseIds.map((id) => [id, []]));
  const planCourse = rows.link(PLAN_UID, 'course');
  const free = rows.link(PLAN_UID, 'free_courses');
  const found = (await rows
    .knex()(`${planCourse.table} as pc`)
    .join(`${rows.table(PLAN_UID)} as p`, 'p.id', `pc.${planCourse.own}`)
    .leftJoin(`${free.table} as fc`, `fc.${free.own}`, 'p.id')
    .select([...rows.columns(PLAN_UID, 'p', PLAN_FIELDS), `pc.${planCourse.other} as owner_id`, `fc.${free.other} as free_course_id`])
    .whereIn(`pc.${planCourse.other}`, courseIds)
    .orderBy([{ column: 'p.id', order: 'asc' }, ...(free.order ? [{ column: `fc.${free.order}`, order: 'asc' as const }] : []), { column: 'fc.id', order: 'asc' }])) as Record<string, unknown>[];
  const plans = new Map<number, PlanRow>();
  for (const row of found) {
    const planId = Number(row.p__id);
    let plan = plans.get(planId);
    if (!plan) {
      const ownerId = Number(row.owner_id);
      plan = { ...rows.pick<PlanRow>(PLAN_UID, 'p', row)!, course: { id: ownerId }, free_courses: [] };
      plans.set(planId, plan);
      byCourse.get(ownerId)?.push(plan);
    }
    if (row.free_course_id !== null && row.free_course_id !== undefined) plan.free_courses!.push({ id: Number(row.free_course_id) });
  }
  return byCourse;
}

export function relatedLists(
  course: CourseRow,
  settings: PageSettings,
  candidates: Candidate[],
  media: Map<string, UploadFile>,
  plans: Map<number, PlanRow[]>,
  locale: Locale = 'th',
): CourseDetail['related'] {
  if (!settings.courseTeacher && !settings.courseGroup && !settings.courseBestseller) return { byTeacher: null, byGroup: null, bestSeller: null };
  const teacherId = course.teacher?.id ?? null;
  const groupIds = (course.course_groups ?? []).map((group) => group.id);
  // Cards look and cost the same as in the catalogue (catalog service, listCourses).
  const card = (candidate: Candidate): CourseCard => {
    const picture = media.get(`${COURSE_UID}:${candidate.id}:picture`);
    const amount = lowestVisitorAmount(plans.get(candidate.id) ?? []);
    return {
      id: candidate.id,
      slug: candidate.slug ?? '',
      title: localizedValue(candidate.title, candidate.title_en, locale),
      course_type: candidate.course_type,
      pictureUrl: imageUrl(picture, 'small'),
      pictureSources: pictureSources(picture),
      imageAlt: candidate.imageAlt || picture?.alternativeText || null,
      price: priceOf(amount),
    };
  };
  const pick = (keep: (candidate: Candidate) => boolean) => candidates.filter(keep).slice(0, RELATED_LIMIT).map(card);
  return {
    byTeacher: settings.courseTeacher ? pick((c) => teacherId !== null && c.teacherId === teacherId) : null,
    byGroup: settings.courseGroup ? pick((c) => groupIds.some((id) => c.groupIds.has(id))) : null,
    bestSeller: settings.courseBestseller ? pick((c) => c.is_bestseller === true) : null,
  };
}
