/**
 * The products on the server: the public list (GET /public/product) and detail
 * (GET /public/products/{id}/0), putting a product in the student's cart
 * (POST /private/cart with product_id and quantity) and the hand-off of a book to the
 * book retailer (POST /api/bookstore/cart). Picture paths become browser URLs here.
 */
import { PAGINATION } from '@sala/shared/constants';
import { z } from 'zod';
import { toMinorUnits } from '@sala/shared/money';
import { PRODUCT_FILTERS, PRODUCT_PAGE_SIZES, type ProductCardView, type ProductDetailView, type ProductFilter, type ProductImage } from '~/models/products/types';
import { callJson, postJson, toPublicAssetUrl, type CallOptions } from './cms.server';
import { srcSetOf } from '~/models/picture';
import { PictureSourcesSchema } from './cms-schemas.server';

const money = z.object({ amount: z.number().int(), currency: z.literal('THB') });
const image = z.looseObject({ url: z.string(), alternativeText: z.string().nullable(), width: z.number().nullable(), height: z.number().nullable(), sources: PictureSourcesSchema });

const ProductCardSchema = z.looseObject({
  id: z.number().int().positive(),
  slug: z.string().nullable(),
  link_path: z.string(),
  title: z.string(),
  short_description: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  pictureSources: PictureSourcesSchema,
  imageAlt: z.string().nullable(),
  price: money.nullable(),
  available_qty: z.number().int().nullable(),
});

const ProductListResponseSchema = z.looseObject({
  success: z.literal(true),
  data: z.array(ProductCardSchema),
  pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int(), total: z.number().int() }),
});

const PlanSchema = z.looseObject({ id: z.number().int(), is_default: z.boolean(), price: z.number().nullable(), pricing_type: z.string() });

/** A product page as the CMS answers it (the public route, and a preview link's, ADR 170). */
export const ProductDetailSchema = z.looseObject({
  id: z.number().int().positive(),
  slug: z.string().nullable(),
  link_path: z.string(),
  title: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  social_title: z.string().nullable(),
  social_description: z.string().nullable(),
  social_image: image.nullable(),
  preview: z.looseObject({ videoUrl: z.string().nullable(), pictureUrl: z.string().nullable(), pictureSources: PictureSourcesSchema, imageAlt: z.string().nullable() }),
  priceDetail: z.array(PlanSchema),
  courseDescription: z.looseObject({ title: z.string(), description: z.string().nullable(), short_description: z.string().nullable() }),
  image_detail: z.array(image),
  available_qty: z.number().int().nullable(),
  sku: z.string().nullable(),
});

const ProductDetailResponseSchema = z.looseObject({ success: z.literal(true), data: ProductDetailSchema });

const CartAnswerSchema = z.looseObject({ success: z.literal(true), data: z.array(z.looseObject({ id: z.number().int() })) });
const HandOffAnswerSchema = z.looseObject({ success: z.literal(true), location: z.string().url() });

export type ProductListQuery = { keyword: string; filter: ProductFilter | null; page: number; pageSize: number };
export type ProductListView = { products: ProductCardView[]; page: number; pageSize: number; pageCount: number; total: number };

/** `/products/{id}-{slug}`, or `/products/{id}` without a slug. */
export function productPath(product: { id: number; slug: string | null | undefined }): string {
  const slug = (product.slug ?? '').trim();
  return slug ? `/products/${product.id}-${encodeURIComponent(slug)}` : `/products/${product.id}`;
}

/** The list's query string read leniently: anything unknown falls back to the default. */
export function readProductListQuery(url: URL): ProductListQuery {
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 100);
  const filterParam = url.searchParams.get('filter');
  const filter = (PRODUCT_FILTERS as readonly string[]).includes(filterParam ?? '') ? (filterParam as ProductFilter) : null;
  const page = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('pageSize'));
  return {
    keyword,
    filter,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (PRODUCT_PAGE_SIZES as readonly number[]).includes(size) ? size : PAGINATION.pageSize,
  };
}

