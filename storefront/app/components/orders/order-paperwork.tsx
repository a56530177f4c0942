/**
 * The paperwork of a paid order in "my orders" (ADRs 197 and 198): the withholding certificate
 * the buyer owes the shop when they withheld tax (a form to send it, a PDF or a picture, until
 * it arrives) and the credit note of an order the shop cancelled. Works without script.
 */
import { Button, chakra } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { FilePicker } from '~/components/file-picker';
import { useLocale, useT } from '~/models/i18n';
import { CERTIFICATE_INTENT, type CertificateOutcome } from '~/models/orders/types';
import type { OrderCardData } from './order-parts';

/** File types the form offers; the CMS checks the bytes again. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

function CertificateForm({ order, outcome }: { order: OrderCardData; outcome: CertificateOutcome | null }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === CERTIFICATE_INTENT && navigation.formData?.get('orderId') === String(order.id);
  const inputId = `certificate-${order.id}`;
  const error = outcome && !outcome.sent ? outcome.message : null;
  return (
    <Form method="post" encType="multipart/form-data" data-testid="certificate-form">
      <input type="hidden" name="intent" value={CERTIFICATE_INTENT} />
      <input type="hidden" name="orderId" value={order.id} />
      <chakra.p fontSize="sm" mb="2">
        {t('orders_wht_missing', { amount: formatMoney(money(order.withholdingAmount, order.currency), locale) })}
      </chakra.p>
      <chakra.label htmlFor={inputId} display="block" fontSize="sm" fontWeight="600" mb="1">
        {t('orders_wht_file_label')}
      </chakra.label>
      <chakra.div display="flex" flexWrap="wrap" gap="2" alignItems="center">
        <FilePicker
          id={inputId}
          name="file"
          required
          accept={ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          data-testid="certificate-file"
        />
        <Button type="submit" size="sm" colorPalette="teal" loading={busy} data-testid="certificate-submit">
          {t('orders_wht_submit')}
        </Button>
      </chakra.div>
      {error ? (
        <chakra.p id={`${inputId}-error`} role="alert" mt="2" fontSize="sm" color="fg.error" data-testid="certificate-error">
          {error}
        </chakra.p>
      ) : null}
    </Form>
  );
}

export function OrderPaperwork({ order, outcome }: { order: OrderCardData; outcome: CertificateOutcome | null }) {
  const t = useT();
  const owesCertificate = order.status === 'approved' && order.withholdingAmount > 0;
  if (!owesCertificate && !order.creditNote) return null;
  return (
    <chakra.section mt="3" pt="3" borderTopWidth="1px" borderColor="border" fontSize="sm" data-testid="order-paperwork">
      {owesCertificate ? (
        <>
          <chakra.h3 fontWeight="700" mb="1">
            {t('orders_wht_title')}
          </chakra.h3>
          {outcome?.sent ? (
            <chakra.p role="status" color="green.700" mb="1" data-testid="certificate-sent">
              {t('orders_wht_sent', { id: order.id })}
            </chakra.p>
          ) : null}
          {order.certificate ? (
            <chakra.p data-testid="certificate-received">{t('orders_wht_received', { date: order.certificate.uploadedAt })}</chakra.p>
          ) : (
            <CertificateForm order={order} outcome={outcome} />
          )}
        </>
      ) : null}
      {order.creditNote ? (
        <chakra.p mt={owesCertificate ? '2' : '0'}>
          <chakra.a href={`/private/orders/${order.id}/documents/credit-note`} color="blue.700" textDecoration="underline" data-testid="order-credit-note" download>
            {t('orders_credit_note', { code: order.creditNote.code })}
          </chakra.a>
        </chakra.p>
      ) : null}
    </chakra.section>
  );
}
