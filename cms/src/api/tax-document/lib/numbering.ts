/**
 * The per-year document number (docs/decisions/189): one counter row per year, moved by a
 * single `last_number + 1` UPDATE on the approval's transaction. On PostgreSQL the row lock
 * holds a second approval until the first commits, so numbers are handed out in commit order
 * with no gap (a rolled-back approval rolls its number back too); SQLite runs one writer at a
 * time. The unique (year, number) index on the documents is the last guard against a duplicate.
 */
import type { Core } from '@strapi/strapi';

export const COUNTER_UID = 'api::tax-document.tax-document-counter';

/** A knex transaction, as `strapi.db.transaction` hands it out. */
type Trx = unknown;
type Knex = any;

function meta(strapi: Core.Strapi, counterUid: string): { tableName: string; attributes: Record<string, { columnName?: string }> } {
  return strapi.db.metadata.get(counterUid as never) as never;
}

/**
 * The next number of the year, taken on `trx`: 1 for the first document of a year. `counterUid`
 * names the series (a content type with `year` and `last_number`): the receipts and tax invoices
 * by default, the credit notes their own (ADR 198).
 */
export async function takeNumber(strapi: Core.Strapi, trx: Trx, year: number, counterUid: string = COUNTER_UID): Promise<number> {
  const { tableName, attributes } = meta(strapi, counterUid);
  const yearColumn = attributes.year?.columnName ?? 'year';
  const lastColumn = attributes.last_number?.columnName ?? 'last_number';
  const knex = strapi.db.connection as Knex;
  const table = () => (strapi.db.getConnection(tableName) as Knex).transacting(trx);
  // The year's row: a concurrent first insert loses to the unique index and is skipped (PostgreSQL waits for the winner).
  await table()
    .insert({ [yearColumn]: year, [lastColumn]: 0 })
    .onConflict(yearColumn)
    .ignore();
  const changed: number = await table()
    .where(yearColumn, year)
    .update({ [lastColumn]: knex.raw('?? + 1', [lastColumn]) });
  if (changed !== 1) throw new Error(`tax document counter of ${year} was not moved`);
  const row = (await table().where(yearColumn, year).first(lastColumn)) as Record<string, unknown> | undefined;
  const number = Number(row?.[lastColumn]);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`tax document counter of ${year} reads ${String(row?.[lastColumn])}`);
  return number;
}

/** The printed document number: the year and the number in it, `2026-000042` (a credit note's with its prefix, `CN2026-000001`). */
export function documentCode(year: number, number: number, prefix = ''): string {
  return `${prefix}${year}-${String(number).padStart(6, '0')}`;
}
