import type { StrapiApp } from '@strapi/strapi/admin';
import { formatMoneyInput, formatPercentInput } from '@sala/shared/money';
import type { Currency } from '@sala/shared/constants';
import { LAYOUT_NAME_KEYS } from './layout-names';
import { thai } from './texts';

/**
 * The admin half of the editor's field types (the server half is cms/src/lib/editor-fields.ts):
 * amounts in baht or dollars, percents, and the site layout by name (ADR 164, 165).
 */
export function registerMoneyFields(app: StrapiApp): void {
  app.customFields.register([
    {
      name: 'money',
      type: 'integer',
      intlLabel: { id: 'sala.money.label', defaultMessage: thai('money_field_label') },
      intlDescription: { id: 'sala.money.description', defaultMessage: thai('money_field_description') },
      components: { Input: async () => import('./money-input') },
    },
    {
      name: 'percent',
      type: 'integer',
      intlLabel: { id: 'sala.percent.label', defaultMessage: thai('percent_field_label') },
      intlDescription: { id: 'sala.percent.description', defaultMessage: thai('percent_field_description') },
      components: { Input: async () => import('./percent-input') },
    },
    {
      name: 'site-layout',
      type: 'string',
      intlLabel: { id: 'sala.site-layout.label', defaultMessage: thai('site_layout_field_label') },
      intlDescription: { id: 'sala.site-layout.description', defaultMessage: thai('site_layout_field_description') },
      components: { Input: async () => import('./layout-select') },
    },
  ] as unknown as Parameters<StrapiApp['customFields']['register']>[0]);
}

type ListHeader = { name: string; attribute?: { customField?: string; options?: Record<string, unknown> }; cellFormatter?: unknown };
type ListRow = Record<string, unknown>;

function rowCurrency(row: ListRow, options: Record<string, unknown> | undefined): Currency | null {
  const fixed = options?.currency;
  const field = typeof options?.currencyField === 'string' ? row[options.currencyField] : undefined;
  const currency = fixed ?? field;
  return currency === 'THB' || currency === 'USD' ? currency : null;
}

/** A list cell's text: `฿1,490.00`, `$49.00`, `7.00 %` or the layout's Thai name, never the stored integer. */
export function listCellText(header: ListHeader, row: ListRow): string {
  const value = row[header.name.split('.')[0]];
  if (header.attribute?.customField === 'global::money') {
    if (typeof value !== 'number') return '-';
    const currency = rowCurrency(row, header.attribute.options);
    const amount = formatMoneyInput(value, currency ?? 'THB');
    return currency === 'USD' ? `$${amount}` : currency === 'THB' ? `฿${amount}` : amount;
  }
  if (header.attribute?.customField === 'global::percent') return typeof value === 'number' ? `${formatPercentInput(value)} %` : '-';
  if (header.attribute?.customField === 'global::site-layout') {
    return typeof value === 'string' && value in LAYOUT_NAME_KEYS ? thai(LAYOUT_NAME_KEYS[value as keyof typeof LAYOUT_NAME_KEYS]) : '-';
  }
  return '';
}

const EDITOR_FIELD_UIDS = ['global::money', 'global::percent', 'global::site-layout'];

/** List views (orders, payments, plans) show amounts as money too: a cell formatter for each such column. */
export function formatMoneyColumns(app: StrapiApp): void {
  app.registerHook('Admin/CM/pages/ListView/inject-column-in-table', (input: { displayedHeaders: ListHeader[]; layout: unknown }) => ({
    ...input,
    displayedHeaders: input.displayedHeaders.map((header) =>
      header.attribute?.customField && EDITOR_FIELD_UIDS.includes(header.attribute.customField) && !header.cellFormatter
        ? { ...header, cellFormatter: (row: ListRow) => listCellText(header, row) }
        : header,
    ),
  }));
}
