/**
 * The payment of a placed order, with the CMS's own totals: the payment page's and the course
 * page's. Bank transfer completes here: the shop's accounts with their PromptPay QR, and the
 * payment notification with the transfer report and its slip. Plain elements and static classes,
 * drawn in the server's HTML; the notification's modal and the account's QR picture are Chakra
 * dialogs loaded when first opened (ADR 217). Without script the report is a plain form.
 */
import { Form, useActionData } from '@remix-run/react';
import { FormProvider, useForm } from '@conform-to/react';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { money, toMajorString } from '@sala/shared/money';
import { lazy, Suspense, useState } from 'react';
import { useT } from '~/models/i18n';
import type { PaymentStep } from '~/models/checkout/types';
import { useHydrated } from '~/components/use-hydrated';
import { BankTransferView } from './bank-transfer-view';
import { FormButton } from './form-button';
import { useOpenedOnce } from './opened-once';
import { PaymentSummary } from './payment-summary';
import type { QrPicture } from './qr-dialog';
import { bangkokNow, ReportFields, type ReportFetcherData } from './report-fields';

const ReportDialog = lazy(() => import('./report-dialog'));
const QrDialog = lazy(() => import('./qr-dialog'));

/**
 * The report as a plain form for a browser without script (rendered inside <noscript>, so a
 * browser with script never builds it): it posts to the page's action, which answers the same
 * page with each error beside its field, or goes on to the thank-you page once the report is filed.
 */
function PlainReportForm({ payment }: { payment: PaymentStep }) {
  const t = useT();
  const actionData = useActionData<ReportFetcherData | { intent: string }>();
  const lastResult = actionData?.intent === 'report' ? (actionData as ReportFetcherData).lastResult : undefined;
  const [form] = useForm({ id: 'report-form-plain', lastResult: lastResult as never });
  const [defaults] = useState(bangkokNow);
  return (
    <div className="ck-panel ck-panel-md" data-testid="report-plain">
      <h3 className="ck-block-title ck-title-tight">{t('cart_payment_notification')}</h3>
      <p className="ck-muted ck-gap-bottom-4">{t('checkout_report_inline_hint')}</p>
      <FormProvider context={form.context}>
        <Form method="post" encType="multipart/form-data" id={form.id} noValidate>
          <input type="hidden" name="intent" value="report" />
          <ReportFields payment={payment} defaults={defaults} amount={toMajorString(money(payment.netAmount, payment.currency))} formErrors={form.errors} />
          <FormButton type="submit" palette="teal" className="ck-gap-top-4" data-testid="report-plain-submit">
            {t('cart_notify_payment')}
          </FormButton>
        </Form>
      </FormProvider>
    </div>
  );
}

/**
 * `waitForScripts`: the buttons are disabled until the page has hydrated (the payment page, whose
 * HTML a browser without script shows as it is). Without it they are live in the server's HTML:
 * the course page keeps that HTML as an island, which a click on them wakes (ADR 153).
 */
function PaymentPanel({ payment, waitForScripts = false }: { payment: PaymentStep; waitForScripts?: boolean }) {
  const t = useT();
  const [reportOpen, setReportOpen] = useState(false);
  const [qr, setQr] = useState<QrPicture | null>(null);
  const reportMounted = useOpenedOnce(reportOpen);
  const qrMounted = useOpenedOnce(qr !== null);
  const live = useHydrated() || !waitForScripts;
  const bankTransfer = payment.paymentMethodId === PAYMENT_METHOD_IDS.BANK_TRANSFER;
  return (
    <div className="ck-stack-5" data-testid="payment-step" data-order-id={payment.orderId}>
      <PaymentSummary payment={payment} />

      {bankTransfer ? (
        <>
          <BankTransferView payment={payment} onShowQr={live ? setQr : undefined} onOpenReport={live ? () => setReportOpen(true) : undefined} />
          {qrMounted ? (
            <Suspense fallback={null}>
              <QrDialog qr={qr} onClose={() => setQr(null)} />
            </Suspense>
          ) : null}
          {reportMounted ? (
            <Suspense fallback={null}>
              <ReportDialog payment={payment} open={reportOpen} onOpenChange={setReportOpen} />
            </Suspense>
          ) : null}
          <noscript>
            <PlainReportForm payment={payment} />
          </noscript>
        </>
      ) : (
        <div className="ck-panel" data-testid="payment-pending">
          <p>{t('payment_pending')}</p>
          <a href={`/pay/${payment.orderId}`} className="ck-link ck-pending-link" data-testid="pay-link">
            {t('cart_pay_button')}
          </a>
          <a href="/myaccount/student/order" className="ck-link ck-pending-link">
            {t('nav_my_orders')}
          </a>
        </div>
      )}
    </div>
  );
}
export default PaymentPanel;
