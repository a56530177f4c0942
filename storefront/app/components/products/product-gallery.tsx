/**
 * The product's pictures: the chosen one large, the others as thumbnails below. The first
 * picture is in the server's HTML at its real size; thumbnails are buttons that swap it.
 * Plain elements with the classes of styles/product.css (ADR 207).
 */
import { useState } from 'react';
import { useT } from '~/models/i18n';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './product-card';
import type { ProductImage } from '~/models/products/types';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="product-gallery-empty" data-testid="product-gallery">
        {t('products_no_picture')}
      </div>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  return (
    <section aria-label={t('product_gallery_label')} data-testid="product-gallery">
      <img
        src={current.url}
        {...responsiveAttributes(current.srcSet, PICTURE_SIZES.productGallery)}
        alt={current.alt || title}
        width={current.width ?? PRODUCT_IMAGE_WIDTH}
        height={current.height ?? PRODUCT_IMAGE_HEIGHT}
        className="product-gallery-main"
        fetchPriority="high"
        data-testid="product-gallery-main"
      />
      {images.length > 1 ? (
        <div className="product-thumbs">
          {images.map((image, position) => (
            <button
              key={`${image.url}-${position}`}
              type="button"
              className="product-thumb"
              aria-label={t('product_gallery_show', { index: position + 1 })}
              aria-current={position === index}
              onClick={() => setIndex(position)}
              data-testid="product-gallery-thumb"
            >
              <img src={image.url} {...responsiveAttributes(image.srcSet, '64px')} alt="" width={64} height={Math.round((64 * PRODUCT_IMAGE_HEIGHT) / PRODUCT_IMAGE_WIDTH)} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
