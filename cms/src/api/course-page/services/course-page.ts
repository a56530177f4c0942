/**
 * The course page and the resolution of a storefront address to its canonical path. Only
 * published entries are shown (is_published and endPublish not passed). Plans are listed by the
 * shared listing rules; a signed-in student also gets the listing for them, their latest order
 * status and whether their user group locks the course.
 */
import type { Locale } from '@sala/shared/constants';
import { localizeDurationText } from '@sala/shared/texts';
import type { Core } from '@strapi/strapi';
import { inLocale } from '../../../lib/localized';
import { imageDto, imageUrl, pictureSources } from '../../../lib/media';
import { coursePath, productPath, type EntryRef } from '../../../lib/paths';
import { findPublished, isPublishedAt, toIso } from '../../../lib/publishing';
import { listPlanDtos, planRowsFor as loadPlanRows, type PlanDto } from '../../../lib/plans';
import { readPageSettings } from '../../../lib/site-settings';
import { createRows } from '../../../lib/rows';
import { COURSE_ENGLISH_FIELDS, COURSE_UID, coursePageRow, courseGroups, curriculum, TEACHER_UID, type CourseRow } from '../lib/course-rows';
import { coursePlanRows, pageMedia, relatedCandidates, relatedLists } from '../lib/related';
import type { CourseDetail, CourseView } from '../lib/types';

const PRODUCT_UID = 'api::product.product';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const learning = () => strapi.service('api::learning.learning');
  const rows = createRows(strapi);
  const planRowsFor = (owner: 'course' | 'product', ids: number[]) => loadPlanRows(strapi, owner, ids);

  return {
    /**
     * The course page of a published course; `viewerId` adds what is personal to a signed-in student.
     * `unpublished` shows the course whether published or not: only the preview service sets it (ADR 170).
     */
    async courseDetail(input: { ref: EntryRef; view: CourseView; viewerId: number | null; now: Date; unpublished?: boolean; locale?: Locale }): Promise<CourseDetail> {
      const { now } = input;
      const locale = input.locale ?? 'th';
      // Seven statements for the page (six for the learn view): the course with its teacher and the
      // settings; its groups and curriculum; the related candidates; the media and plans of all.
      const [thaiRow, settings] = await Promise.all([coursePageRow(rows, input.ref, now, input.unpublished === true), readPageSettings(strapi)]);
      // The page's texts in the visitor's language (ADR 183); the row, its seats and its plans stay one.
      const row = inLocale(thaiRow, COURSE_ENGLISH_FIELDS, locale);
      const [groups, sections] = await Promise.all([courseGroups(rows, row.id), settings.curriculumSwitch ? curriculum(rows, row.id) : Promise.resolve(null)]);
      const withGroups: CourseRow = { ...row, ...groups };
      const candidates = input.view === 'page' ? await relatedCandidates(rows, withGroups, settings, now) : [];
      const courseIds = [row.id, ...candidates.map((candidate) => candidate.id)];
      const [media, plansByCourse] = await Promise.all([pageMedia(rows, courseIds, row.teacher?.id ?? null), coursePlanRows(rows, courseIds)]);
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
          priceDetailByUserId: listPlanDtos(plans, { loggedIn: true, ownedCourseIds: owned }, locale),
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
          pictureSources: pictureSources(course.picture),
          imageAlt: course.imageAlt || course.picture?.alternativeText || null,
          startDate: toIso(course.startDate),
          endDate: toIso(course.endDate),
          startRegDate: toIso(course.startRegDate),
          endRegDate: toIso(course.endRegDate),
        },
        courseType: course.course_type,
        coursePoint: course.coursePoint ?? null,
        priceDetail: listPlanDtos(plans, { loggedIn: false, ownedCourseIds: [] }, locale),
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
        course_length: course.course_length ? localizeDurationText(course.course_length, locale) : null,
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
        related: input.view === 'page' ? relatedLists(course, settings, candidates, media, plansByCourse, locale) : null,
      };
    },

    /** Where a storefront address really points: the entry's id, slug and canonical path. */
    async resolvePath(input: { kind: 'course' | 'product'; ref: EntryRef; now: Date }) {
      const uid = input.kind === 'course' ? COURSE_UID : PRODUCT_UID;
      const row = await findPublished<{ id: number; slug: string | null; is_published: boolean | null; endPublish: string | null }>(
        strapi,
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
  };
};
