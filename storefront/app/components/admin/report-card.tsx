/**
 * One bank-transfer report on the administrator's review page: who paid, how much against the
 * amount due, from which bank to which shop account and when, the slips, and the two decisions.
 * Rejecting asks for the reason in a dialog: the buyer reads it in their mail and their orders.
 */
import { Button, Dialog, Field, Portal, Textarea, chakra } from '@chakra-ui/react';
import { Link, useFetcher } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { useEffect, useState } from 'react';
import { useLocale, useT } from '~/models/i18n';
import { firstUsePath } from './slip-refusals';

export type ReviewReport = {
  id: number;
  orderId: number;
  /** pending, review, approved or rejected: only a pending report is decided here (an order's page lists the others too). */
  status: string;
  currency: 'THB' | 'USD';
  /** Minor units. */
  amountDue: number | null;
  amountTransferred: number;
  buyerName: string | null;
  buyerUsername: string | null;
  buyerEmail: string | null;
  tel: string | null;
  originBank: string | null;
  shopAccount: string | null;
  transferredAt: string | null;
  reportedAt: string | null;
  description: string | null;
  slips: { name: string; url: string }[];
  /** The slip's mini-QR (the payer's claim) and the report that first carried it, when it is another one. */
  slipQr: { bank: string; reference: string; firstOrderId: number | null; firstReportId: number | null } | null;
  /** Why the automatic bank check left the report for a person, and what the bank said. */
  slipVerify: { reason: string; detail: string | null } | null;
};

/** The texts of the reasons the CMS stores (ADR 196); an unknown one reads as a failed check. */
const SLIP_VERIFY_TEXTS: Record<string, string> = {
  amount_mismatch: 'admin_payments_slip_verify_amount_mismatch',
  receiver_mismatch: 'admin_payments_slip_verify_receiver_mismatch',
  date_before_order: 'admin_payments_slip_verify_date_before_order',
  not_found: 'admin_payments_slip_verify_not_found',
  lookup_failed: 'admin_payments_slip_verify_lookup_failed',
  not_configured: 'admin_payments_slip_verify_not_configured',
  not_approvable: 'admin_payments_slip_verify_not_approvable',
};

type ReviewResult = { ok: boolean; reportId: number | null; message: string; field?: 'reason' };

const Term = chakra('dt', { base: { color: 'fg.muted', fontSize: 'sm' } });
const Detail = chakra('dd', { base: { fontWeight: '500', overflowWrap: 'anywhere', mb: '2' } });

