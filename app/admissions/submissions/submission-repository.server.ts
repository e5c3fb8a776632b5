// Enquiries and registrations, stored and read through one repository: the two kinds share
// every column but a few (a registration's course; an enquiry's optional course and question),
// so one set of functions serves both (the kind picks the table). The desk's downloads and `npm run cli -- export` share one streaming CSV.
import { createHash } from "node:crypto";
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type RecordScope, studentInScope } from "~/admissions/records/record-scope.server";
import { normaliseEmail, normaliseMobile } from "~/admissions/records/student-contact";
import { type CsvColumn, csvHeader, csvRecord, utf8Bom } from "~/platform/csv";
import { type AppDatabase, rowsOf } from "~/platform/database.server";
import { indiaTimestamp } from "~/platform/india-time";
import type { CourseValue } from "~/site/course-catalog";
import { enquiries, registrations } from "../../../db/schema";
import type { SubmissionKind } from "./submission-schema";

export type Enquiry = typeof enquiries.$inferSelect;
export type Registration = typeof registrations.$inferSelect;
/** A stored enquiry or registration (an enquiry's course is optional, null when none was chosen). */
export type Submission = Enquiry | (Registration & { course: CourseValue });
export type SubmissionOf<K extends SubmissionKind> = K extends "enquiry" ? Enquiry : Registration;

/** A student's answers, already validated and normalised by the form's rules. */
export interface SubmissionFields {
  name: string;
  email: string;
  mobile: string;
  stream: string;
  major: string;
  state: string;
  district: string;
  /** A student under 18 comes with a guardian's name, mobile and consent (the form's rules see to it). */
  under18?: boolean;
  guardianName?: string;
  guardianMobile?: string;
  guardianConsent?: boolean;
  /** An enquiry's question in the student's words ("" or absent: none). */
  question?: string;
}

/** How a submission is stored: its form's token (exactly once) and where the student first landed. */
export interface SubmissionMeta {
  submissionToken: string;
  firstTouch?: {
    landingPage: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
  };
}

/** What storing a submission did: a resubmitted token gives the first row's id. */
export interface StoredSubmission {
  id: number;
  duplicate: boolean;
  /** The student record a new submission was filed on (not given for a replay). */
  studentId?: number;
  /** The record's owner, and whether the record was given to them on this arrival (not given for a replay). */
  owner?: { id: string; assigned: boolean } | null;
}

/** The course a registration is for, or an enquiry asks about: the form's value, e.g. "python fullstack". */
export type SubmissionInput<K extends SubmissionKind> = K extends "registration"
  ? SubmissionFields & RegistrationChoice
  : SubmissionFields & { course?: string };

/** A registration's course, and the batch the student picked (its id and how it read), if any. */
export interface RegistrationChoice {
  course: string;
  batchId?: number | null;
  batch?: string;
}

/** Filters of a list or an export. */
export interface SubmissionFilters {
  /** Entries at or after this time. */
  since?: Date;
  /** Entries before this time. */
  until?: Date;
  /** Part of a name, e-mail or mobile number, any case. */
  search?: string;
  /** Registrations of this course only: a course desk's queries always carry their own. */
  course?: CourseValue;
  /** Entries filed on records in this scope only: a counsellor's queries carry theirs. */
  records?: RecordScope;
}

export interface SubmissionListOptions extends SubmissionFilters {
  /** Page size: default 100, at most 1000. */
  limit?: number;
  offset?: number;
}

export interface SubmissionPage<Row> {
  /** Newest first. */
  rows: Row[];
  /** All entries matching the filters, across pages. */
  total: number;
}

export function submissionTable(kind: SubmissionKind) {
  return kind === "enquiry" ? enquiries : registrations;
}

/**
 * Stores a submission exactly once per submission token and content: a second POST with the
 * same token and the same answers (double click, browser resubmit, retry) stores nothing and
 * answers with the first row's id and duplicate: true. The same token with other answers (the
 * page kept by Back, filled in again, perhaps by someone else) is a submission of its own.
 */
