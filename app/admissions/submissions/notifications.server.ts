// E-mail about new enquiries and registrations (decision 008): the institute hears of each
// one, a registration's course coordinators too, and the student gets an acknowledgement
// with the batch date, the WhatsApp link and a link to withdraw consent. Messages are
// composed when the submission is stored and written to the outbox in the same
// transaction; a delivery loop sends them with retries, so a mail server that is down
// never loses a submission or a message and never slows a student's submit.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { EventEmitter } from "node:events";
import type { Transporter } from "nodemailer";
import { branchOfBatch, branchOfState } from "~/admissions/records/student-branches";
import { recordEmailSent } from "~/admissions/records/student-filing.server";
import { site, whatsappHref } from "~/config/site";
import type { AppDatabase, Database } from "~/platform/database.server";
import { logFault } from "~/platform/error-log.server";
import { publishRecordChange } from "~/platform/events.server";
import {
  claimDueMessages,
  markAttemptFailed,
  markSent,
  type NewOutboxMessage,
  type OutboxMessage,
} from "~/platform/mail-outbox.server";
import { counterStoreFor, createRateLimit, parseRateSetting } from "~/platform/rate-limit.server";
import { type CourseBatches, batchLine as describeBatch, nextStartLine } from "~/site/batch-rules";
import { getCourseBatches } from "~/site/batches.server";
import type { CoordinatorKey, Course } from "~/site/content/types";
import { getCourses } from "~/site/content.server";
import { authSecret } from "~/staff/auth.server";
import { staffEmailsForCourse } from "~/staff/staff-accounts.server";
import { courseOptions } from "./options";
import type { EnquiryData, SubmissionKind } from "./submission-schema";

export interface MailSettings {
  /** e.g. smtp://user:password@mail.example.org:587 or smtps://...:465 */
  smtpUrl: string;
  /** The From line of every message. */
  from: string;
}

/** Notifications are on when SMTP_URL is set; MAIL_FROM names the sender. */
export function mailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MailSettings | undefined {
  const smtpUrl = env.SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  return { smtpUrl, from: env.MAIL_FROM?.trim() || `"${site.name}" <${site.email}>` };
}

export interface SubmissionForMail {
  kind: SubmissionKind;
  /**
   * The form's answers: a registration has no question but perhaps the id of the batch the
   * student picked (null for none), an enquiry perhaps a course and a question.
   */
  data: Omit<EnquiryData, "course" | "question"> & { course?: string; question?: string; batch?: number | null };
}

/**
 * Reads what the messages about a new submission need (courses, batch dates, the course's
 * coordinators) and answers with a function that writes them once the submission has its id:
 * the reading happens before the submission's transaction, keeping it short. Without
 * `acknowledge` the student is sent nothing (a limit was reached, see mayAcknowledge).
 */
export async function prepareNotifications(
  db: AppDatabase,
  submission: SubmissionForMail,
  origin: string,
  { acknowledge = true }: { acknowledge?: boolean } = {},
): Promise<(id: number) => NewOutboxMessage[]> {
  const { kind, data } = submission;
  const [courses, batches] = await Promise.all([getCourses(db), getCourseBatches(db)]);
  const course = kind === "registration" ? courses.find((c) => c.registrationValue === data.course) : undefined;
  // The form's branch as filing will give a new student (decision 031): counsellors limited to
  // other branches are not told of the student.
  const picked =
    course && data.batch ? batches[course.coordinatorKey].batches.find((batch) => batch.id === data.batch) : undefined;
  const branch = (picked ? branchOfBatch(picked) : undefined) ?? branchOfState[data.state] ?? null;
  const coordinators = course ? await staffEmailsForCourse(db, course.coordinatorKey, branch) : [];
  return (id) => composeNotifications({ kind, id, data, course, courses, batches, coordinators, acknowledge }, origin);
}

const hour = 3_600_000;

