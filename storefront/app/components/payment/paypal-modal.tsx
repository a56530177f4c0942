/**
 * The PayPal modal (method 2): the amount and a button to PayPal's approval page. After
 * approving, PayPal sends the buyer back to the CMS, which captures on the server and
 * sends them on (thank-you page or order list); an amount PayPal did not capture never
 * approves the order. Cancelling, or closing the modal, goes to the order list.
 */
import { Button, CloseButton, Dialog, Portal, Stack, chakra } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { CardNotice } from './pay-button';
import type { PayOrder } from '~/models/payment/types';

export const ORDER_LIST_PATH = '/myaccount/student/order';

export function PayPalModal({ data, order }: { data: Record<string, unknown>; order: PayOrder }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const approveUrl = typeof data.approveUrl === 'string' && /^https?:\/\//.test(data.approveUrl) ? data.approveUrl : null;
  const close = () => navigate(ORDER_LIST_PATH);
  const amount = formatMoney(money(order.netAmount, order.currency), locale);
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && close()} placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="paypal-modal" data-paypal-order={typeof data.orderId === 'string' ? data.orderId : undefined} maxW="md">
            <Dialog.Header>
              <Dialog.Title>{t('paypal_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <chakra.p>{t('paypal_description', { amount })}</chakra.p>
                <chakra.p fontSize="2xl" fontWeight="700" textAlign="center" data-testid="paypal-amount">
                  {amount}
                </chakra.p>
                {approveUrl ? null : <CardNotice title={t('cart_fail')} description={t('payment_fail')} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} gap="2" alignItems="stretch">
              <Button variant="outline" onClick={close} data-testid="paypal-cancel">
                {t('button_cancel')}
              </Button>
              {approveUrl ? (
                <Button asChild bg="#ffc439" color="#111" _hover={{ bg: '#f2ba36' }} loading={leaving} data-testid="paypal-approve">
                  <a href={approveUrl} onClick={() => setLeaving(true)}>
                    {t('paypal_button')}
                  </a>
                </Button>
              ) : null}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('button_close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
