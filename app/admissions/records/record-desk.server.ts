// The desk's student records: what the list and a record's page load, and what their forms
// do. Routes call these with the staff member's scope; every query carries it, so a course's
// counsellor never reads or changes a record of another course, whatever id they send.
import { Readable } from "node:stream";
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { reassignRecords } from "~/admissions/assignment/assignment.server";
import { likelyDuplicates, mergedInto, recordsWithDuplicates } from "~/admissions/merge/student-merge.server";
import {
  type DayGroup,
  dayClock,
  dayGroupCondition,
  dayGroups,
  uncontactedCondition,
} from "~/admissions/my-day/my-day.server";
import { indiaTime } from "~/admissions/submissions/submission-repository.server";
import { loadWhatsappTemplates } from "~/admissions/whatsapp/whatsapp-templates.server";
import { type CsvColumn, csvHeader, csvRecord, utf8Bom } from "~/platform/csv";
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { maxRowId } from "~/platform/form-data.server";
import { type CourseValue, courseByKey, courseValues } from "~/site/course-catalog";
import { auditedChange, recordAudit } from "~/staff/audit-log.server";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { requireStaff, type StaffUser } from "~/staff/permissions.server";
import { listStaff } from "~/staff/staff-accounts.server";
import { courseValueOfRole } from "~/staff/staff-desk";
import { allCourses, counsellorDesk, coursesOf } from "~/staff/staff-roles";
import { addNote, editStudentRecord, logContact } from "./record-edits.server";
import { everyRecord, type RecordScope, recordIdsInScope } from "./record-scope.server";
import type { RecordFormProblem, RecordRowView, TimelineView } from "./record-views";
import {
  getStudentRecord,
  listStudentRecords,
  type RecordFilters,
  type RecordListRow,
  type RecordSort,
  recordSorts,
  recordSubmissions,
  studentRecordRows,
} from "./student-records.server";
import {
  type CallOutcome,
  callOutcomes,
  type LostReason,
  lostReasons,
  maxNoteLength,
  type StudentStage,
  studentStages,
} from "./student-stages";
import { type Actor, recordTimeline, type TimelineEntry } from "./student-timeline.server";

export const recordPageSize = 50;

/** The list's query as the page's filter form sends it; anything unknown is ignored. */
export interface RecordQuery {
  q: string;
  stage: StudentStage | "";
  owner: string;
  course: CourseValue | "";
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
    source: (params.get("source") ?? "").slice(0, 100),
    followUp: pick("followUp", ["overdue", "today", "none"] as const),
    from: date("from"),
    to: date("to"),
    sort: pick("sort", recordSorts) || "newest",
    page,
    day: pick("day", [...dayGroups, "late"] as const),
  };
}

/** A date picked on the desk is a day in India: it starts at midnight IST. */
function indiaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

function filtersOf(query: RecordQuery, staff: StaffUser): RecordFilters {
  const to = query.to ? indiaMidnight(query.to) : undefined;
  return {
    search: query.q || undefined,
    stage: query.stage || undefined,
    owner: query.owner || undefined,
    me: staff.id,
    course: query.course || undefined,
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
    reassigned:
      Number.isInteger(reassigned) && reassigned >= 0 && params.has("reassigned")
        ? {
            count: reassigned,
            to: reassignedTo ? (owners.find((owner) => owner.id === reassignedTo)?.name ?? "another account") : null,
          }
        : null,
  };
}

/** Staff accounts a record can be given to, by name. */
export async function ownerChoices(db: AppDatabase): Promise<{ id: string; name: string }[]> {
  const accounts = await listStaff(db);
  return accounts.map((account) => ({ id: account.id, name: account.name || account.email }));
}

const recordCsvColumns: CsvColumn<RecordListRow>[] = [
  { header: "Record", value: (row) => row.id },
  { header: "Created (IST)", value: (row) => indiaTime(row.createdAt) },
  { header: "Name", value: (row) => row.name },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Email", value: (row) => row.email },
  { header: "District", value: (row) => row.district },
  { header: "Courses", value: (row) => row.courses.join("; ") },
  { header: "Stage", value: (row) => row.stage },
  { header: "Lost reason", value: (row) => row.lostReason ?? "" },
  { header: "Owner", value: (row) => row.ownerName ?? "" },
  { header: "Next follow-up (IST)", value: (row) => (row.nextFollowUpAt ? indiaTime(row.nextFollowUpAt) : "") },
];

