/**
 * Price, available quantity and the buying actions of a product: add to cart with a quantity
 * (refused above the stock with the shop's message, here and again by the CMS), and, for a
 * book the retailer sells (it has a SKU), the hand-off to the book retailer.
 */
import { Alert, Button, chakra } from '@chakra-ui/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { StockLabel } from './product-card';
import type { ProductDetailView } from '~/models/products/types';

export type ProductActionData = { intent: 'add' | 'bookstore'; error: string };

export function BuyBox({ product }: { product: ProductDetailView }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const actionData = useActionData<ProductActionData>();
  const [quantity, setQuantity] = useState('1');
  const [localError, setLocalError] = useState<string | null>(null);
  const busyIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const soldOut = product.availableQty === 0;
  const unpriced = product.priceAmount === null;
  const error = localError ?? actionData?.error ?? null;

  const checkQuantity = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== 'add') return;
    const wanted = Number(quantity);
    if (!Number.isInteger(wanted) || wanted < 1) {
      event.preventDefault();
      setLocalError(t('product_quantity_invalid'));
    } else if (product.availableQty !== null && wanted > product.availableQty) {
      event.preventDefault();
      setLocalError(t('error_out_of_stock', { qty: product.availableQty }));
    } else {
      setLocalError(null);
    }
  };

  return (
    <chakra.section borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '5' }} bg="bg" data-testid="product-buy-box">
      <chakra.p fontSize="sm" color="fg.muted">
        {t('product_price')}
      </chakra.p>
      <chakra.p fontSize="3xl" fontWeight="700" lineHeight="1.2" data-testid="product-price">
        {unpriced ? t('products_price_unavailable') : formatMoney(money(product.priceAmount as number, 'THB'), locale)}
      </chakra.p>
      <chakra.p mt="2">
        <StockLabel availableQty={product.availableQty} />
      </chakra.p>
      <Form method="post" noValidate onSubmit={checkQuantity}>
        <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="flex-end" mt="4">
          <chakra.label display="flex" flexDirection="column" gap="1" fontSize="sm" fontWeight="500" htmlFor="product-quantity">
            {t('product_quantity')}
            <chakra.input
              id="product-quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={product.availableQty ?? 99}
              value={quantity}
              onChange={(event) => {
                setQuantity(event.currentTarget.value);
                setLocalError(null);
              }}
              w="24"
              h="10"
              px="3"
              borderWidth="1px"
              borderColor={error ? 'border.error' : 'border'}
              borderRadius="md"
              bg="bg"
              disabled={soldOut || unpriced}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'product-buy-error' : undefined}
              data-testid="product-quantity"
            />
          </chakra.label>
          <Button
            type="submit"
            name="intent"
            value="add"
            colorPalette="teal"
            size="lg"
            flex="1"
            minW="40"
            disabled={soldOut || unpriced}
            loading={busyIntent === 'add'}
            data-testid="product-add-to-cart"
          >
            {t('button_add_to_cart')}
          </Button>
        </chakra.div>
        {error ? (
          <Alert.Root status="error" mt="3" id="product-buy-error" data-testid="product-buy-error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        {product.sku ? (
          <Button
            type="submit"
            name="intent"
            value="bookstore"
            variant="outline"
            colorPalette="teal"
            w="full"
            mt="3"
            disabled={unpriced}
            loading={busyIntent === 'bookstore'}
            data-testid="product-bookstore"
          >
            {t('product_buy_at_bookstore')}
          </Button>
        ) : null}
      </Form>
    </chakra.section>
  );
}
