import { PAGINATION } from '@sala/shared/constants';

/** The list's filters, as GET /public/product takes them. */
export const PRODUCT_FILTERS = ['in_stock', 'newest', 'price_asc', 'price_desc'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];
export const PRODUCT_PAGE_SIZES = PAGINATION.pageSizeOptions;

/** Products as the storefront shows them; prices in satang, picture URLs ready for the browser. */
export type ProductCardView = {
  id: number;
  path: string;
  title: string;
  shortDescription: string | null;
  pictureUrl: string | null;
  /** The picture's WebP renditions as a `srcset` (ADR 193); null when it has none. */
  pictureSrcSet: string | null;
  imageAlt: string;
  priceAmount: number | null;
  availableQty: number | null;
};

export type ProductImage = { url: string; alt: string; width: number | null; height: number | null; srcSet: string | null };

export type ProductDetailView = {
  id: number;
  slug: string | null;
  path: string;
  title: string;
  sku: string | null;
  shortDescription: string | null;
  description: string | null;
  priceAmount: number | null;
  availableQty: number | null;
  gallery: ProductImage[];
  videoUrl: string | null;
  seo: { title: string; description: string; socialTitle: string; socialDescription: string; image: ProductImage | null };
};
