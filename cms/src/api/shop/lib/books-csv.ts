/**
 * The CSV exports of the shop's books (ADR 185): the orders placed in a period and the payment
 * reports filed in it, read from the database a page at a time (keyset on the id) and yielded
 * as CSV text, so a year of orders never sits in memory. Amounts in major units with two
 * decimals beside their currency; instants on the Bangkok clock.
 */
import type { Core } from '@strapi/strapi';
import { BANGKOK_UTC_OFFSET_HOURS, ORDER_STATUSES as ORDER_STATES, PAYMENT_REPORT_STATUSES, type Currency } from '@sala/shared/constants';
import { money, toMajorString } from '@sala/shared/money';
import { salesPeriodBounds, type SalesPeriod } from '@sala/shared/schemas';
import { createTranslator, isTextKey, type TextKey, type TextOverrides, type Translate } from '@sala/shared/texts';
import type { Rows } from '../../../lib/rows';
import { CSV_BOM, csvRow, type CsvNumber, type CsvValue } from './csv';

export const ORDER = 'api::order.order';
export const LINE = 'api::order-line.order-line';
export const COURSE = 'api::course.course';
export const METHOD = 'api::payment-method.payment-method';
const REPORT = 'api::payment-report.payment-report';
const USER = 'plugin::users-permissions.user';
const BANK_ACCOUNT = 'api::bank-account.bank-account';

/** Rows read per statement. */
export const CSV_PAGE_SIZE = 500;

type Knex = any;
type Row = Record<string, unknown>;
type Locale = 'th' | 'en';

const OFFSET_MS = BANGKOK_UTC_OFFSET_HOURS * 3600e3;

/** An instant as the database returns it (epoch milliseconds, ISO text or Date), on the Bangkok clock: `2026-11-27 14:05`. */
export function bangkokDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

const currencyOf = (value: unknown): Currency => (value === 'USD' ? 'USD' : 'THB');
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const amount = (minor: unknown, currency: Currency): CsvNumber => ({ csvNumber: toMajorString(money(Number(minor ?? 0) || 0, currency)) });

const TEXT = 'api::text.text';

/** The translator of an export: the catalogue's defaults with the editors' overrides of these keys. */
async function translatorFor(strapi: Core.Strapi, keys: readonly string[], locale: Locale): Promise<Translate> {
  const found = (await strapi.db.query(TEXT).findMany({ select: ['key', 'value'], where: { key: { $in: [...keys] }, locale } })) as { key: string; value: string | null }[];
  const overrides: TextOverrides = {};
  for (const row of found) overrides[row.key] = { [locale]: row.value };
  return createTranslator(locale, overrides);
}

/** A state's label from the catalogue (`prefix` + state), or the state itself when the catalogue has none. */
function stateLabel(t: Translate, prefix: string, state: string): string {
  const key = `${prefix}${state}`;
  return isTextKey(key) ? t(key) : state;
}

function header(t: Translate, keys: readonly TextKey[]): string {
  return CSV_BOM + csvRow(keys.map((key) => t(key)));
}

/** Pages of a keyset read: `page(afterId)` returns rows with `id` ascending, at most CSV_PAGE_SIZE. */
async function* pages(page: (afterId: number) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < CSV_PAGE_SIZE) return;
    after = Number(rows[rows.length - 1].id);
  }
}

const ORDER_COLUMNS: TextKey[] = [
  'csv_order_id',
  'csv_order_token',
  'csv_placed_at',
  'csv_state',
  'csv_buyer',
  'csv_email',
  'csv_items',
  'csv_payment_method',
  'csv_currency',
  'csv_price',
  'csv_discount',
  'csv_shipping',
  'csv_vat',
  'csv_withholding',
  'csv_net',
  'csv_approved_at',
];

/** The orders placed in the period, one record each, oldest first; the items are the line titles joined with " | ". */
export async function* ordersCsv(strapi: Core.Strapi, rows: Rows, period: SalesPeriod, locale: Locale): AsyncGenerator<string> {
  const knex = () => rows.knex() as Knex;
  const o = (field: string) => `o.${rows.column(ORDER, field)}`;
  const { start, end } = salesPeriodBounds(period);
  const toUser = rows.link(ORDER, 'user');
  const toMethod = rows.link(ORDER, 'payment_method');
  const toOrder = rows.link(LINE, 'order');
  const t = await translatorFor(strapi, [...ORDER_COLUMNS, ...ORDER_STATES.map((state) => `order_status_${state}`)], locale);
  yield header(t, ORDER_COLUMNS);
  const read = (after: number) =>
    knex()
      .from({ o: rows.table(ORDER) })
      .leftJoin({ ul: toUser.table }, `ul.${toUser.own}`, 'o.id')
      .leftJoin({ u: rows.table(USER) }, 'u.id', `ul.${toUser.other}`)
      .leftJoin({ ml: toMethod.table }, `ml.${toMethod.own}`, 'o.id')
      .leftJoin({ m: rows.table(METHOD) }, 'm.id', `ml.${toMethod.other}`)
      .where(o('createdAt'), '>=', start)
      .where(o('createdAt'), '<', end)
      .where('o.id', '>', after)
      .select(
        'o.id as id',
        ...['order_token', 'createdAt', 'state', 'currency_code', 'price', 'discount', 'shipping_fee', 'vat', 'withholding_price', 'net', 'approved_at'].map((field) => `${o(field)} as ${field}`),
        `u.${rows.column(USER, 'username')} as username`,
        `u.${rows.column(USER, 'email')} as email`,
        `m.${rows.column(METHOD, 'name')} as method`,
      )
      .orderBy('o.id')
      .limit(CSV_PAGE_SIZE) as Promise<Row[]>;
  for await (const page of pages(read)) {
    const ids = page.map((row) => Number(row.id));
    const lines = (await knex()
      .from({ l: rows.table(LINE) })
      .join({ lo: toOrder.table }, `lo.${toOrder.own}`, 'l.id')
      .whereIn(`lo.${toOrder.other}`, ids)
      .select(`lo.${toOrder.other} as order_id`, `l.${rows.column(LINE, 'title')} as title`, `l.${rows.column(LINE, 'quantity')} as quantity`)
      .orderBy('l.id')) as Row[];
    const items = new Map<number, string[]>();
    for (const line of lines) {
      const quantity = Number(line.quantity ?? 1);
      const title = `${line.title ?? ''}${quantity > 1 ? ` x${quantity}` : ''}`;
      items.set(Number(line.order_id), [...(items.get(Number(line.order_id)) ?? []), title]);
    }
    let chunk = '';
    for (const row of page) {
      const currency = currencyOf(row.currency_code);
      const state = String(row.state ?? '');
      const values: CsvValue[] = [
        Number(row.id),
        text(row.order_token),
        bangkokDateTime(row.createdAt),
        stateLabel(t, 'order_status_', state),
        text(row.username),
        text(row.email),
        (items.get(Number(row.id)) ?? []).join(' | '),
        text(row.method),
        currency,
        amount(row.price, currency),
        amount(row.discount, currency),
        amount(row.shipping_fee, currency),
        amount(row.vat, currency),
        amount(row.withholding_price, currency),
        amount(row.net, currency),
        bangkokDateTime(row.approved_at),
      ];
      chunk += csvRow(values);
    }
    yield chunk;
  }
}