/** The list's filtered set as a CSV download, streamed from the database in batches. */
export function exportRecordList(db: AppDatabase, request: Request, staff: StaffUser, scope: RecordScope): Response {
  const filters = filtersOf(readRecordQuery(request), staff);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    yield encoder.encode(utf8Bom + csvHeader(recordCsvColumns));
    for await (const row of studentRecordRows(db, filters, scope))
      yield encoder.encode(csvRecord(recordCsvColumns, row));
  }
  const body = Readable.toWeb(Readable.from(chunks())) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="students-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A record id from the URL: a positive whole number, else 404. */
export function recordIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > maxRowId) throw data(null, { status: 404 });
  return id;
}

function timelineView(entry: TimelineEntry): TimelineView {
  return { id: entry.id, kind: entry.kind, at: entry.at.toISOString(), actor: entry.actorLabel, detail: entry.detail };
}

/**
 * A record's page. A record merged into another leads to the kept record (with ?merged=<id>,
 * so the page says so), when the kept record is in this scope; otherwise 404.
 */
export async function loadRecordPage(db: AppDatabase, id: number, scope: RecordScope, base = "/admin/students") {
  const record = await getStudentRecord(db, id, scope);
  if (!record) {
    const kept = await mergedInto(db, id);
    if (kept && (await getStudentRecord(db, kept, scope))) throw redirect(`${base}/${kept}?merged=${id}`);
    throw data(null, { status: 404 });
  }
  const [submissions, timeline, owners, duplicates, whatsappTemplates] = await Promise.all([
    recordSubmissions(db, id),
    recordTimeline(db, id),
    ownerChoices(db),
    likelyDuplicates(db, record, scope),
    loadWhatsappTemplates(db),
  ]);
  return {
    record: {
      id: record.id,
      name: record.name,
      email: record.email,
      mobile: record.mobile,
      mobiles: record.mobiles,
      emails: record.emails,
      state: record.state,
      district: record.district,
      courses: record.courses,
      stage: record.stage,
      lostReason: record.lostReason,
      lostNote: record.lostNote,
      ownerId: record.ownerId,
      ownerName: record.ownerName,
      nextFollowUpAt: record.nextFollowUpAt?.toISOString() ?? null,
      version: record.version,
      createdAt: record.createdAt.toISOString(),
    },
    submissions: submissions.map((row) => ({
      kind: row.kind,
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      stream: row.stream,
      major: row.major,
      state: row.state,
      district: row.district,
      course: row.course,
      batch: row.batch,
      question: row.kind === "enquiry" ? row.question : "",
      guardian: row.under18 ? { name: row.guardianName, mobile: row.guardianMobile } : null,
      landingPage: row.landingPage,
      campaign: [row.utmSource, row.utmMedium, row.utmCampaign].filter(Boolean).join(" / "),
    })),
    timeline: timeline.map(timelineView),
    owners,
    duplicates,
    whatsappTemplates,
  };
}

// ---------------------------------------------------------------------------------------------
// The record page's forms

/** "2026-11-25T16:30" typed on the desk is a time in India. */
const indiaDateTime = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), "Please give a date and a time.")
  .transform((value) => (value === "" ? null : new Date(`${value}:00+05:30`)))
  .refine((value) => value === null || !Number.isNaN(value.getTime()), "Please give a date and a time.");

const version = z.coerce.number({ message: "Please reload the record." }).int().min(1).max(maxRowId);
const noteText = z
  .string()
  .max(
    maxNoteLength,
    `A note can be at most ${maxNoteLength.toLocaleString("en-IN")} characters: please shorten it (nothing was saved).`,
  );

const stageForm = z
  .object({
    version,
    stage: z.enum(studentStages, { message: "Please choose a stage." }),
    lostReason: z.union([z.enum(lostReasons), z.literal("")]).optional(),
    lostNote: z.string().max(500, "The reason can be at most 500 characters.").optional(),
  })
  .superRefine((value, context) => {
    if (value.stage === "lost" && !value.lostReason) {
      context.addIssue({ code: "custom", path: ["lostReason"], message: "Please choose why the student was lost." });
    }
    if (value.stage === "lost" && value.lostReason === "other" && !value.lostNote?.trim()) {
      context.addIssue({ code: "custom", path: ["lostNote"], message: "Please say what the other reason is." });
    }
  });

