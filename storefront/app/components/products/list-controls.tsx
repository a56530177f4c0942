/**
 * The search box, the sort/filter choice and the page size of the product list: one GET form,
 * so the choices live in the address; a change of filter or size submits at once.
 * Plain elements with the classes of styles/product.css (ADR 207).
 */
import { Form, useSubmit } from '@remix-run/react';
import { useT } from '~/models/i18n';

export type ListControlsProps = {
  keyword: string;
  filter: string | null;
  pageSize: number;
  filters: readonly string[];
  pageSizes: readonly number[];
};

export function ListControls({ keyword, filter, pageSize, filters, pageSizes }: ListControlsProps) {
  const t = useT();
  const submit = useSubmit();
  return (
    <Form method="get" role="search" onChange={(event) => event.target instanceof HTMLSelectElement && submit(event.currentTarget)} data-testid="product-controls">
      <div className="products-controls-row">
        <label className="products-control products-control-keyword">
          {t('products_keyword_label')}
          <div className="products-search-row">
            <input
              type="search"
              className="products-input products-search-input"
              name="keyword"
              defaultValue={keyword}
              placeholder={t('products_keyword_placeholder')}
              maxLength={100}
              data-testid="product-keyword"
            />
            <button type="submit" className="products-search-button" data-testid="product-search">
              {t('products_search_button')}
            </button>
          </div>
        </label>
        <label className="products-control products-control-filter">
          {t('products_filter_label')}
          <select className="products-input" name="filter" defaultValue={filter ?? ''} data-testid="product-filter">
            <option value="">{t('products_filter_all')}</option>
            {filters.map((value) => (
              <option key={value} value={value}>
                {t(`products_filter_${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="products-control products-control-size">
          {t('products_page_size_label')}
          <select className="products-input" name="pageSize" defaultValue={String(pageSize)} data-testid="product-page-size">
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {t('pagination_page_size', { size })}
              </option>
            ))}
          </select>
        </label>
      </div>
    </Form>
  );
}