/**
 * Acknowledgements go to whatever address was typed into a public form: without a limit,
 * anyone could make the institute's mail server write to a chosen address. Each address gets
 * a few a day, and each client (the address the form limit counts) a few more; read at each
 * use so an operator's setting applies without a code change (docs/operations.md).
 */
export function acknowledgementLimits(env: NodeJS.ProcessEnv = process.env) {
  return {
    recipient: parseRateSetting(env.ACKNOWLEDGEMENT_LIMIT_PER_EMAIL, { limit: 3, windowMs: 24 * hour }),
    sender: parseRateSetting(env.ACKNOWLEDGEMENT_LIMIT_PER_CLIENT, { limit: 10, windowMs: 24 * hour }),
  };
}

export type AcknowledgementDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * Counts one acknowledgement to `recipient` asked for by the client at `sender` (both counted,
 * in the shared counters) and says whether it may be sent. A counter that cannot be read
 * (PostgreSQL unreachable) sends nothing: the submission itself is what must not be lost.
 */
export async function mayAcknowledge(
  database: Database,
  { recipient, sender }: { recipient: string; sender: string },
): Promise<AcknowledgementDecision> {
  const limits = acknowledgementLimits();
  const store = counterStoreFor(database);
  try {
    const [bySender, byRecipient] = await Promise.all([
      createRateLimit(limits.sender, store).consume(`ack:from:${sender}`),
      createRateLimit(limits.recipient, store).consume(`ack:to:${recipientKey(recipient)}`),
    ]);
    if (!byRecipient.allowed) return { allowed: false, reason: "the limit for its recipient address was reached" };
    if (!bySender.allowed) return { allowed: false, reason: "the limit for the sending client was reached" };
    return { allowed: true };
  } catch (error) {
    logFault("Checking the acknowledgement limit failed", error);
    return { allowed: false, reason: "its limit could not be checked" };
  }
}

/**
 * The counter's key for an address: a hash (the counters hold no student's address), the same
 * for every "+tag" a mailbox accepts (name+1@, name+2@ ... reach one person).
 */
function recipientKey(email: string): string {
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  const mailbox = `${local.split("+", 1)[0]}@${domain}`;
  return createHash("sha256").update(mailbox).digest("base64url").slice(0, 32);
}

/** Longest name written into a message, in characters as a reader counts them. */
export const mailNameLength = 40;

/**
 * A name as the mail shows it: whole characters (a Devanagari syllable or an emoji with its
 * joiners is never split), at most mailNameLength of them, "…" when it was cut.
 */
export function nameForMail(name: string): string {
  // A name of at most that many UTF-16 units has no more characters: most names need no
  // segmenting, and so no ICU data in the process (decision 016).
  if (name.trim().length <= mailNameLength) return name.trim();
  const characters = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(name.trim())];
  if (characters.length <= mailNameLength) return name.trim();
  return `${characters
    .slice(0, mailNameLength - 1)
    .map((c) => c.segment)
    .join("")
    .trimEnd()}…`;
}

interface MailFacts extends SubmissionForMail {
  id: number;
  course: Course | undefined;
  courses: Course[];
  batches: Record<CoordinatorKey, CourseBatches>;
  coordinators: string[];
  acknowledge: boolean;
}

/** A registration's course as the messages name it: its page's title (staff may edit it), else the form's label. */
export function courseTitleFor(courses: readonly Course[], value: string | undefined): string {
  return (
    courses.find((c) => c.registrationValue === value)?.title ??
    courseOptions.find((o) => o.value === value)?.label ??
    value ??
    ""
  );
}

/** A submission's details as the staff's messages list them, one per line (with the batch picked, if any). */
export function submissionDetails(
  kind: SubmissionKind,
  data: SubmissionForMail["data"],
  courseTitle: string,
  batch?: string,
): string {
  return [
    `Name: ${data.name}`,
    `Email: ${data.email}`,
    `Mobile: ${data.mobile}`,
    ...(kind === "registration"
      ? [`Course: ${courseTitle}`]
      : courseTitle
        ? [`Course asked about: ${courseTitle}`]
        : []),
    ...(batch ? [`Batch: ${batch}`] : []),
    `Stream: ${data.stream}`,
    `Major: ${data.major}`,
    `State: ${data.state}`,
    `District: ${data.district}`,
    ...(data.under18
      ? [
          "Under 18: yes. Call the parent or guardian to confirm their consent before going further.",
          `Parent or guardian: ${data.guardianName}, ${data.guardianMobile}`,
        ]
      : []),
    ...(data.question ? ["", "Question:", data.question] : []),
  ].join("\n");
}

