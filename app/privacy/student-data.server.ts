// A student's enquiries, registrations and intakes (added on the desk or imported from a list of
// leads: app/admissions/intake/) taken together: found by e-mail or mobile for a request to see
// or delete them, and deleted on request or when the retention period ends.
import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import { type SubmissionKind, submissionKinds } from "~/admissions/submissions/submission-schema";
import type { AppDatabase } from "~/platform/database.server";
import { enquiries, registrations, studentIntakes } from "../../db/schema";

const tableOf = { enquiry: enquiries, registration: registrations, intake: studentIntakes } as const;

/** What a student's entry can be: one of the web forms, or an intake on the desk. */
export const entryKinds = [...submissionKinds, "intake"] as const;
export type EntryKind = (typeof entryKinds)[number];

/** What a data request shows of each entry. */
export interface StudentEntry {
  kind: EntryKind;
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  mobile: string;
  course: string | null;
  /** The student record the entry belongs to. */
  studentId: number | null;
}

export interface StudentKey {
  /** Compared lower-cased, as the forms store it. */
  email?: string;
  /** Ten digits, as the forms store it. */
  mobile?: string;
}

/** What staff typed to find a student: an e-mail address, or a mobile number in any usual spelling. */
export function parseStudentKey(text: string): StudentKey | undefined {
  const value = text.trim();
  if (value.includes("@")) return { email: value.slice(0, 254) };
  const digits = value.replace(/[\s()+-]/g, "");
  // Staff may paste a number with the country code.
  if (/^\d{10}$/.test(digits)) return { mobile: digits };
  if (/^91\d{10}$/.test(digits)) return { mobile: digits.slice(2) };
  return undefined;
}

/** Every enquiry, registration and intake with this e-mail address or mobile number, newest first. */
export async function findStudentEntries(db: AppDatabase, key: StudentKey): Promise<StudentEntry[]> {
  const email = key.email?.trim().toLowerCase();
  const mobile = key.mobile;
  if (!email && !mobile) return [];
  const found = await Promise.all(
    entryKinds.map(async (kind) => {
      const table = tableOf[kind];
      const rows = await db
        .select({
          id: table.id,
          createdAt: table.createdAt,
          name: table.name,
          email: table.email,
          mobile: table.mobile,
          studentId: table.studentId,
          ...(kind === "registration" ? { course: registrations.course } : {}),
          ...(kind === "intake" ? { courses: studentIntakes.courses } : {}),
        })
        .from(table)
        .where(or(email ? eq(table.email, email) : undefined, mobile ? eq(table.mobile, mobile) : undefined))
        .orderBy(desc(table.createdAt));
      return rows.map(
        ({ courses, ...row }: (typeof rows)[number] & { courses?: string[] }) =>
          ({ kind, course: courses ? (courses[0] ?? null) : null, ...row }) as StudentEntry,
      );
    }),
  );
  return found.flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** The e-mail address an entry was sent with, if it still exists. */
export async function entryEmail(db: AppDatabase, kind: SubmissionKind, id: number): Promise<string | undefined> {
  const table = tableOf[kind];
  const [row] = await db.select({ email: table.email }).from(table).where(eq(table.id, id));
  return row?.email;
}

/** Deletes these entries of one kind; answers with the ids that existed. */
export async function deleteEntries(db: AppDatabase, kind: EntryKind, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = tableOf[kind];
  const deleted = await db
    .delete(table)
    .where(inArray(table.id, [...ids]))
    .returning({ id: table.id });
  return deleted.map((row) => row.id);
}

/** Deletes entries of one kind sent before `before`; answers with their ids. */
export async function deleteEntriesBefore(db: AppDatabase, kind: EntryKind, before: Date): Promise<number[]> {
  const table = tableOf[kind];
  const deleted = await db
    .delete(table)
    .where(and(lt(table.createdAt, before)))
    .returning({ id: table.id });
  return deleted.map((row) => row.id);
}