export async function getProductList(query: ProductListQuery, options: CallOptions = {}): Promise<ProductListView> {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.filter) params.set('filter', query.filter);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  const answer = await callJson(`/public/product?${params}`, ProductListResponseSchema, options);
  return {
    products: answer.data.map((card) => ({
      id: card.id,
      path: productPath(card),
      title: card.title,
      shortDescription: card.short_description,
      pictureUrl: toPublicAssetUrl(card.pictureUrl),
      pictureSrcSet: srcSetOf(card.pictureSources, toPublicAssetUrl),
      imageAlt: card.imageAlt ?? card.title,
      priceAmount: card.price?.amount ?? null,
      availableQty: card.available_qty,
    })),
    ...answer.pagination,
  };
}

/** The price a product sells at, in satang: its default listed plan, else its cheapest. */
function priceOf(plans: z.infer<typeof PlanSchema>[]): number | null {
  const priced = plans.filter((plan) => plan.pricing_type === 'default' && plan.price !== null);
  const plan = priced.find((candidate) => candidate.is_default) ?? [...priced].sort((a, b) => (a.price as number) - (b.price as number))[0];
  return plan ? toMinorUnits(plan.price) : null;
}

/** A published product; a CmsError CMS_NOT_FOUND (or CmsApiError 404) when there is none with that id. */
export async function getProductDetail(productId: number, options: CallOptions = {}): Promise<ProductDetailView> {
  const { data } = await callJson(`/public/products/${productId}/0`, ProductDetailResponseSchema, options);
  return productView(data);
}

/** What the product page shows of the CMS's answer. */
export function productView(data: z.infer<typeof ProductDetailSchema>): ProductDetailView {
  const toImage = (file: z.infer<typeof image>): ProductImage => ({
    url: toPublicAssetUrl(file.url) as string,
    alt: file.alternativeText || data.title,
    width: file.width,
    height: file.height,
    srcSet: srcSetOf(file.sources, toPublicAssetUrl),
  });
  const gallery = data.image_detail.map(toImage);
  const cover = data.preview.pictureUrl
    ? { url: toPublicAssetUrl(data.preview.pictureUrl) as string, alt: data.preview.imageAlt || data.title, width: null, height: null, srcSet: srcSetOf(data.preview.pictureSources, toPublicAssetUrl) }
    : null;
  if (gallery.length === 0 && cover) gallery.push(cover);
  return {
    id: data.id,
    slug: data.slug,
    path: productPath(data),
    title: data.title,
    sku: data.sku,
    shortDescription: data.courseDescription.short_description,
    description: data.courseDescription.description,
    priceAmount: priceOf(data.priceDetail),
    availableQty: data.available_qty,
    gallery,
    videoUrl: data.preview.videoUrl,
    seo: {
      title: data.meta_title || data.title,
      description: data.meta_description || '',
      socialTitle: data.social_title || data.meta_title || data.title,
      socialDescription: data.social_description || data.meta_description || '',
      image: data.social_image ? toImage(data.social_image) : null,
    },
  };
}

/** Puts `quantity` units in the student's cart; refusals (OUT_OF_STOCK, NOT_FOUND) come back as CmsApiError. */
export async function addProductToCart(input: { productId: number; quantity: number }, options: CallOptions & { jwt: string }): Promise<void> {
  await postJson('/private/cart', CartAnswerSchema, { product_id: input.productId, quantity: input.quantity }, options);
}

/** Hands one book to the book retailer; the retailer's page is where the browser goes next. */
export async function handOffToBookstore(
  input: { userId: number; email: string; productId: number; quantity: number; shippingAddressId: number | null },
  options: CallOptions & { jwt: string },
): Promise<string> {
  const answer = await postJson(
    '/api/bookstore/cart',
    HandOffAnswerSchema,
    {
      user_id: input.userId,
      email: input.email,
      course_id: [input.productId],
      courses: [{ course_id: input.productId, quantity: input.quantity }],
      order_at: new Date().toISOString(),
      shipping_address_id: input.shippingAddressId,
    },
    options,
  );
  return answer.location;
}

/** Hands every book of the student's cart to the book retailer; the CMS builds the cart from its own rows. */
export async function handOffCartToBookstore(options: CallOptions & { jwt: string }): Promise<string> {
  return (await postJson('/api/bookstore/cart/mine', HandOffAnswerSchema, {}, options)).location;
}
