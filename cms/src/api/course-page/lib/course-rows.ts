/** The course page's reads: the course with its teacher, its groups and its curriculum, each in one statement. */
import type { CourseType } from '@sala/shared/constants';
import { notFound } from '../../../lib/errors';
import type { UploadFile } from '../../../lib/media';
import type { EntryRef } from '../../../lib/paths';
import type { PlanRow } from '../../../lib/plans';
import { isPublishedAt } from '../../../lib/publishing';
import { englishColumn } from '../../../lib/localized';
import type { Rows } from '../../../lib/rows';
import type { CurriculumSection } from './types';

export const COURSE_UID = 'api::course.course';
/** The course's texts a student reads that an editor may give in English too (ADR 183). */
export const COURSE_ENGLISH_FIELDS = ['title', 'short_description', 'description', 'course_length'] as const;
const SECTION_UID = 'api::course-section.course-section';
const LECTURE_UID = 'api::lecture.lecture';
export const TEACHER_UID = 'api::teacher.teacher';
const GROUP_UID = 'api::course-group.course-group';
const USER_GROUP_UID = 'api::user-group.user-group';

export type CourseRow = {
  id: number;
  title: string;
  slug: string | null;
  is_published: boolean | null;
  endPublish: string | null;
  course_type: CourseType;
  is_bestseller: boolean | null;
  short_description: string | null;
  description: string | null;
  imageAlt: string | null;
  videoUrl: string | null;
  videoName: string | null;
  videoDesc: string | null;
  classType: string | null;
  startDate: string | null;
  endDate: string | null;
  startRegDate: string | null;
  endRegDate: string | null;
  courseVenue: string | null;
  coursePoint: number | null;
  seat: number | null;
  seats_taken: number | null;
  free_book: boolean | null;
  free_book_type: string | null;
  is_layout_course_registration: boolean | null;
  is_enable_length_course: boolean | null;
  course_length: string | null;
  title_en?: string | null;
  short_description_en?: string | null;
  description_en?: string | null;
  course_length_en?: string | null;
  course_language: string | null;
  custom_text_language_key: string | null;
  is_recertification_course: boolean | null;
  meta_title: string | null;
  meta_description: string | null;
  social_title: string | null;
  social_description: string | null;
  picture?: UploadFile | null;
  preview_video?: UploadFile | null;
  social_image?: UploadFile | null;
  teacher?: { id: number; name: string; headline: string | null; bio: string | null; picture?: UploadFile | null } | null;
  course_groups?: { id: number; name: string; slug: string | null; sort_order: number | null }[];
  course_for_user_group?: { id: number }[];
  pricing_plans?: PlanRow[];
};

const COURSE_FIELDS = [
  'id',
  'title',
  'slug',
  'is_published',
  'endPublish',
  'course_type',
  'is_bestseller',
  'short_description',
  'description',
  'imageAlt',
  'videoUrl',
  'videoName',
  'videoDesc',
  'classType',
  'startDate',
  'endDate',
  'startRegDate',
  'endRegDate',
  'courseVenue',
  'coursePoint',
  'seat',
  'seats_taken',
  'free_book',
  'free_book_type',
  'is_layout_course_registration',
  'is_enable_length_course',
  'course_length',
  'course_language',
  'custom_text_language_key',
  'is_recertification_course',
  'meta_title',
  'meta_description',
  'social_title',
  'social_description',
  ...COURSE_ENGLISH_FIELDS.map(englishColumn),
];

/**
 * The course row with its teacher, in one statement (a course has at most one teacher);
 * the first published entry of the address, as `findPublished` picks it (`unpublished`: any
 * entry, for a verified preview link only).
 */
export async function coursePageRow(rows: Rows, ref: EntryRef, now: Date, unpublished = false): Promise<CourseRow> {
  const teacher = rows.link(COURSE_UID, 'teacher');
  const found = (await rows
    .knex()(`${rows.table(COURSE_UID)} as c`)
    .leftJoin(`${teacher.table} as tl`, `tl.${teacher.own}`, 'c.id')
    .leftJoin(`${rows.table(TEACHER_UID)} as t`, 't.id', `tl.${teacher.other}`)
    .select([...rows.columns(COURSE_UID, 'c', COURSE_FIELDS), ...rows.columns(TEACHER_UID, 't', ['id', 'name', 'headline', 'bio'])])
    .where(ref.id !== null ? { 'c.id': ref.id } : { [`c.${rows.column(COURSE_UID, 'slug')}`]: ref.slug })
    .orderBy('c.id', 'asc')
    .limit(5)) as Record<string, unknown>[];
  for (const row of found) {
    const course = rows.pick<CourseRow>(COURSE_UID, 'c', row)!;
    if (!unpublished && !isPublishedAt(course, now)) continue;
    const teacherRow = rows.pick<NonNullable<CourseRow['teacher']>>(TEACHER_UID, 't', row);
    return { ...course, teacher: teacherRow };
  }
  throw notFound();
}

