/**
 * The sales overview's charts, drawn on the server as plain SVG and HTML (no chart script,
 * ADR 185). Each chart is hidden from screen readers and read as the table beside it: the
 * per-day chart has its table under "show as a table", the breakdowns are tables whose rows
 * carry their own bar.
 */
import { chakra } from '@chakra-ui/react';
import { formatMoney, money } from '@sala/shared/money';
import type { Currency } from '@sala/shared/constants';
import type { DaySeries } from '~/models/admin-sales/sales';
import { useLocale, useT } from '~/models/i18n';

const CHART_HEIGHT = 120;
const BAR_GAP = 2;

function useMoney() {
  const locale = useLocale();
  return (amount: number, currency: Currency) => formatMoney(money(amount, currency), locale);
}

function shortDate(date: string, locale: 'th' | 'en'): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const Th = chakra('th', { base: { textAlign: 'start', fontWeight: '600', py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border', fontSize: 'sm' } });
const Td = chakra('td', { base: { py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border', fontSize: 'sm', verticalAlign: 'middle' } });

/** Revenue per day of one currency: a bar a day, the table under a disclosure. */
export function DayChart({ series, titleId }: { series: DaySeries; titleId: string }) {
  const t = useT();
  const locale = useLocale();
  const show = useMoney();
  const count = series.bars.length;
  const width = Math.max(count * 12, 240);
  const barWidth = width / count - BAR_GAP;
  const first = series.bars[0]?.date;
  const last = series.bars[count - 1]?.date;
  return (
    <chakra.figure m="0" data-testid={`sales-by-day-${series.currency}`}>
      <chakra.svg
        aria-hidden="true"
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={`${CHART_HEIGHT}px`}
        display="block"
        borderBottomWidth="1px"
        borderColor="border"
        data-testid="sales-day-bars"
      >
        {series.bars.map((bar, index) =>
          bar.amount > 0 ? (
            <rect
              key={bar.date}
              x={index * (barWidth + BAR_GAP)}
              y={CHART_HEIGHT - Math.max(2, bar.share * CHART_HEIGHT)}
              width={barWidth}
              height={Math.max(2, bar.share * CHART_HEIGHT)}
              fill="#0f766e"
            >
              <title>{`${bar.date}: ${show(bar.amount, series.currency)}`}</title>
            </rect>
          ) : null,
        )}
      </chakra.svg>
      <chakra.div aria-hidden="true" display="flex" justifyContent="space-between" fontSize="xs" color="fg.muted" mt="1">
        <span>{first ? shortDate(first, locale) : ''}</span>
        <span>{last ? shortDate(last, locale) : ''}</span>
      </chakra.div>
      <chakra.details mt="2">
        <chakra.summary cursor="pointer" color="teal.700" fontWeight="600" fontSize="sm">
          {t('admin_sales_as_table')}
        </chakra.summary>
        <chakra.div overflowX="auto" mt="2">
          <chakra.table width="100%" aria-labelledby={titleId}>
            <thead>
              <tr>
                <Th scope="col">{t('admin_sales_col_date')}</Th>
                <Th scope="col" textAlign="end">
                  {t('admin_sales_col_orders')}
                </Th>
                <Th scope="col" textAlign="end">
                  {t('admin_sales_col_amount')}
                </Th>
              </tr>
            </thead>
            <tbody>
              {series.bars
                .filter((bar) => bar.amount > 0)
                .map((bar) => (
                  <tr key={bar.date}>
                    <Th scope="row" fontWeight="400" borderBottomWidth="1px">
                      {shortDate(bar.date, locale)}
                    </Th>
                    <Td textAlign="end">{bar.orders}</Td>
                    <Td textAlign="end" whiteSpace="nowrap">
                      {show(bar.amount, series.currency)}
                    </Td>
                  </tr>
                ))}
            </tbody>
          </chakra.table>
        </chakra.div>
      </chakra.details>
    </chakra.figure>
  );
}

export type BreakdownRow = { key: string; label: string; currency: Currency; amount: number; orders: number; share: number };

/** A breakdown (per method, per course) as a table; each row's bar shows its share of the largest of its currency. */
export function BreakdownTable({ rows, labelHeader, titleId, testId }: { rows: BreakdownRow[]; labelHeader: string; titleId: string; testId: string }) {
  const t = useT();
  const show = useMoney();
  return (
    <chakra.div overflowX="auto">
      <chakra.table width="100%" aria-labelledby={titleId} data-testid={testId}>
        <thead>
          <tr>
            <Th scope="col">{labelHeader}</Th>
            <Th scope="col" textAlign="end">
              {t('admin_sales_col_orders')}
            </Th>
            <Th scope="col" textAlign="end">
              {t('admin_sales_col_amount')}
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <Th scope="row" fontWeight="400" minW="40" maxW="md">
                <chakra.span display="block" overflowWrap="anywhere">
                  {row.label}
                </chakra.span>
                <chakra.svg aria-hidden="true" width="100%" height="8px" mt="1" display="block" viewBox="0 0 100 8" preserveAspectRatio="none">
                  <rect x="0" y="0" width={Math.max(1, row.share * 100)} height="8" rx="2" fill={row.currency === 'USD' ? '#7c3aed' : '#0f766e'} />
                </chakra.svg>
              </Th>
              <Td textAlign="end">{row.orders}</Td>
              <Td textAlign="end" whiteSpace="nowrap">
                {show(row.amount, row.currency)}
              </Td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </chakra.div>
  );
}
