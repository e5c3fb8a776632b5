// Staff's changes to a student record: its stage, owner, branch and next follow-up (each edit names the
// version it was made on; an edit of an older version is refused with what changed meanwhile,
// so nobody's work is overwritten without a word), and notes and logged calls and messages.
import { and, desc, eq, sql } from "drizzle-orm";
import { leaveBatch, takeSeat } from "~/admissions/enrolment/enrolment.server";
import type { AppDatabase } from "~/platform/database.server";
import { students, studentTimeline } from "../../../db/schema";
import { type RecordScope, scopeCondition } from "./record-scope.server";
import type { StudentBranch } from "./student-branches";
import { getStudentRecord, type StudentRecord } from "./student-records.server";
import type { CallOutcome, LostReason, StudentStage, TimelineKind } from "./student-stages";
import { type Actor, addToTimeline, changeWithEntry, type TimelineEntry } from "./student-timeline.server";

/** A change of the record's own fields; what is left out stays as it is. */
export interface RecordEdit {
  stage?: StudentStage;
  lostReason?: LostReason | null;
  lostNote?: string;
  ownerId?: string | null;
  /** Set by a person: a change, or the confirmation of a branch that was guessed or given by a form or a list. */
  branch?: StudentBranch;
  nextFollowUpAt?: Date | null;
  /**
   * The batch of an enrolled student (null: not decided yet); left out: as it is. A stage other
   * than Enrolled takes the student out of their batch whatever this says.
   */
  batchId?: number | null;
}

export type EditResult =
  | { ok: true; record: StudentRecord; changed: string[] }
  | { ok: false; reason: "missing" }
  /** The batch chosen cannot be taken (full, ended, gone, another course's): nothing was saved. */
  | { ok: false; reason: "batch"; message: string }
  | {
      ok: false;
      reason: "conflict";
      /** The record as it is now. */
      current: StudentRecord & { ownerName: string | null };
      /** Entries about changes made since the version the edit was made on, newest first. */
      changes: TimelineEntry[];
    };

/**
 * Applies an edit made on `version` of the record: refused (conflict) when the record has
 * changed since, with its current values and the changes made meanwhile. Each changed field
 * adds a timeline entry carrying the record's new version.
 */
