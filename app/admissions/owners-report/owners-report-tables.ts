// The owner's report's tables: one definition of each table's rows and columns, for the page
// (formatted) and for its CSV download (plain numbers). Browser-safe.

import { lostReasonLabels, stageLabels } from "~/admissions/records/stage-labels";
import { branchName } from "~/admissions/records/student-branches";
import { type LostReason, lostReasons, type StudentStage, studentStages } from "~/admissions/records/student-stages";
import { shareOf, showShare } from "~/components/desk/shares";
import type { CsvValue } from "~/platform/csv";
import { courseByValue } from "~/site/course-catalog";

/** The figures of one group of students (all of them, a counsellor's, a course's...). */
export interface ReportFigures {
  /** Records created in the period. */
  newStudents: number;
  /** Of them, those with a call, WhatsApp or e-mail logged (ever, up to now). */
  contacted: number;
  /** Minutes from arrival to the first contact, over the contacted; null when none was. */
  responseMedianMinutes: number | null;
  responseP90Minutes: number | null;
  /** New students first contacted within 1 hour and within 24 hours of arriving. */
  contactedWithin1h: number;
  contactedWithin24h: number;
  /** New students who reached each stage (or a later one): cumulative, New = all. */
  reached: Record<Exclude<StudentStage, "lost">, number>;
  /** New students whose stage is Enrolled now. */
  enrolled: number;
  /** New students whose stage is Lost now, by reason. */
  lost: number;
  lostReasons: Record<LostReason, number>;
}

export interface FollowUpFigures {
  /** Follow-ups due in the period (and at least the grace ago) with a contact logged by due + grace. */
  onTime: number;
  /** Due in the period, no contact by due + grace, not moved before it fell due. */
  missed: number;
}

export interface ReportRow extends ReportFigures {
  /** The group's key: an account id, a course value, a branch ("" not known), a source, "source / medium / campaign", a week's Monday. */
  key: string;
  /** Owner's name for a counsellor row. */
  label: string;
  followUps?: FollowUpFigures;
}

/** The report as the page receives it (dates as strings after serialisation are not used). */
export interface ReportData {
  total: ReportRow;
  byCounsellor: ReportRow[];
  byCourse: ReportRow[];
  byBranch: ReportRow[];
  bySource: ReportRow[];
  byCampaign: ReportRow[];
  byWeek: ReportRow[];
}

export interface ReportColumn<Row> {
  header: string;
  /** What the CSV holds: a number stays a number (minutes, percentages with one decimal). */
  value: (row: Row) => CsvValue;
  /** What the page shows; the CSV value when left out. */
  show?: (row: Row) => string;
  /** A figure (right-aligned on the page). */
  numeric?: boolean;
}

export interface ReportTable<Row> {
  id: string;
  caption: string;
  /** What the rows count, shown under the caption. */
  note: string;
  columns: ReportColumn<Row>[];
  rows: (report: ReportData) => Row[];
}

/** Part of a whole in percent (the desk's one rule: null when there is no whole). */
export const percent = shareOf;

export const showPercent = showShare;

