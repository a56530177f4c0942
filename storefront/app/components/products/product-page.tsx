/** The product page's body: gallery, title, buy box and description tabs (the product route and its preview). */
import { chakra } from '@chakra-ui/react';
import { BuyBox } from '~/components/products/buy-box';
import { ProductGallery } from '~/components/products/product-gallery';
import { ProductTabs } from '~/components/products/product-tabs';
import { useT } from '~/models/i18n';
import type { ProductDetailView } from '~/models/products/types';

export function ProductPage({ product }: { product: ProductDetailView }) {
  const t = useT();
  return (
    <chakra.div maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="product-page" data-product-id={product.id}>
      <chakra.nav aria-label={t('products_title')} fontSize="sm" mb="4">
        <chakra.a href="/products" color="brand" fontWeight="600" _hover={{ textDecoration: 'underline' }}>
          ‹ {t('products_title')}
        </chakra.a>
      </chakra.nav>
      <chakra.div display="grid" gap={{ base: '6', md: '10' }} gridTemplateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} alignItems="start">
        <ProductGallery images={product.gallery} title={product.title} />
        <chakra.div display="flex" flexDirection="column" gap="4" minW="0">
          <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" lineHeight="1.35" overflowWrap="anywhere" data-testid="product-title">
            {product.title}
          </chakra.h1>
          {product.shortDescription ? <chakra.p color="fg.muted">{product.shortDescription}</chakra.p> : null}
          <BuyBox product={product} />
        </chakra.div>
      </chakra.div>
      <chakra.div mt={{ base: '8', md: '12' }}>
        <ProductTabs product={product} />
      </chakra.div>
    </chakra.div>
  );
}
