// The forms of a record's page: the action reads the intent a form sends (record-intents.ts)
// and hands the post to that form's handler, each beside its form's component. Each is checked,
// applied in the staff member's scope with a line in the audit log, and answered with a message
// or a problem that keeps what was typed.
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import type { StaffUser } from "~/staff/permissions.server";
import { saveContact } from "./contact-form.server";
import { saveFollowUp } from "./follow-up-form.server";
import { saveNote } from "./note-form.server";
import { saveOwner } from "./owner-form.server";
import { subjectOf } from "./record-audit.server";
import { problem, type RecordFormAnswer, type RecordFormPost } from "./record-form-parts.server";
import { isRecordIntent } from "./record-intents";
import type { RecordScope } from "./record-scope.server";
import { saveStage } from "./stage-form.server";
import { getStudentRecord } from "./student-records.server";

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
): Promise<RecordFormAnswer> {
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
  switch (intent) {
    case "stage":
      return saveStage(post);
    case "owner":
      return saveOwner(post);
    case "follow-up":
      return saveFollowUp(post);
    case "note":
      return saveNote(post);
    case "contact":
      return saveContact(post);
  }
}
