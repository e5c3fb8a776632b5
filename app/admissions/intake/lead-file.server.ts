// Reading an uploaded list of leads row by row, never the whole sheet at once: `.xlsx` (as Excel
// and Google Sheets save it) through ExcelJS's streaming reader, `.csv` (UTF-8, with or without
// the byte-order mark Excel writes) through csv-parse. Each row comes out as its cells' text.
// Both libraries are loaded when a list is first read: ExcelJS and what it brings (zip, XML and
// CSV readers and writers) held some 9 MB of the site's heap for an import that may never come
// (decision 016).
import { Readable } from "node:stream";
import { indianNumber } from "~/platform/indian-numbers";

/** The largest list an admin may upload, and the most rows it may hold (the header aside). */
export const maxLeadFileBytes = 10 * 1024 * 1024;
export const maxLeadRows = 20_000;

export type LeadFileKind = "xlsx" | "csv";

export class LeadFileError extends Error {}

/** The kind of an upload, by its first bytes (a zip is an .xlsx) and its name; undefined: neither. */
export function leadFileKind(fileName: string, bytes: Uint8Array): LeadFileKind | undefined {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const name = fileName.toLowerCase();
  if (zip) return name.endsWith(".xlsx") || !name.endsWith(".csv") ? "xlsx" : undefined;
  if (name.endsWith(".xlsx") || name.endsWith(".xls")) return undefined;
  // A text file: no NUL bytes in its start (a binary or UTF-16 file has them).
  return bytes.subarray(0, 4096).includes(0) ? undefined : "csv";
}

/** A cell as text: rich text joined, a formula's result, a date as YYYY-MM-DD, a number as written. */
function cellText(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText))
      return object.richText.map((part) => cellText((part as { text?: unknown }).text)).join("");
    if ("result" in object) return cellText(object.result);
    if ("text" in object) return cellText(object.text);
    if ("error" in object) return "";
  }
  return String(value);
}

/**
 * The rows of the file's first sheet (the header first), each as its cells' text, trimmed, with
 * empty rows left out. Refuses a file with more than `maxLeadRows` rows below the header.
 */
export async function* readLeadRows(
  kind: LeadFileKind,
  bytes: Uint8Array,
): AsyncGenerator<{ number: number; cells: string[] }> {
  let count = 0;
  const tooMany = () =>
    new LeadFileError(`This list has more than ${indianNumber(maxLeadRows)} rows: please split it into smaller files.`);
  if (kind === "csv") {
    const { parse } = await import("csv-parse");
    const parser = Readable.from([Buffer.from(bytes)]).pipe(
      parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
    );
    try {
      for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        const cells = record.record.map((cell) => cell.trim());
        if (cells.every((cell) => cell === "")) continue;
        if (++count > maxLeadRows + 1) throw tooMany();
        yield { number: record.info.lines, cells };
      }
    } catch (error) {
      if (error instanceof LeadFileError) throw error;
      throw new LeadFileError(
        `This CSV file could not be read (${(error as Error).message}). Please save it again as CSV UTF-8 and upload it.`,
      );
    }
    return;
  }
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column++) cells.push(cellText(values[column]).trim());
        if (cells.every((cell) => cell === "")) continue;
        if (++count > maxLeadRows + 1) throw tooMany();
        yield { number: row.number, cells };
      }
      // The first sheet only: a workbook's other sheets are notes, totals, pivot tables.
      return;
    }
  } catch (error) {
    if (error instanceof LeadFileError) throw error;
    throw new LeadFileError(
      `This .xlsx file could not be read (${(error as Error).message}). Please save it again from Excel or Google Sheets and upload it.`,
    );
  }
}
