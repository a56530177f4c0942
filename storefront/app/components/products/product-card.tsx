/**
 * One product of the list: its cover in a portrait slot sized for the book covers the shop
 * sells (5:7, 400x560 at most), its title, price and stock. The whole card links to the page.
 * Plain elements with the classes of styles/product.css (ADR 207).
 */
import { Link } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';
import type { ProductCardView } from '~/models/products/types';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';

export const PRODUCT_IMAGE_WIDTH = 400;
export const PRODUCT_IMAGE_HEIGHT = 560;

export function StockLabel({ availableQty }: { availableQty: number | null }) {
  const t = useT();
  if (availableQty === 0) {
    return (
      <span className="product-stock-out" data-testid="product-stock">
        {t('product_out_of_stock')}
      </span>
    );
  }
  return (
    <span className="product-stock" data-testid="product-stock">
      {availableQty === null ? t('product_stock_untracked') : t('product_available_qty', { qty: availableQty })}
    </span>
  );
}

export function ProductCard({ product, eager }: { product: ProductCardView; eager: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link to={product.path} prefetch="intent" className="product-card" data-testid="product-card" data-product-id={product.id}>
      {product.pictureUrl ? (
        <img
          src={product.pictureUrl}
          {...responsiveAttributes(product.pictureSrcSet, PICTURE_SIZES.productCard)}
          alt={product.imageAlt}
          width={PRODUCT_IMAGE_WIDTH}
          height={PRODUCT_IMAGE_HEIGHT}
          className="product-card-picture"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="product-card-placeholder">{t('products_no_picture')}</div>
      )}
      <div className="product-card-body">
        <h2 className="product-card-title" data-testid="product-card-title">
          {product.title}
        </h2>
        {product.shortDescription ? <p className="product-card-text">{product.shortDescription}</p> : null}
        <div className="product-card-foot">
          <span className="product-card-price" data-testid="product-card-price">
            {product.priceAmount !== null ? formatMoney(money(product.priceAmount, 'THB'), locale) : t('products_price_unavailable')}
          </span>
          <StockLabel availableQty={product.availableQty} />
        </div>
      </div>
    </Link>
  );
}
