/**
 * Editors' English next to the Thai source (ADR 183): a content type a student reads keeps one
 * row per entry, with an optional `<field>_en` column beside each text field. Reads select both
 * and pick here, so ids, seats, stock, coupon counts and orders stay on the one row.
 */
import type { Locale } from '@sala/shared/constants';
import { localizedValue } from '@sala/shared/texts';

/** The English column of a text field. */
export function englishColumn(field: string): string {
  return `${field}_en`;
}

/** These fields and their English columns, for a select. */
export function withEnglish<F extends string>(fields: readonly F[]): (F | `${F}_en`)[] {
  return fields.flatMap((field) => [field, `${field}_en` as const]);
}

/**
 * The row with each of `fields` in the locale: the English column when the locale is English
 * and an editor filled it, the Thai value otherwise. Other fields, and Thai reads, are untouched.
 */
export function inLocale<R extends object>(row: R, fields: readonly (keyof R & string)[], locale: Locale): R {
  if (locale !== 'en') return row;
  const values = row as Record<string, unknown>;
  const out: Record<string, unknown> = { ...values };
  for (const field of fields) {
    const thai = values[field];
    const english = values[englishColumn(field)];
    if (typeof thai === 'string' || thai === null || thai === undefined) out[field] = localizedValue(thai, typeof english === 'string' ? english : null, locale);
  }
  return out as R;
}
