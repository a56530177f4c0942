/**
 * The payment of the order just placed from the course page, with the CMS's own totals.
 * Bank transfer completes here: the shop's accounts with their PromptPay QR, and the
 * payment notification modal with the transfer report and its slip. On the registration
 * layout that modal has no cancel button and cannot be dismissed once opened.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, Link, useActionData, useFetcher, useNavigate } from '@remix-run/react';
import { PAYMENT_METHOD_IDS } from '@sala/shared/constants';
import { money, toMajorString } from '@sala/shared/money';
import { useEffect, useMemo, useState } from 'react';
import { useT, useTranslator } from '~/models/i18n';
import { FileField, FieldShell, useFieldError } from './form-fields';
import { FormButton } from './form-button';
import { useOpenedOnce } from './opened-once';
import { QrDialog } from './qr-dialog';
import { BankTransferView } from './bank-transfer-view';
import { PaymentSummary } from './payment-summary';
import { buildReportFormSchema } from '~/models/checkout/report-schema';
import { Toaster, toaster } from './toaster';
import type { PaymentStep } from '~/models/checkout/types';
import { withChakra } from '~/components/provider';

type ReportFetcherData = {
  intent: 'report';
  lastResult: {
    status?: 'success' | 'error';
    error?: Record<string, string[] | null> | null;
  };
  reported?: { redirectTo: string; delayMs: number };
};

/** Today and now in Bangkok, as the date and time inputs take them. */
function bangkokNow(): { date: string; time: string } {
  const local = new Date(Date.now() + 7 * 3600e3).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 19) };
}

type ControlIds = { id: string; required?: true; 'aria-invalid'?: true; 'aria-describedby'?: string };

function ReportField({ name, label, required, children }: { name: string; label: string; required?: boolean; children: (ids: ControlIds) => React.ReactNode }) {
  const field = useFieldError(name);
  const ids: ControlIds = { id: field.id, required: required ? true : undefined, 'aria-invalid': field.error ? true : undefined, 'aria-describedby': field.error ? field.errorId : undefined };
  return (
    <FieldShell name={name} label={label} required={required} field={field}>
      {children(ids)}
    </FieldShell>
  );
}

/** The fields of the transfer report, shared by the modal and the plain form. */
function ReportFields({ payment, defaults, amount, formErrors }: { payment: PaymentStep; defaults: { date: string; time: string }; amount: string; formErrors: string[] | undefined }) {
  const t = useT();
  return (
    <div className="ck-stack">
      <div className="ck-grid-2">
        <ReportField name="contactName" label={t('report_contact_name')}>
          {(ids) => <input className="ck-input" {...ids} name="contactName" defaultValue={payment.contactName} maxLength={255} />}
        </ReportField>
        <ReportField name="transferAmount" label={t('report_transfer_amount')} required={payment.netAmount !== 0}>
          {(ids) => (
            <input
              className="ck-input"
              {...ids}
              name="transferAmount"
              inputMode="decimal"
              defaultValue={amount}
              // numeric text only
              onInput={(event) => {
                const input = event.currentTarget;
                const cleaned = input.value.replace(/[^\d.]/g, '');
                if (cleaned !== input.value) input.value = cleaned;
              }}
            />
          )}
        </ReportField>
        <ReportField name="bankCode" label={t('report_origin_bank')} required>
          {(ids) => (
            <select className="ck-select" {...ids} name="bankCode" defaultValue="">
              <option value="">{t('select_placeholder')}</option>
              {payment.originBanks.map((bank) => (
                <option key={bank.value} value={bank.value}>
                  {bank.name}
                </option>
              ))}
            </select>
          )}
        </ReportField>
        <ReportField name="bankAccount" label={t('report_bank_account')} required>
          {(ids) => (
            <select className="ck-select" {...ids} name="bankAccount" defaultValue={payment.bankAccounts.length === 1 ? String(payment.bankAccounts[0].id) : ''}>
              <option value="">{t('select_placeholder')}</option>
              {payment.bankAccounts.map((account) => (
                <option key={account.id} value={String(account.id)}>
                  {account.bankName} {account.accountId}
                </option>
              ))}
            </select>
          )}
        </ReportField>
        <ReportField name="transferDate" label={t('report_transfer_date')} required>
          {(ids) => <input className="ck-input" {...ids} name="transferDate" type="date" defaultValue={defaults.date} />}
        </ReportField>
        <ReportField name="transferTime" label={t('report_transfer_time')} required>
          {(ids) => <input className="ck-input" {...ids} name="transferTime" type="time" step={1} defaultValue={defaults.time} />}
        </ReportField>
      </div>
      <FileField name="slip" label={t('report_slip')} required={payment.slipRequired && payment.netAmount !== 0} accept=".jpg,.jpeg,.png,.gif,.webp,.pdf" multiple hint={t('upload_picture_hint')} />
      <ReportField name="description" label={t('report_description')}>
        {(ids) => <textarea className="ck-textarea" {...ids} name="description" rows={2} maxLength={1000} />}
      </ReportField>
      {formErrors?.length ? (
        <p className="ck-error-text" role="alert" data-testid="report-error">
          {formErrors[0]}
        </p>
      ) : null}
    </div>
  );
}

