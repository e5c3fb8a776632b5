// CSV (RFC 4180) for exports: the command line and the staff desk's downloads.
// Pure and browser-safe.

export type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Spreadsheets run a cell that starts with one of these as a formula. */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** Put before the first row so Excel reads the file as UTF-8 (Tamil, Malayalam, Kannada names). */
export const utf8Bom = "\uFEFF";

/**
 * One field: text that a spreadsheet would run as a formula gets a leading
 * apostrophe (a student's name is data, never a command), then RFC 4180 quoting.
 */
export function csvField(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "string") text = formulaStart.test(value) ? `'${value}` : value;
  else text = String(value);
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvLine(columns.map((column) => column.header));
}

export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvLine(columns.map((column) => column.value(row)));
}

/** A whole document: header row, then one record per row. */
export function toCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row>,
  options: { bom?: boolean } = {},
): string {
  let csv = options.bom ? utf8Bom : "";
  csv += csvHeader(columns);
  for (const row of rows) csv += csvRecord(columns, row);
  return csv;
}
