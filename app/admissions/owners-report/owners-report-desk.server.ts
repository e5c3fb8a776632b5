// What the owner's report page reads from its URL, and its tables as CSV downloads.
import { csvDownload } from "~/platform/csv-download.server";
import type { AppDatabase } from "~/platform/database.server";
import { addIndiaDays, indiaDay, isIndiaDay } from "~/platform/india-time";
import { type OwnersReport, ownersReport, type ReportPeriod } from "./owners-report.server";
import { type ReportColumn, type ReportTableId, reportTables } from "./owners-report-tables";

/** The longest period a report covers: two years. */
export const longestPeriodDays = 731;

export interface PeriodQuery {
  period: ReportPeriod;
  /** What was typed, to show again in the form. */
  typed: { from: string; to: string };
  /** A message per field that could not be used. */
  problems: { from?: string; to?: string };
}

/** The period in the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD, India days); the last 30 days by default. */
export function readPeriod(request: Request, now = new Date()): PeriodQuery {
  const params = new URL(request.url).searchParams;
  const typed = {
    from: (params.get("from") ?? "").trim().slice(0, 40),
    to: (params.get("to") ?? "").trim().slice(0, 40),
  };
  const problems: PeriodQuery["problems"] = {};
  let to = indiaDay(now);
  if (typed.to) {
    if (isIndiaDay(typed.to)) to = typed.to;
    else problems.to = "Not a date: showing up to today.";
  }
  let from = addIndiaDays(to, -29);
  const earliest = addIndiaDays(to, -(longestPeriodDays - 1));
  if (typed.from) {
    if (!isIndiaDay(typed.from)) problems.from = "Not a date: showing the 30 days before the end.";
    else if (typed.from > to) problems.from = "After the end: showing the 30 days before it.";
    else if (typed.from < earliest) {
      problems.from = "A report covers at most two years: showing the two years before the end.";
      from = earliest;
    } else from = typed.from;
  }
  return { period: { from, to }, typed: { from: typed.from || from, to: typed.to || to }, problems };
}

export function reportFor(db: AppDatabase, request: Request): Promise<OwnersReport> {
  return ownersReport(db, readPeriod(request).period);
}

/** One table of the report for the URL's period as CSV, written out row by row. */
export async function exportReportTable(db: AppDatabase, request: Request, id: ReportTableId): Promise<Response> {
  const { period } = readPeriod(request);
  const report = await ownersReport(db, period);
  const table = reportTables[id] as unknown as {
    columns: ReportColumn<unknown>[];
    rows: (report: OwnersReport) => unknown[];
  };
  return csvDownload(`report-${id}-${period.from}-to-${period.to}.csv`, table.columns, table.rows(report));
}