/** Minutes as a person reads them: "45 min", "3 h 20 min", "2 d 5 h"; a dash when unknown. */
export function showDuration(minutes: number | null): string {
  if (minutes === null) return "–";
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  if (rounded < 24 * 60) {
    const rest = rounded % 60;
    return `${Math.floor(rounded / 60)} h${rest ? ` ${rest} min` : ""}`;
  }
  const hours = Math.round(rounded / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

const minutesValue = (minutes: number | null) => (minutes === null ? null : Math.round(minutes * 10) / 10);

export function courseName(value: string): string {
  if (value === "") return "No course (enquiry only)";
  return courseByValue(value)?.label ?? value;
}

function sourceName(value: string): string {
  return value === "" ? "None (direct, or not known)" : value;
}

const count = (header: string, pick: (row: ReportRow) => number): ReportColumn<ReportRow> => ({
  header,
  value: pick,
  numeric: true,
});
const rate = (header: string, part: (row: ReportRow) => number, whole: (row: ReportRow) => number) =>
  ({
    header,
    value: (row) => percent(part(row), whole(row)),
    show: (row) => showPercent(percent(part(row), whole(row))),
    numeric: true,
  }) satisfies ReportColumn<ReportRow>;
const duration = (header: string, pick: (row: ReportRow) => number | null) =>
  ({
    header,
    value: (row) => minutesValue(pick(row)),
    show: (row) => showDuration(pick(row)),
    numeric: true,
  }) satisfies ReportColumn<ReportRow>;

/** The columns every breakdown shares, after its own first column. */
const workColumns: ReportColumn<ReportRow>[] = [
  count("New students", (row) => row.newStudents),
  duration("First response, median (minutes)", (row) => row.responseMedianMinutes),
  duration("First response, 90th percentile (minutes)", (row) => row.responseP90Minutes),
  rate(
    "Contacted within 1 h (%)",
    (row) => row.contactedWithin1h,
    (row) => row.newStudents,
  ),
  rate(
    "Contacted within 24 h (%)",
    (row) => row.contactedWithin24h,
    (row) => row.newStudents,
  ),
  count("Not contacted yet", (row) => row.newStudents - row.contacted),
];
const outcomeColumns: ReportColumn<ReportRow>[] = [
  count("Enrolled", (row) => row.enrolled),
  rate(
    "Conversion (%)",
    (row) => row.enrolled,
    (row) => row.newStudents,
  ),
  count("Lost", (row) => row.lost),
];
const followUpColumns: ReportColumn<ReportRow>[] = [
  count("Follow-ups on time", (row) => row.followUps?.onTime ?? 0),
  count("Follow-ups missed", (row) => row.followUps?.missed ?? 0),
  rate(
    "Follow-ups on time (%)",
    (row) => row.followUps?.onTime ?? 0,
    (row) => (row.followUps?.onTime ?? 0) + (row.followUps?.missed ?? 0),
  ),
];

export interface FunnelRow {
  stage: string;
  reached: number;
  ofNew: number | null;
  ofPrevious: number | null;
}

export function funnelRows(report: ReportData): FunnelRow[] {
  const stages = studentStages.filter((stage) => stage !== "lost") as (keyof ReportFigures["reached"])[];
  return stages.map((stage, index) => {
    const reached = report.total.reached[stage];
    const previous = index === 0 ? reached : report.total.reached[stages[index - 1] as typeof stage];
    return {
      stage: stageLabels[stage],
      reached,
      ofNew: percent(reached, report.total.newStudents),
      ofPrevious: index === 0 ? null : percent(reached, previous),
    };
  });
}

export interface LostRow {
  reason: LostReason;
  label: string;
  students: number;
  share: number | null;
}

export function lostRows(report: ReportData): LostRow[] {
  return lostReasons.map((reason) => ({
    reason,
    label: lostReasonLabels[reason],
    students: report.total.lostReasons[reason],
    share: percent(report.total.lostReasons[reason], report.total.lost),
  }));
}

export const reportTables = {
  counsellors: {
    id: "counsellors",
    caption: "By counsellor",
    note: "New students by the counsellor who owns their record now; follow-ups by the owner of the student.",
    columns: [
      { header: "Counsellor", value: (row) => row.label },
      ...workColumns,
      ...followUpColumns,
      ...outcomeColumns,
    ],
    rows: (report) => report.byCounsellor,
  } satisfies ReportTable<ReportRow>,
  courses: {
    id: "courses",
    caption: "By course",
    note: "Each student under the first course they asked about.",
    columns: [
      { header: "Course", value: (row) => courseName(row.key) },
      ...workColumns,
      ...followUpColumns,
      ...outcomeColumns,
    ],
    rows: (report) => report.byCourse,
  } satisfies ReportTable<ReportRow>,
  branches: {
    id: "branches",
    caption: "By branch",
    note: "Each student under their record's branch now (a guess from the state counts as that branch until someone changes it); follow-ups by the branch of the student.",
    columns: [
      { header: "Branch", value: (row) => branchName(row.key) },
      ...workColumns,
      ...followUpColumns,
      ...outcomeColumns,
    ],
    rows: (report) => report.byBranch,
  } satisfies ReportTable<ReportRow>,
  sources: {
    id: "sources",
    caption: "By source",
    note: "The campaign source (utm_source) of the link the student first landed from, as their first form carried it.",
    columns: [{ header: "Source", value: (row) => sourceName(row.key) }, ...workColumns, ...outcomeColumns],
    rows: (report) => report.bySource,
  } satisfies ReportTable<ReportRow>,
  campaigns: {
    id: "campaigns",
    caption: "By campaign (source / medium / campaign)",
    note: "The same first touch, by the whole campaign.",
    columns: [{ header: "Campaign", value: (row) => sourceName(row.key) }, ...workColumns, ...outcomeColumns],
    rows: (report) => report.byCampaign,
  } satisfies ReportTable<ReportRow>,
  weeks: {
    id: "weeks",
    caption: "First response by week of arrival",
    note: "Weeks start on Monday (India time); the first and last may be part weeks.",
    columns: [{ header: "Week of", value: (row) => row.key }, ...workColumns],
    rows: (report) => report.byWeek,
  } satisfies ReportTable<ReportRow>,
  funnel: {
    id: "funnel",
    caption: "Stage funnel",
    note: "New students who reached each stage, or a later one (a student moved straight to Enrolled passed every stage before it).",
    columns: [
      { header: "Stage", value: (row) => row.stage },
      { header: "Students who reached it", value: (row) => row.reached, numeric: true },
      {
        header: "Of new students (%)",
        value: (row) => row.ofNew,
        show: (row) => showPercent(row.ofNew),
        numeric: true,
      },
      {
        header: "Of the stage before (%)",
        value: (row) => row.ofPrevious,
        show: (row) => showPercent(row.ofPrevious),
        numeric: true,
      },
    ],
    rows: funnelRows,
  } satisfies ReportTable<FunnelRow>,
  lost: {
    id: "lost",
    caption: "Lost, by reason",
    note: "New students whose stage is Lost now, by the reason given.",
    columns: [
      { header: "Reason", value: (row) => row.label },
      { header: "Students", value: (row) => row.students, numeric: true },
      { header: "Of the lost (%)", value: (row) => row.share, show: (row) => showPercent(row.share), numeric: true },
    ],
    rows: lostRows,
  } satisfies ReportTable<LostRow>,
};

export type ReportTableId = keyof typeof reportTables;

export function isReportTableId(value: unknown): value is ReportTableId {
  return typeof value === "string" && Object.hasOwn(reportTables, value);
}
