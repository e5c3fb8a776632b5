// A CSV file as a download from the desk: UTF-8 with the byte-order mark Excel needs to read it as
// such, streamed as it is written (a large list never sits whole in memory), never cached.
import { Readable } from "node:stream";
import { type CsvColumn, csvHeader, csvRecord, utf8Bom } from "./csv";
import { logFault } from "./error-log.server";
import { indiaDay } from "./india-time";

/** The CSV text (header first) as a download named `fileName`. */
export function csvResponse(fileName: string, text: AsyncIterable<string> | Iterable<string>): Response {
  async function* encoded(): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    try {
      for await (const chunk of text) yield encoder.encode(chunk);
    } catch (error) {
      // The headers are sent: the download ends short, and the log says why.
      logFault("CSV export failed", error);
      throw error;
    }
  }
  return new Response(Readable.toWeb(Readable.from(encoded())) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Rows as a CSV download with these columns, the byte-order mark first. */
export function csvDownload<Row>(
  fileName: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Response {
  async function* lines(): AsyncGenerator<string> {
    yield utf8Bom + csvHeader(columns);
    for await (const row of rows) yield csvRecord(columns, row);
  }
  return csvResponse(fileName, lines());
}

/** Today's date in India as download names carry it: students-2026-11-28.csv (decision 027). */
export function downloadDate(): string {
  return indiaDay();
}
