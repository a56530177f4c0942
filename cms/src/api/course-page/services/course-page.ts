/**
 * The course page, the product list and page, and the resolution of a storefront address
 * to its canonical path. Only published entries are shown (is_published and endPublish not
 * passed). Plans are listed by the shared listing rules; a signed-in student also gets the
 * listing for them, their latest order status and whether their user group locks the course.
 */
import type { Core } from '@strapi/strapi';
import type { CourseType, OrderStatus } from '@sala/shared/constants';
import { notFound } from '../../../http/errors';
import { imageDto, imageUrl, MEDIA_POPULATE, type ImageDto, type UploadFile } from '../utils/media';
import { coursePath, isPublishedAt, productPath, toIso, type EntryRef } from '../utils/paths';
import { listPlanDtos, lowestVisitorAmount, PLAN_FIELDS, PLAN_UID, type PlanDto, type PlanRow } from '../utils/plans';
import { readPageSettings, type PageSettings } from '../utils/settings';

const COURSE_UID = 'api::course.course';
const PRODUCT_UID = 'api::product.product';
const SECTION_UID = 'api::course-section.course-section';
const LECTURE_UID = 'api::lecture.lecture';

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

  async function relatedCards(course: CourseRow, settings: PageSettings, now: Date): Promise<CourseDetail['related']> {
    if (!settings.courseTeacher && !settings.courseGroup && !settings.courseBestseller) return { byTeacher: null, byGroup: null, bestSeller: null };
    const teacherId = course.teacher?.id ?? null;
    const groupIds = (course.course_groups ?? []).map((group) => group.id);
    const or: Record<string, unknown>[] = [];
    if (settings.courseTeacher && teacherId !== null) or.push({ teacher: { id: teacherId } });
    if (settings.courseGroup && groupIds.length > 0) or.push({ course_groups: { id: { $in: groupIds } } });
    if (settings.courseBestseller) or.push({ is_bestseller: true });
    const candidates = or.length
      ? ((await strapi.db.query(COURSE_UID).findMany({
          select: ['id', 'is_bestseller', 'is_published', 'endPublish'],
          where: { id: { $ne: course.id }, course_type: { $ne: 'product' }, $or: or },
          populate: { teacher: { select: ['id'] }, course_groups: { select: ['id'] } },
        })) as { id: number; is_bestseller: boolean | null; is_published: boolean | null; endPublish: string | null; teacher?: { id: number } | null; course_groups?: { id: number }[] }[])
      : [];
    const published = candidates.filter((candidate) => isPublishedAt(candidate, now));
    // Cards come from the catalogue so that a course looks and costs the same in every list.
    const cards = (await strapi.service('api::catalog.catalog').listCourses({}, now)) as CourseCard[];
    const pick = (ids: Set<number>) => cards.filter((card) => ids.has(card.id)).slice(0, RELATED_LIMIT);
    return {
      byTeacher: settings.courseTeacher ? pick(new Set(published.filter((c) => teacherId !== null && c.teacher?.id === teacherId).map((c) => c.id))) : null,
      byGroup: settings.courseGroup ? pick(new Set(published.filter((c) => (c.course_groups ?? []).some((g) => groupIds.includes(g.id))).map((c) => c.id))) : null,
      bestSeller: settings.courseBestseller ? pick(new Set(published.filter((c) => c.is_bestseller === true).map((c) => c.id))) : null,
    };
  }

  async function curriculum(courseId: number): Promise<CurriculumSection[]> {
    const [sections, lectures] = await Promise.all([
      strapi.db.query(SECTION_UID).findMany({
        select: ['id', 'sections_name', 'sections_location'],
        where: { course: { id: courseId } },
        orderBy: [{ sections_location: 'asc' }, { id: 'asc' }],
      }) as Promise<{ id: number; sections_name: string; sections_location: number | null }[]>,
      strapi.db.query(LECTURE_UID).findMany({
        select: ['id', 'lectures_name', 'lectures_location', 'lectures_preview', 'lectures_content_type', 'video_length'],
        where: { course: { id: courseId } },
        populate: { section: { select: ['id'] } },
        orderBy: [{ lectures_location: 'asc' }, { id: 'asc' }],
      }) as Promise<
        {
          id: number;
          lectures_name: string;
          lectures_location: number | null;
          lectures_preview: boolean | null;
          lectures_content_type: string;
          video_length: number | null;
          section?: { id: number } | null;
        }[]
      >,
    ]);
    return sections.map((section) => ({
      sections_id: section.id,
      sections_name: section.sections_name,
      sections_location: section.sections_location ?? null,
      lectures: lectures
        .filter((lecture) => lecture.section?.id === section.id)
        .map((lecture) => ({
          lectures_id: lecture.id,
          lectures_name: lecture.lectures_name,
          lectures_location: lecture.lectures_location ?? null,
          lectures_preview: lecture.lectures_preview === true,
          lectures_content_type: lecture.lectures_content_type,
          video_length: lecture.video_length ?? null,
        })),
    }));
  }

  async function planRowsFor(owner: 'course' | 'product', ids: number[]): Promise<Map<number, PlanRow[]>> {
    const byOwner = new Map<number, PlanRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byOwner;
    const rows = (await strapi.db.query(PLAN_UID).findMany({
      select: [...PLAN_FIELDS],
      where: { [owner]: { id: { $in: ids } } },
      populate: { course: { select: ['id'] }, product: { select: ['id'] }, free_courses: { select: ['id'] } },
    })) as PlanRow[];
    for (const row of rows) {
      const ownerId = row[owner]?.id;
      if (ownerId !== undefined) byOwner.get(ownerId)?.push(row);
    }
    return byOwner;
  }

  return {
    /** The course page of a published course; `viewerId` adds what is personal to a signed-in student. */
    async courseDetail(input: { ref: EntryRef; view: CourseView; viewerId: number | null; now: Date }): Promise<CourseDetail> {
      const { now } = input;
      const course = await findPublished<CourseRow>(
        COURSE_UID,
        input.ref,
        {
          select: COURSE_FIELDS,
          populate: {
            picture: MEDIA_POPULATE,
            preview_video: MEDIA_POPULATE,
            social_image: MEDIA_POPULATE,
            teacher: { select: ['id', 'name', 'headline', 'bio'], populate: { picture: MEDIA_POPULATE } },
            course_groups: { select: ['id', 'name', 'slug', 'sort_order'] },
            course_for_user_group: { select: ['id'] },
            pricing_plans: PLAN_POPULATE_NESTED,
          },
        },
        now,
      );
      const settings = await readPageSettings(strapi);
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
        curriculum: settings.curriculumSwitch ? await curriculum(course.id) : null,
        is_enable_comment: settings.commentSwitch,
        related: input.view === 'page' ? await relatedCards(course, settings, now) : null,
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
      const conditions: Record<string, unknown>[] = [
        { is_published: true },
        { $or: [{ endPublish: { $null: true } }, { endPublish: { $gt: input.now.toISOString() } }] },
      ];
      if (input.keyword) conditions.push({ $or: [{ title: { $containsi: input.keyword } }, { short_description: { $containsi: input.keyword } }] });
      if (input.filter === 'in_stock') conditions.push({ $or: [{ available_qty: { $null: true } }, { available_qty: { $gt: 0 } }] });
      const rows = (await strapi.db.query(PRODUCT_UID).findMany({
        select: ['id', 'title', 'slug', 'short_description', 'imageAlt', 'available_qty', 'sort_order', 'createdAt'],
        where: { $and: conditions },
        populate: { picture: MEDIA_POPULATE },
        orderBy: input.filter === 'newest' ? [{ createdAt: 'desc' }, { id: 'desc' }] : [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as ProductRow[];
      const plans = await planRowsFor('product', rows.map((row) => row.id));
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
