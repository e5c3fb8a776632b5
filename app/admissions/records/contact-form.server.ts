// The record page's log of a call or a WhatsApp message: its outcome, a note, and the next
// follow-up in the same step.
import { z } from "zod";
import { indiaTimestamp } from "~/platform/india-time";
import { auditedChange } from "~/staff/audit-log.server";
import { logContact } from "./record-edits.server";
import {
  indiaDateTime,
  noteText,
  problem,
  type RecordFormAnswer,
  type RecordFormPost,
  refused,
} from "./record-form-parts.server";
import { type CallOutcome, callOutcomes } from "./student-stages";

const contactForm = z.object({
  channel: z.enum(["call", "whatsapp"]),
  outcome: z.union([z.enum(callOutcomes), z.literal("")]).optional(),
  note: noteText,
  nextFollowUpAt: indiaDateTime.optional(),
});

export async function saveContact(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { db, form, id, staff, scope, actor, subject, field } = post;
  const parsed = contactForm.safeParse({
    channel: field("channel") ?? "call",
    outcome: field("outcome") ?? "",
    note: field("note") ?? "",
    nextFollowUpAt: field("nextFollowUpAt"),
  });
  if (!parsed.success) return refused("contact", form, parsed.error);
  if (parsed.data.channel === "call" && !parsed.data.outcome) {
    return problem("contact", form, "Please choose how the call went.", 400, "outcome");
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
          ? { nextFollowUp: parsed.data.nextFollowUpAt ? indiaTimestamp(parsed.data.nextFollowUpAt) : "none" }
          : {}),
      },
    },
  );
  return { ok: true, intent: "contact", message: parsed.data.channel === "call" ? "Call logged." : "Message logged." };
}
