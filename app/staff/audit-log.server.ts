import { count, desc } from "drizzle-orm";
import { afterCommit } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { auditLog } from "../../db/schema";

export type AuditEntry = typeof auditLog.$inferSelect;

export interface AuditRecord {
  /** The staff member's e-mail. */
  actor: string;
  /** What was done, e.g. "start-date.set", "placed-student.remove". */
  action: string;
  /** What it was done to, e.g. "iot", "enquiry 42". */
  subject: string;
  detail?: Record<string, unknown>;
}

/** Writes one entry. Call it with the transaction of the change it records (or use auditedChange). */
export async function recordAudit(db: AppDatabase, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, detail: record.detail ?? null });
}

/**
 * Makes a change and writes its audit entry in one transaction: both are stored or neither,
 * so the log never misses a change nor records one that did not happen. `entry` may look at
 * the change's result and answer undefined when nothing was changed (nothing is recorded).
 */
export function auditedChange<T>(
  db: AppDatabase,
  change: (tx: AppDatabase) => Promise<T>,
  entry: AuditRecord | ((result: T) => AuditRecord | undefined),
): Promise<T> {
  // Public pages the change affects are announced once it has committed (or not, if it failed).
  return afterCommit(() =>
    db.transaction(async (tx) => {
      const result = await change(tx);
      const record = typeof entry === "function" ? entry(result) : entry;
      if (record) await recordAudit(tx, record);
      return result;
    }),
  );
}

export async function listAudit(
  db: AppDatabase,
  { limit = 100, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ rows: AuditEntry[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
