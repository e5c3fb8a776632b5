// Reminders by e-mail (decision 019), all through the outbox (decision 008) and only when
// e-mail is on: the owner of a student who sends a form hears of it at once; each morning every
// counsellor with something due gets one digest of their day; and, when the site configuration
// asks for it, the admins hear of each new student nobody contacted within the limit.
//
// Once-only: a digest is decided in a transaction that first claims its row in
// reminder_digests (the account and the day), and an alert claims its students in
// uncontacted_alerts, before the message is queued in the same transaction. Several
// processes, or a process started again, find the row taken and send nothing twice.
import { and, asc, eq, gte, isNotNull, isNull, notExists, or } from "drizzle-orm";
import {
  courseTitleFor,
  type SubmissionForMail,
  submissionDetails,
  wakeOutbox,
} from "~/admissions/submissions/notifications.server";
import type { StoredSubmission } from "~/admissions/submissions/submission-repository.server";
import { site } from "~/config/site";
import type { AppDatabase } from "~/platform/database.server";
import { logFault } from "~/platform/error-log.server";
import { indiaClock, indiaTimeZones } from "~/platform/india-time";
import { enqueueMessages, type NewOutboxMessage } from "~/platform/mail-outbox.server";
import type { MinuteJob } from "~/platform/scheduler.server";
import { getCourses } from "~/site/content.server";
import {
  type DigestOutcome,
  reminderDigests,
  staffAvailability,
  students,
  uncontactedAlerts,
  user,
} from "../../../db/schema";
import { dayGroupShortLabels } from "./my-day";
import {
  type DayGroup,
  type DaySettings,
  dayClock,
  dayGroupLabels,
  dayOf,
  daySettings,
  uncontactedCondition,
} from "./my-day.server";
import { type DigestSection, digestMessage, ownerNotice, uncontactedAlert } from "./reminder-mail.server";

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
  // India's zone is known good; any other is checked by Intl (which maps ICU's data: decision 016).
  if (indiaTimeZones.has(settings.timeZone)) return settings;
  try {
    new Intl.DateTimeFormat("en", { timeZone: settings.timeZone });
  } catch {
    throw new Error(`reminders.timeZone: "${settings.timeZone}" is not a time zone (e.g. "Asia/Kolkata").`);
  }
  return settings;
}

/** The date ("2026-11-25") and the hour (0-23) of a moment in a time zone. */
export function localClock(now: Date, timeZone: string): { day: string; hour: number } {
  // India keeps +05:30 all year: its clock needs no time-zone data.
  if (indiaTimeZones.has(timeZone)) {
    const { day, hour } = indiaClock(now);
    return { day, hour };
  }
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
  const courseTitle = data.course ? courseTitleFor(await getCourses(tx), data.course) : "";
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

/** Every account that is not banned, with whether it is marked away (the alert's recipients are among them). */
export async function reminderAccounts(db: AppDatabase) {
  return db
    .select(reminderAccount)
    .from(user)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, user.id))
    .where(notBanned);
}

// ---------------------------------------------------------------------------------------------
// The morning digest

/** The groups of My day a digest lists (recently active is for the page, not for the morning). */
const digestGroups = ["overdue", "today", "new"] as const satisfies readonly DayGroup[];
/** Records listed per group in a digest; the rest are counted ("and 12 more"). */
const digestRowsPerGroup = 15;

export interface ReminderRun {
  /** The site's public address, for the links. */
  origin: string;
  now?: Date;
  settings?: ReminderSettings;
  /** My day's settings (working hours, the first-contact limit): the site configuration's by default. */
  day?: DaySettings;
}

export type DigestCounts = Record<DigestOutcome, number>;

/**
 * From the configured hour on, decides today's digest for every staff account that has none
 * yet: queued (something due), nothing due, or away. Each account's decision is claimed, taken
 * and queued in one transaction, so it is made once per day whichever process gets there
 * first; a process that starts after the hour (a restart, a deploy) catches up the same day.
 */
export async function queueDigests(db: AppDatabase, run: ReminderRun): Promise<DigestCounts> {
  const { now = new Date(), settings = reminderSettings } = run;
  const counts: DigestCounts = { sent: 0, "nothing due": 0, away: 0 };
  const { day, hour } = localClock(now, settings.timeZone);
  if (hour < settings.digestHour) return counts;
  const waiting = await db
    .select(reminderAccount)
    .from(user)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, user.id))
    .leftJoin(reminderDigests, and(eq(reminderDigests.userId, user.id), eq(reminderDigests.day, day)))
    .where(and(notBanned, isNotNull(user.role), isNull(reminderDigests.userId)))
    .orderBy(asc(user.id));
  for (const account of waiting) {
    try {
      const outcome = await decideDigest(db, account, day, { ...run, now, settings });
      if (outcome) counts[outcome] += 1;
    } catch (error) {
      logFault(`The morning digest for staff account ${account.id} failed (tried again in a minute)`, error);
    }
  }
  return counts;
}

type ReminderAccount = Awaited<ReturnType<typeof reminderAccounts>>[number];

