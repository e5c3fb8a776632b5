// Filing a submission on its student's record as it arrives is done by the database in the
// statement that stores the form (file_submission, migration 0022, decision 028: the record it
// matches by mobile or e-mail, else a new one; a first owner from the course's pool). Here: once
// it has gone out, the acknowledgement e-mail on the record's timeline.
import { eq } from "drizzle-orm";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import type { AppDatabase } from "~/platform/database.server";
import { enquiries, registrations, students } from "../../../db/schema";
import { addToTimeline } from "./student-timeline.server";

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
  await addToTimeline(tx, {
    studentId: record.id,
    kind: "email_sent",
    detail: { what: email.what, subject: email.subject, form: about.submissionKind, submissionId: about.submissionId },
  });
  return record;
}