const ownerForm = z.object({ version, ownerId: z.string().max(100) });
const followUpForm = z.object({ version, nextFollowUpAt: indiaDateTime });
const noteForm = z.object({
  text: noteText.refine((text) => text.trim() !== "", "Please write the note first."),
});
const contactForm = z.object({
  channel: z.enum(["call", "whatsapp"]),
  outcome: z.union([z.enum(callOutcomes), z.literal("")]).optional(),
  note: noteText,
  nextFollowUpAt: indiaDateTime.optional(),
});

function typed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value.slice(0, 5000);
  return values;
}

function problem(intent: string, form: FormData, error: string, status: number, field?: string) {
  return data<RecordFormProblem>({ ok: false, intent, error, field, values: typed(form) }, { status });
}

function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  return { message: issue?.message ?? "Please check the form.", field: issue?.path[0]?.toString() };
}

/** The audit log's name for a record: "student 12 (Asha K)". */
export function subjectOf(id: number, name: string): string {
  return `student ${id} (${name})`;
}

/**
 * Handles a form of a record's page. Returns { ok: true, intent } on success (the route
 * redirects back to the record), or a problem with what was typed and, for a stale edit,
 * the record's current values and what changed.
 */
export async function handleRecordForm(
  db: AppDatabase,
  form: FormData,
  id: number,
  staff: StaffUser,
  scope: RecordScope,
): Promise<{ ok: true; intent: string; message: string } | ReturnType<typeof problem>> {
  const result = await applyRecordForm(db, form, id, staff, scope);
  if ("ok" in result && result.ok) {
    const record = await getStudentRecord(db, id, scope);
    if (record) publishRecordChange({ id, courses: record.courses });
  }
  return result;
}

async function applyRecordForm(
  db: AppDatabase,
  form: FormData,
  id: number,
  staff: StaffUser,
  scope: RecordScope,
): Promise<{ ok: true; intent: string; message: string } | ReturnType<typeof problem>> {
  const intent = String(form.get("intent") ?? "");
  const actor: Actor = { id: staff.id, email: staff.email };
  const field = (name: string) => form.get(name) ?? undefined;
  const record = await getStudentRecord(db, id, scope);
  if (!record) return problem(intent, form, "That record does not exist or is not yours to see.", 404);
  const subject = subjectOf(id, record.name);

  if (intent === "stage" || intent === "owner" || intent === "follow-up") {
    let edit: Parameters<typeof editStudentRecord>[3];
    let expected: number;
    if (intent === "stage") {
      const parsed = stageForm.safeParse({
        version: field("version"),
        stage: field("stage"),
        lostReason: field("lostReason") ?? "",
        lostNote: field("lostNote") ?? "",
      });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      expected = parsed.data.version;
      edit = {
        stage: parsed.data.stage,
        lostReason: (parsed.data.lostReason || null) as LostReason | null,
        lostNote: parsed.data.lostNote?.trim() ?? "",
      };
    } else if (intent === "owner") {
      const parsed = ownerForm.safeParse({ version: field("version"), ownerId: field("ownerId") ?? "" });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      const owners = await ownerChoices(db);
      if (parsed.data.ownerId && !owners.some((owner) => owner.id === parsed.data.ownerId)) {
        return problem(intent, form, "Please choose a staff account from the list.", 400, "ownerId");
      }
      expected = parsed.data.version;
      edit = { ownerId: parsed.data.ownerId || null };
    } else {
      const parsed = followUpForm.safeParse({
        version: field("version"),
        nextFollowUpAt: field("nextFollowUpAt") ?? "",
      });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      expected = parsed.data.version;
      edit = { nextFollowUpAt: parsed.data.nextFollowUpAt };
    }
    const names = await ownerNames(db);
    const result = await auditedChange(
      db,
      (tx) => editStudentRecord(tx, id, expected, edit, actor, scope),
      (outcome) =>
        outcome.ok && outcome.changed.length > 0
          ? {
              actor: staff.email,
              action: `student.${intent}`,
              subject,
              detail: describeEdit(record, outcome.record, names),
            }
          : undefined,
    );
    if (result.ok) return { ok: true, intent, message: result.changed.length ? "Saved." : "Nothing to change." };
    if (result.reason === "missing")
      return problem(intent, form, "That record does not exist or is not yours to see.", 404);
    const { current, changes } = result;
    return data<RecordFormProblem>(
      {
        ok: false,
        intent,
        error:
          "Someone changed this record since you opened it, so your change was not saved. The record now shows their change; what you chose is still in the form: save again to apply it.",
        values: { ...typed(form), version: String(current.version) },
        conflict: {
          current: {
            stage: current.stage,
            lostReason: current.lostReason,
            ownerName: current.ownerName,
            nextFollowUpAt: current.nextFollowUpAt?.toISOString() ?? null,
            version: current.version,
          },
          changes: changes.map(timelineView),
        },
      },
      { status: 409 },
    );
  }

  if (intent === "note") {
    const parsed = noteForm.safeParse({ text: field("text") ?? "" });
    if (!parsed.success) return problem(intent, form, firstIssue(parsed.error).message, 400, "text");
    await auditedChange(db, (tx) => addNote(tx, id, parsed.data.text.trim(), actor, scope), {
      actor: staff.email,
      action: "student.note",
      subject,
      detail: { noteLength: parsed.data.text.trim().length },
    });
    return { ok: true, intent, message: "Note added." };
  }

  if (intent === "contact") {
    const parsed = contactForm.safeParse({
      channel: field("channel") ?? "call",
      outcome: field("outcome") ?? "",
      note: field("note") ?? "",
      nextFollowUpAt: field("nextFollowUpAt"),
    });
    if (!parsed.success)
      return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
    if (parsed.data.channel === "call" && !parsed.data.outcome) {
      return problem(intent, form, "Please choose how the call went.", 400, "outcome");
    }
    const outcome = (parsed.data.outcome || undefined) as CallOutcome | undefined;
    await auditedChange(
      db,
      (tx) =>
        logContact(
          tx,
          id,
          {
            channel: parsed.data.channel,
            outcome,
            note: parsed.data.note.trim(),
            nextFollowUpAt: parsed.data.nextFollowUpAt,
          },
          actor,
          scope,
        ),
      {
        actor: staff.email,
        action: `student.${parsed.data.channel}`,
        subject,
        detail: {
          ...(outcome ? { outcome } : {}),
          ...(parsed.data.nextFollowUpAt !== undefined
            ? { nextFollowUp: parsed.data.nextFollowUpAt ? indiaTime(parsed.data.nextFollowUpAt) : "none" }
            : {}),
        },
      },
    );
    return { ok: true, intent, message: parsed.data.channel === "call" ? "Call logged." : "Message logged." };
  }

  return problem(intent, form, "Please send the form from the record's page.", 400);
}

