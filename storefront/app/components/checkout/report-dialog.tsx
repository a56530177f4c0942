/**
 * The payment notification's modal: the transfer report with its slip, checked in the browser
 * with the shared schema, each failed check announced in a toast as well. A Chakra dialog, loaded
 * when the buyer first opens it (ADR 217); the toasts come with it. On the registration layout
 * it has no "notify later" link and cannot be dismissed once opened.
 */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Link, useFetcher, useNavigate } from '@remix-run/react';
import { money, toMajorString } from '@sala/shared/money';
import { useEffect, useMemo, useState } from 'react';
import { useT, useTranslator } from '~/models/i18n';
import { buildReportFormSchema } from '~/models/checkout/report-schema';
import type { PaymentStep } from '~/models/checkout/types';
import { withChakra } from '~/components/provider';
import { bangkokNow, ReportFields, type ReportFetcherData } from './report-fields';
import { Toaster, toaster } from './toaster';

/** Mounted from the modal's first opening and kept, so it can close with its animation and its toasts stay. */
function ReportDialog({ payment, open, onOpenChange }: { payment: PaymentStep; open: boolean; onOpenChange: (open: boolean) => void }) {
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
    <>
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
                  // the body and footer lay out as the content's own rows: the body scrolls, the footer stays in the box
                  style={{ display: 'contents' }}
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
      <Toaster />
    </>
  );
}

export default withChakra(ReportDialog);