export async function createSubmission<K extends SubmissionKind>(
  db: AppDatabase,
  kind: K,
  input: SubmissionInput<K>,
  meta: SubmissionMeta,
): Promise<StoredSubmission> {
  return fileForm(db, formToFile(kind, input, meta));
}

/** Files one form (formToFile) as createSubmission does. */
export async function fileForm(db: AppDatabase, form: FormToFile): Promise<StoredSubmission> {
  const [filed] = rowsOf<FiledRow>(
    await db.execute(
      sql`select * from file_submission(${form.kind}, ${JSON.stringify(form.answers)}::jsonb, ${form.mobile}, ${form.email})`,
    ),
  );
  if (!filed) throw new Error(`Storing a ${form.kind} answered nothing.`);
  return storedFrom(filed);
}

/** A form as file_submission takes it (migration 0022): its kind, answers under their columns' names, and its keys. */
export interface FormToFile {
  kind: SubmissionKind;
  answers: Record<string, unknown>;
  mobile: string;
  email: string;
}

export function formToFile<K extends SubmissionKind>(
  kind: K,
  input: SubmissionInput<K>,
  meta: SubmissionMeta,
): FormToFile {
  const values = submissionValues(input, meta);
  // A registration always has its course; an enquiry may name one ("" or absent: none).
  const course = ((input as { course?: string }).course || undefined) as CourseValue | undefined;
  const form = {
    ...values,
    course: course ?? null,
    ...(kind === "enquiry"
      ? { question: input.question ?? "" }
      : {
          batchId: (input as SubmissionInput<"registration">).batchId ?? null,
          batch: (input as SubmissionInput<"registration">).batch ?? "",
        }),
    // Fields of the tables only (checked here): each goes under its column's name below.
  } satisfies Partial<Record<keyof typeof enquiries.$inferInsert | keyof typeof registrations.$inferInsert, unknown>>;
  // The form under its table's column names: file_submission (migration 0022) stores the form,
  // files it on its student's record and gives the record its owner, in one statement (decision 028).
  const columns: Record<string, AnyColumn> = getTableColumns(submissionTable(kind));
  const answers = Object.fromEntries(Object.entries(form).map(([key, value]) => [columns[key]?.name ?? key, value]));
  return { kind, answers, mobile: normaliseMobile(values.mobile), email: normaliseEmail(values.email) };
}

/**
 * Files several forms in one statement, in their order, each exactly as createSubmission would
 * (a later form sees what the earlier ones filed: two forms of one student land on one record).
 * One statement is one transaction: if any form fails, none is stored.
 */
export async function fileSubmissions(db: AppDatabase, forms: readonly FormToFile[]): Promise<StoredSubmission[]> {
  const list = JSON.stringify(forms.map(({ kind, answers, mobile, email }) => ({ kind, answers, mobile, email })));
  const filed = rowsOf<FiledRow & { n: number | string }>(
    await db.execute(sql`select f.*, a.n from jsonb_array_elements(${list}::jsonb) with ordinality as a(form, n)
      cross join lateral file_submission(a.form ->> 'kind', a.form -> 'answers', a.form ->> 'mobile', a.form ->> 'email') as f
      order by a.n`),
  );
  if (filed.length !== forms.length) throw new Error(`Filing ${forms.length} forms answered ${filed.length} rows.`);
  return filed.map(storedFrom);
}

interface FiledRow {
  submission_id: number;
  replay: boolean;
  record_id: number | null;
  record_owner: string | null;
  owner_assigned: boolean;
}

function storedFrom(filed: FiledRow): StoredSubmission {
  if (filed.replay) return { id: filed.submission_id, duplicate: true };
  return {
    id: filed.submission_id,
    duplicate: false,
    studentId: filed.record_id ?? undefined,
    owner: filed.record_owner ? { id: filed.record_owner, assigned: filed.owner_assigned } : null,
  };
}

