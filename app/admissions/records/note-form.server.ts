// The record page's note form: a note on the timeline (it never conflicts with anyone's edit).
import { z } from "zod";
import { auditedChange } from "~/staff/audit-log.server";
import { addNote } from "./record-edits.server";
import { noteText, type RecordFormAnswer, type RecordFormPost, refused } from "./record-form-parts.server";

const noteForm = z.object({
  text: noteText.refine((text) => text.trim() !== "", "Please write the note first."),
});

export async function saveNote(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { db, form, id, staff, scope, actor, subject, field } = post;
  const parsed = noteForm.safeParse({ text: field("text") ?? "" });
  if (!parsed.success) return refused("note", form, parsed.error, "text");
  await auditedChange(db, (tx) => addNote(tx, id, parsed.data.text.trim(), actor, scope), {
    actor: staff.email,
    action: "student.note",
    subject,
    detail: { noteLength: parsed.data.text.trim().length },
  });
  return { ok: true, intent: "note", message: "Note added." };
}
