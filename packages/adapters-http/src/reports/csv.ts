export type CsvValue = string | number | boolean | null;

/** A plain decimal number: a spreadsheet reads it as a number, never as a formula, negative or not. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection"), tab and carriage return included. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field of RFC 4180: quoted when it holds a comma, a quote or a line break, its quotes doubled. A text a
 * spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`) is prefixed with `'`, so that it shows as the text it is;
 * a plain decimal number (an amount, negative ones included) is left as it is. Null is an empty field.
 */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export const csvRecord = (values: readonly CsvValue[]): string => `${values.map(csvField).join(',')}\r\n`;

/** A report's columns: each header with the value it takes from a row. */
export type CsvColumns<T> = ReadonlyArray<readonly [header: string, value: (row: T) => CsvValue]>;
