// Filing a submission on its student's record as it arrives: the record it matches by mobile
// or e-mail, else a new one; a first owner from the course's pool; and, once it has gone out,
// the acknowledgement e-mail on the record's timeline.
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { assignOnArrival } from "~/admissions/assignment/assignment.server";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import type { AppDatabase } from "~/platform/database.server";
import type { CourseValue } from "~/site/course-catalog";
import { enquiries, registrations, students } from "../../../db/schema";
import { normaliseEmail, normaliseMobile } from "./student-contact";
import { recordsKnowing } from "./student-records.server";
import { addToTimeline } from "./student-timeline.server";

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
  await addToTimeline(tx, {
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
