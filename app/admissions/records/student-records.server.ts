// Student records: one per student, joined by every enquiry and registration with the same
// mobile or e-mail, with a stage, an owner, a next follow-up and an append-only timeline.
// Every edit of a record names the version it was made on; an edit of an older version is
// refused with what changed meanwhile, so nobody's work is overwritten without a word.
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { assignOnArrival } from "~/admissions/assignment/assignment.server";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import type { AppDatabase } from "~/platform/database.server";
import type { CourseValue } from "~/site/course-catalog";
import { enquiries, registrations, studentIntakes, students, studentTimeline, user } from "../../../db/schema";
import { normaliseEmail, normaliseMobile } from "./student-contact";
import type { CallOutcome, LostReason, StudentStage, TimelineKind } from "./student-stages";

export type StudentRecord = typeof students.$inferSelect;
export type TimelineEntry = typeof studentTimeline.$inferSelect;

/** Who did something on the desk; null actor: the site itself (a form arriving). */
export interface Actor {
  id: string;
  email: string;
}

/**
 * Which records a staff member works on: every record (an admin, a counsellor of all
 * courses), or the records of some courses (a counsellor sees a student who asked about one
 * of them), with `withoutCourse` also the records that name no course yet (enquiries only).
 */
export type RecordScope = { all: true } | { all: false; courses: readonly CourseValue[]; withoutCourse?: boolean };

export const everyRecord: RecordScope = { all: true };

/** The SQL condition of a scope (undefined: every record). */
export function scopeCondition(scope: RecordScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.courses.length > 0) parts.push(sql`${students.courses} && ${toTextArray(scope.courses)}`);
  if (scope.withoutCourse) parts.push(sql`cardinality(${students.courses}) = 0`);
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0] : or(...parts);
}

/** Whether a record with these courses is in the scope (the same rule as the queries'). */
export function isInScope(scope: RecordScope, courses: readonly string[]): boolean {
  if (scope.all) return true;
  if (courses.length === 0) return scope.withoutCourse === true;
  return courses.some((course) => (scope.courses as readonly string[]).includes(course));
}

/** A condition on a submission's student_id column: its record is in the scope. */
export function studentInScope(studentId: AnyColumn, scope: RecordScope | undefined): SQL | undefined {
  if (!scope || scope.all) return undefined;
  return sql`${studentId} in (select ${students.id} from ${students} where ${scopeCondition(scope)})`;
}

function toTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** What arrived: a stored submission's contact details, course and first touch. */
export interface Arrival {
  kind: SubmissionKind;
  submissionId: number;
  name: string;
  email: string;
  mobile: string;
  state: string;
  district: string;
  course?: CourseValue;
  landingPage?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/**
 * Files a new submission on its student's record, inside the transaction that stores the
 * submission: the record with the same mobile, else the same e-mail, else a new one. The
 * record takes the latest name and contact details and the course; its timeline gets a
 * "submission received" entry. Two forms from one student arriving together find one
 * record: the transaction holds a lock on the mobile and the e-mail until it commits.
 */
export async function fileSubmission(
  tx: AppDatabase,
  arrival: Arrival,
): Promise<{ studentId: number; created: boolean; owner: { id: string; assigned: boolean } | null }> {
  const mobile = normaliseMobile(arrival.mobile);
  const email = normaliseEmail(arrival.email);
  const keys = [`student-mobile:${mobile}`, `student-email:${email}`].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

  const existing = await findRecordByContact(tx, mobile, email);
  const course = arrival.course;
  let studentId: number;
  let created = false;
  if (existing) {
    studentId = existing;
    await tx
      .update(students)
      .set({
        name: arrival.name,
        email,
        mobile,
        state: arrival.state,
        district: arrival.district,
        ...(mobile ? { mobiles: appendOnce(students.mobiles, mobile) } : {}),
        ...(email ? { emails: appendOnce(students.emails, email) } : {}),
        ...(course
          ? {
              courses: appendOnce(students.courses, course),
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(students.id, studentId));
  } else {
    const [inserted] = await tx
      .insert(students)
      .values({
        name: arrival.name,
        email,
        mobile,
        mobiles: mobile ? [mobile] : [],
        emails: email ? [email] : [],
        state: arrival.state,
        district: arrival.district,
        courses: course ? [course] : [],
      })
      .returning({ id: students.id });
    if (!inserted) throw new Error("The student record was not stored.");
    studentId = inserted.id;
    created = true;
  }
  const table = arrival.kind === "enquiry" ? enquiries : registrations;
  await tx.update(table).set({ studentId }).where(eq(table.id, arrival.submissionId));
  await tx.insert(studentTimeline).values({
    studentId,
    kind: "submission",
    detail: {
      form: arrival.kind,
      submissionId: arrival.submissionId,
      course: course ?? null,
      landingPage: arrival.landingPage ?? "",
      utmSource: arrival.utmSource ?? "",
      utmMedium: arrival.utmMedium ?? "",
      utmCampaign: arrival.utmCampaign ?? "",
    },
  });
  const { ownerId, assigned } = await assignOnArrival(tx, studentId, course);
  return { studentId, created, owner: ownerId ? { id: ownerId, assigned } : null };
}

/** The array column with `value` added at its end, unless it holds it already. */
function appendOnce(column: AnyColumn, value: string): SQL {
  return sql`case when ${value}::text = any(${column}) then ${column} else array_append(${column}, ${value}::text) end`;
}

/** The record that knows this mobile, else the one that knows this e-mail (the oldest, if several). */
async function findRecordByContact(db: AppDatabase, mobile: string, email: string): Promise<number | undefined> {
  if (mobile) {
    const byMobile = await recordsKnowing(db, students.mobiles, mobile);
    if (byMobile.length > 0) return Math.min(...byMobile);
  }
  if (email) {
    const byEmail = await recordsKnowing(db, students.emails, email);
    if (byEmail.length > 0) return Math.min(...byEmail);
  }
  return undefined;
}

/**
 * The ids of the records whose array column holds this value, through its GIN index. Asked on
 * its own, without an order or a limit: the planner cannot tell how rare one mobile is (it
 * guesses 0.5% of the records), and beside an order by id or by date it walks that index and
 * tests every record instead (a second per search with 200,000 records).
 */
async function recordsKnowing(db: AppDatabase, column: AnyColumn, value: string): Promise<number[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(sql`${column} @> ${toTextArray([value])}`);
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Finding and listing

export const recordSorts = ["newest", "oldest", "updated", "follow-up", "name"] as const;
export type RecordSort = (typeof recordSorts)[number];

export interface RecordFilters {
  /** A name fragment, a mobile in any form, or (part of) an e-mail; all time. */
  search?: string;
  stage?: StudentStage;
  /** "me" (with `me`), "unassigned", or an account's id. */
  owner?: string;
  me?: string;
  course?: CourseValue;
  /** Records with a submission from this campaign source (utm_source) or landing page. */
  source?: string;
  followUp?: "overdue" | "today" | "none";
  createdFrom?: Date;
  createdBefore?: Date;
  /** One more condition, e.g. one of My day's groups (my-day.server.ts). */
  where?: SQL;
  sort?: RecordSort;
  limit?: number;
  offset?: number;
  /** The time "overdue" and "today" are measured from (tests). */
  now?: Date;
}

export interface RecordListRow {
  id: number;
  name: string;
  email: string;
  mobile: string;
  district: string;
  courses: string[];
  stage: StudentStage;
  lostReason: LostReason | null;
  ownerId: string | null;
  ownerName: string | null;
  nextFollowUpAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** The start and end of today in India (UTC+05:30 all year). */
export function indiaDay(now: Date): { start: Date; end: Date } {
  const offset = 330 * 60_000;
  const local = new Date(now.getTime() + offset);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset;
  return { start: new Date(start), end: new Date(start + 24 * 60 * 60_000) };
}

/** The search as the list's filters use it: a whole mobile is looked up first (recordsKnowing). */
type Search = { text: string } | { ids: number[] } | undefined;

async function resolveSearch(db: AppDatabase, search: string | undefined): Promise<Search> {
  const text = search?.replaceAll("\0", "").trim().slice(0, 100);
  if (!text) return undefined;
  const compact = text.replace(/[\s()+.-]/g, "");
  if (/^\d{3,}$/.test(compact)) {
    const digits = normaliseMobile(compact);
    if (digits.length === 10) return { ids: await recordsKnowing(db, students.mobiles, digits) };
  }
  return { text };
}

function searchCondition(search: Search): SQL | undefined {
  if (!search) return undefined;
  if ("ids" in search) return search.ids.length > 0 ? inArray(students.id, search.ids) : sql`false`;
  const text = search.text;
  const compact = text.replace(/[\s()+.-]/g, "");
  if (/^\d{3,}$/.test(compact)) return ilike(students.mobile, `%${normaliseMobile(compact)}%`);
  const pattern = `%${escapeLike(text)}%`;
  if (text.includes("@")) return ilike(students.email, `%${escapeLike(normaliseEmail(text))}%`);
  return or(ilike(students.name, pattern), ilike(students.email, pattern));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function listConditions(filters: RecordFilters, search: Search, scope: RecordScope): (SQL | undefined)[] {
  const now = filters.now ?? new Date();
  const today = indiaDay(now);
  const owner =
    filters.owner === "me"
      ? filters.me
        ? eq(students.ownerId, filters.me)
        : sql`false`
      : filters.owner === "unassigned"
        ? isNull(students.ownerId)
        : filters.owner
          ? eq(students.ownerId, filters.owner)
          : undefined;
  const followUp =
    filters.followUp === "overdue"
      ? lt(students.nextFollowUpAt, now)
      : filters.followUp === "today"
        ? and(gte(students.nextFollowUpAt, today.start), lt(students.nextFollowUpAt, today.end))
        : filters.followUp === "none"
          ? isNull(students.nextFollowUpAt)
          : undefined;
  const source = filters.source?.trim()
    ? sql`(exists (select 1 from ${enquiries} where ${enquiries.studentId} = ${students.id}
          and (${enquiries.utmSource} = ${filters.source.trim()} or ${enquiries.utmCampaign} = ${filters.source.trim()}))
        or exists (select 1 from ${registrations} where ${registrations.studentId} = ${students.id}
          and (${registrations.utmSource} = ${filters.source.trim()} or ${registrations.utmCampaign} = ${filters.source.trim()})))`
    : undefined;
  return [
    scopeCondition(scope),
    searchCondition(search),
    filters.stage ? eq(students.stage, filters.stage) : undefined,
    owner,
    filters.course ? sql`${students.courses} @> ${toTextArray([filters.course])}` : undefined,
    source,
    followUp,
    filters.createdFrom ? gte(students.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(students.createdAt, filters.createdBefore) : undefined,
    filters.where,
  ];
}

function orderOf(sort: RecordSort | undefined) {
  switch (sort) {
    case "oldest":
      return [asc(students.createdAt), asc(students.id)];
    case "updated":
      return [desc(students.updatedAt), desc(students.id)];
    case "follow-up":
      return [sql`${students.nextFollowUpAt} asc nulls last`, asc(students.id)];
    case "name":
      return [asc(students.name), asc(students.id)];
    default:
      return [desc(students.createdAt), desc(students.id)];
  }
}

const listColumns = {
  id: students.id,
  name: students.name,
  email: students.email,
  mobile: students.mobile,
  district: students.district,
  courses: students.courses,
  stage: students.stage,
  lostReason: students.lostReason,
  ownerId: students.ownerId,
  ownerName: user.name,
  nextFollowUpAt: students.nextFollowUpAt,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
  version: students.version,
};

/**
 * How far the list counts its matches beyond the page shown: "1,000+ students" rather than an
 * exact figure that would read every matching record (200,000 of them, unfiltered) on each visit.
 */
export const recordCountWindow = 1_000;

/**
 * One page of the records the filters match in this scope, and how many match: exactly up to
 * `recordCountWindow` past the page, else `atLeast` with the figure counted so far.
 */
export async function listStudentRecords(
  db: AppDatabase,
  filters: RecordFilters,
  scope: RecordScope,
): Promise<{ rows: RecordListRow[]; total: number; atLeast: boolean }> {
  const where = and(...listConditions(filters, await resolveSearch(db, filters.search), scope));
  const limit = Math.min(500, Math.max(1, Math.trunc(filters.limit ?? 50)));
  const offset = Math.max(0, Math.trunc(filters.offset ?? 0));
  const countUpTo = offset + limit + recordCountWindow;
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(students)
      .leftJoin(user, eq(user.id, students.ownerId))
      .where(where)
      .orderBy(...orderOf(filters.sort))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(db.select({ one: sql`1` }).from(students).where(where).limit(countUpTo).as("matching")),
  ]);
  const total = counted?.total ?? 0;
  return { rows: rows as RecordListRow[], total, atLeast: total >= countUpTo };
}

/** Every record the filters match, in batches (the CSV download): never the whole set in memory. */
export async function* studentRecordRows(
  db: AppDatabase,
  filters: RecordFilters,
  scope: RecordScope,
): AsyncGenerator<RecordListRow> {
  const search = await resolveSearch(db, filters.search);
  let after = 0;
  const batchSize = 500;
  for (;;) {
    const batch = (await db
      .select(listColumns)
      .from(students)
      .leftJoin(user, eq(user.id, students.ownerId))
      .where(and(gt(students.id, after), ...listConditions(filters, search, scope)))
      .orderBy(students.id)
      .limit(batchSize)) as RecordListRow[];
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) return;
    after = last.id;
  }
}

/** A record in this scope, or undefined (none, or not this staff member's to see). */
export async function getStudentRecord(
  db: AppDatabase,
  id: number,
  scope: RecordScope,
): Promise<(StudentRecord & { ownerName: string | null }) | undefined> {
  const [row] = await db
    .select({ record: students, ownerName: user.name })
    .from(students)
    .leftJoin(user, eq(user.id, students.ownerId))
    .where(and(eq(students.id, id), scopeCondition(scope)));
  return row ? { ...row.record, ownerName: row.ownerName } : undefined;
}

/** The record's enquiries and registrations as they were sent, newest first. */
export async function recordSubmissions(db: AppDatabase, studentId: number) {
  const [enquiryRows, registrationRows] = await Promise.all([
    db.select().from(enquiries).where(eq(enquiries.studentId, studentId)),
    db.select().from(registrations).where(eq(registrations.studentId, studentId)),
  ]);
  return [
    ...enquiryRows.map((row) => ({ ...row, kind: "enquiry" as const, batch: "" })),
    ...registrationRows.map((row) => ({ ...row, kind: "registration" as const, question: "" })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}

/** The record's timeline, newest first. */
export async function recordTimeline(db: AppDatabase, studentId: number, limit = 200): Promise<TimelineEntry[]> {
  return db
    .select()
    .from(studentTimeline)
    .where(eq(studentTimeline.studentId, studentId))
    .orderBy(desc(studentTimeline.at), desc(studentTimeline.id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Editing

/** A change of the record's own fields; what is left out stays as it is. */
export interface RecordEdit {
  stage?: StudentStage;
  lostReason?: LostReason | null;
  lostNote?: string;
  ownerId?: string | null;
  nextFollowUpAt?: Date | null;
}

export type EditResult =
  | { ok: true; record: StudentRecord; changed: string[] }
  | { ok: false; reason: "missing" }
  | {
      ok: false;
      reason: "conflict";
      /** The record as it is now. */
      current: StudentRecord & { ownerName: string | null };
      /** Entries about changes made since the version the edit was made on, newest first. */
      changes: TimelineEntry[];
    };

/**
 * Applies an edit made on `version` of the record: refused (conflict) when the record has
 * changed since, with its current values and the changes made meanwhile. Each changed field
 * adds a timeline entry carrying the record's new version.
 */
export async function editStudentRecord(
  tx: AppDatabase,
  id: number,
  version: number,
  edit: RecordEdit,
  actor: Actor,
  scope: RecordScope,
): Promise<EditResult> {
  const [before] = await tx
    .select()
    .from(students)
    .where(and(eq(students.id, id), scopeCondition(scope)))
    .for("update");
  if (!before) return { ok: false, reason: "missing" };
  if (before.version !== version) {
    const current = await getStudentRecord(tx, id, scope);
    if (!current) return { ok: false, reason: "missing" };
    return { ok: false, reason: "conflict", current, changes: await changesSince(tx, id, version) };
  }
  const next = { ...before };
  const entries: { kind: TimelineKind; detail: Record<string, unknown> }[] = [];
  const changed: string[] = [];
  if (edit.stage !== undefined) {
    const reason = edit.stage === "lost" ? (edit.lostReason ?? null) : null;
    const note = edit.stage === "lost" ? (edit.lostNote ?? "") : "";
    if (edit.stage !== before.stage || reason !== before.lostReason || note !== before.lostNote) {
      next.stage = edit.stage;
      next.lostReason = reason;
      next.lostNote = note;
      changed.push("stage");
      entries.push({
        kind: "stage",
        detail: { from: before.stage, to: edit.stage, ...(reason ? { reason } : {}), ...(note ? { note } : {}) },
      });
    }
  }
  if (edit.ownerId !== undefined && edit.ownerId !== before.ownerId) {
    next.ownerId = edit.ownerId;
    changed.push("owner");
    entries.push({ kind: "owner", detail: { from: before.ownerId, to: edit.ownerId } });
  }
  if (edit.nextFollowUpAt !== undefined && edit.nextFollowUpAt?.getTime() !== before.nextFollowUpAt?.getTime()) {
    next.nextFollowUpAt = edit.nextFollowUpAt;
    changed.push("follow-up");
    entries.push({
      kind: "follow_up",
      detail: { from: before.nextFollowUpAt?.toISOString() ?? null, to: edit.nextFollowUpAt?.toISOString() ?? null },
    });
  }
  if (changed.length === 0) return { ok: true, record: before, changed };
  const [record] = await tx
    .update(students)
    .set({
      stage: next.stage,
      lostReason: next.lostReason,
      lostNote: next.lostNote,
      ownerId: next.ownerId,
      nextFollowUpAt: next.nextFollowUpAt,
      version: sql`${students.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(students.id, id), eq(students.version, version)))
    .returning();
  if (!record) {
    // Only possible without the row lock (it is held): treat it like any other stale edit.
    const current = await getStudentRecord(tx, id, scope);
    if (!current) return { ok: false, reason: "missing" };
    return { ok: false, reason: "conflict", current, changes: await changesSince(tx, id, version) };
  }
  await tx.insert(studentTimeline).values(
    entries.map((entry) => ({
      studentId: id,
      kind: entry.kind,
      actorId: actor.id,
      actorLabel: actor.email,
      detail: { ...entry.detail, version: record.version },
    })),
  );
  return { ok: true, record, changed };
}

/** Timeline entries of record edits made after `version`, newest first. */
async function changesSince(db: AppDatabase, id: number, version: number): Promise<TimelineEntry[]> {
  return db
    .select()
    .from(studentTimeline)
    .where(and(eq(studentTimeline.studentId, id), sql`(${studentTimeline.detail} ->> 'version')::int > ${version}`))
    .orderBy(desc(studentTimeline.at), desc(studentTimeline.id));
}

/** A note on the timeline. Adding an entry never conflicts with anyone's edit. */
export async function addNote(
  tx: AppDatabase,
  id: number,
  text: string,
  actor: Actor,
  scope: RecordScope,
): Promise<TimelineEntry | undefined> {
  if (!(await getStudentRecord(tx, id, scope))) return undefined;
  const [entry] = await tx
    .insert(studentTimeline)
    .values({ studentId: id, kind: "note", actorId: actor.id, actorLabel: actor.email, detail: { text } })
    .returning();
  await touch(tx, id);
  return entry;
}

/**
 * A call (or a WhatsApp message) and its outcome on the timeline, with the next follow-up set
 * in the same step: the follow-up the counsellor names now replaces the old one, whatever the
 * version (it is what they just agreed with the student), and the timeline keeps both.
 */
export async function logContact(
  tx: AppDatabase,
  id: number,
  contact: { channel: "call" | "whatsapp"; outcome?: CallOutcome; note: string; nextFollowUpAt?: Date | null },
  actor: Actor,
  scope: RecordScope,
): Promise<TimelineEntry | undefined> {
  const [record] = await tx
    .select()
    .from(students)
    .where(and(eq(students.id, id), scopeCondition(scope)))
    .for("update");
  if (!record) return undefined;
  const [entry] = await tx
    .insert(studentTimeline)
    .values({
      studentId: id,
      kind: contact.channel,
      actorId: actor.id,
      actorLabel: actor.email,
      detail: { ...(contact.outcome ? { outcome: contact.outcome } : {}), note: contact.note },
    })
    .returning();
  // The first contact takes the record out of "new and never contacted" (my-day.server.ts).
  if (!record.contactedAt) await tx.update(students).set({ contactedAt: sql`now()` }).where(eq(students.id, id));
  if (contact.nextFollowUpAt !== undefined && contact.nextFollowUpAt?.getTime() !== record.nextFollowUpAt?.getTime()) {
    const [updated] = await tx
      .update(students)
      .set({ nextFollowUpAt: contact.nextFollowUpAt, version: sql`${students.version} + 1`, updatedAt: new Date() })
      .where(eq(students.id, id))
      .returning({ version: students.version });
    await tx.insert(studentTimeline).values({
      studentId: id,
      kind: "follow_up",
      actorId: actor.id,
      actorLabel: actor.email,
      detail: {
        from: record.nextFollowUpAt?.toISOString() ?? null,
        to: contact.nextFollowUpAt?.toISOString() ?? null,
        version: updated?.version,
      },
    });
  } else {
    await touch(tx, id);
  }
  return entry;
}

/** The record was worked on (its place in "recently updated"); its version stays. */
async function touch(tx: AppDatabase, id: number): Promise<void> {
  await tx.update(students).set({ updatedAt: new Date() }).where(eq(students.id, id));
}

/** Records whose next follow-up is due by `until`, for the counts on the desk. */
export async function countDue(db: AppDatabase, until: Date, scope: RecordScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(and(lte(students.nextFollowUpAt, until), scopeCondition(scope)));
  return row?.n ?? 0;
}

/**
 * Removes the records none of whose enquiries, registrations and intakes (added on the desk or
 * imported: app/admissions/intake/) are left (erased on request,
 * consent withdrawn, or past the retention period), and with them their timelines.
 */
export async function deleteRecordsWithoutSubmissions(tx: AppDatabase): Promise<number> {
  const deleted = await tx
    .delete(students)
    .where(
      sql`not exists (select 1 from ${enquiries} where ${enquiries.studentId} = ${students.id})
        and not exists (select 1 from ${registrations} where ${registrations.studentId} = ${students.id})
        and not exists (select 1 from ${studentIntakes} where ${studentIntakes.studentId} = ${students.id})`,
    )
    .returning({ id: students.id });
  return deleted.length;
}

/** Those of these records that exist and are in this scope. */
export async function recordIdsInScope(db: AppDatabase, ids: readonly number[], scope: RecordScope): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, [...ids]), scopeCondition(scope)));
  return rows.map((row) => row.id);
}

/** The records an account owns (to move them all, e.g. when someone leaves). */
export async function ownedRecordIds(db: AppDatabase, ownerId: string): Promise<number[]> {
  const rows = await db.select({ id: students.id }).from(students).where(eq(students.ownerId, ownerId));
  return rows.map((row) => row.id);
}

/**
 * An e-mail the site sent a student about one of their forms (the acknowledgement), put on the
 * record's timeline once it has gone out. It is not a counsellor's contact: the record stays
 * "never contacted", and its version and recent activity are left alone, so nobody's open form
 * goes stale because of it. A form without a record (erased meanwhile) gets nothing.
 */
export async function recordEmailSent(
  tx: AppDatabase,
  about: { submissionKind: SubmissionKind; submissionId: number },
  email: { what: "acknowledgement"; subject: string },
): Promise<{ id: number; courses: string[] } | undefined> {
  const table = about.submissionKind === "registration" ? registrations : enquiries;
  const [record] = await tx
    .select({ id: students.id, courses: students.courses })
    .from(table)
    .innerJoin(students, eq(students.id, table.studentId))
    .where(eq(table.id, about.submissionId));
  if (!record) return undefined;
  await tx.insert(studentTimeline).values({
    studentId: record.id,
    kind: "email_sent",
    detail: { what: email.what, subject: email.subject, form: about.submissionKind, submissionId: about.submissionId },
  });
  return record;
}
