/**
 * CSV as Excel opens it with Thai text: UTF-8 with a byte-order mark, CRLF line ends, a field
 * quoted when it holds a comma, a quote, a line break or edge spaces (quotes doubled, RFC 4180),
 * and a text that starts like a formula (= + - @, tab or carriage return) given a leading
 * apostrophe so a spreadsheet shows it as text instead of running it (OWASP CSV injection).
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A number written as it is (an amount such as 1999.50): never taken for a formula. */
export type CsvNumber = { csvNumber: string };

export type CsvValue = string | number | CsvNumber | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'string' ? value : value.csvNumber;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
