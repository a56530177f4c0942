/**
 * Price, available quantity and the buying actions of a product: add to cart with a quantity
 * (refused above the stock with the shop's message, here and again by the CMS), and, for a
 * book the retailer sells (it has a SKU), the hand-off to the book retailer.
 * Plain elements with the classes of styles/product.css; the buttons are drawn as Chakra's with
 * the checkout's `ck-button` classes (styles/checkout.css), the error as its alert (ADR 207).
 */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useState, type ButtonHTMLAttributes } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { StockLabel } from './product-card';
import type { ProductDetailView } from '~/models/products/types';

export type ProductActionData = { intent: 'add' | 'bookstore'; error: string };

/** A submit button drawn as Chakra's teal Button: while `loading` it is disabled and shows a spinner over its label, which screen readers still read. */
function BuyButton({ loading, className, disabled, children, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { loading: boolean }) {
  return (
    <button type="submit" className={`ck-button ck-palette-teal ${className}`} disabled={disabled || loading} data-loading={loading ? '' : undefined} aria-busy={loading || undefined} {...button}>
      {loading ? (
        <>
          <span className="ck-spinner" aria-hidden="true" />
          <span className="ck-button-label">{children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Chakra's warning icon, the indicator of its error alert. */
function ErrorIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" strokeWidth="0" aria-hidden="true">
      <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
    </svg>
  );
}

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
    <section className="product-buy-box" data-testid="product-buy-box">
      <p className="product-price-label">{t('product_price')}</p>
      <p className="product-price" data-testid="product-price">
        {unpriced ? t('products_price_unavailable') : formatMoney(money(product.priceAmount as number, 'THB'), locale)}
      </p>
      <p className="product-stock-line">
        <StockLabel availableQty={product.availableQty} />
      </p>
      <Form method="post" noValidate onSubmit={checkQuantity}>
        <div className="product-buy-row">
          <label className="product-quantity-label" htmlFor="product-quantity">
            {t('product_quantity')}
            <input
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
              className="product-quantity"
              disabled={soldOut || unpriced}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'product-buy-error' : undefined}
              data-testid="product-quantity"
            />
          </label>
          <BuyButton name="intent" value="add" className="ck-button-lg ck-button-solid product-add" disabled={soldOut || unpriced} loading={busyIntent === 'add'} data-testid="product-add-to-cart">
            {t('button_add_to_cart')}
          </BuyButton>
        </div>
        {error ? (
          <div className="product-alert product-below" id="product-buy-error" data-testid="product-buy-error">
            <span className="product-alert-indicator">
              <ErrorIcon />
            </span>
            <div className="product-alert-title">{error}</div>
          </div>
        ) : null}
        {product.sku ? (
          <BuyButton
            name="intent"
            value="bookstore"
            className="ck-button-outline ck-button-full product-below"
            disabled={unpriced}
            loading={busyIntent === 'bookstore'}
            data-testid="product-bookstore"
          >
            {t('product_buy_at_bookstore')}
          </BuyButton>
        ) : null}
      </Form>
    </section>
  );
}
