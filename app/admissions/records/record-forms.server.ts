// The forms of a record's page: each is checked, applied in the staff member's scope with a
// line in the audit log, and answered with a message or a problem that keeps what was typed.
import { data } from "react-router";
import { z } from "zod";
import { ownerChoices, ownerNames } from "~/admissions/assignment/assignment.server";
import { indiaTime } from "~/admissions/submissions/submission-repository.server";
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { maxRowId } from "~/platform/form-data.server";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { describeEdit, subjectOf } from "./record-audit.server";
import { addNote, editStudentRecord, logContact } from "./record-edits.server";
import { timelineView } from "./record-page.server";
import type { RecordScope } from "./record-scope.server";
import type { RecordFormProblem } from "./record-views";
import { getStudentRecord } from "./student-records.server";
import {
  type CallOutcome,
  callOutcomes,
  type LostReason,
  lostReasons,
  maxNoteLength,
  studentStages,
} from "./student-stages";
import type { Actor } from "./student-timeline.server";

/** "2026-11-25T16:30" typed on the desk is a time in India. */
const indiaDateTime = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), "Please give a date and a time.")
  .transform((value) => (value === "" ? null : new Date(`${value}:00+05:30`)))
  .refine((value) => value === null || !Number.isNaN(value.getTime()), "Please give a date and a time.");

const version = z.coerce.number({ message: "Please reload the record." }).int().min(1).max(maxRowId);
const noteText = z
  .string()
  .max(
    maxNoteLength,
    `A note can be at most ${maxNoteLength.toLocaleString("en-IN")} characters: please shorten it (nothing was saved).`,
  );

const stageForm = z
  .object({
    version,
    stage: z.enum(studentStages, { message: "Please choose a stage." }),
    lostReason: z.union([z.enum(lostReasons), z.literal("")]).optional(),
    lostNote: z.string().max(500, "The reason can be at most 500 characters.").optional(),
  })
  .superRefine((value, context) => {
    if (value.stage === "lost" && !value.lostReason) {
      context.addIssue({ code: "custom", path: ["lostReason"], message: "Please choose why the student was lost." });
    }
    if (value.stage === "lost" && value.lostReason === "other" && !value.lostNote?.trim()) {
      context.addIssue({ code: "custom", path: ["lostNote"], message: "Please say what the other reason is." });
    }
  });

const ownerForm = z.object({ version, ownerId: z.string().max(100) });
const followUpForm = z.object({ version, nextFollowUpAt: indiaDateTime });
const noteForm = z.object({
  text: noteText.refine((text) => text.trim() !== "", "Please write the note first."),
});
const contactForm = z.object({
  channel: z.enum(["call", "whatsapp"]),
  outcome: z.union([z.enum(callOutcomes), z.literal("")]).optional(),
  note: noteText,
  nextFollowUpAt: indiaDateTime.optional(),
});

function typed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value.slice(0, 5000);
  return values;
}

function problem(intent: string, form: FormData, error: string, status: number, field?: string) {
  return data<RecordFormProblem>({ ok: false, intent, error, field, values: typed(form) }, { status });
}

function firstIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  return { message: issue?.message ?? "Please check the form.", field: issue?.path[0]?.toString() };
}

/**
 * Handles a form of a record's page. Returns { ok: true, intent } on success (the route
 * redirects back to the record), or a problem with what was typed and, for a stale edit,
 * the record's current values and what changed.
 */
export async function handleRecordForm(
  db: AppDatabase,
  form: FormData,
  id: number,
  staff: StaffUser,
  scope: RecordScope,
): Promise<{ ok: true; intent: string; message: string } | ReturnType<typeof problem>> {
  const result = await applyRecordForm(db, form, id, staff, scope);
  if ("ok" in result && result.ok) {
    const record = await getStudentRecord(db, id, scope);
    if (record) publishRecordChange({ id, courses: record.courses });
  }
  return result;
}

