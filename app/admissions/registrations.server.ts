import { and, count, desc, eq, gt } from "drizzle-orm";
import type { CsvColumn } from "~/platform/csv";
import type { AppDatabase } from "~/platform/database.server";
import { type RegistrationCourse, registrations } from "../../db/schema";
import {
  exportBatchSize,
  indiaTime,
  pageOf,
  type StoredSubmission,
  type SubmissionFields,
  type SubmissionListOptions,
  type SubmissionMeta,
  type SubmissionPage,
  sharedCsvColumns,
  submissionFilters,
  submissionValues,
} from "./submission-query.server";

export type Registration = typeof registrations.$inferSelect;
/** course is the form's lower-cased value: "embedded", "python fullstack", "iot", "ai" or "matlab". */
export type RegistrationInput = SubmissionFields & { course: string };
export interface RegistrationListOptions extends SubmissionListOptions {
  /** Only this course: a coordinator's queries always carry their own. */
  course?: RegistrationCourse;
}

/**
 * Stores a course registration exactly once per submission token: a second POST
 * with the same token stores nothing and answers with the first row's id and
 * duplicate: true.
 */
export async function createRegistration(
  db: AppDatabase,
  input: RegistrationInput,
  meta: SubmissionMeta,
): Promise<StoredSubmission> {
  const [inserted] = await db
    .insert(registrations)
    .values({ ...submissionValues(input, meta), course: input.course as RegistrationCourse })
    .onConflictDoNothing({ target: registrations.submissionToken })
    .returning({ id: registrations.id });
  if (inserted) return { id: inserted.id, duplicate: false };
  const [existing] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.submissionToken, meta.submissionToken));
  if (!existing) throw new Error("A registration with this submission token was removed while it was being stored.");
  return { id: existing.id, duplicate: true };
}

/** Newest first, filtered by course, time window and search, one page at a time. */
export async function listRegistrations(
  db: AppDatabase,
  options: RegistrationListOptions = {},
): Promise<SubmissionPage<Registration>> {
  const where = and(
    options.course === undefined ? undefined : eq(registrations.course, options.course),
    ...submissionFilters(registrations, options),
  );
  const { limit, offset } = pageOf(options);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(registrations)
      .where(where)
      .orderBy(desc(registrations.createdAt), desc(registrations.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(registrations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function getRegistration(db: AppDatabase, id: number): Promise<Registration | undefined> {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row;
}

/** Every registration (of one course, if given), oldest first, fetched in batches. */
export async function* exportRegistrations(
  db: AppDatabase,
  options: { course?: RegistrationCourse } = {},
): AsyncGenerator<Registration> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(registrations)
      .where(
        and(
          gt(registrations.id, after),
          options.course === undefined ? undefined : eq(registrations.course, options.course),
        ),
      )
      .orderBy(registrations.id)
      .limit(exportBatchSize);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < exportBatchSize) return;
    after = last.id;
  }
}

/** Columns of the registrations CSV (command line and staff desk). */
export const registrationCsvColumns: CsvColumn<Registration>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Submitted (IST)", value: (row) => indiaTime(row.createdAt) },
  { header: "Course", value: (row) => row.course },
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Stream", value: (row) => row.stream },
  { header: "Major", value: (row) => row.major },
  { header: "State", value: (row) => row.state },
  { header: "District", value: (row) => row.district },
  ...sharedCsvColumns(),
];
