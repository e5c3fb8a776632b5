// Staff follow-up on enquiries and registrations: status, notes, and repeat contacts.
import { and, count, eq, inArray, or } from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { enquiries, registrations, type SubmissionStatus } from "../../db/schema";
import type { SubmissionKind } from "./submission-schema";

const tableOf = { enquiry: enquiries, registration: registrations } as const;

export interface FollowUp {
  status: SubmissionStatus;
  notes: string;
}

/**
 * Sets status and notes, with who and when. `course` scopes the write for a
 * coordinator: a registration of another course is not touched (returns false).
 */
export async function updateFollowUp(
  db: AppDatabase,
  kind: SubmissionKind,
  id: number,
  followUp: FollowUp,
  by: string,
  scope: { course?: string } = {},
): Promise<boolean> {
  const table = tableOf[kind];
  const idMatches = eq(table.id, id);
  const where =
    kind === "registration" && scope.course
      ? and(idMatches, eq(registrations.course, scope.course as never))
      : idMatches;
  const updated = await db
    .update(table)
    .set({ status: followUp.status, notes: followUp.notes, statusUpdatedAt: new Date(), statusUpdatedBy: by })
    .where(where)
    .returning({ id: table.id });
  return updated.length > 0;
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
