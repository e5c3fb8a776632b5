// The forms of a record's page: the action reads the intent a form sends (record-intents.ts)
// and hands the post to that form's handler, each beside its form's component. Each is checked,
// applied in the staff member's scope with a line in the audit log, and answered with a message
// or a problem that keeps what was typed.
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import type { StaffUser } from "~/staff/permissions.server";
import { saveBranch } from "./branch-form.server";
import { saveContact } from "./contact-form.server";
import { saveFollowUp } from "./follow-up-form.server";
import { saveNote } from "./note-form.server";
import { saveOwner } from "./owner-form.server";
import { subjectOf } from "./record-audit.server";
import { problem, type RecordFormAnswer, type RecordFormPost } from "./record-form-parts.server";
import { isRecordIntent, type RecordIntent } from "./record-intents";
import type { RecordScope } from "./record-scope.server";
import { saveStage } from "./stage-form.server";
import { getStudentRecord } from "./student-records.server";

/**
 * Handles a form of a record's page. Returns { ok: true, intent } on success (the route
 * redirects back to the record, and the desks that show it are told), or a problem with what
 * was typed and, for a stale edit, the record's current values and what changed.
 */
export async function handleRecordForm(
  db: AppDatabase,
  form: FormData,
  id: number,
  staff: StaffUser,
  scope: RecordScope,
): Promise<RecordFormAnswer> {
  const intent = String(form.get("intent") ?? "");
  const record = await getStudentRecord(db, id, scope);
  if (!record) return problem(intent, form, "That record does not exist or is not yours to see.", 404);
  if (!isRecordIntent(intent)) return problem(intent, form, "Please send the form from the record's page.", 400);
  const post: RecordFormPost = {
    db,
    form,
    id,
    staff,
    scope,
    actor: { id: staff.id, email: staff.email },
    record,
    subject: subjectOf(id, record.name),
    field: (name) => form.get(name) ?? undefined,
  };
  const answer = await saveForm[intent](post);
  // None of these forms changes a record's courses: the desks to tell are those of the record as read.
  if ("ok" in answer && answer.ok) {
    publishRecordChange({ id, courses: record.courses });
    // A branch given away from a counsellor's branches takes the record off their desk.
    if (intent === "branch" && !(await getStudentRecord(db, id, scope))) return { ...answer, left: true };
  }
  return answer;
}

const saveForm: Record<RecordIntent, (post: RecordFormPost) => Promise<RecordFormAnswer>> = {
  stage: saveStage,
  owner: saveOwner,
  branch: saveBranch,
  "follow-up": saveFollowUp,
  note: saveNote,
  contact: saveContact,
};
