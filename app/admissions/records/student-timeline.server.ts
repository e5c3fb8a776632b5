// A student record's timeline: who did what on it, added to and never edited (erasure aside).
// Every entry is written by addToTimeline, whatever wrote it: a form arriving, the desk's
// edits, a call or a note, assignment, a merge, an e-mail sent, a submission's follow-up.
import { desc, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { students, studentTimeline } from "../../../db/schema";
import type { TimelineKind } from "./student-stages";

export type TimelineEntry = typeof studentTimeline.$inferSelect;

/** Who did something on the desk; null actor: the site itself (a form arriving). */
export interface Actor {
  id: string;
  email: string;
}

/** One entry to add: what happened to which record, and who did it. */
export interface NewTimelineEntry {
  studentId: number;
  kind: TimelineKind;
  /** A staff account; `{ label }` alone: someone named without an account; absent: the site itself. */
  actor?: Actor | { label: string };
  detail: Record<string, unknown>;
}

/**
 * Adds entries to records' timelines (in one statement when several), and answers with them as
 * stored. The only writer of timeline entries in the site's code (a form's own entries, and its
 * owner's when the pool gives it one, are written by file_submission, migration 0022).
 */
export async function addToTimeline(
  tx: AppDatabase,
  entries: NewTimelineEntry | readonly NewTimelineEntry[],
): Promise<TimelineEntry[]> {
  const list = Array.isArray(entries) ? entries : [entries as NewTimelineEntry];
  if (list.length === 0) return [];
  return tx
    .insert(studentTimeline)
    .values(
      list.map((entry) => ({
        studentId: entry.studentId,
        kind: entry.kind,
        ...(entry.actor && "id" in entry.actor
          ? { actorId: entry.actor.id, actorLabel: entry.actor.email }
          : entry.actor
            ? { actorLabel: entry.actor.label }
            : {}),
        detail: entry.detail,
      })),
    )
    .returning();
}

/**
 * A change to one record that a form open on it must notice: the record's version moves on, and
 * the change's entry names the new version (a stale edit is refused with the entries made after
 * its version: record-edits.server.ts). Answers with the new version.
 */
export async function changeWithEntry(
  tx: AppDatabase,
  studentId: number,
  values: Omit<Partial<typeof students.$inferInsert>, "version">,
  entry: Omit<NewTimelineEntry, "studentId">,
): Promise<number | undefined> {
  const [updated] = await tx
    .update(students)
    .set({ ...values, version: sql`${students.version} + 1` })
    .where(eq(students.id, studentId))
    .returning({ version: students.version });
  await addToTimeline(tx, { ...entry, studentId, detail: { ...entry.detail, version: updated?.version } });
  return updated?.version;
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
