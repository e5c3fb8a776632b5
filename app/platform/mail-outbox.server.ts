// E-mail waiting to be sent (decision 008). Messages are written with the submission they
// are about, in one transaction, then delivered by app/admissions/submissions/notifications.server.ts with
// retries; several processes may deliver from one PostgreSQL without sending twice.
import { and, count, desc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import { type OutboxKind, outbox } from "../../db/schema";
import type { AppDatabase } from "./database.server";

export type OutboxMessage = typeof outbox.$inferSelect;

export interface NewOutboxMessage {
  kind: OutboxKind;
  /** The submission it is about; left out for a message about several students (a digest). */
  submissionKind?: SubmissionKind;
  submissionId?: number;
  recipient: string;
  subject: string;
  body: string;
}

export async function enqueueMessages(db: AppDatabase, messages: readonly NewOutboxMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values([...messages])
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

/**
 * Takes up to `limit` messages that are due, pushing each one's next attempt `leaseMs`
 * ahead and counting the attempt. Another process (or this one, after a crash mid-send)
 * sees them again only when that lease runs out, so a message is never sent by two at once.
 */
export async function claimDueMessages(
  db: AppDatabase,
  { leaseMs, limit = 20, now = new Date() }: { leaseMs: number; limit?: number; now?: Date },
): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, now)))
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

export async function markSent(db: AppDatabase, id: number): Promise<void> {
  await db.update(outbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(outbox.id, id));
}

/** A failed attempt: try again at `retryAt`, or give up (status failed) when there is none. */
export async function markAttemptFailed(db: AppDatabase, id: number, error: string, retryAt: Date | null) {
  await db
    .update(outbox)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 500), status: "failed" },
    )
    .where(eq(outbox.id, id));
}

/** Sends a failed message again from the first attempt (staff asked for it). */
export async function retryMessage(db: AppDatabase, id: number): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

export interface OutboxSummary {
  pending: number;
  /** Pending messages that have failed at least once and wait for their next try. */
  retrying: number;
  failed: number;
  sent: number;
}

export async function outboxSummary(db: AppDatabase): Promise<OutboxSummary> {
  const rows = await db
    .select({
      status: outbox.status,
      retrying: sql<number>`count(*) filter (where ${outbox.lastError} is not null)`.mapWith(Number),
      n: count(),
    })
    .from(outbox)
    .groupBy(outbox.status);
  const summary: OutboxSummary = { pending: 0, retrying: 0, failed: 0, sent: 0 };
  for (const row of rows) {
    summary[row.status] = row.n;
    if (row.status === "pending") summary.retrying = row.retrying;
  }
  return summary;
}

/** Messages staff should know about: given up on, or failing and waiting to retry; newest first. */
export function listUndelivered(db: AppDatabase, { limit = 100 } = {}): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outbox)
    .where(and(ne(outbox.status, "sent"), sql`(${outbox.status} = 'failed' or ${outbox.lastError} is not null)`))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** Erases the mail about the given submissions (a student's data deleted), sent or not. */
export async function deleteMessagesAbout(
  db: AppDatabase,
  submissionKind: SubmissionKind,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db
    .delete(outbox)
    .where(and(eq(outbox.submissionKind, submissionKind), inArray(outbox.submissionId, [...ids])))
    .returning({ id: outbox.id });
  return deleted.length;
}

/** Sent mail holds students' addresses: it is kept only as long as it helps to answer a question about it. */
export async function deleteSentBefore(db: AppDatabase, before: Date): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(and(eq(outbox.status, "sent"), lt(outbox.sentAt, before)))
    .returning({ id: outbox.id });
  return deleted.length;
}