/** The id of the submission already stored with this token and these answers, if there is one. */
export async function findStoredSubmission(
  db: AppDatabase,
  kind: SubmissionKind,
  input: SubmissionFields & Partial<RegistrationChoice>,
  meta: SubmissionMeta,
): Promise<number | undefined> {
  const table = submissionTable(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.submissionToken, meta.submissionToken),
        eq(table.submissionFingerprint, submissionFingerprint(input)),
      ),
    );
  return row?.id;
}

/**
 * A hash of a submission's answers as they are stored (the course and question included, the
 * token and the first touch not): equal for a replay of one form, different as soon as any
 * answer differs. A form without a question hashes as it did before questions were asked.
 */
export function submissionFingerprint(input: SubmissionFields & Partial<RegistrationChoice>): string {
  // A batch or a question only when given, so a form without them hashes as it always has.
  const content = JSON.stringify({
    ...answersOf(input),
    course: input.course ?? "",
    ...(input.batch ? { batch: input.batch } : {}),
    ...(input.question ? { question: input.question } : {}),
  });
  return createHash("sha256").update(content).digest("base64url");
}

/** Newest first, filtered by course, time window and search, one page at a time. */
export async function listSubmissions<K extends SubmissionKind>(
  db: AppDatabase,
  kind: K,
  options: SubmissionListOptions = {},
): Promise<SubmissionPage<SubmissionOf<K>>> {
  const table = submissionTable(kind);
  const where = and(...submissionFilters(kind, options));
  const { limit, offset } = pageOf(options);
  const [rows, [totals]] = await Promise.all([
    db.select().from(table).where(where).orderBy(desc(table.createdAt), desc(table.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(table).where(where),
  ]);
  return { rows: rows as SubmissionOf<K>[], total: totals?.total ?? 0 };
}

export async function getSubmission<K extends SubmissionKind>(
  db: AppDatabase,
  kind: K,
  id: number,
): Promise<SubmissionOf<K> | undefined> {
  const table = submissionTable(kind);
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row as SubmissionOf<K> | undefined;
}

/**
 * Every submission the filters match, oldest first, fetched in batches by id so a large
 * table never sits in memory at once.
 */
export async function* submissionRows<K extends SubmissionKind>(
  db: AppDatabase,
  kind: K,
  filters: SubmissionFilters = {},
): AsyncGenerator<SubmissionOf<K>> {
  const table = submissionTable(kind);
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(table)
      .where(and(gt(table.id, after), ...submissionFilters(kind, filters)))
      .orderBy(table.id)
      .limit(exportBatchSize);
    yield* batch as SubmissionOf<K>[];
    const last = batch.at(-1);
    if (!last || batch.length < exportBatchSize) return;
    after = last.id;
  }
}

/** The CSV of every submission the filters match, as it is written: header first, then a record per row. */
export async function* submissionCsv(
  db: AppDatabase,
  kind: SubmissionKind,
  filters: SubmissionFilters = {},
  options: { bom?: boolean } = {},
): AsyncGenerator<string> {
  const columns = submissionCsvColumns(kind);
  yield (options.bom ? utf8Bom : "") + csvHeader(columns);
  for await (const row of submissionRows(db, kind, filters)) yield csvRecord(columns, row);
}

/**
 * Columns of a kind's CSV (command line and staff desk): a registration has its course third;
 * an enquiry ends its student's answers with the course asked about and the question.
 */
export function submissionCsvColumns(kind: SubmissionKind): CsvColumn<Submission>[] {
  const course: CsvColumn<Submission>[] =
    kind === "registration"
      ? [
          { header: "Course", value: (row) => ("course" in row ? (row.course ?? "") : "") },
          { header: "Batch", value: (row) => ("batch" in row ? row.batch : "") },
        ]
      : [];
  const enquiryExtras: CsvColumn<Submission>[] =
    kind === "enquiry"
      ? [
          { header: "Course asked about", value: (row) => ("course" in row ? (row.course ?? "") : "") },
          { header: "Question", value: (row) => ("question" in row ? row.question : "") },
        ]
      : [];
  return [
    { header: "ID", value: (row) => row.id },
    { header: "Submitted (IST)", value: (row) => indiaTimestamp(row.createdAt) },
    ...course,
    { header: "Name", value: (row) => row.name },
    { header: "Email", value: (row) => row.email },
    { header: "Mobile", value: (row) => row.mobile },
    { header: "Stream", value: (row) => row.stream },
    { header: "Major", value: (row) => row.major },
    { header: "State", value: (row) => row.state },
    { header: "District", value: (row) => row.district },
    ...enquiryExtras,
    { header: "Under 18", value: (row) => (row.under18 ? "yes" : "no") },
    { header: "Guardian", value: (row) => row.guardianName },
    { header: "Guardian mobile", value: (row) => row.guardianMobile },
    { header: "Status", value: (row) => row.status },
    { header: "Notes", value: (row) => row.notes },
    { header: "Landing page", value: (row) => row.landingPage },
    { header: "Campaign source", value: (row) => row.utmSource },
    { header: "Campaign medium", value: (row) => row.utmMedium },
    { header: "Campaign", value: (row) => row.utmCampaign },
  ];
}

export const defaultPageSize = 100;
export const maxPageSize = 1000;
/** Rows fetched per round trip while exporting. */
export const exportBatchSize = 500;

/** The columns to insert for a submission: the student's fields, the guardian's, and the first touch. */
export function submissionValues(input: SubmissionFields, meta: SubmissionMeta) {
  return {
    ...answersOf(input),
    submissionToken: meta.submissionToken,
    submissionFingerprint: submissionFingerprint(input),
    landingPage: meta.firstTouch?.landingPage ?? "",
    utmSource: meta.firstTouch?.utmSource ?? "",
    utmMedium: meta.firstTouch?.utmMedium ?? "",
    utmCampaign: meta.firstTouch?.utmCampaign ?? "",
  };
}

/** The student's answers as they are stored: the guardian's only for a student under 18. */
function answersOf(input: SubmissionFields) {
  const { name, email, mobile, stream, major, state, district } = input;
  const under18 = input.under18 === true;
  return {
    name,
    email,
    mobile,
    stream,
    major,
    state,
    district,
    under18,
    guardianName: under18 ? (input.guardianName ?? "") : "",
    guardianMobile: under18 ? (input.guardianMobile ?? "") : "",
    guardianConsent: under18 && input.guardianConsent === true,
  };
}

function pageOf(options: SubmissionListOptions): { limit: number; offset: number } {
  const limit = Math.min(maxPageSize, Math.max(1, Math.trunc(options.limit ?? defaultPageSize)));
  const offset = Math.max(0, Math.trunc(options.offset ?? 0));
  return { limit, offset };
}

/** The WHERE conditions of the filters; undefined parts are dropped by and(). */
function submissionFilters(kind: SubmissionKind, filters: SubmissionFilters): (SQL | undefined)[] {
  const table = submissionTable(kind);
  return [
    kind === "registration" && filters.course !== undefined ? eq(registrations.course, filters.course) : undefined,
    filters.since ? gte(table.createdAt, filters.since) : undefined,
    filters.until ? lt(table.createdAt, filters.until) : undefined,
    searchCondition(table, filters.search),
    studentInScope(table.studentId, filters.records),
  ];
}

function searchCondition(
  columns: { name: AnyColumn; email: AnyColumn; mobile: AnyColumn },
  search: string | undefined,
): SQL | undefined {
  const text = search?.replaceAll("\0", "").trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  // Staff type numbers as they were read out: "98765 43210", "+91-98765...".
  const digits = text.replace(/[\s()+-]/g, "");
  const mobilePattern = /^\d+$/.test(digits) ? `%${digits}%` : pattern;
  return or(ilike(columns.name, pattern), ilike(columns.email, pattern), ilike(columns.mobile, mobilePattern));
}

/** Makes %, _ and \ match themselves in a LIKE pattern (backslash is PostgreSQL's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
