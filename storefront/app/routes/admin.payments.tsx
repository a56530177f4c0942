/**
 * /admin/payments: the bank-transfer reports waiting for the shop, oldest first, each with its
 * slips (served through the storefront with the administrator's token), the amount due and
 * transferred, the banks and the transfer time; approve, or reject with a reason the buyer
 * sees. The CMS decides and mails the buyer; this page only asks it. Above them, the slip
 * reuses the CMS refused, each linking to the slip's first use (ADR 205);
 * `?order={id}` lists one order's reports whatever their status (where that link lands).
 */
import { chakra } from '@chakra-ui/react';
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { z } from 'zod';
import { slipBankName } from '@sala/shared/payments';
import { ReportCard, type ReviewReport } from '~/components/admin/report-card';
import { SlipRefusals, type SlipRefusalView } from '~/components/admin/slip-refusals';
import { approveReport, getOriginBankNames, listOrderReports, listPendingReports, listSlipRefusals, rejectReport, requireShopAdmin } from '~/lib/admin.server';
import { CmsApiError } from '~/lib/cms.server';
import { textsOfMatches, translatorFromTexts, useT } from '~/models/i18n';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { formatBangkokDateTime } from '~/lib/orders.server';
import { toMinorUnits } from '@sala/shared/money';
import type { loader as rootLoader } from '~/root';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const asked = url.searchParams.get('order');
  const orderId = asked !== null && /^\d{1,15}$/.test(asked) && Number(asked) > 0 ? Number(asked) : null;
  const options = { jwt: admin.jwt, locale, signal: request.signal };
  const [list, banks, refused] = await Promise.all([
    orderId === null ? listPendingReports(page, options) : listOrderReports(orderId, options),
    getOriginBankNames(locale, options),
    orderId === null && page === 1 ? listSlipRefusals(options) : null,
  ]);
  const refusals: SlipRefusalView[] = (refused?.data ?? []).map((row) => ({
    id: row.id,
    orderId: row.order_id,
    reporter: row.reporter ? { username: row.reporter.username, email: row.reporter.email } : null,
    bank: slipBankName(row.sending_bank),
    reference: row.trans_ref,
    firstReportId: row.first_report_id,
    firstOrderId: row.first_order_id,
    attempts: row.attempts,
    refusedAt: formatBangkokDateTime(row.last_refused_at, locale),
  }));
  const reports: ReviewReport[] = list.data
    .filter((report) => report.order_id !== null)
    .map((report) => ({
      id: report.id,
      orderId: report.order_id!,
      status: report.status,
      currency: report.currency_code,
      amountDue: report.amount_to_pay === null ? null : (toMinorUnits(report.amount_to_pay, report.currency_code) ?? 0),
      amountTransferred: toMinorUnits(report.transfer_amount, report.currency_code) ?? 0,
      buyerName: report.contact_name,
      buyerUsername: report.student?.username ?? null,
      buyerEmail: report.student?.email ?? report.email,
      tel: report.tel,
      originBank: report.bank_code ? (banks[report.bank_code] ?? report.bank_code) : null,
      shopAccount: report.bank_account ? [report.bank_account.bank_name, report.bank_account.account_id, report.bank_account.account_name].filter(Boolean).join(' ') : null,
      transferredAt: formatBangkokDateTime(report.transfer_datetime, locale),
      reportedAt: formatBangkokDateTime(report.createdAt, locale),
      description: report.description,
      slipQr: report.slip_qr
        ? { bank: slipBankName(report.slip_qr.sending_bank), reference: report.slip_qr.trans_ref, firstOrderId: report.slip_qr.first_order_id, firstReportId: report.slip_qr.first_report_id }
        : null,
      slipVerify: report.slip_verify,
      slips: report.slip.map((file) => ({ name: file.name, url: `/admin/payments/slip/${encodeURIComponent(file.name)}` })),
    }));
  const pages = Math.max(1, Math.ceil(list.pagination.total / list.pagination.pageSize));
  return data({ reports, page, pages, total: list.pagination.total, orderId, refusals, refusalTotal: refused?.pagination.total ?? 0 }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_payments_title ?? 'Payments'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ReviewSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), reportId: id, orderId: id }),
  z.object({ intent: z.literal('reject'), reportId: id, orderId: id, reason: z.string().trim().max(500) }),
]);