async function decideDigest(
  db: AppDatabase,
  account: ReminderAccount,
  day: string,
  run: ReminderRun & { now: Date; settings: ReminderSettings },
): Promise<DigestOutcome | undefined> {
  // The groups are read before the transaction, through the pool: My day reads them in parallel.
  let message: { subject: string; body: string } | undefined;
  if (!account.away) {
    const { groups } = await dayOf(db, account.id, {
      now: run.now,
      limit: digestRowsPerGroup,
      settings: run.day ?? daySettings,
    });
    const sections: DigestSection[] = digestGroups.map((group) => ({
      label: dayGroupLabels[group],
      short: dayGroupShortLabels[group],
      show: group === "new" ? "arrival" : "follow-up",
      rows: groups[group].rows,
      total: groups[group].total,
    }));
    if (sections.some((section) => section.total > 0)) {
      message = digestMessage(account, sections, { origin: run.origin, day, timeZone: run.settings.timeZone });
    }
  }
  const outcome: DigestOutcome = account.away ? "away" : message ? "sent" : "nothing due";
  return db.transaction(async (tx) => {
    // The claim: another process that claimed it first makes this insert wait for its commit, then do nothing.
    const [claimed] = await tx
      .insert(reminderDigests)
      .values({ userId: account.id, day, outcome })
      .onConflictDoNothing()
      .returning({ userId: reminderDigests.userId });
    if (!claimed) return undefined;
    if (message) {
      const [id] = await enqueueMessages(tx, [{ kind: "digest", recipient: account.email, ...message }]);
      await tx
        .update(reminderDigests)
        .set({ outboxId: id ?? null })
        .where(and(eq(reminderDigests.userId, account.id), eq(reminderDigests.day, day)));
    }
    return outcome;
  });
}

// ---------------------------------------------------------------------------------------------
// The admins' alert about new students not contacted in time

/** Only students who wrote in this recently are alerted about: turning the alert on does not mail the whole backlog. */
const alertLookBackMs = 7 * 24 * 60 * 60_000;
/** Students named in one alert; more are claimed by the next run, a minute later. */
const alertBatch = 50;

/** "2 working hours", "90 working minutes". */
export function workingTimeText(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} working hour${minutes === 60 ? "" : "s"}`;
  return `${minutes} working minutes`;
}

/**
 * When the site configuration asks for it: each new student not contacted within the limit
 * (My day's rule) who has not been alerted about yet is claimed, and the admins who are not away
 * get one message naming them. Answers with how many students were alerted about.
 */
export async function queueUncontactedAlerts(db: AppDatabase, run: ReminderRun): Promise<number> {
  const { now = new Date(), settings = reminderSettings } = run;
  if (!settings.alertAdminsAboutUncontacted) return 0;
  const day = run.day ?? daySettings;
  const clock = dayClock(now, day);
  return db.transaction(async (tx) => {
    const late = await tx
      .select({
        id: students.id,
        name: students.name,
        courses: students.courses,
        nextFollowUpAt: students.nextFollowUpAt,
        createdAt: students.createdAt,
        ownerName: user.name,
      })
      .from(students)
      .leftJoin(user, eq(user.id, students.ownerId))
      .where(
        and(
          uncontactedCondition(clock),
          gte(students.createdAt, new Date(now.getTime() - alertLookBackMs)),
          notExists(tx.select().from(uncontactedAlerts).where(eq(uncontactedAlerts.studentId, students.id))),
        ),
      )
      .orderBy(asc(students.createdAt), asc(students.id))
      .limit(alertBatch);
    if (late.length === 0) return 0;
    const claimed = await tx
      .insert(uncontactedAlerts)
      .values(late.map((row) => ({ studentId: row.id })))
      .onConflictDoNothing()
      .returning({ studentId: uncontactedAlerts.studentId });
    const ids = new Set(claimed.map((row) => row.studentId));
    const fresh = late.filter((row) => ids.has(row.id));
    if (fresh.length === 0) return 0;
    const admins = (await reminderAccounts(tx)).filter((account) => account.role === "admin" && !account.away);
    await enqueueMessages(
      tx,
      admins.map((admin) => ({
        kind: "uncontacted" as const,
        recipient: admin.email,
        ...uncontactedAlert(admin, fresh, {
          origin: run.origin,
          total: fresh.length,
          limitText: workingTimeText(day.firstContactWithinMinutes),
          timeZone: settings.timeZone,
        }),
      })),
    );
    return fresh.length;
  });
}

// ---------------------------------------------------------------------------------------------
// The schedule

/**
 * The reminders' job for the site's scheduler (app/platform/scheduler.server.ts): every server
 * process with e-mail on looks once a minute (and a few seconds after it starts) whether a
 * digest or an alert is due. What it queues is delivered by the outbox at once. The digest's
 * and the alert's own claims keep them once-only however many processes look.
 */
export function remindersJob(
  db: AppDatabase,
  {
    origin,
    settings = reminderSettings,
    day,
    everyMs,
    firstRunMs,
  }: Omit<ReminderRun, "now"> & { everyMs?: number; firstRunMs?: number },
): MinuteJob {
  return {
    name: "reminders",
    every: "minute",
    everyMs,
    firstRunMs,
    async run(now) {
      try {
        const digests = await queueDigests(db, { origin, settings, day, now });
        const alerted = await queueUncontactedAlerts(db, { origin, settings, day, now });
        if (digests.sent > 0 || alerted > 0) wakeOutbox();
      } catch (error) {
        logFault("Reminders could not be checked (tried again in a minute)", error);
      }
    },
  };
}