/** Staff accounts' names by id, for the audit log's lines (an account removed since: "a former account"). */
export async function ownerNames(db: AppDatabase): Promise<(id: string | null) => string> {
  const owners = await ownerChoices(db);
  const byId = new Map(owners.map((owner) => [owner.id, owner.name]));
  return (id) => (id === null ? "unassigned" : (byId.get(id) ?? "a former account"));
}

/** What an edit changed, for the audit log: "stage: contacted -> lost (fees)", "owner: Asha -> Ravi". */
function describeEdit(
  before: { stage: string; lostReason: string | null; ownerId: string | null; nextFollowUpAt: Date | null },
  after: { stage: string; lostReason: string | null; ownerId: string | null; nextFollowUpAt: Date | null },
  nameOf: (id: string | null) => string,
): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  if (before.stage !== after.stage || before.lostReason !== after.lostReason) {
    detail.stage = `${before.stage} -> ${after.stage}${after.lostReason ? ` (${after.lostReason})` : ""}`;
  }
  if (before.ownerId !== after.ownerId) detail.owner = `${nameOf(before.ownerId)} -> ${nameOf(after.ownerId)}`;
  if (before.nextFollowUpAt?.getTime() !== after.nextFollowUpAt?.getTime()) {
    const show = (date: Date | null) => (date ? indiaTime(date) : "none");
    detail.nextFollowUp = `${show(before.nextFollowUpAt)} -> ${show(after.nextFollowUpAt)}`;
  }
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Giving records to another owner, one or many at once

const reassignForm = z.object({
  ids: z
    .array(z.coerce.number().int().min(1).max(maxRowId), { message: "Please tick the students to reassign." })
    .min(1, "Please tick the students to reassign.")
    .max(500, "At most 500 students at once: please tick fewer."),
  ownerId: z.string().max(100),
  reason: z.string().trim().max(500, "The reason can be at most 500 characters."),
});

