/**
 * Page links of a list (spec: 10 a page, sizes 10/20/30/40, a jump of 5 pages, 3 when the list
 * is short). Plain links that keep the rest of the query, so every page has its own address
 * and works before the scripts load.
 */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { PAGINATION } from '@sala/shared/constants';
import { useT } from '~/models/i18n';

const PageLink = chakra(Link, {
  base: {
    minW: '10',
    h: '10',
    px: '3',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    bg: 'bg',
    fontWeight: '500',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
    '&[aria-current=page]': { bg: 'brand', color: 'white', borderColor: 'brand' },
  },
});

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
    <chakra.nav aria-label={t('products_pagination_label')} data-testid="pagination">
      <chakra.ul listStyle="none" display="flex" flexWrap="wrap" gap="2" justifyContent="center">
        {page > 1 ? (
          <li>
            <PageLink to={href(page - 1)} rel="prev" aria-label={t('products_previous_page')}>
              ‹
            </PageLink>
          </li>
        ) : null}
        {pages[0] > 1 ? (
          <li>
            <PageLink to={href(1)} aria-label={t('products_page_number', { page: 1 })}>
              1
            </PageLink>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number}>
            <PageLink to={href(number)} aria-current={number === page ? 'page' : undefined} aria-label={t('products_page_number', { page: number })}>
              {number}
            </PageLink>
          </li>
        ))}
        {pages[pages.length - 1] < pageCount ? (
          <li>
            <PageLink to={href(pageCount)} aria-label={t('products_page_number', { page: pageCount })}>
              {pageCount}
            </PageLink>
          </li>
        ) : null}
        {page < pageCount ? (
          <li>
            <PageLink to={href(page + 1)} rel="next" aria-label={t('products_next_page')}>
              ›
            </PageLink>
          </li>
        ) : null}
      </chakra.ul>
    </chakra.nav>
  );
}