export type ReviewActionResult = { ok: boolean; reportId: number | null; message: string; field?: 'reason' };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const parsed = ReviewSchema.safeParse(Object.fromEntries(await request.formData()));
  const reply = (result: ReviewActionResult, status = 200) => data(result, { status, headers: { 'Cache-Control': PRIVATE_PAGE } });
  if (!parsed.success) return reply({ ok: false, reportId: null, message: t('error_validation_error') }, 400);
  const input = parsed.data;
  if (input.intent === 'reject' && input.reason === '') {
    return reply({ ok: false, reportId: input.reportId, message: t('admin_payments_reject_reason_required'), field: 'reason' }, 400);
  }
  const options = { jwt: admin.jwt, locale, signal: request.signal };
  try {
    if (input.intent === 'approve') {
      await approveReport({ reportId: input.reportId, orderId: input.orderId, reviewer: admin.username }, options);
      return reply({ ok: true, reportId: input.reportId, message: t('admin_payments_approved', { id: input.orderId }) });
    }
    await rejectReport({ reportId: input.reportId, orderId: input.orderId, reason: input.reason }, options);
    return reply({ ok: true, reportId: input.reportId, message: t('admin_payments_rejected', { id: input.orderId }) });
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    // 409: someone else decided first; 404: the report is gone. The CMS's message says which.
    return reply({ ok: false, reportId: input.reportId, message: error.msg || t('error_order_state_conflict') }, error.status);
  }
}

export default function AdminPayments() {
  const { reports, page, pages, total, orderId, refusals, refusalTotal } = useLoaderData<typeof loader>();
  const t = useT();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <chakra.section aria-labelledby="admin-payments-title" data-testid="admin-payments">
      {orderId !== null ? (
        <chakra.p mb="2">
          <Link to="/admin/payments" data-testid="admin-payments-back" style={{ textDecoration: 'underline' }}>
            {t('admin_payments_back')}
          </Link>
        </chakra.p>
      ) : null}
      <chakra.h1 id="admin-payments-title" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
        {orderId !== null ? t('admin_payments_order_title', { id: orderId }) : t('admin_payments_title')}
        {total > 0 && orderId === null ? (
          <chakra.span ms="2" fontSize="md" color="fg.muted" fontWeight="500">
            ({total})
          </chakra.span>
        ) : null}
      </chakra.h1>
      <chakra.p color="fg.muted" mt="1" mb="5">
        {t('admin_payments_intro')}
      </chakra.p>
      {orderId === null ? <SlipRefusals refusals={refusals} total={refusalTotal} /> : null}
      <chakra.p role="status" aria-live="polite" data-testid="admin-payments-notice" color="green.700" fontWeight="600" mb={notice ? '4' : '0'}>
        {notice}
      </chakra.p>
      {reports.length === 0 ? (
        <chakra.p borderWidth="1px" borderColor="border" borderRadius="xl" p="6" textAlign="center" color="fg.muted" data-testid="admin-payments-empty">
          {orderId !== null ? t('admin_payments_order_empty') : t('admin_payments_empty')}
        </chakra.p>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="4">
          {reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} onDecided={setNotice} />
            </li>
          ))}
        </chakra.ul>
      )}
      {pages > 1 && orderId === null ? (
        <chakra.nav display="flex" justifyContent="center" alignItems="center" gap="4" mt="6" aria-label={t('orders_page_of', { page, pages })}>
          {page > 1 ? <Link to={`?page=${page - 1}`}>{t('button_previous')}</Link> : null}
          <span>{t('orders_page_of', { page, pages })}</span>
          {page < pages ? <Link to={`?page=${page + 1}`}>{t('button_next')}</Link> : null}
        </chakra.nav>
      ) : null}
    </chakra.section>
  );
}
