// Reminders by e-mail (decision 019), all through the outbox (decision 008) and only when
// e-mail is on: the owner of a student who sends a form hears of it at once; each morning every
// counsellor with something due gets one digest of their day; and, when the site configuration
// asks for it, the admins hear of each new student nobody contacted within the limit.
//
// Once-only: a digest is decided in a transaction that first claims its row in
// reminder_digests (the account and the day), and an alert claims its students in
// uncontacted_alerts, before the message is queued in the same transaction. Several
// processes, or a process started again, find the row taken and send nothing twice.
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { site } from "~/config/site";
import type { AppDatabase } from "~/platform/database.server";
import type { NewOutboxMessage } from "~/platform/mail-outbox.server";
import { staffAvailability, user } from "../../db/schema";
import { type SubmissionForMail, submissionDetails } from "./notifications.server";
import { courseOptions } from "./options";
import { ownerNotice } from "./reminder-mail.server";
import type { StoredSubmission } from "./submission-repository.server";

export interface ReminderSettings {
  /** The hour (0-23) the morning digest goes out, in `timeZone`. */
  digestHour: number;
  /** An IANA time zone, e.g. "Asia/Kolkata". */
  timeZone: string;
  /** E-mail the admins about new students not contacted within the first-contact limit. */
  alertAdminsAboutUncontacted: boolean;
}

/** The site configuration's, checked once: a typo fails at start, not at eight in the morning. */
export const reminderSettings: ReminderSettings = checkedReminderSettings(site.reminders);

export function checkedReminderSettings(settings: ReminderSettings): ReminderSettings {
  if (!Number.isInteger(settings.digestHour) || settings.digestHour < 0 || settings.digestHour > 23) {
    throw new Error(`reminders.digestHour: ${settings.digestHour} is not an hour from 0 to 23.`);
  }
  try {
    new Intl.DateTimeFormat("en", { timeZone: settings.timeZone });
  } catch {
    throw new Error(`reminders.timeZone: "${settings.timeZone}" is not a time zone (e.g. "Asia/Kolkata").`);
  }
  return settings;
}

/** The date ("2026-11-25") and the hour (0-23) of a moment in a time zone. */
export function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** An account that may get reminders: not banned, and whether it is marked away. */
const reminderAccount = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  away: staffAvailability.away,
};
const notBanned = or(isNull(user.banned), eq(user.banned, false));

/**
 * The notice to the owner of the student a new form was filed on (given to them on arrival, or
 * theirs already), in the transaction that stores the form; none when the record has no owner
 * or the owner is away.
 */
export async function ownerNoticeFor(
  tx: AppDatabase,
  stored: StoredSubmission,
  submission: SubmissionForMail,
  origin: string,
): Promise<NewOutboxMessage[]> {
  if (stored.duplicate || !stored.owner || stored.studentId === undefined) return [];
  const [owner] = await tx
    .select(reminderAccount)
    .from(user)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, user.id))
    .where(and(eq(user.id, stored.owner.id), notBanned));
  if (!owner || owner.away) return [];
  const { kind, data } = submission;
  const courseTitle = courseOptions.find((option) => option.value === data.course)?.label ?? data.course ?? "";
  const message = ownerNotice(
    owner,
    {
      id: stored.studentId,
      assigned: stored.owner.assigned,
      form: kind,
      name: data.name,
      details: submissionDetails(kind, data, courseTitle),
    },
    origin,
  );
  return [{ kind: "counsellor", submissionKind: kind, submissionId: stored.id, recipient: owner.email, ...message }];
}

/**
 * The messages about a stored form with its owner's notice added (see ownerNoticeFor). An owner
 * who is also one of the course's coordinators gets the notice instead of the coordinators' copy.
 */
export async function withOwnerNotice(
  tx: AppDatabase,
  stored: StoredSubmission,
  submission: SubmissionForMail,
  origin: string,
  messages: readonly NewOutboxMessage[],
): Promise<NewOutboxMessage[]> {
  const notices = await ownerNoticeFor(tx, stored, submission, origin);
  const noticed = new Set(notices.map((notice) => notice.recipient));
  return [
    ...messages.filter((message) => !(message.kind === "coordinator" && noticed.has(message.recipient))),
    ...notices,
  ];
}

/** Staff accounts by id, with whether each is away (for the digest and the alert). */
export async function reminderAccounts(db: AppDatabase, ids?: readonly string[]) {
  return db
    .select(reminderAccount)
    .from(user)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, user.id))
    .where(and(notBanned, ids ? inArray(user.id, [...ids]) : undefined));
}
