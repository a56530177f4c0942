/**
 * Page links of a list (spec: 10 a page, sizes 10/20/30/40, a jump of 5 pages, 3 when the list
 * is short). Plain links that keep the rest of the query, so every page has its own address
 * and works before the scripts load. Plain elements with the classes of styles/product.css (ADR 207).
 */
import { Link } from '@remix-run/react';
import { PAGINATION } from '@sala/shared/constants';
import { useT } from '~/models/i18n';

/** The page numbers around the current one: a window of `jumpStep` pages (3 when there are few). */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = pageCount <= PAGINATION.jumpStep * 2 ? PAGINATION.jumpStepLessItems : PAGINATION.jumpStep;
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  const pages: number[] = [];
  for (let current = first; current <= Math.min(pageCount, first + size - 1); current += 1) pages.push(current);
  return pages;
}

export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: URLSearchParams }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `?${query}` : '.';
  };
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label={t('products_pagination_label')} data-testid="pagination">
      <ul className="pagination">
        {page > 1 ? (
          <li>
            <Link className="pagination-link" to={href(page - 1)} rel="prev" aria-label={t('products_previous_page')}>
              ‹
            </Link>
          </li>
        ) : null}
        {pages[0] > 1 ? (
          <li>
            <Link className="pagination-link" to={href(1)} aria-label={t('products_page_number', { page: 1 })}>
              1
            </Link>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number}>
            <Link className="pagination-link" to={href(number)} aria-current={number === page ? 'page' : undefined} aria-label={t('products_page_number', { page: number })}>
              {number}
            </Link>
          </li>
        ))}
        {pages[pages.length - 1] < pageCount ? (
          <li>
            <Link className="pagination-link" to={href(pageCount)} aria-label={t('products_page_number', { page: pageCount })}>
              {pageCount}
            </Link>
          </li>
        ) : null}
        {page < pageCount ? (
          <li>
            <Link className="pagination-link" to={href(page + 1)} rel="next" aria-label={t('products_next_page')}>
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
