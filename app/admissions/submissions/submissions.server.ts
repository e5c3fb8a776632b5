import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import { withOwnerNotice } from "~/admissions/my-day/reminders.server";
import { clientAddressContext, databaseContext, mailContext } from "~/platform/context.server";
import type { AppDatabase, Database } from "~/platform/database.server";
import { publicOrigin } from "~/platform/env.server";
import { logFault } from "~/platform/error-log.server";
import { publishSubmission } from "~/platform/events.server";
import { maxFormBytes, readFormBody } from "~/platform/form-data.server";
import { lasting } from "~/platform/lasting-work.server";
import { enqueueMessages } from "~/platform/mail-outbox.server";
import {
  counterStoreFor,
  createRateLimit,
  minutes,
  parseRateSetting,
  type RateDecision,
  type RateLimit,
} from "~/platform/rate-limit.server";
import { batchForRegistration } from "~/site/batches.server";
import { courseByValue } from "~/site/course-catalog";
import { readFirstTouch } from "./first-touch.server";
import { type AcknowledgementDecision, mayAcknowledge, prepareNotifications, wakeOutbox } from "./notifications.server";
import { courseOptions } from "./options";
import { fileSubmission } from "./submission-filing.server";
import {
  createSubmission,
  findStoredSubmission,
  type StoredSubmission,
  type SubmissionMeta,
} from "./submission-repository.server";
import {
  type FieldName,
  fieldNamesOf,
  messages,
  type SubmissionKind,
  submissionKindInText,
  validateSubmission,
} from "./submission-schema";

/** What the page needs to show the form again: the student's values and the messages. */
export interface SubmissionProblem {
  values: Partial<Record<FieldName, string>>;
  fieldErrors: Partial<Record<FieldName, string>>;
  formError: string;
}

/** A whole college can share one address, so the default is generous (see docs). */
const submissionLimitSetting = parseRateSetting(process.env.FORM_RATE_LIMIT, { limit: 60, windowMs: minutes(10) });
const submissionLimits = new WeakMap<Database, RateLimit>();

/** The form limit of the site on this database: counted across processes on PostgreSQL. */
function submissionLimit(database: Database): RateLimit {
  let limit = submissionLimits.get(database);
  if (!limit) {
    limit = createRateLimit(submissionLimitSetting, counterStoreFor(database));
    submissionLimits.set(database, limit);
  }
  return limit;
}

export const honeypotField = "website";
export const tokenField = "token";
/**
 * Echoed values are capped so a hostile post cannot make the answer huge; the cap is well above
 * every field's limit (a question's 1,000 characters), so what a student typed comes back whole.
 */
const maxEchoLength = 4_000;

export function newSubmissionToken(): string {
  return randomUUID();
}

const notSent = (what: string) =>
  `Sorry, your ${what} was not sent because of a problem on our side. Everything you typed is still here: please try again in a minute, or message us on WhatsApp.`;
export const notSentMessage: Record<SubmissionKind, string> = {
  enquiry: notSent("enquiry"),
  registration: notSent("registration"),
};

/** The batch a student picked, as the registration keeps it, or why it cannot be taken now. */
async function pickedBatch(
  db: AppDatabase,
  course: string,
  batchId: number,
): Promise<{ id: number; line: string } | { problem: string }> {
  const courseKey = courseByValue(course)?.key;
  const found = courseKey ? await batchForRegistration(db, courseKey, batchId) : "not-open";
  if (typeof found !== "string") return found;
  const problem = {
    full: messages.batchFull,
    "other-course": messages.batchOtherCourse,
    "not-open": messages.batchNotOpen,
  };
  return { problem: problem[found] };
}

/**
 * The action behind both public forms: read, screen, validate, store exactly
 * once, then redirect to the confirmation. Every failure answers 4xx/503 with
 * the student's values, never a 500. A form is stored even when its student's
 * connection drops meanwhile, and the server's stop waits for it.
 */
export function handleSubmission(
  kind: SubmissionKind,
  request: Request,
  context: Readonly<RouterContextProvider>,
  successUrl: (stored: { course?: string }) => string,
) {
  return lasting(answerSubmission(kind, request, context, successUrl));
}

