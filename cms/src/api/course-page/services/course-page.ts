/**
 * The course page, the product list and page, and the resolution of a storefront address
 * to its canonical path. Only published entries are shown (is_published and endPublish not
 * passed). Plans are listed by the shared listing rules; a signed-in student also gets the
 * listing for them, their latest order status and whether their user group locks the course.
 */
import type { Core } from '@strapi/strapi';
import type { CourseType, OrderStatus } from '@sala/shared/constants';
import { notFound } from '../../../lib/errors';
import { imageDto, imageUrl, MEDIA_POPULATE, type ImageDto, type UploadFile } from '../../../lib/media';
import { coursePath, productPath, type EntryRef } from '../../../lib/paths';
import { isPublishedAt, toIso } from '../../../lib/publishing';
import { listPlanDtos, lowestVisitorAmount, PLAN_FIELDS, PLAN_UID, planRowsFor as loadPlanRows, type PlanDto, type PlanRow } from '../../../lib/plans';
import { readPageSettings, type PageSettings } from '../../../lib/site-settings';
import { createRows } from '../../../lib/rows';

const COURSE_UID = 'api::course.course';
const PRODUCT_UID = 'api::product.product';
const SECTION_UID = 'api::course-section.course-section';
const LECTURE_UID = 'api::lecture.lecture';
const TEACHER_UID = 'api::teacher.teacher';
const GROUP_UID = 'api::course-group.course-group';
const USER_GROUP_UID = 'api::user-group.user-group';
const FILE_UID = 'plugin::upload.file';
/** The media fields of a course the page shows. */
const COURSE_MEDIA = ['picture', 'preview_video', 'social_image'] as const;

/** How many courses each related list shows at most. */
export const RELATED_LIMIT = 8;

/** `:flag` of GET /public/courses/:slug/:flag (ADR 080). */
export const COURSE_VIEWS = { page: 0, learn: 1 } as const;
export type CourseView = 'page' | 'learn';

