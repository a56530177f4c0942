/**
 * The product's pictures: the chosen one large, the others as thumbnails below. The first
 * picture is in the server's HTML at its real size; thumbnails are buttons that swap it.
 */
import { chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '~/models/i18n';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH } from './product-card';
import type { ProductImage } from '~/models/products/types';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

const Thumb = chakra('button', {
  base: {
    w: '16',
    flexShrink: '0',
    borderWidth: '2px',
    borderColor: 'transparent',
    borderRadius: 'md',
    overflow: 'hidden',
    cursor: 'pointer',
    bg: 'bg.muted',
    '&[aria-current=true]': { borderColor: 'brand' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <chakra.div
        aspectRatio={`${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`}
        bg="bg.muted"
        color="fg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
        borderRadius="lg"
        data-testid="product-gallery"
      >
        {t('products_no_picture')}
      </chakra.div>
    );
  }
  const current = images[Math.min(index, images.length - 1)];
  return (
    <chakra.section aria-label={t('product_gallery_label')} data-testid="product-gallery">
      <chakra.img
        src={current.url}
        {...responsiveAttributes(current.srcSet, PICTURE_SIZES.productGallery)}
        alt={current.alt || title}
        htmlWidth={current.width ?? PRODUCT_IMAGE_WIDTH}
        htmlHeight={current.height ?? PRODUCT_IMAGE_HEIGHT}
        display="block"
        w="full"
        maxW="md"
        mx="auto"
        h="auto"
        objectFit="contain"
        bg="bg.muted"
        borderRadius="lg"
        fetchPriority="high"
        data-testid="product-gallery-main"
      />
      {images.length > 1 ? (
        <chakra.div display="flex" gap="2" mt="3" overflowX="auto" justifyContent="center" pb="1">
          {images.map((image, position) => (
            <Thumb
              key={`${image.url}-${position}`}
              type="button"
              aria-label={t('product_gallery_show', { index: position + 1 })}
              aria-current={position === index}
              onClick={() => setIndex(position)}
              data-testid="product-gallery-thumb"
            >
              <chakra.img
                src={image.url}
                {...responsiveAttributes(image.srcSet, '64px')}
                alt=""
                htmlWidth={64}
                htmlHeight={Math.round((64 * PRODUCT_IMAGE_HEIGHT) / PRODUCT_IMAGE_WIDTH)}
                display="block"
                w="full"
                h="auto"
                loading="lazy"
              />
            </Thumb>
          ))}
        </chakra.div>
      ) : null}
    </chakra.section>
  );
}