async function applyRecordForm(
  db: AppDatabase,
  form: FormData,
  id: number,
  staff: StaffUser,
  scope: RecordScope,
): Promise<{ ok: true; intent: string; message: string } | ReturnType<typeof problem>> {
  const intent = String(form.get("intent") ?? "");
  const actor: Actor = { id: staff.id, email: staff.email };
  const field = (name: string) => form.get(name) ?? undefined;
  const record = await getStudentRecord(db, id, scope);
  if (!record) return problem(intent, form, "That record does not exist or is not yours to see.", 404);
  const subject = subjectOf(id, record.name);

  if (intent === "stage" || intent === "owner" || intent === "follow-up") {
    let edit: Parameters<typeof editStudentRecord>[3];
    let expected: number;
    if (intent === "stage") {
      const parsed = stageForm.safeParse({
        version: field("version"),
        stage: field("stage"),
        lostReason: field("lostReason") ?? "",
        lostNote: field("lostNote") ?? "",
      });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      expected = parsed.data.version;
      edit = {
        stage: parsed.data.stage,
        lostReason: (parsed.data.lostReason || null) as LostReason | null,
        lostNote: parsed.data.lostNote?.trim() ?? "",
      };
    } else if (intent === "owner") {
      const parsed = ownerForm.safeParse({ version: field("version"), ownerId: field("ownerId") ?? "" });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      const owners = await ownerChoices(db);
      if (parsed.data.ownerId && !owners.some((owner) => owner.id === parsed.data.ownerId)) {
        return problem(intent, form, "Please choose a staff account from the list.", 400, "ownerId");
      }
      expected = parsed.data.version;
      edit = { ownerId: parsed.data.ownerId || null };
    } else {
      const parsed = followUpForm.safeParse({
        version: field("version"),
        nextFollowUpAt: field("nextFollowUpAt") ?? "",
      });
      if (!parsed.success)
        return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
      expected = parsed.data.version;
      edit = { nextFollowUpAt: parsed.data.nextFollowUpAt };
    }
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

  if (intent === "note") {
    const parsed = noteForm.safeParse({ text: field("text") ?? "" });
    if (!parsed.success) return problem(intent, form, firstIssue(parsed.error).message, 400, "text");
    await auditedChange(db, (tx) => addNote(tx, id, parsed.data.text.trim(), actor, scope), {
      actor: staff.email,
      action: "student.note",
      subject,
      detail: { noteLength: parsed.data.text.trim().length },
    });
    return { ok: true, intent, message: "Note added." };
  }

  if (intent === "contact") {
    const parsed = contactForm.safeParse({
      channel: field("channel") ?? "call",
      outcome: field("outcome") ?? "",
      note: field("note") ?? "",
      nextFollowUpAt: field("nextFollowUpAt"),
    });
    if (!parsed.success)
      return problem(intent, form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
    if (parsed.data.channel === "call" && !parsed.data.outcome) {
      return problem(intent, form, "Please choose how the call went.", 400, "outcome");
    }
    const outcome = (parsed.data.outcome || undefined) as CallOutcome | undefined;
    await auditedChange(
      db,
      (tx) =>
        logContact(
          tx,
          id,
          {
            channel: parsed.data.channel,
            outcome,
            note: parsed.data.note.trim(),
            nextFollowUpAt: parsed.data.nextFollowUpAt,
          },
          actor,
          scope,
        ),
      {
        actor: staff.email,
        action: `student.${parsed.data.channel}`,
        subject,
        detail: {
          ...(outcome ? { outcome } : {}),
          ...(parsed.data.nextFollowUpAt !== undefined
            ? { nextFollowUp: parsed.data.nextFollowUpAt ? indiaTime(parsed.data.nextFollowUpAt) : "none" }
            : {}),
        },
      },
    );
    return { ok: true, intent, message: parsed.data.channel === "call" ? "Call logged." : "Message logged." };
  }

  return problem(intent, form, "Please send the form from the record's page.", 400);
}
