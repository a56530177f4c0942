/**
 * The hand-off of the cart's books to the book retailer: shown when the cart holds a book the
 * retailer sells. It posts intent=bookstore to /cart and nothing else; the CMS builds the
 * retailer's cart from the cart's own rows, and the browser goes on to the retailer's page.
 */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { FormButton } from '~/components/checkout/form-button';
import { PayNotice } from '~/components/payment/pay-button';
import { useT } from '~/models/i18n';
import type { CartLine } from '~/models/cart/cart-pricing';

type BookstoreActionData = { intent: string; error?: { message: string } };

export function CartBookstore({ lines }: { lines: CartLine[] }) {
  const t = useT();
  const navigation = useNavigation();
  const actionData = useActionData<BookstoreActionData>();
  const books = lines.filter((line) => line.soldByRetailer);
  if (books.length === 0) return null;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'bookstore';
  const error = actionData?.intent === 'bookstore' ? actionData.error : undefined;
  return (
    <Form method="post" aria-label={t('cart_bookstore_button')} data-testid="cart-bookstore">
      <input type="hidden" name="intent" value="bookstore" />
      <div className="cart-bookstore">
        <p className="cart-grow">{t('cart_bookstore_hint', { count: books.length })}</p>
        <FormButton type="submit" variant="outline" palette="teal" loading={busy} data-testid="cart-bookstore-button">
          {t('cart_bookstore_button')}
        </FormButton>
      </div>
      {error ? (
        <div className="ck-gap-top-3">
          <PayNotice status="error" title={error.message} role="alert" testId="cart-bookstore-error" />
        </div>
      ) : null}
    </Form>
  );
}
