/** The product list and the product page. Only published products are shown (is_published and endPublish not passed). */
import type { Locale } from '@sala/shared/constants';
import type { Core } from '@strapi/strapi';
import { inLocale, withEnglish } from '../../../lib/localized';
import { imageDto, imageUrl, MEDIA_POPULATE, pictureSources, type ImageDto, type PictureSource, type UploadFile } from '../../../lib/media';
import { productPath, type EntryRef } from '../../../lib/paths';
import { listPlanDtos, lowestVisitorAmount, PLAN_FIELDS, planRowsFor, type PlanDto, type PlanRow } from '../../../lib/plans';
import { findPublished } from '../../../lib/publishing';

const PRODUCT_UID = 'api::product.product';
/** The product's texts a buyer reads that an editor may give in English too (ADR 183). */
const PRODUCT_ENGLISH_FIELDS = ['title', 'short_description', 'description'] as const;

export const PRODUCT_LIST_FILTERS = ['in_stock', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductListFilter = (typeof PRODUCT_LIST_FILTERS)[number];

export type ProductCard = {
  id: number;
  slug: string | null;
  link_path: string;
  title: string;
  course_type: 'product';
  short_description: string | null;
  pictureUrl: string | null;
  /** WebP renditions for the card's srcset (ADR 193). */
  pictureSources: PictureSource[];
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
  preview: { videoUrl: string | null; pictureUrl: string | null; pictureSources: PictureSource[]; imageAlt: string | null };
  priceDetail: PlanDto[];
  courseDescription: { title: string; description: string | null; short_description: string | null };
  course_type: 'product';
  image_detail: (ImageDto & { sources: PictureSource[] })[];
  available_qty: number | null;
  sku: string | null;
};

export type Paged<T> = { data: T[]; pagination: { page: number; pageSize: number; pageCount: number; total: number } };

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

const priceOf = (amount: number | null) => (amount === null ? null : { amount, currency: 'THB' as const });

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** Published products, 10/20/30/40 a page, narrowed by keyword and filter. */
  async listProducts(input: { keyword?: string; filter?: ProductListFilter; page: number; pageSize: number; now: Date; locale?: Locale }): Promise<Paged<ProductCard>> {
    const locale = input.locale ?? 'th';
    const conditions: Record<string, unknown>[] = [{ is_published: true }, { $or: [{ endPublish: { $null: true } }, { endPublish: { $gt: input.now.toISOString() } }] }];
    if (input.keyword) conditions.push({ $or: withEnglish(['title', 'short_description']).map((field) => ({ [field]: { $containsi: input.keyword } })) });
    if (input.filter === 'in_stock') conditions.push({ $or: [{ available_qty: { $null: true } }, { available_qty: { $gt: 0 } }] });
    const rows = (
      (await strapi.db.query(PRODUCT_UID).findMany({
        select: ['id', 'slug', ...withEnglish(['title', 'short_description']), 'imageAlt', 'available_qty', 'sort_order', 'createdAt'],
        where: { $and: conditions },
        populate: { picture: MEDIA_POPULATE },
        orderBy: input.filter === 'newest' ? [{ createdAt: 'desc' }, { id: 'desc' }] : [{ sort_order: 'asc' }, { id: 'asc' }],
      })) as ProductRow[]
    ).map((row) => inLocale(row, PRODUCT_ENGLISH_FIELDS, locale));
    const plans = await planRowsFor(
      strapi,
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
      pictureSources: pictureSources(row.picture),
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

  /** The product page of a published product; `unpublished` (the preview service only, ADR 170) shows it either way. */
  async productDetail(input: { ref: EntryRef; now: Date; unpublished?: boolean; locale?: Locale }): Promise<ProductDetail> {
    const row = await findPublished<ProductRow>(
      strapi,
      PRODUCT_UID,
      input.ref,
      {
        select: [
          'id',
          'title',
          'title_en',
          'slug',
          'is_published',
          'endPublish',
          'sku',
          ...withEnglish(PRODUCT_ENGLISH_FIELDS).filter((field) => field !== 'title'),
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
      { unpublished: input.unpublished === true },
    );
    const locale = input.locale ?? 'th';
    const product = inLocale(row, PRODUCT_ENGLISH_FIELDS, locale);
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
      preview: {
        videoUrl: product.videoUrl || null,
        pictureUrl: imageUrl(product.picture, 'large'),
        pictureSources: pictureSources(product.picture),
        imageAlt: product.imageAlt || product.picture?.alternativeText || null,
      },
      priceDetail: listPlanDtos(plans, { loggedIn: false, ownedCourseIds: [] }, locale),
      courseDescription: { title: product.title, description: product.description ?? null, short_description: product.short_description ?? null },
      course_type: 'product',
      image_detail: (product.image_detail ?? []).flatMap((file) => {
        const image = imageDto(file);
        return image ? [{ ...image, sources: pictureSources(file) }] : [];
      }),
      available_qty: product.available_qty ?? null,
      sku: product.sku ?? null,
    };
  },
});
