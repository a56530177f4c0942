/** The description tabs: the editor's description, and the product's details. Without script the first tab stays readable. */
import { chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Markdown } from '~/components/course/markdown';
import { useT } from '~/models/i18n';
import type { ProductDetailView } from '~/models/products/types';

const TabButton = chakra('button', {
  base: {
    px: '4',
    py: '2.5',
    fontWeight: '600',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    color: 'fg.muted',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    '&[aria-selected=true]': { color: 'brand', borderColor: 'brand' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand' },
  },
});

export function ProductTabs({ product }: { product: ProductDetailView }) {
  const t = useT();
  const tabs: { id: string; label: string; body: ReactNode }[] = [
    {
      id: 'description',
      label: t('product_description'),
      body: product.description ? <Markdown source={product.description} baseLevel={3} /> : <chakra.p>{product.shortDescription}</chakra.p>,
    },
    {
      id: 'details',
      label: t('product_tab_details'),
      body: (
        <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="6" rowGap="2">
          {product.sku ? (
            <>
              <chakra.dt color="fg.muted">{t('product_sku')}</chakra.dt>
              <dd>{product.sku}</dd>
            </>
          ) : null}
          <chakra.dt color="fg.muted">{t('product_quantity')}</chakra.dt>
          <dd>{product.availableQty === null ? t('product_stock_untracked') : product.availableQty === 0 ? t('product_out_of_stock') : t('product_available_qty', { qty: product.availableQty })}</dd>
        </chakra.dl>
      ),
    },
  ];
  const [active, setActive] = useState(tabs[0].id);
  return (
    <div data-testid="product-tabs">
      <chakra.div role="tablist" display="flex" gap="1" borderBottomWidth="1px" borderColor="border" mb="4" overflowX="auto">
        {tabs.map((tab) => (
          <TabButton key={tab.id} type="button" role="tab" id={`product-tab-${tab.id}`} aria-selected={active === tab.id} aria-controls={`product-panel-${tab.id}`} onClick={() => setActive(tab.id)}>
            {tab.label}
          </TabButton>
        ))}
      </chakra.div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`product-panel-${tab.id}`} aria-labelledby={`product-tab-${tab.id}`} hidden={active !== tab.id}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}
