/**
 * The search box, the sort/filter choice and the page size of the product list: one GET form,
 * so the choices live in the address; a change of filter or size submits at once.
 */
import { chakra } from '@chakra-ui/react';
import { Form, useSubmit } from '@remix-run/react';
import { useT } from '~/models/i18n';

const Control = chakra('select', {
  base: { h: '10', px: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg', minW: '0', _focusVisible: { outline: '2px solid', outlineColor: 'brand' } },
});

const SearchInput = chakra('input', {
  base: { flex: '1', minW: '0', h: '10', px: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', bg: 'bg', _focusVisible: { outline: '2px solid', outlineColor: 'brand' } },
});

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
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="flex-end">
        <chakra.label display="flex" flexDirection="column" gap="1" flex="1 1 16rem" minW="0" fontSize="sm" fontWeight="500">
          {t('products_keyword_label')}
          <chakra.div display="flex" gap="2">
            <SearchInput type="search" name="keyword" defaultValue={keyword} placeholder={t('products_keyword_placeholder')} maxLength={100} data-testid="product-keyword" />
            <chakra.button type="submit" h="10" px="4" borderRadius="md" bg="brand" color="white" fontWeight="600" cursor="pointer" flexShrink="0" data-testid="product-search">
              {t('products_search_button')}
            </chakra.button>
          </chakra.div>
        </chakra.label>
        <chakra.label display="flex" flexDirection="column" gap="1" flex="1 1 10rem" minW="0" fontSize="sm" fontWeight="500">
          {t('products_filter_label')}
          <Control name="filter" defaultValue={filter ?? ''} data-testid="product-filter">
            <option value="">{t('products_filter_all')}</option>
            {filters.map((value) => (
              <option key={value} value={value}>
                {t(`products_filter_${value}`)}
              </option>
            ))}
          </Control>
        </chakra.label>
        <chakra.label display="flex" flexDirection="column" gap="1" flex="0 1 8rem" minW="0" fontSize="sm" fontWeight="500">
          {t('products_page_size_label')}
          <Control name="pageSize" defaultValue={String(pageSize)} data-testid="product-page-size">
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {t('pagination_page_size', { size })}
              </option>
            ))}
          </Control>
        </chakra.label>
      </chakra.div>
    </Form>
  );
}
