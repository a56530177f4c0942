/** The product page's body: gallery, title, buy box and description tabs (the product route and its preview). Plain elements with the classes of styles/product.css (ADR 207). */
import { BuyBox } from '~/components/products/buy-box';
import { ProductGallery } from '~/components/products/product-gallery';
import { ProductTabs } from '~/components/products/product-tabs';
import { useT } from '~/models/i18n';
import type { ProductDetailView } from '~/models/products/types';

export function ProductPage({ product }: { product: ProductDetailView }) {
  const t = useT();
  return (
    <div className="product-page" data-testid="product-page" data-product-id={product.id}>
      <nav aria-label={t('products_title')} className="product-back">
        <a href="/products" className="product-back-link">
          ‹ {t('products_title')}
        </a>
      </nav>
      <div className="product-columns">
        <ProductGallery images={product.gallery} title={product.title} />
        <div className="product-summary">
          <h1 className="product-title" data-testid="product-title">
            {product.title}
          </h1>
          {product.shortDescription ? <p className="product-muted">{product.shortDescription}</p> : null}
          <BuyBox product={product} />
        </div>
      </div>
      <div className="product-more">
        <ProductTabs product={product} />
      </div>
    </div>
  );
}