const REPORT_COLUMNS: TextKey[] = [
  'csv_report_id',
  'csv_reported_at',
  'csv_state',
  'csv_order_id',
  'csv_order_token',
  'csv_payment_method',
  'csv_contact_name',
  'csv_email',
  'csv_tel',
  'csv_origin_bank',
  'csv_shop_account',
  'csv_transferred_at',
  'csv_currency',
  'csv_amount',
  'csv_reviewer',
  'csv_approved_at',
  'csv_reject_reason',
];

/** The payment reports (bank-transfer slips and provider payments) filed in the period, oldest first, in the currency of their order. */
export async function* reportsCsv(strapi: Core.Strapi, rows: Rows, period: SalesPeriod, locale: Locale): AsyncGenerator<string> {
  const knex = () => rows.knex() as Knex;
  const r = (field: string) => `r.${rows.column(REPORT, field)}`;
  const { start, end } = salesPeriodBounds(period);
  const toOrder = rows.link(REPORT, 'order');
  const toMethod = rows.link(REPORT, 'payment_method');
  const toAccount = rows.link(REPORT, 'bank_account');
  const t = await translatorFor(strapi, [...REPORT_COLUMNS, ...PAYMENT_REPORT_STATUSES.map((state) => `report_status_${state}`)], locale);
  yield header(t, REPORT_COLUMNS);
  const read = (after: number) =>
    knex()
      .from({ r: rows.table(REPORT) })
      .leftJoin({ ol: toOrder.table }, `ol.${toOrder.own}`, 'r.id')
      .leftJoin({ o: rows.table(ORDER) }, 'o.id', `ol.${toOrder.other}`)
      .leftJoin({ ml: toMethod.table }, `ml.${toMethod.own}`, 'r.id')
      .leftJoin({ m: rows.table(METHOD) }, 'm.id', `ml.${toMethod.other}`)
      .leftJoin({ al: toAccount.table }, `al.${toAccount.own}`, 'r.id')
      .leftJoin({ a: rows.table(BANK_ACCOUNT) }, 'a.id', `al.${toAccount.other}`)
      .where(r('createdAt'), '>=', start)
      .where(r('createdAt'), '<', end)
      .where('r.id', '>', after)
      .select(
        'r.id as id',
        ...['createdAt', 'state', 'contact_name', 'email', 'tel', 'bank_code', 'transfer_datetime', 'transfer_amount', 'approve_by', 'approved_at', 'reject_reason'].map(
          (field) => `${r(field)} as ${field}`,
        ),
        'o.id as order_id',
        `o.${rows.column(ORDER, 'order_token')} as order_token`,
        `o.${rows.column(ORDER, 'currency_code')} as currency_code`,
        `m.${rows.column(METHOD, 'name')} as method`,
        `a.${rows.column(BANK_ACCOUNT, 'bank_name')} as account_bank`,
        `a.${rows.column(BANK_ACCOUNT, 'account_id')} as account_id`,
      )
      .orderBy('r.id')
      .limit(CSV_PAGE_SIZE) as Promise<Row[]>;
  for await (const page of pages(read)) {
    let chunk = '';
    for (const row of page) {
      const currency = currencyOf(row.currency_code);
      const state = String(row.state ?? '');
      chunk += csvRow([
        Number(row.id),
        bangkokDateTime(row.createdAt),
        stateLabel(t, 'report_status_', state),
        row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
        text(row.order_token),
        text(row.method),
        text(row.contact_name),
        text(row.email),
        text(row.tel),
        text(row.bank_code),
        [row.account_bank, row.account_id].filter(Boolean).join(' ') || null,
        bangkokDateTime(row.transfer_datetime),
        currency,
        amount(row.transfer_amount, currency),
        text(row.approve_by),
        bangkokDateTime(row.approved_at),
        text(row.reject_reason),
      ]);
    }
    yield chunk;
  }
}