export function ReportCard({ report, onDecided }: { report: ReviewReport; onDecided: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const approve = useFetcher<ReviewResult>();
  const reject = useFetcher<ReviewResult>();
  const [rejectOpen, setRejectOpen] = useState(false);
  const show = (amount: number) => formatMoney(money(amount, report.currency), locale);
  const mismatch = report.amountDue !== null && report.amountDue !== report.amountTransferred;
  const busy = approve.state !== 'idle' || reject.state !== 'idle';
  const outcome = [approve.data, reject.data].find((result) => result && !result.ok && result.field !== 'reason');
  const rejectError = reject.data && !reject.data.ok && reject.data.field === 'reason' ? reject.data.message : null;

  // The decided report leaves the list when the page reloads its data: the page keeps the message.
  useEffect(() => {
    if (approve.data?.ok) onDecided(approve.data.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [approve.data]);
  useEffect(() => {
    if (reject.data?.ok) {
      setRejectOpen(false);
      onDecided(reject.data.message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reject.data]);

  return (
    <chakra.article
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      bg="bg"
      p={{ base: '4', md: '5' }}
      data-testid="payment-report"
      data-report-id={report.id}
      data-order-id={report.orderId}
      data-status={report.status}
      id={`report-${report.id}`}
      scrollMarginTop="24"
      aria-labelledby={`report-${report.id}-title`}
    >
      <chakra.div display="flex" flexWrap="wrap" justifyContent="space-between" alignItems="baseline" gap="2" mb="3">
        <chakra.h2 id={`report-${report.id}-title`} fontWeight="700" fontSize="lg">
          {t('checkout_order_number', { id: report.orderId })}
        </chakra.h2>
        {report.reportedAt ? (
          <chakra.span fontSize="sm" color="fg.muted">
            {t('admin_payments_reported_at')} {report.reportedAt}
          </chakra.span>
        ) : null}
      </chakra.div>
      <chakra.div display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="5">
        <chakra.dl display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }} columnGap="4">
          <div>
            <Term>{t('mail_payment_buyer_label')}</Term>
            <Detail>
              {report.buyerName ?? report.buyerUsername}
              {report.buyerUsername ? <chakra.span color="fg.muted"> ({report.buyerUsername})</chakra.span> : null}
              {report.buyerEmail ? (
                <chakra.span display="block" fontSize="sm" color="fg.muted">
                  {report.buyerEmail}
                </chakra.span>
              ) : null}
              {report.tel ? (
                <chakra.span display="block" fontSize="sm" color="fg.muted">
                  {report.tel}
                </chakra.span>
              ) : null}
            </Detail>
          </div>
          <div>
            <Term>{t('admin_payments_amount_due')}</Term>
            <Detail data-testid="report-amount-due">{report.amountDue === null ? '-' : show(report.amountDue)}</Detail>
          </div>
          <div>
            <Term>{t('report_transfer_amount')}</Term>
            <Detail data-testid="report-amount" color={mismatch ? 'red.700' : undefined}>
              {show(report.amountTransferred)}
              {mismatch ? (
                <chakra.span display="block" fontSize="sm" fontWeight="600" role="note">
                  {t('admin_payments_amount_mismatch')}
                </chakra.span>
              ) : null}
            </Detail>
          </div>
          <div>
            <Term>{t('report_transfer_date')}</Term>
            <Detail data-testid="report-transferred-at">{report.transferredAt ?? '-'}</Detail>
          </div>
          <div>
            <Term>{t('report_origin_bank')}</Term>
            <Detail data-testid="report-origin-bank">{report.originBank ?? '-'}</Detail>
          </div>
          <div>
            <Term>{t('report_bank_account')}</Term>
            <Detail data-testid="report-shop-account">{report.shopAccount ?? '-'}</Detail>
          </div>
          {report.slipQr ? (
            <chakra.div gridColumn={{ sm: 'span 2' }}>
              <Term>{t('admin_payments_slip_qr')}</Term>
              <Detail data-testid="report-slip-qr">
                {report.slipQr.bank} · {report.slipQr.reference}
                {report.slipQr.firstReportId !== null && report.slipQr.firstReportId !== report.id ? (
                  <chakra.span display="block" fontSize="sm" fontWeight="600" color="orange.700" role="note" data-testid="report-slip-first-use">
                    {t('admin_payments_slip_first_use', { report: report.slipQr.firstReportId, id: report.slipQr.firstOrderId ?? '-' })}
                    {report.slipQr.firstOrderId !== null ? (
                      <chakra.span display="block">
                        <Link to={firstUsePath(report.slipQr.firstOrderId, report.slipQr.firstReportId)} style={{ textDecoration: 'underline' }}>
                          {t('admin_payments_slip_first_use_link')}
                        </Link>
                      </chakra.span>
                    ) : null}
                  </chakra.span>
                ) : null}
              </Detail>
            </chakra.div>
          ) : null}
          {report.slipVerify ? (
            <chakra.div gridColumn={{ sm: 'span 2' }}>
              <Term>{t('admin_payments_slip_verify')}</Term>
              <Detail data-testid="report-slip-verify" data-reason={report.slipVerify.reason}>
                <chakra.span display="block" fontWeight="600" color="orange.700" role="note">
                  {t(SLIP_VERIFY_TEXTS[report.slipVerify.reason] ?? 'admin_payments_slip_verify_lookup_failed')}
                </chakra.span>
                {report.slipVerify.detail ? (
                  <chakra.span display="block" fontSize="sm" color="fg.muted">
                    {report.slipVerify.detail}
                  </chakra.span>
                ) : null}
              </Detail>
            </chakra.div>
          ) : null}
          {report.description ? (
            <chakra.div gridColumn={{ sm: 'span 2' }}>
              <Term>{t('report_description')}</Term>
              <Detail>{report.description}</Detail>
            </chakra.div>
          ) : null}
        </chakra.dl>
        <div>
          <chakra.p color="fg.muted" fontSize="sm" mb="2">
            {t('mail_payment_slip_label')}
          </chakra.p>
          {report.status !== 'pending' ? (
            <chakra.p color="fg.muted">{t('admin_payments_slip_decided')}</chakra.p>
          ) : report.slips.length === 0 ? (
            <chakra.p>{t('admin_payments_no_slip')}</chakra.p>
          ) : (
            <chakra.div display="grid" gridTemplateColumns="repeat(auto-fill, minmax(120px, 1fr))" gap="2">
              {report.slips.map((slip, index) => (
                <chakra.a
                  key={slip.name}
                  href={slip.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t('admin_payments_open_slip')} ${index + 1}`}
                  display="block"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="md"
                  overflow="hidden"
                  bg="bg.muted"
                  _focusVisible={{ outline: '3px solid', outlineColor: 'teal.500' }}
                >
                  <chakra.img src={slip.url} alt={t('admin_payments_slip_alt', { id: report.orderId })} data-testid="report-slip" w="full" h="160px" objectFit="contain" loading="lazy" />
                </chakra.a>
              ))}
            </chakra.div>
          )}
        </div>
      </chakra.div>

      {outcome ? (
        <chakra.p mt="4" color="red.700" role="alert" data-testid="report-error">
          {outcome.message}
        </chakra.p>
      ) : null}
      {report.status !== 'pending' ? (
        <chakra.p mt="4" textAlign="end" data-testid="report-status">
          <chakra.span color="fg.muted">{t('admin_payments_status')}: </chakra.span>
          <chakra.span fontWeight="600">{t(`report_status_${report.status}`)}</chakra.span>
        </chakra.p>
      ) : (
        <chakra.div display="flex" flexWrap="wrap" gap="3" mt="4" justifyContent="flex-end">
          <Button variant="outline" colorPalette="red" onClick={() => setRejectOpen(true)} disabled={busy} data-testid="report-reject">
            {t('admin_payments_reject')}
          </Button>
          <approve.Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="reportId" value={report.id} />
            <input type="hidden" name="orderId" value={report.orderId} />
            <Button type="submit" colorPalette="teal" loading={approve.state !== 'idle'} disabled={busy} data-testid="report-approve">
              {t('admin_payments_approve')}
            </Button>
          </approve.Form>
        </chakra.div>
      )}

      <Dialog.Root open={rejectOpen} onOpenChange={(event) => setRejectOpen(event.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content data-testid="reject-dialog">
              <reject.Form method="post" noValidate>
                <Dialog.Header>
                  <Dialog.Title>{t('admin_payments_reject_title', { id: report.orderId })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <input type="hidden" name="intent" value="reject" />
                  <input type="hidden" name="reportId" value={report.id} />
                  <input type="hidden" name="orderId" value={report.orderId} />
                  <Field.Root required invalid={Boolean(rejectError)}>
                    <Field.Label>
                      {t('admin_payments_reject_reason')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea name="reason" rows={3} maxLength={500} />
                    <Field.ErrorText>{rejectError}</Field.ErrorText>
                  </Field.Root>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" type="button">
                      {t('button_cancel')}
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" colorPalette="red" loading={reject.state !== 'idle'} data-testid="reject-confirm">
                    {t('admin_payments_reject_confirm')}
                  </Button>
                </Dialog.Footer>
              </reject.Form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </chakra.article>
  );
}
