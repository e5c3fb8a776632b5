// The staff desk's submission tables: what a table loads (filters, paging, repeat
// contacts, CSV) and how a follow-up (status and notes) is saved. Admin, course and
// counsellor pages call these; the course or record scope is always part of the query.
import { data } from "react-router";
import { z } from "zod";
import type { RecordScope } from "~/admissions/records/record-scope.server";
import { csvResponse, downloadDate } from "~/platform/csv-download.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxRowId } from "~/platform/form-data.server";
import type { CourseValue } from "~/site/course-catalog";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { daysToMs, defaultRangeDays, type SubmissionRow } from "~/staff/staff-desk";
import { repeatContacts, updateFollowUp } from "./follow-up.server";
import { listSubmissions, submissionCsv } from "./submission-repository.server";
import type { SubmissionKind } from "./submission-schema";
import { submissionStatuses } from "./submission-status";

export const pageSize = 50;

export interface TableQuery {
  range: string;
  q: string;
  page: number;
}

export function readTableQuery(request: Request): TableQuery & { since?: Date } {
  const params = new URL(request.url).searchParams;
  const range = params.get("range") ?? String(defaultRangeDays);
  const days = range === "all" ? undefined : Number(range);
  const validDays = days !== undefined && Number.isFinite(days) && days > 0 && days <= 3660 ? days : undefined;
  const rangeValue = range === "all" ? "all" : String(validDays ?? defaultRangeDays);
  const since = rangeValue === "all" ? undefined : new Date(Date.now() - daysToMs(Number(rangeValue)));
  const q = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(params.get("page") ?? "1")) || 1));
  return { range: rangeValue, q, page, since };
}

/**
 * Everything a table's filters match, not just the page on screen, as a CSV download,
 * streamed from the database in batches (the same export as the command line's).
 */
export function exportSubmissionTable(
  db: AppDatabase,
  request: Request,
  kind: SubmissionKind,
  scope: { course?: CourseValue; records?: RecordScope } = {},
): Response {
  const query = readTableQuery(request);
  const filters = { since: query.since, search: query.q || undefined, course: scope.course, records: scope.records };
  const subject =
    kind === "enquiry" ? "enquiries" : `registrations${scope.course ? `-${scope.course.replace(" ", "-")}` : ""}`;
  return csvResponse(`${subject}-${downloadDate()}.csv`, submissionCsv(db, kind, filters, { bom: true }));
}

export async function loadSubmissionTable(
  db: AppDatabase,
  request: Request,
  kind: SubmissionKind,
  scope: { course?: CourseValue; records?: RecordScope } = {},
) {
  const query = readTableQuery(request);
  const filters = { since: query.since, search: query.q || undefined, records: scope.records };
  const paging = { limit: pageSize, offset: (query.page - 1) * pageSize };
  const { rows, total } =
    kind === "enquiry"
      ? await listSubmissions(db, "enquiry", { ...filters, ...paging })
      : await listSubmissions(db, "registration", { ...filters, ...paging, course: scope.course });
  const repeats = await repeatContacts(db, rows);
  const view: SubmissionRow[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    stream: row.stream,
    major: row.major,
    state: row.state,
    district: row.district,
    course: "course" in row && row.course ? String(row.course) : undefined,
    batch: "batch" in row ? String(row.batch) : undefined,
    question: "question" in row ? row.question : undefined,
    status: row.status,
    notes: row.notes,
    statusUpdatedAt: row.statusUpdatedAt?.toISOString() ?? null,
    statusUpdatedBy: row.statusUpdatedBy,
    repeatOf: repeats.mobiles.has(row.mobile) ? row.mobile : repeats.emails.has(row.email) ? row.email : null,
    guardian: row.under18 ? { name: row.guardianName, mobile: row.guardianMobile } : null,
    landingPage: row.landingPage,
    campaign: row.utmSource ? [row.utmSource, row.utmMedium, row.utmCampaign].filter(Boolean).join(" / ") : "",
  }));
  return {
    kind,
    rows: view,
    total,
    query: { range: query.range, q: query.q, page: query.page },
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
  };
}

const followUpSchema = z.object({
  id: z.coerce
    .number()
    .int("That entry no longer exists.")
    .positive("That entry no longer exists.")
    .max(maxRowId, "That entry no longer exists."),
  status: z.enum(submissionStatuses, { message: "Please choose a status." }),
  notes: z
    .string()
    .max(2000, "Notes can be at most 2000 characters.")
    .transform((s) => s.trim()),
});

/** Saves status and notes of one row; a course desk's or counsellor's write is limited to their scope. */
export async function saveFollowUp(
  db: AppDatabase,
  form: FormData,
  kind: SubmissionKind,
  staff: StaffUser,
  scope: { course?: CourseValue; records?: RecordScope } = {},
) {
  const parsed = followUpSchema.safeParse({
    id: form.get("id"),
    status: form.get("status"),
    notes: form.get("notes") ?? "",
  });
  if (!parsed.success) {
    return data(
      { ok: false as const, error: parsed.error.issues[0]?.message ?? "Please check the form." },
      { status: 400 },
    );
  }
  const { id, status, notes } = parsed.data;
  const saved = await auditedChange(
    db,
    (tx) => updateFollowUp(tx, kind, id, { status, notes }, staff.email, scope),
    (updated) =>
      updated
        ? {
            actor: staff.email,
            action: `${kind}.follow-up`,
            subject: `${kind} ${id}`,
            detail: { status, notesLength: notes.length },
          }
        : undefined,
  );
  if (!saved) return data({ ok: false as const, error: "That entry no longer exists." }, { status: 404 });
  return { ok: true as const, id, message: "Saved." };
}

export function badForm() {
  return data({ ok: false as const, error: "Please send the form from the page." }, { status: 415 });
}
