// The desk's list of student records: its query as the filter form sends it, one page of the
// records that match in the staff member's scope, and the whole filtered set as a CSV download.
import { ownerChoices } from "~/admissions/assignment/assignment.server";
import { recordsWithDuplicates } from "~/admissions/merge/student-merge.server";
import {
  type DayGroup,
  dayClock,
  dayGroupCondition,
  dayGroups,
  uncontactedCondition,
} from "~/admissions/my-day/my-day.server";
import type { CsvColumn } from "~/platform/csv";
import { csvDownload, downloadDate } from "~/platform/csv-download.server";
import type { AppDatabase } from "~/platform/database.server";
import { indiaMidnight, indiaTimestamp } from "~/platform/india-time";
import { type CourseValue, courseValues } from "~/site/course-catalog";
import type { StaffUser } from "~/staff/permissions.server";
import { coversBranch, type RecordScope } from "./record-scope.server";
import type { RecordRowView } from "./record-views";
import {
  type BranchFilter,
  branchFilterOptions,
  branchName,
  branchSourceLabels,
  isBranchGuess,
  unknownBranch,
} from "./student-branches";
import {
  listStudentRecords,
  type RecordFilters,
  type RecordListRow,
  type RecordSort,
  recordSorts,
  studentRecordRows,
} from "./student-records.server";
import { type StudentStage, studentStages } from "./student-stages";

export const recordPageSize = 50;

/** The list's query as the page's filter form sends it; anything unknown is ignored. */
export interface RecordQuery {
  q: string;
  stage: StudentStage | "";
  owner: string;
  course: CourseValue | "";
  /** A branch, or "unknown" (not known yet). */
  branch: BranchFilter | "";
  source: string;
  followUp: "overdue" | "today" | "none" | "";
  from: string;
  to: string;
  sort: RecordSort;
  page: number;
  /** One of My day's groups, or "late" (new, not contacted within the limit): my-day.server.ts. */
  day: DayGroup | "late" | "";
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export function readRecordQuery(request: Request): RecordQuery {
  const params = new URL(request.url).searchParams;
  const pick = <T extends string>(name: string, allowed: readonly T[]): T | "" => {
    const value = params.get(name) ?? "";
    return (allowed as readonly string[]).includes(value) ? (value as T) : "";
  };
  const page = Math.max(1, Math.min(100_000, Math.trunc(Number(params.get("page") ?? "1")) || 1));
  const date = (name: string) => {
    const value = params.get(name) ?? "";
    return dateOnly.test(value) && !Number.isNaN(Date.parse(value)) ? value : "";
  };
  const owner = (params.get("owner") ?? "").slice(0, 100);
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    stage: pick("stage", studentStages),
    owner,
    course: pick("course", courseValues),
    branch: pick(
      "branch",
      branchFilterOptions.map((option) => option.value),
    ),
    source: (params.get("source") ?? "").slice(0, 100),
    followUp: pick("followUp", ["overdue", "today", "none"] as const),
    from: date("from"),
    to: date("to"),
    sort: pick("sort", recordSorts) || "newest",
    page,
    day: pick("day", [...dayGroups, "late"] as const),
  };
}

function filtersOf(query: RecordQuery, staff: StaffUser): RecordFilters {
  const to = query.to ? indiaMidnight(query.to) : undefined;
  return {
    search: query.q || undefined,
    stage: query.stage || undefined,
    owner: query.owner || undefined,
    me: staff.id,
    course: query.course || undefined,
    branch: query.branch || undefined,
    source: query.source || undefined,
    followUp: query.followUp || undefined,
    createdFrom: query.from ? indiaMidnight(query.from) : undefined,
    createdBefore: to ? new Date(to.getTime() + 24 * 60 * 60_000) : undefined,
    where: query.day
      ? query.day === "late"
        ? uncontactedCondition(dayClock())
        : dayGroupCondition(query.day, dayClock())
      : undefined,
    sort: query.sort,
  };
}

function rowView(row: RecordListRow, now: number, duplicates: Set<number>): RecordRowView {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    email: row.email,
    district: row.district,
    courses: row.courses,
    branch: branchName(row.branch),
    branchGuess: row.branch !== null && isBranchGuess(row.branchSource),
    stage: row.stage,
    ownerName: row.ownerName,
    nextFollowUpAt: row.nextFollowUpAt?.toISOString() ?? null,
    overdue: row.nextFollowUpAt !== null && row.nextFollowUpAt.getTime() < now,
    createdAt: row.createdAt.toISOString(),
    duplicate: duplicates.has(row.id),
  };
}

export async function loadRecordList(db: AppDatabase, request: Request, staff: StaffUser, scope: RecordScope) {
  const query = readRecordQuery(request);
  const filters = filtersOf(query, staff);
  const { rows, total, atLeast } = await listStudentRecords(
    db,
    { ...filters, limit: recordPageSize, offset: (query.page - 1) * recordPageSize },
    scope,
  );
  const now = Date.now();
  const [duplicates, owners] = await Promise.all([recordsWithDuplicates(db, rows, scope), ownerChoices(db)]);
  const params = new URL(request.url).searchParams;
  const reassigned = Number(params.get("reassigned"));
  const reassignedTo = params.get("reassignedTo") ?? "";
  return {
    query,
    rows: rows.map((row) => rowView(row, now, duplicates)),
    total,
    atLeast,
    pageCount: Math.max(1, Math.ceil(total / recordPageSize)),
    pageSize: recordPageSize,
    owners,
    courses: scope.all ? courseValues : scope.courses,
    // A counsellor limited to branches filters by theirs, and by "not known yet".
    branches: branchFilterOptions.filter((option) =>
      coversBranch(scope, option.value === unknownBranch ? null : option.value),
    ),
    /** Back from a record whose branch was given to a branch outside this desk's. */
    branchGiven: params.has("branchGiven"),
    reassigned:
      Number.isInteger(reassigned) && reassigned >= 0 && params.has("reassigned")
        ? {
            count: reassigned,
            to: reassignedTo ? (owners.find((owner) => owner.id === reassignedTo)?.name ?? "another account") : null,
          }
        : null,
  };
}

const recordCsvColumns: CsvColumn<RecordListRow>[] = [
  { header: "Record", value: (row) => row.id },
  { header: "Created (IST)", value: (row) => indiaTimestamp(row.createdAt) },
  { header: "Name", value: (row) => row.name },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Email", value: (row) => row.email },
  { header: "District", value: (row) => row.district },
  { header: "Courses", value: (row) => row.courses.join("; ") },
  { header: "Branch", value: (row) => branchName(row.branch) },
  { header: "Branch known from", value: (row) => (row.branch ? branchSourceLabels[row.branchSource ?? ""] : "") },
  { header: "Stage", value: (row) => row.stage },
  { header: "Lost reason", value: (row) => row.lostReason ?? "" },
  { header: "Owner", value: (row) => row.ownerName ?? "" },
  { header: "Next follow-up (IST)", value: (row) => (row.nextFollowUpAt ? indiaTimestamp(row.nextFollowUpAt) : "") },
];

/** The list's filtered set as a CSV download, streamed from the database in batches. */
export function exportRecordList(db: AppDatabase, request: Request, staff: StaffUser, scope: RecordScope): Response {
  const filters = filtersOf(readRecordQuery(request), staff);
  return csvDownload(`students-${downloadDate()}.csv`, recordCsvColumns, studentRecordRows(db, filters, scope));
}
