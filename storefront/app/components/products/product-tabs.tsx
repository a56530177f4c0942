/** The description tabs: the editor's description, and the product's details. Without script the first tab stays readable. Plain elements with the classes of styles/product.css (ADR 207). */
import { useState, type ReactNode } from 'react';
import { Markdown } from '~/components/course/markdown';
import { useT } from '~/models/i18n';
import type { ProductDetailView } from '~/models/products/types';

export function ProductTabs({ product }: { product: ProductDetailView }) {
  const t = useT();
  const tabs: { id: string; label: string; body: ReactNode }[] = [
    {
      id: 'description',
      label: t('product_description'),
      body: product.description ? <Markdown source={product.description} baseLevel={3} /> : <p>{product.shortDescription}</p>,
    },
    {
      id: 'details',
      label: t('product_tab_details'),
      body: (
        <dl className="product-details">
          {product.sku ? (
            <>
              <dt>{t('product_sku')}</dt>
              <dd>{product.sku}</dd>
            </>
          ) : null}
          <dt>{t('product_quantity')}</dt>
          <dd>{product.availableQty === null ? t('product_stock_untracked') : product.availableQty === 0 ? t('product_out_of_stock') : t('product_available_qty', { qty: product.availableQty })}</dd>
        </dl>
      ),
    },
  ];
  const [active, setActive] = useState(tabs[0].id);
  return (
    <div data-testid="product-tabs">
      <div role="tablist" className="product-tablist">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            className="product-tab"
            role="tab"
            id={`product-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`product-panel-${tab.id}`}
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`product-panel-${tab.id}`} aria-labelledby={`product-tab-${tab.id}`} hidden={active !== tab.id}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}
