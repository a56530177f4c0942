/**
 * The public catalogue: published courses as light list items with their lowest listed
 * price, and the editors' text overrides. Explicit field selection everywhere: the list
 * is hot and must not drag descriptions, curricula or relations along.
 */
import type { Locale } from '@sala/shared/constants';
import { localizedValue } from '@sala/shared/texts';
import type { Core } from '@strapi/strapi';
import { lowestVisitorAmount, planRowsFor } from '../../../lib/plans';
import { publishedWhere } from '../../../lib/publishing';
import { pictureSources, type PictureSource } from '../../../lib/media';

const COURSE_UID = 'api::course.course';
const TEXT_UID = 'api::text.text';

/** Course types a list may be narrowed to; `product` has its own list. */
export const COURSE_LIST_TYPES = ['Online', 'Flex', 'In-class', 'Private-Classroom', 'Live-Broadcast', 'Live-Room', 'Live-Room-Student-Camera'] as const;
export const COURSE_LIST_FILTERS = [...COURSE_LIST_TYPES, 'bestseller'] as const;
export type CourseListFilter = (typeof COURSE_LIST_FILTERS)[number];

export type CourseListQuery = { keyword?: string; filter?: CourseListFilter };

export type CourseListItem = {
  id: number;
  slug: string;
  title: string;
  course_type: string;
  pictureUrl: string | null;
  /** WebP renditions for the card's srcset (ADR 193). */
  pictureSources: PictureSource[];
  imageAlt: string | null;
  /** The lowest listed default plan, in satang. */
  price: { amount: number; currency: 'THB' } | null;
};

type UploadFormat = { url?: string; width?: number | null };
type UploadFile = { url?: string; alternativeText?: string | null; formats?: Record<string, UploadFormat> | null };
type CourseRow = {
  id: number;
  slug: string | null;
  title: string;
  title_en: string | null;
  course_type: string;
  imageAlt: string | null;
  picture?: UploadFile | null;
};

/** A card is at most about 600 px wide: Strapi's `small` rendition (500 px) fits, the original is the fallback. */
function cardPictureUrl(file: UploadFile | null | undefined): string | null {
  if (!file?.url) return null;
  return file.formats?.small?.url ?? file.url;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async listCourses(query: CourseListQuery = {}, now = new Date(), locale: Locale = 'th'): Promise<CourseListItem[]> {
    const conditions: Record<string, unknown>[] = [publishedWhere(now), { course_type: { $ne: 'product' } }];
    if (query.filter === 'bestseller') conditions.push({ is_bestseller: true });
    else if (query.filter) conditions.push({ course_type: query.filter });
    if (query.keyword) {
      const fields = ['title', 'short_description', 'title_en', 'short_description_en'];
      conditions.push({ $or: fields.map((field) => ({ [field]: { $containsi: query.keyword } })) });
    }

    const courses = (await strapi.db.query(COURSE_UID).findMany({
      select: ['id', 'slug', 'title', 'title_en', 'course_type', 'imageAlt'],
      where: { $and: conditions },
      populate: { picture: { select: ['url', 'alternativeText', 'formats'] } },
      orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
    })) as CourseRow[];
    if (courses.length === 0) return [];

    // The card shows what a visitor can buy: the plan listing rules decide (lib/plans, the same as the course page).
    const plans = await planRowsFor(
      strapi,
      'course',
      courses.map((course) => course.id),
    );

    return courses.map((course) => {
      const amount = lowestVisitorAmount(plans.get(course.id) ?? []);
      return {
        id: course.id,
        slug: course.slug ?? '',
        title: localizedValue(course.title, course.title_en, locale),
        course_type: course.course_type,
        pictureUrl: cardPictureUrl(course.picture),
        pictureSources: pictureSources(course.picture),
        imageAlt: course.imageAlt || course.picture?.alternativeText || null,
        price: amount === null ? null : { amount, currency: 'THB' as const },
      };
    });
  },

  /** key → text for one locale; blank values are left out so the storefront keeps its default. */
  async listTexts(locale: 'th' | 'en'): Promise<Record<string, string>> {
    const rows = (await strapi.db.query(TEXT_UID).findMany({
      select: ['key', 'value'],
      where: { locale },
      orderBy: { key: 'asc' },
    })) as { key: string; value: string | null }[];
    const texts: Record<string, string> = {};
    for (const row of rows) if (row.value && row.value.trim() !== '') texts[row.key] = row.value;
    return texts;
  },
});
