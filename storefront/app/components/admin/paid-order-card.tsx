/**
 * One paid order on /admin/orders (ADRs 197 and 198): buyer, amounts, the receipt or tax invoice,
 * the buyer's withholding certificate (or that it is still missing), the credit note once
 * cancelled, and the cancellation of an approved order with a reason printed on the credit note.
 * Works without script: the cancellation is a plain form in a disclosure.
 */
import { Badge, Button, Field, Textarea, chakra } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { CANCEL_REASON_MAX_LENGTH } from '@sala/shared/schemas';
import type { Currency } from '@sala/shared/constants';
import { formatMoney, money } from '@sala/shared/money';
import { useLocale, useT } from '~/models/i18n';

export type PaidOrderView = {
  id: number;
  status: string;
  approvedAt: string | null;
  buyer: string;
  currency: Currency;
  netAmount: number;
  withholdingAmount: number;
  withholding: boolean;
  document: { code: string } | null;
  certificate: { fileName: string; uploadedAt: string } | null;
  creditNote: { code: string } | null;
};

/** The cancel form's refusal for one order, as the action answered it. */
export type CancelOutcome = { orderId: number; message: string } | null;

const link = { color: 'blue.700', textDecoration: 'underline' } as const;

export function PaidOrderCard({ order, refusal }: { order: PaidOrderView; refusal: CancelOutcome }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const show = (amount: number) => formatMoney(money(amount, order.currency), locale);
  const busy = navigation.state !== 'idle' && navigation.formData?.get('orderId') === String(order.id);
  const error = refusal?.orderId === order.id ? refusal.message : null;
  return (
    <chakra.article borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '5' }} data-testid="admin-order" data-order-id={order.id} fontSize="sm">
      <chakra.div display="flex" flexWrap="wrap" justifyContent="space-between" gap="2" alignItems="center">
        <chakra.h2 fontSize="md" fontWeight="700">
          {t('admin_orders_order', { id: order.id })}
        </chakra.h2>
        {order.status === 'cancelled' ? <Badge colorPalette="gray">{t('admin_orders_cancelled_badge')}</Badge> : null}
      </chakra.div>
      <chakra.p overflowWrap="anywhere">
        {order.buyer}
        {order.approvedAt ? <chakra.span color="fg.muted"> · {order.approvedAt}</chakra.span> : null}
      </chakra.p>
      <chakra.p>
        {t('admin_orders_paid', { amount: show(order.netAmount) })}
        {order.withholding ? ` · ${t('admin_orders_withheld', { amount: show(order.withholdingAmount) })}` : ''}
      </chakra.p>
      {order.document ? <chakra.p>{t('admin_orders_document', { code: order.document.code })}</chakra.p> : null}
      {order.withholding ? (
        order.certificate ? (
          <chakra.p>
            <chakra.a href={`/admin/orders/certificate/${order.certificate.fileName}`} target="_blank" rel="noopener" {...link} data-testid="admin-order-certificate">
              {t('admin_orders_certificate_open')}
            </chakra.a>
            <chakra.span color="fg.muted"> · {order.certificate.uploadedAt}</chakra.span>
          </chakra.p>
        ) : (
          <chakra.p color="orange.700" fontWeight="600" data-testid="admin-order-certificate-missing">
            {t('admin_orders_certificate_missing')}
          </chakra.p>
        )
      ) : null}
      {order.creditNote ? (
        <chakra.p>
          <chakra.a href={`/admin/orders/${order.id}/credit-note`} {...link} data-testid="admin-order-credit-note" download>
            {t('admin_orders_credit_note', { code: order.creditNote.code })}
          </chakra.a>
        </chakra.p>
      ) : null}
      {order.status === 'approved' ? (
        <chakra.details mt="3" open={error ? true : undefined}>
          <chakra.summary cursor="pointer" color="red.700" fontWeight="600" data-testid="admin-order-cancel-open">
            {t('admin_orders_cancel')}
          </chakra.summary>
          <Form method="post" data-testid="admin-order-cancel-form">
            <input type="hidden" name="orderId" value={order.id} />
            <Field.Root invalid={Boolean(error)} mt="2">
              <Field.Label>{t('admin_orders_cancel_reason')}</Field.Label>
              <Textarea name="reason" rows={2} maxLength={CANCEL_REASON_MAX_LENGTH} required />
              {error ? <Field.ErrorText data-testid="admin-order-cancel-error">{error}</Field.ErrorText> : null}
            </Field.Root>
            <Button type="submit" mt="2" size="sm" colorPalette="red" loading={busy} data-testid="admin-order-cancel-confirm">
              {t('admin_orders_cancel_confirm')}
            </Button>
          </Form>
        </chakra.details>
      ) : null}
    </chakra.article>
  );
}