async function answerSubmission(
  kind: SubmissionKind,
  request: Request,
  context: Readonly<RouterContextProvider>,
  successUrl: (stored: { course?: string }) => string,
) {
  // Control characters (NUL included) are refused by validation, beside the field.
  const form = await readFormBody(request, maxFormBytes, { removeNul: false });
  if (!form) {
    return data<SubmissionProblem>(
      { values: {}, fieldErrors: {}, formError: "Please send the form from the page: this request could not be read." },
      { status: 415 },
    );
  }
  // What the rules check, and what is echoed back into the form (capped) when it is refused.
  const input: Record<string, unknown> = {};
  const values: Partial<Record<FieldName, string>> = {};
  for (const name of fieldNamesOf[kind]) {
    const value = form.get(name);
    input[name] = value ?? "";
    values[name] = typeof value === "string" ? value.slice(0, maxEchoLength) : "";
  }

  // Bots fill every field; people never see this one. Pretend it worked and keep nothing.
  const honeypot = form.get(honeypotField);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return redirect(successUrl(values));
  }

  const address = context.get(clientAddressContext);
  const database = context.get(databaseContext);
  let decision: RateDecision;
  try {
    decision = await submissionLimit(database).consume(`form:${address}`);
  } catch (error) {
    // The counters live in the database on PostgreSQL: it is unreachable, so storing would fail too.
    logFault(`Checking the form limit for ${submissionKindInText[kind]} failed`, error);
    return data<SubmissionProblem>({ values, fieldErrors: {}, formError: notSentMessage[kind] }, { status: 503 });
  }
  if (!decision.allowed) {
    const wait = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
    return data<SubmissionProblem>(
      {
        values,
        fieldErrors: {},
        formError: `Too many forms have been sent from your network just now. Please try again in ${wait} minute${wait === 1 ? "" : "s"}, or message us on WhatsApp.`,
      },
      { status: 429, headers: { "Retry-After": String(wait * 60) } },
    );
  }

  const result = validateSubmission(kind, input);
  if (!result.ok) {
    // A picked batch that filled up (or closed) is said beside its field with the other mistakes,
    // not only once they are mended: the full batch is no longer in the list the page shows again.
    const fieldErrors = { ...result.fieldErrors };
    const picked = typeof input.batch === "string" && /^\d{1,9}$/.test(input.batch) ? Number(input.batch) : null;
    if (picked !== null && !fieldErrors.batch) {
      const found = await pickedBatch(database.db, typeof input.course === "string" ? input.course : "", picked).catch(
        () => undefined,
      );
      if (found && "problem" in found) fieldErrors.batch = found.problem;
    }
    return data<SubmissionProblem>({ values, fieldErrors, formError: result.formError }, { status: 400 });
  }

  const token = form.get(tokenField);
  const meta: SubmissionMeta = {
    submissionToken: typeof token === "string" && /^[0-9a-f-]{36}$/i.test(token) ? token : newSubmissionToken(),
    firstTouch: readFirstTouch(request.headers.get("cookie")),
  };
  // A registration's course, or the course an enquiry asks about (if the student chose one).
  const course: string | undefined = result.data.course;
  try {
    const { db } = database;
    // The batch a student picked must still be one of the course's upcoming batches with seats.
    let chosen: { id: number; line: string } | undefined;
    if ("batch" in result.data && result.data.batch !== null) {
      const found = await pickedBatch(db, course ?? "", result.data.batch);
      if ("problem" in found) {
        return data<SubmissionProblem>(
          { values, fieldErrors: { batch: found.problem }, formError: messages.fixErrors },
          { status: 400 },
        );
      }
      chosen = found;
    }
    const { batch: _picked, ...answers } = result.data as typeof result.data & { batch?: unknown };
    const input =
      kind === "enquiry"
        ? { ...answers, course }
        : { ...answers, course: course ?? "", batchId: chosen?.id ?? null, batch: chosen?.line ?? "" };
    const mail = context.get(mailContext);
    const store = (tx: AppDatabase) =>
      kind === "enquiry"
        ? createSubmission(tx, "enquiry", input, meta)
        : createSubmission(tx, "registration", { ...input, course: course ?? "" }, meta);
    let stored: StoredSubmission;
    if (mail) {
      // A replay of a stored form sends nothing again, so it is not counted against the limits.
      const replay = (await findStoredSubmission(db, kind, input, meta)) !== undefined;
      const acknowledgement: AcknowledgementDecision = replay
        ? { allowed: true }
        : await mayAcknowledge(database, { recipient: result.data.email, sender: address });
      // The mail is written with the submission, in one transaction: neither exists without the other.
      const origin = publicOrigin(request);
      const messagesFor = await prepareNotifications(db, { kind, data: result.data }, origin, {
        acknowledge: acknowledgement.allowed,
      });
      stored = await db.transaction(async (tx) => {
        const row = await store(tx);
        // The student's owner (given on arrival, or theirs already) hears of it too (decision 019).
        if (!row.duplicate) {
          const submission = { kind, data: { ...result.data, course } };
          await enqueueMessages(tx, await withOwnerNotice(tx, row, submission, origin, messagesFor(row.id)));
        }
        return row;
      });
      if (!stored.duplicate) wakeOutbox();
      if (!stored.duplicate && !acknowledgement.allowed) {
        console.warn(`No acknowledgement e-mail for ${kind} ${stored.id}: ${acknowledgement.reason}.`);
      }
    } else {
      // Without mail to write beside it, a form is filed in a group with those arriving at once.
      stored =
        kind === "enquiry"
          ? await fileSubmission(database, "enquiry", input, meta)
          : await fileSubmission(database, "registration", { ...input, course: course ?? "" }, meta);
    }
    if (!stored.duplicate) publishSubmission({ kind, id: String(stored.id), course });
  } catch (error) {
    logFault(`Storing ${submissionKindInText[kind]} failed`, error);
    return data<SubmissionProblem>({ values, fieldErrors: {}, formError: notSentMessage[kind] }, { status: 503 });
  }
  return redirect(successUrl({ course }));
}

export function courseLabel(value: string): string | undefined {
  return courseOptions.find((option) => option.value === value)?.label;
}
