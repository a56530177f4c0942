/**
 * The one click after a payment that did not go through and cancelled its order (ADR 178):
 * posts `intent=retry` to the order's payment page, whose action asks the CMS for a new order
 * with the same selections and goes on to its payment. Works without script too. Plain
 * elements with static classes (ADR 210): my orders and the payment page show it.
 */
import { Form, useNavigation } from '@remix-run/react';
import { useT } from '~/models/i18n';
import { PayButton } from './pay-button';

export function RetryOrderForm({ orderId, testId = 'retry-order' }: { orderId: number; testId?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'retry';
  return (
    <Form method="post" action={`/pay/${orderId}`} data-testid="retry-order-form">
      <input type="hidden" name="intent" value="retry" />
      <p className="pay-sm ck-muted ck-gap-bottom">{t('orders_retry_new_order_hint')}</p>
      <PayButton type="submit" palette="teal" loading={busy} data-testid={testId}>
        {t('orders_retry_new_order')}
      </PayButton>
    </Form>
  );
}
