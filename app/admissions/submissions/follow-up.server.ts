// Staff follow-up on enquiries and registrations: status, notes, and repeat contacts.
import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import { leaveBatch } from "~/admissions/enrolment/enrolment.server";
import { type RecordScope, studentInScope } from "~/admissions/records/record-scope.server";
import { stageOfStatus } from "~/admissions/records/student-stages";
import { addToTimeline } from "~/admissions/records/student-timeline.server";
import type { AppDatabase } from "~/platform/database.server";
import { enquiries, registrations, type SubmissionStatus, students } from "../../../db/schema";
import type { SubmissionKind } from "./submission-schema";

const tableOf = { enquiry: enquiries, registration: registrations } as const;

export interface FollowUp {
  status: SubmissionStatus;
  notes: string;
}

/**
 * Sets status and notes, with who and when. `course` scopes the write for a course's desk
 * (a registration of another course is not touched: returns false), `records` for a
 * counsellor (an entry filed on a record out of their scope is not touched).
 */
export async function updateFollowUp(
  db: AppDatabase,
  kind: SubmissionKind,
  id: number,
  followUp: FollowUp,
  by: string,
  scope: { course?: string; records?: RecordScope } = {},
): Promise<boolean> {
  const table = tableOf[kind];
  const idMatches = and(eq(table.id, id), studentInScope(table.studentId, scope.records));
  const where =
    kind === "registration" && scope.course
      ? and(idMatches, eq(registrations.course, scope.course as never))
      : idMatches;
  const [before] = await db
    .select({ status: table.status, notes: table.notes, studentId: table.studentId })
    .from(table)
    .where(where)
    .for("update");
  if (!before) return false;
  const updated = await db
    .update(table)
    .set({ status: followUp.status, notes: followUp.notes, statusUpdatedAt: new Date(), statusUpdatedBy: by })
    .where(where)
    .returning({ id: table.id });
  if (updated.length > 0 && before.studentId !== null) {
    await followUpOnRecord(db, before.studentId, before, followUp, { kind, id, by });
  }
  return updated.length > 0;
}

/**
 * The old tables' follow-up reaches the student's record too, so the two never disagree: a new
 * status becomes the record's stage (with a stage entry), new notes a note entry.
 */
async function followUpOnRecord(
  db: AppDatabase,
  studentId: number,
  before: FollowUp,
  after: FollowUp,
  source: { kind: SubmissionKind; id: number; by: string },
): Promise<void> {
  const origin = { form: source.kind, submissionId: source.id };
  if (before.status !== after.status) {
    const stage = stageOfStatus[after.status];
    // A student leaving Enrolled leaves their batch too, as on the record page (decision 032).
    const [current] = await db
      .select({ batchId: students.batchId })
      .from(students)
      .where(eq(students.id, studentId))
      .for("update");
    const leaving = stage !== "enrolled" && current?.batchId ? current.batchId : null;
    const [record] = await db
      .update(students)
      .set({
        stage,
        lostReason: stage === "lost" ? "not_interested" : null,
        lostNote: "",
        ...(leaving ? { batchId: null } : {}),
        version: sql`${students.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(students.id, studentId))
      .returning({ version: students.version });
    if (leaving) {
      const left = await leaveBatch(db, leaving);
      await addToTimeline(db, {
        studentId,
        kind: "batch",
        actor: { label: source.by },
        detail: {
          from: left,
          to: null,
          stage,
          ...origin,
          version: record?.version,
        },
      });
    }
    await addToTimeline(db, {
      studentId,
      kind: "stage",
      actor: { label: source.by },
      detail: {
        from: stageOfStatus[before.status],
        to: stage,
        ...(stage === "lost" ? { reason: "not_interested" } : {}),
        ...origin,
        version: record?.version,
      },
    });
  }
  if (before.notes !== after.notes && after.notes !== "") {
    await addToTimeline(db, {
      studentId,
      kind: "note",
      actor: { label: source.by },
      detail: { text: after.notes, ...origin },
    });
  }
}

/**
 * E-mails and mobiles among `rows` that appear more than once across enquiries
 * and registrations together: the same student writing in again.
 */
export async function repeatContacts(
  db: AppDatabase,
  rows: ReadonlyArray<{ email: string; mobile: string }>,
): Promise<{ emails: Set<string>; mobiles: Set<string> }> {
  const emails = [...new Set(rows.map((r) => r.email))];
  const mobiles = [...new Set(rows.map((r) => r.mobile))];
  if (emails.length === 0) return { emails: new Set(), mobiles: new Set() };
  const counts = new Map<string, number>();
  for (const table of [enquiries, registrations]) {
    const matching = or(inArray(table.email, emails), inArray(table.mobile, mobiles));
    const [byEmail, byMobile] = await Promise.all([
      db.select({ key: table.email, n: count() }).from(table).where(matching).groupBy(table.email),
      db.select({ key: table.mobile, n: count() }).from(table).where(matching).groupBy(table.mobile),
    ]);
    for (const row of byEmail) counts.set(`e:${row.key}`, (counts.get(`e:${row.key}`) ?? 0) + row.n);
    for (const row of byMobile) counts.set(`m:${row.key}`, (counts.get(`m:${row.key}`) ?? 0) + row.n);
  }
  return {
    emails: new Set(emails.filter((e) => (counts.get(`e:${e}`) ?? 0) > 1)),
    mobiles: new Set(mobiles.filter((m) => (counts.get(`m:${m}`) ?? 0) > 1)),
  };
}
