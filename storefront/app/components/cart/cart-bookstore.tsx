/**
 * The hand-off of the cart's books to the book retailer: shown when the cart holds a book the
 * retailer sells. It posts intent=bookstore to /cart and nothing else; the CMS builds the
 * retailer's cart from the cart's own rows, and the browser goes on to the retailer's page.
 */
import { Alert, Button, chakra } from '@chakra-ui/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
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
      <chakra.div
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        justifyContent="space-between"
        gap="3"
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        bg="bg"
        px={{ base: '4', md: '6' }}
        py="4"
      >
        <chakra.p flex="1 1 16rem" minW="0">
          {t('cart_bookstore_hint', { count: books.length })}
        </chakra.p>
        <Button type="submit" variant="outline" colorPalette="teal" loading={busy} data-testid="cart-bookstore-button">
          {t('cart_bookstore_button')}
        </Button>
      </chakra.div>
      {error ? (
        <Alert.Root status="error" mt="3" data-testid="cart-bookstore-error">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Form>
  );
}
