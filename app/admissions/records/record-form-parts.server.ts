// What the handlers of a record page's forms share: the post they handle, their answers, the
// checks of fields several forms have, and the versioned edit of the stage, owner and follow-up.
import { data } from "react-router";
import { z } from "zod";
import { ownerNames } from "~/admissions/assignment/assignment.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxRowId } from "~/platform/form-data.server";
import { fromIndiaInput } from "~/platform/india-time";
import { indianNumber } from "~/platform/indian-numbers";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { followUpRangeProblem } from "./follow-up-range";
import { describeEdit } from "./record-audit.server";
import { editStudentRecord, type RecordEdit } from "./record-edits.server";
import type { RecordIntent } from "./record-intents";
import { timelineView } from "./record-page.server";
import type { RecordScope } from "./record-scope.server";
import type { RecordFormProblem } from "./record-views";
import type { StudentRecord } from "./student-records.server";
import { maxNoteLength } from "./student-stages";
import type { Actor } from "./student-timeline.server";

/** A form posted on a record's page, with the record it is about (in the staff member's scope). */
export interface RecordFormPost {
  db: AppDatabase;
  form: FormData;
  id: number;
  staff: StaffUser;
  scope: RecordScope;
  actor: Actor;
  record: StudentRecord & { ownerName: string | null };
  /** The record as the audit log names it. */
  subject: string;
  /** A field as sent (undefined: not sent). */
  field: (name: string) => FormDataEntryValue | undefined;
}

/** `left`: the record is no longer in the staff member's scope (its branch was given to another). */
export type RecordFormSaved = { ok: true; intent: RecordIntent; message: string; left?: boolean };
export type RecordFormAnswer = RecordFormSaved | ReturnType<typeof problem>;

/** "2026-11-25T16:30" typed on the desk is a time in India. */
export const indiaDateTime = z
  .string()
  .trim()
  .refine((value) => value === "" || fromIndiaInput(value) !== undefined, "Please give a date and a time.")
  .transform((value) => (value === "" ? null : (fromIndiaInput(value) ?? null)))
  .superRefine((value, context) => {
    const problem = value === null ? undefined : followUpRangeProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const version = z.coerce.number({ message: "Please reload the record." }).int().min(1).max(maxRowId);
export const noteText = z
  .string()
  .max(
    maxNoteLength,
    `A note can be at most ${indianNumber(maxNoteLength)} characters: please shorten it (nothing was saved).`,
  );

function typed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value.slice(0, 5000);
  return values;
}

export function problem(intent: string, form: FormData, error: string, status: number, field?: string) {
  return data<RecordFormProblem>({ ok: false, intent, error, field, values: typed(form) }, { status });
}

/** A form whose fields did not pass its checks: the first problem, beside its field (or `field`). */
export function refused(intent: RecordIntent, form: FormData, error: z.ZodError, field?: string) {
  const issue = error.issues[0];
  return problem(intent, form, issue?.message ?? "Please check the form.", 400, field ?? issue?.path[0]?.toString());
}

/**
 * Applies an edit of the record's stage, owner or follow-up made on version `expected`, with a
 * line in the audit log; a stale edit is refused with the record as it is now and what changed.
 */
export async function saveRecordEdit(
  post: RecordFormPost,
  intent: Extract<RecordIntent, "stage" | "owner" | "branch" | "follow-up">,
  expected: number,
  edit: RecordEdit,
): Promise<RecordFormAnswer> {
  const { db, form, id, staff, scope, actor, record, subject } = post;
  const names = await ownerNames(db);
  const result = await auditedChange(
    db,
    (tx) => editStudentRecord(tx, id, expected, edit, actor, scope),
    (outcome) =>
      outcome.ok && outcome.changed.length > 0
        ? {
            actor: staff.email,
            action: `student.${intent}`,
            subject,
            detail: describeEdit(record, outcome.record, names),
          }
        : undefined,
  );
  if (result.ok) return { ok: true, intent, message: result.changed.length ? "Saved." : "Nothing to change." };
  if (result.reason === "missing")
    return problem(intent, form, "That record does not exist or is not yours to see.", 404);
  // The batch chosen was taken meanwhile (or ended, or went): the form keeps the choice, and says why.
  if (result.reason === "batch") return problem(intent, form, result.message, 409, "batch");
  const { current, changes } = result;
  return data<RecordFormProblem>(
    {
      ok: false,
      intent,
      error:
        "Someone changed this record since you opened it, so your change was not saved. The record now shows their change; what you chose is still in the form: save again to apply it.",
      values: { ...typed(form), version: String(current.version) },
      conflict: {
        current: {
          stage: current.stage,
          lostReason: current.lostReason,
          ownerName: current.ownerName,
          nextFollowUpAt: current.nextFollowUpAt?.toISOString() ?? null,
          version: current.version,
        },
        changes: changes.map(timelineView),
      },
    },
    { status: 409 },
  );
}