function composeNotifications(facts: MailFacts, origin: string): NewOutboxMessage[] {
  const { kind, id, data, course, courses, batches: byCourse, coordinators, acknowledge } = facts;
  const shortName = nameForMail(data.name);
  const courseTitle = courseTitleFor(courses, data.course);
  const about = { submissionKind: kind, submissionId: id };
  const batchLine = (key: CoordinatorKey) => nextStartLine(byCourse[key]);
  const chosen = course ? byCourse[course.coordinatorKey].batches.find((b) => b.id === data.batch) : undefined;

  const details = submissionDetails(kind, data, courseTitle, chosen ? describeBatch(chosen) : undefined);

  const messages: NewOutboxMessage[] = [];
  const deskLink = kind === "enquiry" ? `${origin}/admin/contactform` : `${origin}/admin/registers`;
  messages.push({
    ...about,
    kind: "institute",
    recipient: site.email,
    subject: kind === "enquiry" ? `New enquiry: ${shortName}` : `New registration for ${courseTitle}: ${shortName}`,
    body: `${kind === "enquiry" ? "A new enquiry" : "A new registration"} came in through the website.\n\n${details}\n\nOpen it in the desk: ${deskLink}\n`,
  });

  if (course) {
    for (const recipient of coordinators) {
      messages.push({
        ...about,
        kind: "coordinator",
        recipient,
        subject: `New registration for ${courseTitle}: ${shortName}`,
        body: `A new registration for ${courseTitle} came in through the website.\n\n${details}\n\nYour registrations: ${origin}/onlineuser/${course.coordinatorKey}\n`,
      });
    }
  }

  if (!acknowledge) return messages;
  const withdrawLink = `${origin}/privacy/withdraw?ref=${withdrawalReference(kind, id)}`;
  const batches =
    kind === "registration" && course
      ? chosen
        ? `Your course: ${courseTitle}\nYour batch: ${describeBatch(chosen)}`
        : `Your course: ${courseTitle}\nNext batch starts: ${batchLine(course.coordinatorKey)}`
      : `Our next batches:\n${courses.map((c) => `- ${c.title}: ${batchLine(c.coordinatorKey)}`).join("\n")}`;
  messages.push({
    ...about,
    kind: "acknowledgement",
    recipient: data.email,
    // Nothing the student typed is in the subject: only the institute and a course of its own list.
    subject:
      kind === "registration"
        ? `Your registration for ${courseTitle} at ${site.name}`
        : `We have your enquiry, ${site.name}`,
    body: [
      `Dear ${shortName},`,
      "",
      kind === "registration"
        ? `Thank you for registering with ${site.name}. A counsellor will call you within one working day to confirm your seat.`
        : `Thank you for writing to ${site.name}. A counsellor will call you within one working day.`,
      "",
      batches,
      "",
      `For a quicker answer, message us on WhatsApp: ${whatsappHref()}`,
      `Or call ${site.phone}.`,
      "",
      `We use your details only to answer you about our courses and admission (privacy notice: ${origin}/privacy).`,
      `To withdraw your consent and have your details deleted, open this link: ${withdrawLink}`,
      "",
      site.name,
      `${site.address.street}, ${site.address.locality} ${site.address.postalCode}`,
    ].join("\n"),
  });
  return messages;
}

/**
 * "enquiry-12-<signature>": names one submission in a withdrawal link. The signature
 * (an HMAC with the site's secret) means only the student who got the e-mail can use it.
 */