/** The report modal, built from its first opening. */
function ReportDialog(props: { payment: PaymentStep; open: boolean; onOpenChange: (open: boolean) => void }) {
  const mounted = useOpenedOnce(props.open);
  return mounted ? <ReportDialogContent {...props} /> : null;
}

function ReportDialogContent({ payment, open, onOpenChange }: { payment: PaymentStep; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const translator = useTranslator();
  const navigate = useNavigate();
  const fetcher = useFetcher<ReportFetcherData>();
  const data = fetcher.data?.intent === 'report' ? fetcher.data : undefined;
  const schema = useMemo(() => buildReportFormSchema({ netAmount: payment.netAmount, slipRequired: payment.slipRequired }, translator), [payment.netAmount, payment.slipRequired, translator]);
  const [form] = useForm({
    id: 'report-form',
    lastResult: data?.lastResult as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [defaults] = useState(bangkokNow);

  // Each failed check is announced in a toast titled like the spec's (5 s), besides the message at its field.
  const announce = (errors: Record<string, string[] | null> | null | undefined) => {
    const first = Object.values(errors ?? {})
      .flat()
      .find(Boolean);
    if (first) toaster.create({ type: 'error', title: t('validation_toast_title'), description: first });
  };

  useEffect(() => {
    if (fetcher.state !== 'idle' || !data) return;
    if (data.reported) {
      toaster.create({ type: 'success', title: t('report_success') });
      const timer = setTimeout(() => navigate(data.reported!.redirectTo), data.reported.delayMs);
      return () => clearTimeout(timer);
    }
    if (data.lastResult.status === 'error') announce(data.lastResult.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, data]);

  const formProps = getFormProps(form);
  const amount = toMajorString(money(payment.netAmount, payment.currency));
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      // On the registration layout the notification cannot be dismissed: the buyer reports or leaves the page.
      closeOnEscape={payment.laterHref !== null}
      closeOnInteractOutside={payment.laterHref !== null}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '2', md: '4' }}>
          <Dialog.Content maxW="2xl" w="full" data-testid="report-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('cart_payment_notification')}</Dialog.Title>
            </Dialog.Header>
            <FormProvider context={form.context}>
              <fetcher.Form
                method="post"
                encType="multipart/form-data"
                {...formProps}
                onSubmit={(event) => {
                  const submitter = (event.nativeEvent as SubmitEvent).submitter;
                  const checked = parseWithZod(new FormData(event.currentTarget, submitter), { schema });
                  if (checked.status === 'error') announce(checked.error);
                  formProps.onSubmit(event);
                }}
              >
                <Dialog.Body>
                  <input type="hidden" name="intent" value="report" />
                  <input type="hidden" name="js" value="1" />
                  <ReportFields payment={payment} defaults={defaults} amount={amount} formErrors={form.errors} />
                </Dialog.Body>
                <Dialog.Footer>
                  {payment.laterHref ? (
                    <Button asChild variant="outline" data-testid="report-later">
                      <Link to={payment.laterHref}>{t('cart_notify_later')}</Link>
                    </Button>
                  ) : null}
                  <Button type="submit" colorPalette="teal" loading={fetcher.state !== 'idle' || Boolean(data?.reported)} data-testid="report-submit">
                    {t('cart_notify_payment')}
                  </Button>
                </Dialog.Footer>
              </fetcher.Form>
            </FormProvider>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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

function PaymentPanel({ payment }: { payment: PaymentStep }) {
  const t = useT();
  const [reportOpen, setReportOpen] = useState(false);
  const [qr, setQr] = useState<{ image: string; title: string } | null>(null);
  const bankTransfer = payment.paymentMethodId === PAYMENT_METHOD_IDS.BANK_TRANSFER;
  return (
    <div className="ck-stack-5" data-testid="payment-step" data-order-id={payment.orderId}>
      <PaymentSummary payment={payment} />

      {bankTransfer ? (
        <>
          <BankTransferView payment={payment} onShowQr={setQr} onOpenReport={() => setReportOpen(true)} />
          <QrDialog qr={qr} onClose={() => setQr(null)} />
          <ReportDialog payment={payment} open={reportOpen} onOpenChange={setReportOpen} />
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
      <Toaster />
    </div>
  );
}
export default withChakra(PaymentPanel);