/** The course's groups (with their names) and the user groups it is for (ids), in one statement. */
export async function courseGroups(rows: Rows, courseId: number): Promise<Pick<CourseRow, 'course_groups' | 'course_for_user_group'>> {
  const knex = rows.knex();
  const groups = rows.link(COURSE_UID, 'course_groups');
  const userGroups = rows.link(COURSE_UID, 'course_for_user_group');
  const found = (await knex
    .select(
      knex.raw("'group' as kind"),
      'g.id as id',
      `g.${rows.column(GROUP_UID, 'name')} as name`,
      `g.${rows.column(GROUP_UID, 'slug')} as slug`,
      `g.${rows.column(GROUP_UID, 'sort_order')} as sort_order`,
      `gl.id as link_id`,
      knex.raw('0 as link_order'),
    )
    .from(`${groups.table} as gl`)
    .join(`${rows.table(GROUP_UID)} as g`, 'g.id', `gl.${groups.other}`)
    .where(`gl.${groups.own}`, courseId)
    .unionAll((union) => {
      union
        .select(
          knex.raw("'user_group' as kind"),
          'u.id as id',
          knex.raw('null as name'),
          knex.raw('null as slug'),
          knex.raw('null as sort_order'),
          'ul.id as link_id',
          userGroups.order ? `ul.${userGroups.order} as link_order` : knex.raw('0 as link_order'),
        )
        .from(`${userGroups.table} as ul`)
        .join(`${rows.table(USER_GROUP_UID)} as u`, 'u.id', `ul.${userGroups.other}`)
        .where(`ul.${userGroups.own}`, courseId);
    })) as { kind: string; id: number; name: string | null; slug: string | null; sort_order: number | null; link_id: number; link_order: number | null }[];
  const userGroupLinks = found.filter((row) => row.kind === 'user_group').sort((a, b) => Number(a.link_order ?? 0) - Number(b.link_order ?? 0) || Number(a.link_id) - Number(b.link_id));
  return {
    course_groups: found
      .filter((row) => row.kind === 'group')
      .map((row) => ({ id: Number(row.id), name: row.name ?? '', slug: row.slug ?? null, sort_order: row.sort_order === null ? null : Number(row.sort_order) })),
    course_for_user_group: userGroupLinks.map((row) => ({ id: Number(row.id) })),
  };
}

/** Sections of the course with their lectures of the course, in one statement; no lecture content is read. */
export async function curriculum(rows: Rows, courseId: number): Promise<CurriculumSection[]> {
  const sectionCourse = rows.link(SECTION_UID, 'course');
  const lectureSection = rows.link(LECTURE_UID, 'section');
  const lectureCourse = rows.link(LECTURE_UID, 'course');
  const found = (await rows
    .knex()(`${rows.table(SECTION_UID)} as s`)
    .join(`${sectionCourse.table} as sc`, (on) => on.on(`sc.${sectionCourse.own}`, 's.id').andOnVal(`sc.${sectionCourse.other}`, courseId))
    .leftJoin(`${lectureSection.table} as ls`, `ls.${lectureSection.other}`, 's.id')
    .leftJoin(`${lectureCourse.table} as lc`, (on) => on.on(`lc.${lectureCourse.own}`, `ls.${lectureSection.own}`).andOnVal(`lc.${lectureCourse.other}`, courseId))
    .leftJoin(`${rows.table(LECTURE_UID)} as l`, 'l.id', `lc.${lectureCourse.own}`)
    .select([
      ...rows.columns(SECTION_UID, 's', ['id', 'sections_name', 'sections_location']),
      ...rows.columns(LECTURE_UID, 'l', ['id', 'lectures_name', 'lectures_location', 'lectures_preview', 'lectures_content_type', 'video_length']),
    ])
    .orderBy([
      { column: `s.${rows.column(SECTION_UID, 'sections_location')}`, order: 'asc' },
      { column: 's.id', order: 'asc' },
      { column: `l.${rows.column(LECTURE_UID, 'lectures_location')}`, order: 'asc' },
      { column: 'l.id', order: 'asc' },
    ])) as Record<string, unknown>[];
  const sections = new Map<number, CurriculumSection>();
  for (const row of found) {
    const section = rows.pick<{ id: number; sections_name: string; sections_location: number | null }>(SECTION_UID, 's', row)!;
    let entry = sections.get(section.id);
    if (!entry) {
      entry = { sections_id: section.id, sections_name: section.sections_name, sections_location: section.sections_location ?? null, lectures: [] };
      sections.set(section.id, entry);
    }
    const lecture = rows.pick<{ id: number; lectures_name: string; lectures_location: number | null; lectures_preview: boolean | null; lectures_content_type: string; video_length: number | null }>(
      LECTURE_UID,
      'l',
      row,
    );
    if (!lecture) continue;
    entry.lectures.push({
      lectures_id: lecture.id,
      lectures_name: lecture.lectures_name,
      lectures_location: lecture.lectures_location ?? null,
      lectures_preview: lecture.lectures_preview === true,
      lectures_content_type: lecture.lectures_content_type,
      video_length: lecture.video_length ?? null,
    });
  }
  return [...sections.values()];
}
