/**
 * One product of the list: its cover in a portrait slot sized for the book covers the shop
 * sells (5:7, 400x560 at most), its title, price and stock. The whole card links to the page.
 */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';
import type { ProductCardView } from '~/models/products/types';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 560;

const CardLink = chakra(Link, {
  base: {
    display: 'flex',
    flexDirection: 'column',
    h: 'full',
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    overflow: 'hidden',
    transition: 'box-shadow 0.15s, transform 0.15s',
    _hover: { boxShadow: 'md', transform: 'translateY(-2px)' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
});

const Picture = chakra('img', {
  base: { display: 'block', w: 'full', h: 'auto', aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`, objectFit: 'cover', bg: 'bg.muted' },
});

const Placeholder = chakra('div', {
  base: {
    aspectRatio: `${PRODUCT_IMAGE_WIDTH} / ${PRODUCT_IMAGE_HEIGHT}`,
    bg: 'bg.muted',
    color: 'fg.muted',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 'sm',
    px: '4',
    textAlign: 'center',
  },
});

export function StockLabel({ availableQty }: { availableQty: number | null }) {
  const t = useT();
  if (availableQty === 0) {
    return (
      <chakra.span color="red.700" fontWeight="600" data-testid="product-stock">
        {t('product_out_of_stock')}
      </chakra.span>
    );
  }
  return (
    <chakra.span color="green.700" data-testid="product-stock">
      {availableQty === null ? t('product_stock_untracked') : t('product_available_qty', { qty: availableQty })}
    </chakra.span>
  );
}

export function ProductCard({ product, eager }: { product: ProductCardView; eager: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <CardLink to={product.path} prefetch="intent" data-testid="product-card" data-product-id={product.id}>
      {product.pictureUrl ? (
        <Picture
          src={product.pictureUrl}
          {...responsiveAttributes(product.pictureSrcSet, PICTURE_SIZES.productCard)}
          alt={product.imageAlt}
          htmlWidth={PRODUCT_IMAGE_WIDTH}
          htmlHeight={PRODUCT_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <Placeholder>{t('products_no_picture')}</Placeholder>
      )}
      <chakra.div p="4" display="flex" flexDirection="column" gap="1.5" flex="1">
        <chakra.h2 fontSize="md" fontWeight="600" lineHeight="1.5" lineClamp="2" data-testid="product-card-title">
          {product.title}
        </chakra.h2>
        {product.shortDescription ? (
          <chakra.p fontSize="sm" color="fg.muted" lineClamp="2">
            {product.shortDescription}
          </chakra.p>
        ) : null}
        <chakra.div mt="auto" pt="2" display="flex" flexWrap="wrap" alignItems="baseline" justifyContent="space-between" gap="2" fontSize="sm">
          <chakra.span fontSize="lg" fontWeight="700" color="fg" data-testid="product-card-price">
            {product.priceAmount !== null ? formatMoney(money(product.priceAmount, 'THB'), locale) : t('products_price_unavailable')}
          </chakra.span>
          <StockLabel availableQty={product.availableQty} />
        </chakra.div>
      </chakra.div>
    </CardLink>
  );
}
