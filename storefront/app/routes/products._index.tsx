/**
 * /products: published products, 10 a page by default (10/20/30/40), narrowed by keyword and
 * filter (in stock, newest, price up or down); every choice is in the query string, so a page
 * of results has its own address. Anonymous pages may sit in a shared cache for a few seconds.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListControls } from '~/components/products/list-controls';
import { Pagination } from '~/components/products/pagination';
import { ProductCard } from '~/components/products/product-card';
import { PRODUCT_FILTERS, PRODUCT_PAGE_SIZES } from '~/models/products/types';
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/cache-control';
import { CmsApiError, CmsError } from '~/lib/cms.server';
import { textsOfMatches, useT } from '~/models/i18n';
import { getProductList, readProductListQuery } from '~/lib/products.server';
import { getLocale } from '~/lib/i18n.server';
import { hasSessionCookie } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';

const PRIVATE = 'private, no-store';
/** Cards of the first row (four at the widest layout) are above the fold. */
const EAGER_CARDS = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readProductListQuery(new URL(request.url));
  const cacheControl = hasSessionCookie(request) ? PRIVATE : PUBLIC_PAGE_CACHE_CONTROL;
  try {
    const list = await getProductList(query, { signal: request.signal, locale: getLocale(request) });
    return data({ query, ...list }, { headers: { 'Cache-Control': cacheControl } });
  } catch (error) {
    if (!(error instanceof CmsError || error instanceof CmsApiError)) throw error;
    console.error(`[products] list unavailable: ${error.message}`);
    throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => ({
  'Cache-Control': errorHeaders ? 'no-store' : (loaderHeaders.get('Cache-Control') ?? PRIVATE),
  Vary: 'Cookie',
});

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches, data: page }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  const title = `${texts?.products_title ?? 'Products'} | ${siteName}`;
  const description = texts?.products_meta_description ?? '';
  const tags: ReturnType<MetaFunction> = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  // Filtered and later pages are the same content again: only the first plain page is indexed.
  if (page && (page.query.keyword || page.query.filter || page.page > 1)) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
};

export default function ProductsRoute() {
  const page = useLoaderData<typeof loader>();
  const t = useT();
  const location = useLocation();
  const from = page.total === 0 ? 0 : (page.page - 1) * page.pageSize + 1;
  const to = Math.min(page.total, page.page * page.pageSize);
  return (
    <div className="products-page" data-testid="products-page">
      <h1 className="products-heading">{t('products_title')}</h1>
      <div className="products-controls">
        <ListControls keyword={page.query.keyword} filter={page.query.filter} pageSize={page.pageSize} filters={PRODUCT_FILTERS} pageSizes={PRODUCT_PAGE_SIZES} />
      </div>
      {page.products.length === 0 ? (
        <p className="products-empty" data-testid="products-empty">
          {t('products_empty')}
        </p>
      ) : (
        <>
          <p className="products-count" data-testid="products-count">
            {t('pagination_items', { from, to, total: page.total })}
          </p>
          <ul className="products-grid" data-testid="product-list">
            {page.products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
          <div className="products-pagination">
            <Pagination page={page.page} pageCount={page.pageCount} search={new URLSearchParams(location.search)} />
          </div>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
