// Students' data protection (decision 008, India's DPDP Act): entries are kept for the
// retention period of the site configuration and then deleted; a student's entries are
// deleted at once when they withdraw consent or ask for it. Deleting an entry deletes the
// e-mail about it too. The audit log records each deletion by ids and counts, never the
// personal data itself.

import { deleteRecordsWithoutSubmissions } from "~/admissions/records/student-records.server";
import { parseWithdrawalReference } from "~/admissions/submissions/notifications.server";
import { submissionKinds } from "~/admissions/submissions/submission-schema";
import { site } from "~/config/site";
import { afterCommit } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { logFault } from "~/platform/error-log.server";
import { deleteMessagesAbout, deleteSentBefore } from "~/platform/mail-outbox.server";
import type { DailyJob } from "~/platform/scheduler.server";
import { recordAudit } from "~/staff/audit-log.server";
import {
  deleteEntries,
  deleteEntriesBefore,
  type EntryKind,
  entryEmail,
  entryKinds,
  findStudentEntries,
  type StudentEntry,
} from "./student-data.server";

export interface ErasedCounts {
  enquiries: number;
  registrations: number;
  /** Students added on the desk or imported from a list (app/admissions/intake/). */
  intakes: number;
}

const anything = (counts: ErasedCounts) => counts.enquiries + counts.registrations + counts.intakes > 0;

/**
 * Deletes the entries `remove` picks for each kind, the e-mail written about them, and the
 * student records left without any entry, with their timelines: nothing of a student whose
 * every form is gone stays behind. A record that still has other forms keeps them.
 */
async function deleteWithTheirMail(
  tx: AppDatabase,
  remove: (kind: EntryKind) => Promise<number[]>,
): Promise<{ deleted: Record<EntryKind, number[]>; counts: ErasedCounts }> {
  const deleted: Record<EntryKind, number[]> = { enquiry: [], registration: [], intake: [] };
  for (const kind of entryKinds) deleted[kind] = await remove(kind);
  for (const kind of submissionKinds) await deleteMessagesAbout(tx, kind, deleted[kind]);
  await deleteRecordsWithoutSubmissions(tx);
  return {
    deleted,
    counts: {
      enquiries: deleted.enquiry.length,
      registrations: deleted.registration.length,
      intakes: deleted.intake.length,
    },
  };
}

/** Deletes these entries and the mail about them, in one transaction, and records who did it. */
export async function eraseEntries(
  db: AppDatabase,
  entries: ReadonlyArray<{ kind: EntryKind; id: number }>,
  audit: { actor: string; action: "student-data.delete" | "consent.withdraw" },
): Promise<ErasedCounts> {
  // A record erased with a batch frees its seat: the pages showing batches follow once committed.
  return afterCommit(() =>
    db.transaction(async (tx) => {
      const { deleted, counts } = await deleteWithTheirMail(tx, (kind) =>
        deleteEntries(
          tx,
          kind,
          entries.filter((entry) => entry.kind === kind).map((entry) => entry.id),
        ),
      );
      if (anything(counts)) {
        await recordAudit(tx, {
          actor: audit.actor,
          action: audit.action,
          subject: describeCounts(counts),
          detail: { enquiryIds: deleted.enquiry, registrationIds: deleted.registration, intakeIds: deleted.intake },
        });
      }
      return counts;
    }),
  );
}

/** The moment before which entries are past the retention period. */
export function retentionCutoff(now = new Date(), months = site.privacy.retentionMonths): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Sent e-mail is kept a month, for questions about whether it arrived; then it goes. */
const sentMailKeptMs = 30 * 24 * 60 * 60 * 1000;

export interface PurgeResult extends ErasedCounts {
  cutoff: Date;
  sentMessages: number;
}

/** Deletes every entry older than the retention period, the mail about it, and old sent mail. */
export async function purgeExpired(
  db: AppDatabase,
  { now = new Date(), months = site.privacy.retentionMonths, actor = "retention" } = {},
): Promise<PurgeResult> {
  const cutoff = retentionCutoff(now, months);
  // A record erased with a batch frees its seat: the pages showing batches follow once committed.
  return afterCommit(() =>
    db.transaction(async (tx) => {
      const { counts } = await deleteWithTheirMail(tx, (kind) => deleteEntriesBefore(tx, kind, cutoff));
      const sentMessages = await deleteSentBefore(tx, new Date(now.getTime() - sentMailKeptMs));
      if (anything(counts)) {
        await recordAudit(tx, {
          actor,
          action: "retention.purge",
          subject: describeCounts(counts),
          detail: { olderThan: cutoff.toISOString(), months, ...counts },
        });
      }
      return { ...counts, cutoff, sentMessages };
    }),
  );
}

export function describeCounts({ enquiries, registrations, intakes }: ErasedCounts): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const forms = `${plural(enquiries, "enquiry", "enquiries")} and ${plural(registrations, "registration", "registrations")}`;
  return intakes > 0 ? `${forms}, and ${plural(intakes, "entry", "entries")} added on the desk or imported` : forms;
}

/**
 * The retention purge's job for the site's scheduler: once each India day, by whichever process
 * gets there first, from midnight on; a server that starts later in the day purges a minute
 * after it starts, unless another process (or its run before a restart) did so that day.
 */
export function retentionJob(db: AppDatabase): DailyJob {
  return {
    name: "retention purge",
    every: "day",
    at: "00:00",
    async run(now) {
      try {
        const result = await purgeExpired(db, { now });
        if (anything(result)) {
          console.log(
            `Retention: deleted ${describeCounts(result)} older than ${site.privacy.retentionMonths} months.`,
          );
        }
      } catch (error) {
        logFault("Deleting expired entries failed (will try again tomorrow)", error);
      }
    },
  };
}

/**
 * The student a withdrawal link names: the e-mail address of the entry it was sent about,
 * and every entry sent with that address. Undefined when the link is forged or the entry is gone.
 */
export async function studentByWithdrawalReference(
  db: AppDatabase,
  reference: string | null,
): Promise<{ email: string; entries: StudentEntry[] } | undefined> {
  const entry = parseWithdrawalReference(reference);
  const email = entry ? await entryEmail(db, entry.kind, entry.id) : undefined;
  return email ? { email, entries: await findStudentEntries(db, { email }) } : undefined;
}