export type ReassignOutcome =
  | { ok: true; moved: number; ownerId: string | null }
  | {
      ok: false;
      error: string;
      field: "ids" | "ownerId" | "reason";
      values: { ids: string[]; ownerId: string; reason: string };
    };

/**
 * Gives records to another owner (or to nobody), with an optional reason: each record moved
 * gets an owner entry on its timeline and its own line in the audit log, naming the owners by
 * name. Only records in the staff member's scope move; the others are left as they are.
 */
export async function reassignAudited(
  db: AppDatabase,
  ids: readonly number[],
  ownerId: string | null,
  reason: string,
  staff: Pick<StaffUser, "id" | "email">,
  scope: RecordScope,
): Promise<{ id: number; name: string; from: string | null }[]> {
  const nameOf = await ownerNames(db);
  const visible = await recordIdsInScope(db, ids, scope);
  const moved = await db.transaction(async (tx) => {
    const done = await reassignRecords(tx, visible, ownerId, reason, { id: staff.id, email: staff.email });
    for (const row of done) {
      await recordAudit(tx, {
        actor: staff.email,
        action: "student.owner",
        subject: subjectOf(row.id, row.name),
        detail: { owner: `${nameOf(row.from)} -> ${nameOf(ownerId)}`, ...(reason ? { reason } : {}) },
      });
    }
    return done;
  });
  for (const row of moved) {
    const record = await getStudentRecord(db, row.id, everyRecord);
    publishRecordChange({ id: row.id, courses: record?.courses ?? [] });
  }
  return moved;
}

/** The list's "Reassign selected to…" form. */
export async function handleReassignForm(
  db: AppDatabase,
  form: FormData,
  staff: StaffUser,
  scope: RecordScope,
): Promise<ReassignOutcome> {
  const values = {
    ids: form.getAll("id").map(String).slice(0, 1000),
    ownerId: String(form.get("ownerId") ?? ""),
    reason: String(form.get("reason") ?? "").slice(0, 5000),
  };
  const parsed = reassignForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0]?.toString() ?? "ids") as "ids" | "ownerId" | "reason";
    return { ok: false, error: issue?.message ?? "Please check the form.", field, values };
  }
  const ownerId = parsed.data.ownerId;
  if (ownerId !== "" && !(await ownerChoices(db)).some((owner) => owner.id === ownerId)) {
    return { ok: false, error: "Please choose a staff account from the list.", field: "ownerId", values };
  }
  const moved = await reassignAudited(
    db,
    [...new Set(parsed.data.ids)],
    ownerId || null,
    parsed.data.reason,
    staff,
    scope,
  );
  return { ok: true, moved: moved.length, ownerId: ownerId || null };
}

/**
 * The records a staff member works on: an admin, or a counsellor given all courses, every
 * record; a counsellor the records of their courses and those that name no course yet (a
 * student who has only sent the contact form: decision 018).
 */
export function recordScopeOf(staff: Pick<StaffUser, "role" | "courses">): RecordScope {
  if (staff.role === "admin" || staff.courses === allCourses) return everyRecord;
  const courses = coursesOf(staff.courses).map((key) => courseByKey(key).registrationValue);
  return { all: false, courses, withoutCourse: true };
}

/**
 * Who may open the records desk at this URL, and which records they see there: an admin at
 * /admin/students sees every record; a counsellor at /counsellor/students the records of
 * their scope (recordScopeOf); on a course's desk (/onlineuser/<key>/students) a counsellor
 * of that course, or an admin looking in, sees the records of that course only.
 */
export async function requireRecordDesk(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string },
): Promise<{ staff: StaffUser; scope: RecordScope; base: string }> {
  if (params.role !== undefined) {
    const { staff, role } = await requireCoordinatorArea(request, context, params.role);
    return { staff, scope: { all: false, courses: [courseValueOfRole(role)] }, base: `/onlineuser/${role}/students` };
  }
  if (new URL(request.url).pathname.startsWith("/counsellor/")) {
    const staff = await requireStaff(request, context, ["counsellor"]);
    return { staff, scope: recordScopeOf(staff), base: counsellorDesk };
  }
  const staff = await requireStaff(request, context, ["admin"]);
  return { staff, scope: everyRecord, base: "/admin/students" };
}
