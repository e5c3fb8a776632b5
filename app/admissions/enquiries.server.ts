import { and, count, desc, eq, gt } from "drizzle-orm";
import type { CsvColumn } from "~/platform/csv";
import type { AppDatabase } from "~/platform/database.server";
import { enquiries } from "../../db/schema";
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

export type Enquiry = typeof enquiries.$inferSelect;
export type EnquiryInput = SubmissionFields;
export type EnquiryListOptions = SubmissionListOptions;

/**
 * Stores a contact enquiry exactly once per submission token: a second POST with
 * the same token (double click, browser resubmit, retry) stores nothing and
 * answers with the first row's id and duplicate: true.
 */
export async function createEnquiry(
  db: AppDatabase,
  input: EnquiryInput,
  meta: SubmissionMeta,
): Promise<StoredSubmission> {
  const [inserted] = await db
    .insert(enquiries)
    .values(submissionValues(input, meta))
    .onConflictDoNothing({ target: enquiries.submissionToken })
    .returning({ id: enquiries.id });
  if (inserted) return { id: inserted.id, duplicate: false };
  const [existing] = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(eq(enquiries.submissionToken, meta.submissionToken));
  if (!existing) throw new Error("An enquiry with this submission token was removed while it was being stored.");
  return { id: existing.id, duplicate: true };
}

/** Newest first, filtered by time window and search, one page at a time. */
export async function listEnquiries(
  db: AppDatabase,
  options: EnquiryListOptions = {},
): Promise<SubmissionPage<Enquiry>> {
  const where = and(...submissionFilters(enquiries, options));
  const { limit, offset } = pageOf(options);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(enquiries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function getEnquiry(db: AppDatabase, id: number): Promise<Enquiry | undefined> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
}

/** Every enquiry, oldest first, fetched in batches so a large table never sits in memory at once. */
export async function* exportEnquiries(db: AppDatabase): AsyncGenerator<Enquiry> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(enquiries)
      .where(gt(enquiries.id, after))
      .orderBy(enquiries.id)
      .limit(exportBatchSize);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < exportBatchSize) return;
    after = last.id;
  }
}

/** Columns of the enquiries CSV (command line and staff desk). */
export const enquiryCsvColumns: CsvColumn<Enquiry>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Submitted (IST)", value: (row) => indiaTime(row.createdAt) },
  { header: "Name", value: (row) => row.name },
  { header: "Email", value: (row) => row.email },
  { header: "Mobile", value: (row) => row.mobile },
  { header: "Stream", value: (row) => row.stream },
  { header: "Major", value: (row) => row.major },
  { header: "State", value: (row) => row.state },
  { header: "District", value: (row) => row.district },
  ...sharedCsvColumns(),
];
