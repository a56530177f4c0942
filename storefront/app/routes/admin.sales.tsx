/**
 * /admin/sales?from=&to=: the shop's books (ADR 185). Revenue of the period per day, per payment
 * method and per course, each currency apart, and the orders placed in it that still wait for a
 * payment or a review; the CMS sums them. The period opens on this month (Bangkok); a wrong one
 * is named next to its field and nothing is asked of the CMS. Both exports stream as CSV.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { formatMoney, money } from '@sala/shared/money';
import { BreakdownTable, DayChart } from '~/components/admin/sales-charts';
import { requireShopAdmin } from '~/lib/admin.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { getSalesSummary } from '~/lib/sales.server';
import { choosePeriod, daySeries, exportHref, withShares, type PeriodField } from '~/models/admin-sales/sales';
import { textsOfMatches, translatorFromTexts, useLocale, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireShopAdmin(request);
  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const choice = choosePeriod(new URL(request.url).searchParams, new Date(), t);
  if (!choice.ok) return data({ values: choice.values, errors: choice.errors, summary: null }, { status: 400, headers: { 'Cache-Control': PRIVATE_PAGE } });
  const summary = await getSalesSummary(choice.period, { jwt: admin.jwt, locale, signal: request.signal });
  return data({ values: choice.period, errors: {} as Partial<Record<PeriodField, string>>, summary }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.admin_sales_title ?? 'Sales'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

const Panel = chakra('section', { base: { borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: { base: '4', md: '5' }, bg: 'bg', minW: '0' } });
const PanelTitle = chakra('h2', { base: { fontSize: 'lg', fontWeight: '700', mb: '3' } });
const DateInput = chakra('input', {
  base: {
    display: 'block',
    mt: '1',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
    px: '3',
    py: '2',
    minH: '10',
    bg: 'bg',
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500' },
  },
});
const ExportLink = chakra('a', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '10',
    px: '4',
    borderWidth: '1px',
    borderColor: 'teal.700',
    color: 'teal.800',
    borderRadius: 'md',
    fontWeight: '600',
    _hover: { bg: 'teal.50', textDecoration: 'none' },
    _focusVisible: { outline: '3px solid', outlineColor: 'teal.500' },
  },
});

function PeriodForm({ values, errors }: { values: { from: string; to: string }; errors: Partial<Record<PeriodField, string>> }) {
  const t = useT();
  const field = (name: PeriodField, label: string) => (
    <chakra.div>
      <chakra.label htmlFor={`sales-${name}`} fontWeight="600" fontSize="sm">
        {label}
      </chakra.label>
      <DateInput
        id={`sales-${name}`}
        name={name}
        type="date"
        defaultValue={values[name]}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `sales-${name}-error` : undefined}
      />
      {errors[name] ? (
        <chakra.p id={`sales-${name}-error`} color="red.700" fontSize="sm" mt="1" data-testid={`sales-${name}-error`}>
          {errors[name]}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
  return (
    <Form method="get" aria-label={t('admin_sales_period')}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="flex-start">
        {field('from', t('admin_sales_from'))}
        {field('to', t('admin_sales_to'))}
        <chakra.button type="submit" alignSelf="flex-end" minH="10" px="5" borderRadius="md" bg="teal.700" color="white" fontWeight="600" _hover={{ bg: 'teal.800' }}>
          {t('admin_sales_show')}
        </chakra.button>
      </chakra.div>
    </Form>
  );
}

export default function AdminSales() {
  const { values, errors, summary } = useLoaderData<typeof loader>();
  const t = useT();
  const locale = useLocale();
  const methods = summary ? withShares(summary.byMethod).map((row) => ({ ...row, key: `${row.methodId ?? 'none'}-${row.currency}`, label: row.name ?? t('admin_sales_unknown_method') })) : [];
  const courses = summary ? withShares(summary.byCourse).map((row) => ({ ...row, key: `${row.courseId}-${row.currency}`, label: row.title })) : [];
  return (
    <chakra.section aria-labelledby="admin-sales-title" data-testid="admin-sales">
      <chakra.h1 id="admin-sales-title" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700">
        {t('admin_sales_title')}
      </chakra.h1>
      <chakra.p color="fg.muted" mt="1" mb="5">
        {t('admin_sales_intro')}
      </chakra.p>
      <PeriodForm values={values} errors={errors} />
      {summary ? (
        <>
          <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }} gap="3" mt="6" data-testid="sales-figures">
            {(summary.totals.length > 0 ? summary.totals : [{ currency: 'THB' as const, amount: 0, orders: 0 }]).map((total) => (
              <Panel key={total.currency} aria-label={t('admin_sales_revenue', { currency: total.currency })}>
                <chakra.p fontSize="sm" color="fg.muted">
                  {t('admin_sales_revenue', { currency: total.currency })}
                </chakra.p>
                <chakra.p fontSize="2xl" fontWeight="700" data-testid={`sales-total-${total.currency}`}>
                  {formatMoney(money(total.amount, total.currency), locale)}
                </chakra.p>
                <chakra.p fontSize="sm" color="fg.muted">
                  {t('admin_sales_paid_orders', { count: total.orders })}
                </chakra.p>
              </Panel>
            ))}
            {(['payment', 'review'] as const).map((kind) => (
              <Panel key={kind} aria-label={t(kind === 'payment' ? 'admin_sales_waiting_payment' : 'admin_sales_waiting_review')}>
                <chakra.p fontSize="sm" color="fg.muted">
                  {t(kind === 'payment' ? 'admin_sales_waiting_payment' : 'admin_sales_waiting_review')}
                </chakra.p>
                <chakra.p fontSize="2xl" fontWeight="700" data-testid={`sales-waiting-${kind}`}>
                  {summary.waiting[kind]}
                </chakra.p>
                <chakra.p fontSize="sm" color="fg.muted">
                  {t('admin_sales_waiting_note')}
                </chakra.p>
              </Panel>
            ))}
          </chakra.div>
          <Panel mt="4" aria-labelledby="sales-exports-title">
            <PanelTitle id="sales-exports-title">{t('admin_sales_exports')}</PanelTitle>
            <chakra.div display="flex" flexWrap="wrap" gap="3">
              <ExportLink href={exportHref('orders', summary.period)} download data-testid="sales-export-orders">
                {t('admin_sales_export_orders')}
              </ExportLink>
              <ExportLink href={exportHref('payment-reports', summary.period)} download data-testid="sales-export-reports">
                {t('admin_sales_export_reports')}
              </ExportLink>
            </chakra.div>
          </Panel>
          {summary.totals.length === 0 ? (
            <chakra.p mt="4" borderWidth="1px" borderColor="border" borderRadius="xl" p="6" textAlign="center" color="fg.muted" data-testid="sales-none">
              {t('admin_sales_none')}
            </chakra.p>
          ) : (
            <chakra.div display="grid" gap="4" mt="4">
              {daySeries(summary).map((series) => (
                <Panel key={series.currency} aria-labelledby={`sales-day-${series.currency}`}>
                  <PanelTitle id={`sales-day-${series.currency}`}>{t('admin_sales_by_day', { currency: series.currency })}</PanelTitle>
                  <DayChart series={series} titleId={`sales-day-${series.currency}`} />
                </Panel>
              ))}
              <chakra.div display="grid" gridTemplateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                <Panel aria-labelledby="sales-method-title">
                  <PanelTitle id="sales-method-title">{t('admin_sales_by_method')}</PanelTitle>
                  <BreakdownTable rows={methods} labelHeader={t('admin_sales_col_method')} titleId="sales-method-title" testId="sales-by-method" />
                </Panel>
                <Panel aria-labelledby="sales-course-title">
                  <PanelTitle id="sales-course-title">{t('admin_sales_by_course')}</PanelTitle>
                  <BreakdownTable rows={courses} labelHeader={t('admin_sales_col_course')} titleId="sales-course-title" testId="sales-by-course" />
                </Panel>
              </chakra.div>
            </chakra.div>
          )}
        </>
      ) : null}
    </chakra.section>
  );
}