export function withdrawalReference(kind: SubmissionKind, id: number): string {
  return `${kind}-${id}-${withdrawalSignature(kind, id)}`;
}

export function parseWithdrawalReference(
  reference: string | null | undefined,
): { kind: SubmissionKind; id: number } | undefined {
  const match = /^(enquiry|registration)-(\d{1,10})-([A-Za-z0-9_-]{32})$/.exec(reference ?? "");
  if (!match) return undefined;
  const kind = match[1] as SubmissionKind;
  const id = Number(match[2]);
  const expected = Buffer.from(withdrawalSignature(kind, id));
  const given = Buffer.from(match[3] as string);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind, id } : undefined;
}

function withdrawalSignature(kind: string, id: number): string {
  return createHmac("sha256", authSecret()).update(`withdraw-consent:${kind}:${id}`).digest("base64url").slice(0, 32);
}

// The delivery loop sleeps between polls; a new message wakes it at once.
const wakeUps = new EventEmitter();

/** Something was just written to the outbox: deliver now rather than at the next poll. */
export function wakeOutbox(): void {
  wakeUps.emit("wake");
}

const minute = 60_000;
/** After each failed attempt, wait this long; after the last, give up (about two days in all). */
export const defaultRetryDelaysMs = [1, 5, 15, 60, 180, 360, 720, 1440].map((m) => m * minute);

export interface DeliveryOptions {
  retryDelaysMs?: readonly number[];
  /** How often to look for due messages (retries, other processes' messages). */
  pollMs?: number;
  /** How long a claimed message is left alone by others while it is being sent. */
  leaseMs?: number;
}

export interface OutboxDelivery {
  /** Sends what is due now; resolves when done (tests, shutdown). */
  deliverDue(): Promise<void>;
  close(): Promise<void>;
}

export function startOutboxDelivery(
  db: AppDatabase,
  settings: MailSettings,
  { retryDelaysMs = defaultRetryDelaysMs, pollMs = 15_000, leaseMs = 2 * minute }: DeliveryOptions = {},
): OutboxDelivery {
  // nodemailer is loaded with the first message due, not at start-up (decision 016).
  let transport: Promise<Transporter> | undefined;
  const openTransport = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        // A mail server that hangs must not hold a message's lease for long.
        { url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: settings.from },
      ),
    );
    return transport;
  };
  let closed = false;
  let running: Promise<void> | undefined;
  let again = false;

  async function send(message: OutboxMessage) {
    try {
      await (await openTransport()).sendMail({ to: message.recipient, subject: message.subject, text: message.body });
      const { submissionKind, submissionId } = message;
      if (message.kind === "acknowledgement" && submissionKind && submissionId) {
        // The student's timeline says the acknowledgement went out, in the same step as the outbox.
        const record = await db.transaction(async (tx) => {
          await markSent(tx, message.id);
          return recordEmailSent(
            tx,
            { submissionKind, submissionId },
            { what: "acknowledgement", subject: message.subject },
          );
        });
        // An open record shows the entry at once, in every process.
        if (record) publishRecordChange(record);
      } else {
        await markSent(db, message.id);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retryDelaysMs[message.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(Date.now() + delay);
      console.error(
        `Sending e-mail ${message.id} (${message.kind}) failed, attempt ${message.attempts}: ${reason}.${retryAt ? "" : " Giving up."}`,
      );
      await markAttemptFailed(db, message.id, reason, retryAt);
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const due = await claimDueMessages(db, { leaseMs });
        if (due.length === 0) break;
        for (const message of due) await send(message);
      }
    } while (again && !closed);
  }

  function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error) => logFault("E-mail delivery stopped for a moment", error))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const onWake = () => void deliverDue();
  wakeUps.on("wake", onWake);
  const timer = setInterval(onWake, pollMs);
  timer.unref();
  void deliverDue();

  return {
    deliverDue,
    async close() {
      closed = true;
      clearInterval(timer);
      wakeUps.off("wake", onWake);
      await running;
      (await transport)?.close();
    },
  };
}