export async function editStudentRecord(
  tx: AppDatabase,
  id: number,
  version: number,
  edit: RecordEdit,
  actor: Actor,
  scope: RecordScope,
): Promise<EditResult> {
  const [before] = await tx
    .select()
    .from(students)
    .where(and(eq(students.id, id), scopeCondition(scope)))
    .for("update");
  if (!before) return { ok: false, reason: "missing" };
  if (before.version !== version) {
    const current = await getStudentRecord(tx, id, scope);
    if (!current) return { ok: false, reason: "missing" };
    return { ok: false, reason: "conflict", current, changes: await changesSince(tx, id, version) };
  }
  const next = { ...before };
  const entries: { kind: TimelineKind; detail: Record<string, unknown> }[] = [];
  const changed: string[] = [];
  if (edit.stage !== undefined) {
    const reason = edit.stage === "lost" ? (edit.lostReason ?? null) : null;
    const note = edit.stage === "lost" ? (edit.lostNote ?? "") : "";
    if (edit.stage !== before.stage || reason !== before.lostReason || note !== before.lostNote) {
      next.stage = edit.stage;
      next.lostReason = reason;
      next.lostNote = note;
      changed.push("stage");
      entries.push({
        kind: "stage",
        detail: { from: before.stage, to: edit.stage, ...(reason ? { reason } : {}), ...(note ? { note } : {}) },
      });
    }
  }
  if (edit.ownerId !== undefined && edit.ownerId !== before.ownerId) {
    next.ownerId = edit.ownerId;
    changed.push("owner");
    entries.push({ kind: "owner", detail: { from: before.ownerId, to: edit.ownerId } });
  }
  if (edit.branch !== undefined && (edit.branch !== before.branch || before.branchSource !== "desk")) {
    next.branch = edit.branch;
    next.branchSource = "desk";
    changed.push("branch");
    entries.push({
      kind: "branch",
      detail: {
        from: before.branch,
        fromSource: before.branchSource,
        to: edit.branch,
        source: "desk",
        ...(edit.branch === before.branch ? { confirmed: true } : {}),
      },
    });
  }
  if (edit.nextFollowUpAt !== undefined && edit.nextFollowUpAt?.getTime() !== before.nextFollowUpAt?.getTime()) {
    next.nextFollowUpAt = edit.nextFollowUpAt;
    changed.push("follow-up");
    entries.push({
      kind: "follow_up",
      detail: { from: before.nextFollowUpAt?.toISOString() ?? null, to: edit.nextFollowUpAt?.toISOString() ?? null },
    });
  }
  // The batch: kept while enrolled unless another is chosen, left on leaving Enrolled.
  const batchId = next.stage === "enrolled" ? (edit.batchId === undefined ? before.batchId : edit.batchId) : null;
  if (batchId !== before.batchId) {
    const joined = batchId === null ? undefined : await takeSeat(tx, batchId, before);
    if (joined && !joined.ok) return { ok: false, reason: "batch", message: joined.message };
    const left = before.batchId === null ? null : await leaveBatch(tx, before.batchId);
    next.batchId = batchId;
    changed.push("batch");
    entries.push({
      kind: "batch",
      detail: {
        from: left,
        to: joined?.batch ?? null,
        ...(next.stage === "enrolled" ? {} : { stage: next.stage }),
      },
    });
  }
  if (changed.length === 0) return { ok: true, record: before, changed };
  const [record] = await tx
    .update(students)
    .set({
      stage: next.stage,
      lostReason: next.lostReason,
      lostNote: next.lostNote,
      ownerId: next.ownerId,
      branch: next.branch,
      branchSource: next.branchSource,
      nextFollowUpAt: next.nextFollowUpAt,
      batchId: next.batchId,
      version: sql`${students.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(students.id, id), eq(students.version, version)))
    .returning();
  if (!record) {
    // Only possible without the row lock (it is held): treat it like any other stale edit.
    const current = await getStudentRecord(tx, id, scope);
    if (!current) return { ok: false, reason: "missing" };
    return { ok: false, reason: "conflict", current, changes: await changesSince(tx, id, version) };
  }
  await addToTimeline(
    tx,
    entries.map((entry) => ({
      studentId: id,
      kind: entry.kind,
      actor,
      detail: { ...entry.detail, version: record.version },
    })),
  );
  return { ok: true, record, changed };
}

/** Timeline entries of record edits made after `version`, newest first. */
async function changesSince(db: AppDatabase, id: number, version: number): Promise<TimelineEntry[]> {
  return db
    .select()
    .from(studentTimeline)
    .where(and(eq(studentTimeline.studentId, id), sql`(${studentTimeline.detail} ->> 'version')::int > ${version}`))
    .orderBy(desc(studentTimeline.at), desc(studentTimeline.id));
}

/** A note on the timeline. Adding an entry never conflicts with anyone's edit. */
export async function addNote(
  tx: AppDatabase,
  id: number,
  text: string,
  actor: Actor,
  scope: RecordScope,
): Promise<TimelineEntry | undefined> {
  if (!(await getStudentRecord(tx, id, scope))) return undefined;
  const [entry] = await addToTimeline(tx, { studentId: id, kind: "note", actor, detail: { text } });
  await touch(tx, id);
  return entry;
}

/**
 * A call (or a WhatsApp message) and its outcome on the timeline, with the next follow-up set
 * in the same step: the follow-up the counsellor names now replaces the old one, whatever the
 * version (it is what they just agreed with the student), and the timeline keeps both.
 */
export async function logContact(
  tx: AppDatabase,
  id: number,
  contact: { channel: "call" | "whatsapp"; outcome?: CallOutcome; note: string; nextFollowUpAt?: Date | null },
  actor: Actor,
  scope: RecordScope,
): Promise<TimelineEntry | undefined> {
  const [record] = await tx
    .select()
    .from(students)
    .where(and(eq(students.id, id), scopeCondition(scope)))
    .for("update");
  if (!record) return undefined;
  const [entry] = await addToTimeline(tx, {
    studentId: id,
    kind: contact.channel,
    actor,
    detail: { ...(contact.outcome ? { outcome: contact.outcome } : {}), note: contact.note },
  });
  // The first contact takes the record out of "new and never contacted" (my-day.server.ts).
  if (!record.contactedAt) await tx.update(students).set({ contactedAt: sql`now()` }).where(eq(students.id, id));
  if (contact.nextFollowUpAt !== undefined && contact.nextFollowUpAt?.getTime() !== record.nextFollowUpAt?.getTime()) {
    await changeWithEntry(
      tx,
      id,
      { nextFollowUpAt: contact.nextFollowUpAt, updatedAt: new Date() },
      {
        kind: "follow_up",
        actor,
        detail: {
          from: record.nextFollowUpAt?.toISOString() ?? null,
          to: contact.nextFollowUpAt?.toISOString() ?? null,
        },
      },
    );
  } else {
    await touch(tx, id);
  }
  return entry;
}

/** The record was worked on (its place in "recently updated"); its version stays. */
async function touch(tx: AppDatabase, id: number): Promise<void> {
  await tx.update(students).set({ updatedAt: new Date() }).where(eq(students.id, id));
}