export const PRODUCT_LIST_FILTERS = ['in_stock', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductListFilter = (typeof PRODUCT_LIST_FILTERS)[number];

/** A course card, the same shape as an item of GET /public/courses. */
export type CourseCard = {
  id: number;
  slug: string;
  title: string;
  course_type: string;
  pictureUrl: string | null;
  imageAlt: string | null;
  price: { amount: number; currency: 'THB' } | null;
};

export type CurriculumSection = {
  sections_id: number;
  sections_name: string;
  sections_location: number | null;
  lectures: {
    lectures_id: number;
    lectures_name: string;
    lectures_location: number | null;
    lectures_preview: boolean;
    lectures_content_type: string;
    video_length: number | null;
  }[];
};

export type CourseDetail = {
  id: number;
  slug: string | null;
  link_path: string;
  title: string;
  preview: {
    videoUrl: string | null;
    videoName: string | null;
    videoDesc: string | null;
    classType: string | null;
    pictureUrl: string | null;
    imageAlt: string | null;
    startDate: string | null;
    endDate: string | null;
    startRegDate: string | null;
    endRegDate: string | null;
  };
  courseType: CourseType;
  coursePoint: number | null;
  priceDetail: PlanDto[];
  priceDetailByUserId: PlanDto[] | null;
  courseDescription: { title: string; description: string | null; short_description: string | null };
  statusOrder: OrderStatus | null;
  lockCourse: boolean;
  orderCourseId: number | null;
  canLearn: boolean;
  learnLockReason: string | null;
  seat: number | null;
  seats_left: number | null;
  free_book: boolean;
  free_book_type: string | null;
  courseVenue: string | null;
  course_for_user_group: string | null;
  is_layout_course_registration: boolean;
  is_enable_length_course: boolean;
  course_length: string | null;
  endPublish: string | null;
  course_language: string | null;
  custom_text_language_key: string | null;
  is_recertification_course: boolean;
  is_bestseller: boolean;
  meta_title: string | null;
  meta_description: string | null;
  meta_image: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image: ImageDto | null;
  teacher: { id: number; name: string; headline: string | null; bio: string | null; pictureUrl: string | null } | null;
  groups: { id: number; name: string; slug: string | null }[];
  curriculum: CurriculumSection[] | null;
  is_enable_comment: boolean;
  related: { byTeacher: CourseCard[] | null; byGroup: CourseCard[] | null; bestSeller: CourseCard[] | null } | null;
};

export type ProductCard = {
  id: number;
  slug: string | null;
  link_path: string;
  title: string;
  course_type: 'product';
  short_description: string | null;
  pictureUrl: string | null;
  imageAlt: string | null;
  price: { amount: number; currency: 'THB' } | null;
  available_qty: number | null;
};

export type ProductDetail = {
  id: number;
  slug: string | null;
  link_path: string;
  title: string;
  meta_title: string | null;
  meta_description: string | null;
  social_title: string | null;
  social_description: string | null;
  social_image: ImageDto | null;
  preview: { videoUrl: string | null; pictureUrl: string | null; imageAlt: string | null };
  priceDetail: PlanDto[];
  courseDescription: { title: string; description: string | null; short_description: string | null };
  course_type: 'product';
  image_detail: ImageDto[];
  available_qty: number | null;
  sku: string | null;
};

export type Paged<T> = { data: T[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } };

type CourseRow = {
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
];

type ProductRow = {
  id: number;
  title: string;
  slug: string | null;
  is_published: boolean | null;
  endPublish: string | null;
  sku: string | null;
  short_description: string | null;
  description: string | null;
  imageAlt: string | null;
  videoUrl: string | null;
  available_qty: number | null;
  meta_title: string | null;
  meta_description: string | null;
  social_title: string | null;
  social_description: string | null;
  sort_order: number | null;
  createdAt?: string | Date | null;
  picture?: UploadFile | null;
  image_detail?: UploadFile[] | null;
  social_image?: UploadFile | null;
  pricing_plans?: PlanRow[];
};

const PLAN_POPULATE_NESTED = { select: [...PLAN_FIELDS], populate: { free_courses: { select: ['id'] } } };

const whereRef = (ref: EntryRef) => (ref.id !== null ? { id: ref.id } : { slug: ref.slug });
const priceOf = (amount: number | null) => (amount === null ? null : { amount, currency: 'THB' as const });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const learning = () => strapi.service('api::learning.learning');

  async function findPublished<T extends { is_published: boolean | null; endPublish: string | null; id: number; slug: string | null }>(
    uid: typeof COURSE_UID | typeof PRODUCT_UID,
    ref: EntryRef,
    query: Record<string, unknown>,
    now: Date,
  ): Promise<T> {
    const rows = (await strapi.db.query(uid).findMany({ ...query, where: whereRef(ref), orderBy: [{ id: 'asc' }], limit: 5 })) as T[];
    const row = rows.find((entry) => isPublishedAt(entry, now));
    if (!row) throw notFound();
    return row;
  }

  const rows = createRows(strapi);

  type Candidate = {
    id: number;
    slug: string | null;
    title: string;
    course_type: string;
    imageAlt: string | null;
    is_bestseller: boolean | null;
    is_published: boolean | null;
    endPublish: string | null;
    teacherId: number | null;
    groupIds: Set<number>;
  };

  /**
   * The course row with its teacher, in one statement (a course has at most one teacher);
   * the first published entry of the address, as `findPublished` picks it.
   */
  async function coursePageRow(ref: EntryRef, now: Date): Promise<CourseRow> {
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
      if (!isPublishedAt(course, now)) continue;
      const teacherRow = rows.pick<NonNullable<CourseRow['teacher']>>(TEACHER_UID, 't', row);
      return { ...course, teacher: teacherRow };
    }
    throw notFound();
  }

  /** The course's groups (with their names) and the user groups it is for (ids), in one statement. */
  async function courseGroups(courseId: number): Promise<Pick<CourseRow, 'course_groups' | 'course_for_user_group'>> {
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
  async function curriculum(courseId: number): Promise<CurriculumSection[]> {
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

  /**
   * Courses that may be listed below this one (same teacher, a shared group, best sellers, as
   * the settings allow), published and not products, in the catalogue's order, in one
   * statement with their card fields.
   */
  async function relatedCandidates(course: CourseRow, settings: PageSettings, now: Date): Promise<Candidate[]> {
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
        ...rows.columns(COURSE_UID, 'c', ['id', 'slug', 'title', 'course_type', 'imageAlt', 'is_bestseller', 'is_published', 'endPublish']),
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
  async function pageMedia(courseIds: number[], teacherId: number | null): Promise<Map<string, UploadFile>> {
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
  async function coursePlanRows(courseIds: number[]): Promise<Map<number, PlanRow[]>> {
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

  /** The catalogue's card price: the lowest THB price of the plans a visitor sees listed (catalog service, listedPlanWhere). */
  function cardAmount(plans: PlanRow[]): number | null {
    let lowest: number | null = null;
    for (const plan of plans) {
      if (plan.status_show !== true || plan.pricing_type !== 'default' || plan.free_for !== null || plan.is_for_member === true) continue;
      if (plan.price === null || !Number.isSafeInteger(plan.price)) continue;
      if (lowest === null || plan.price < lowest) lowest = plan.price;
    }
    return lowest;
  }

  function relatedLists(course: CourseRow, settings: PageSettings, candidates: Candidate[], media: Map<string, UploadFile>, plans: Map<number, PlanRow[]>): CourseDetail['related'] {
    if (!settings.courseTeacher && !settings.courseGroup && !settings.courseBestseller) return { byTeacher: null, byGroup: null, bestSeller: null };
    const teacherId = course.teacher?.id ?? null;
    const groupIds = (course.course_groups ?? []).map((group) => group.id);
    // Cards look and cost the same as in the catalogue (catalog service, listCourses).
    const card = (candidate: Candidate): CourseCard => {
      const picture = media.get(`${COURSE_UID}:${candidate.id}:picture`);
      const amount = cardAmount(plans.get(candidate.id) ?? []);
      return {
        id: candidate.id,
        slug: candidate.slug ?? '',
        title: candidate.title,
        course_type: candidate.course_type,
        pictureUrl: imageUrl(picture, 'small'),
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

  const planRowsFor = (owner: 'course' | 'product', ids: number[]) => loadPlanRows(strapi, owner, ids);

  return {
    /** The course page of a published course; `viewerId` adds what is personal to a signed-in student. */
    async courseDetail(input: { ref: EntryRef; view: CourseView; viewerId: number | null; now: Date }): Promise<CourseDetail> {
      const { now } = input;
      // Seven statements for the page (six for the learn view): the course with its teacher and the
      // settings; its groups and curriculum; the related candidates; the media and plans of all.
      const [row, settings] = await Promise.all([coursePageRow(input.ref, now), readPageSettings(strapi)]);
      const [groups, sections] = await Promise.all([courseGroups(row.id), settings.curriculumSwitch ? curriculum(row.id) : Promise.resolve(null)]);
      const withGroups: CourseRow = { ...row, ...groups };
      const candidates = input.view === 'page' ? await relatedCandidates(withGroups, settings, now) : [];
      const courseIds = [row.id, ...candidates.map((candidate) => candidate.id)];
      const [media, plansByCourse] = await Promise.all([pageMedia(courseIds, row.teacher?.id ?? null), coursePlanRows(courseIds)]);
      const mediaOf = (uid: string, id: number, field: string) => media.get(`${uid}:${id}:${field}`) ?? null;
      const course: CourseRow = {
        ...withGroups,
        picture: mediaOf(COURSE_UID, row.id, 'picture'),
        preview_video: mediaOf(COURSE_UID, row.id, 'preview_video'),
        social_image: mediaOf(COURSE_UID, row.id, 'social_image'),
        teacher: row.teacher ? { ...row.teacher, picture: mediaOf(TEACHER_UID, row.teacher.id, 'picture') } : null,
        pricing_plans: plansByCourse.get(row.id) ?? [],
      };
      const plans = (course.pricing_plans ?? []).map((plan) => ({ ...plan, reference_code: plan.reference_code ?? 'COURSE', course: { id: course.id } }));
      const userGroupIds = (course.course_for_user_group ?? []).map((group) => group.id);

      let personal: Pick<CourseDetail, 'priceDetailByUserId' | 'statusOrder' | 'lockCourse' | 'orderCourseId' | 'canLearn' | 'learnLockReason'> = {
        priceDetailByUserId: null,
        statusOrder: null,
        lockCourse: false,
        orderCourseId: null,
        canLearn: false,
        learnLockReason: 'UNAUTHORIZED',
      };
      if (input.viewerId !== null) {
        const [access, owned] = await Promise.all([
          learning().courseAccess({ userId: input.viewerId, courseId: course.id, now, courseUserGroupIds: userGroupIds }),
          learning().ownedCourseIds(input.viewerId),
        ]);
        personal = {
          priceDetailByUserId: listPlanDtos(plans, { loggedIn: true, ownedCourseIds: owned }),
          statusOrder: access.statusOrder,
          lockCourse: !access.groupAllowed,
          orderCourseId: access.latestOrderId,
          canLearn: access.canLearn,
          learnLockReason: access.reason,
        };
      }

      const pictureUrl = imageUrl(course.picture, 'large');
      const seat = course.seat ?? null;
      return {
        id: course.id,
        slug: course.slug,
        link_path: coursePath(course.id, course.slug),
        title: course.title,
        preview: {
          videoUrl: course.videoUrl || course.preview_video?.url || null,
          videoName: course.videoName ?? null,
          videoDesc: course.videoDesc ?? null,
          classType: course.classType ?? null,
          pictureUrl,
          imageAlt: course.imageAlt || course.picture?.alternativeText || null,
          startDate: toIso(course.startDate),
          endDate: toIso(course.endDate),
          startRegDate: toIso(course.startRegDate),
          endRegDate: toIso(course.endRegDate),
        },
        courseType: course.course_type,
        coursePoint: course.coursePoint ?? null,
        priceDetail: listPlanDtos(plans, { loggedIn: false, ownedCourseIds: [] }),
        ...personal,
        courseDescription: { title: course.title, description: course.description ?? null, short_description: course.short_description ?? null },
        seat,
        seats_left: seat === null ? null : Math.max(0, seat - (course.seats_taken ?? 0)),
        free_book: course.free_book === true,
        free_book_type: course.free_book_type ?? null,
        courseVenue: course.courseVenue ?? null,
        course_for_user_group: userGroupIds.length > 0 ? userGroupIds.join(',') : null,
        is_layout_course_registration: course.is_layout_course_registration === true,
        is_enable_length_course: course.is_enable_length_course === true,
        course_length: course.course_length ?? null,
        endPublish: toIso(course.endPublish),
        course_language: course.course_language ?? null,
        custom_text_language_key: course.custom_text_language_key ?? null,
        is_recertification_course: course.is_recertification_course === true,
        is_bestseller: course.is_bestseller === true,
        meta_title: course.meta_title || course.title,
        meta_description: course.meta_description || course.short_description || null,
        meta_image: imageUrl(course.social_image) ?? pictureUrl,
        social_title: course.social_title || course.meta_title || course.title,
        social_description: course.social_description || course.meta_description || course.short_description || null,
        social_image: imageDto(course.social_image ?? course.picture),
        teacher: course.teacher
          ? {
              id: course.teacher.id,
              name: course.teacher.name,
              headline: course.teacher.headline ?? null,
              bio: course.teacher.bio ?? null,
              pictureUrl: imageUrl(course.teacher.picture, 'small'),
            }
          : null,
        groups: [...(course.course_groups ?? [])]
          .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id)
          .map((group) => ({ id: group.id, name: group.name, slug: group.slug ?? null })),
        curriculum: sections,
        is_enable_comment: settings.commentSwitch,
        related: input.view === 'page' ? relatedLists(course, settings, candidates, media, plansByCourse) : null,
      };
    },

    /** Where a storefront address really points: the entry's id, slug and canonical path. */
    async resolvePath(input: { kind: 'course' | 'product'; ref: EntryRef; now: Date }) {
      const uid = input.kind === 'course' ? COURSE_UID : PRODUCT_UID;
      const row = await findPublished<{ id: number; slug: string | null; is_published: boolean | null; endPublish: string | null }>(
        uid,
        input.ref,
        { select: ['id', 'slug', 'is_published', 'endPublish'] },
        input.now,
      );
      return {
        type: input.kind,
        id: row.id,
        slug: row.slug,
        canonical_path: input.kind === 'course' ? coursePath(row.id, row.slug) : productPath(row.id, row.slug),
      };
    },

    /** Plans listed for each course (in the order asked), for a visitor or a signed-in student. Unpublished courses are left out. */
    async plansForCourses(input: { courseIds: number[]; viewerId: number | null; now: Date }): Promise<PlanDto[]> {
      if (input.courseIds.length === 0) return [];
      const courses = (await strapi.db.query(COURSE_UID).findMany({
        select: ['id', 'is_published', 'endPublish'],
        where: { id: { $in: input.courseIds } },
      })) as { id: number; is_published: boolean | null; endPublish: string | null }[];
      const published = new Set(courses.filter((course) => isPublishedAt(course, input.now)).map((course) => course.id));
      const ids = input.courseIds.filter((id) => published.has(id));
      const [rowsByCourse, owned] = await Promise.all([
        planRowsFor('course', ids),
        input.viewerId === null ? Promise.resolve([] as number[]) : (learning().ownedCourseIds(input.viewerId) as Promise<number[]>),
      ]);
      const viewer = { loggedIn: input.viewerId !== null, ownedCourseIds: owned };
      return ids.flatMap((id) => listPlanDtos(rowsByCourse.get(id) ?? [], viewer));
    },

    /** Published products, 10/20/30/40 a page, narrowed by keyword and filter. */
    async listProducts(input: { keyword?: string; filter?: ProductListFilter; page: number; pageSize: number; now: Date }): Promise<Paged<ProductCard>> {
      const conditions: Record<string, unknown>[] = [{ is_published: true }, { $or: [{ endPublish: { $null: true } }, { endPublish: { $gt: input.now.toISOString() } }] }];
      if (input.keyword) conditions.push({ $or: [{ title: { $containsi: input.keyword } }, { short_description: { $containsi: input.keyword } }] });
      if (input.filter === 'in_stock') conditions.push({ $or: [{ available_qty: { $null: true } }, { available_qty: { $gt: 0 } }] });
      const rows = (await strapi.db.query(PRODUCT_UID).findMany({
        select: ['id', 'title', 'slug', 'short_description', 'imageAlt', 'available_qty', 'sort_order', 'createdAt'],
        where: { $and: conditions },
        populate: { picture: MEDIA_POPULATE },
        orderBy: input.filter === 'newest' ? [{ createdAt: 'desc' }, { id: 'desc' }] : [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as ProductRow[];
      const plans = await planRowsFor(
        'product',
        rows.map((row) => row.id),
      );
      let cards: ProductCard[] = rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        link_path: productPath(row.id, row.slug),
        title: row.title,
        course_type: 'product',
        short_description: row.short_description ?? null,
        pictureUrl: imageUrl(row.picture, 'small'),
        imageAlt: row.imageAlt || row.picture?.alternativeText || null,
        price: priceOf(lowestVisitorAmount(plans.get(row.id) ?? [])),
        available_qty: row.available_qty ?? null,
      }));
      if (input.filter === 'price_asc' || input.filter === 'price_desc') {
        const direction = input.filter === 'price_asc' ? 1 : -1;
        // products without a price go last either way
        cards = [...cards].sort((a, b) => (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0) || direction * ((a.price?.amount ?? 0) - (b.price?.amount ?? 0)) || a.id - b.id);
      }
      const total = cards.length;
      const start = (input.page - 1) * input.pageSize;
      return {
        data: cards.slice(start, start + input.pageSize),
        pagination: { page: input.page, pageSize: input.pageSize, pageCount: Math.ceil(total / input.pageSize), total },
      };
    },

    async productDetail(input: { ref: EntryRef; now: Date }): Promise<ProductDetail> {
      const product = await findPublished<ProductRow>(
        PRODUCT_UID,
        input.ref,
        {
          select: [
            'id',
            'title',
            'slug',
            'is_published',
            'endPublish',
            'sku',
            'short_description',
            'description',
            'imageAlt',
            'videoUrl',
            'available_qty',
            'meta_title',
            'meta_description',
            'social_title',
            'social_description',
          ],
          populate: { picture: MEDIA_POPULATE, image_detail: MEDIA_POPULATE, social_image: MEDIA_POPULATE, pricing_plans: PLAN_POPULATE_NESTED },
        },
        input.now,
      );
      const plans = (product.pricing_plans ?? []).map((plan) => ({ ...plan, reference_code: plan.reference_code ?? 'PRODUCT', product: { id: product.id } }));
      return {
        id: product.id,
        slug: product.slug,
        link_path: productPath(product.id, product.slug),
        title: product.title,
        meta_title: product.meta_title || product.title,
        meta_description: product.meta_description || product.short_description || null,
        social_title: product.social_title || product.meta_title || product.title,
        social_description: product.social_description || product.meta_description || product.short_description || null,
        social_image: imageDto(product.social_image ?? product.picture),
        preview: { videoUrl: product.videoUrl || null, pictureUrl: imageUrl(product.picture, 'large'), imageAlt: product.imageAlt || product.picture?.alternativeText || null },
        priceDetail: listPlanDtos(plans, { loggedIn: false, ownedCourseIds: [] }),
        courseDescription: { title: product.title, description: product.description ?? null, short_description: product.short_description ?? null },
        course_type: 'product',
        image_detail: (product.image_detail ?? []).map(imageDto).filter((image): image is ImageDto => image !== null),
        available_qty: product.available_qty ?? null,
        sku: product.sku ?? null,
      };
    },
  };
};
