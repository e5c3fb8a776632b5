// Student records: one per student, joined by every enquiry and registration with the same
// mobile or e-mail, with a stage, an owner, a next follow-up and an append-only timeline.
// This module finds and lists them; filing (student-filing), edits (record-edits), the
// timeline (student-timeline) and who sees which (record-scope) have modules of their own.
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
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { indiaToday } from "~/platform/india-time";
import { announceAllBatches } from "~/site/batches.server";
import type { CourseValue } from "~/site/course-catalog";
import { enquiries, registrations, studentIntakes, students, user } from "../../../db/schema";
import { type RecordScope, scopeCondition, toTextArray } from "./record-scope.server";
import { type BranchFilter, unknownBranch } from "./student-branches";
import { normaliseEmail, normaliseMobile } from "./student-contact";
import type { LostReason, StudentStage } from "./student-stages";

export type StudentRecord = typeof students.$inferSelect;

/**
 * The ids of the records whose array column holds this value, through its GIN index. Asked on
 * its own, without an order or a limit: the planner cannot tell how rare one mobile is (it
 * guesses 0.5% of the records), and beside an order by id or by date it walks that index and
 * tests every record instead (a second per search with 200,000 records).
 */
export async function recordsKnowing(db: AppDatabase, column: AnyColumn, value: string): Promise<number[]> {
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
  /** Records of this branch, or "unknown": those whose branch is not known yet. */
  branch?: BranchFilter;
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
  branch: string | null;
  branchSource: string | null;
  stage: StudentStage;
  lostReason: LostReason | null;
  ownerId: string | null;
  ownerName: string | null;
  nextFollowUpAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
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
  const today = indiaToday(now);
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
    filters.branch === unknownBranch
      ? isNull(students.branch)
      : filters.branch
        ? eq(students.branch, filters.branch)
        : undefined,
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
  branch: students.branch,
  branchSource: students.branchSource,
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

/** The records an account owns (to move them all, e.g. when someone leaves). */
export async function ownedRecordIds(db: AppDatabase, ownerId: string): Promise<number[]> {
  const rows = await db.select({ id: students.id }).from(students).where(eq(students.ownerId, ownerId));
  return rows.map((row) => row.id);
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
    .returning({ id: students.id, batchId: students.batchId });
  // An enrolled student's seat is free again (call it in afterCommit: the pages follow the commit).
  if (deleted.some((row) => row.batchId !== null)) announceAllBatches();
  return deleted.length;
}
