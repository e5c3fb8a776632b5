// The record page's follow-up form: when the student is to be contacted next (or not at all).
import { z } from "zod";
import {
  indiaDateTime,
  type RecordFormAnswer,
  type RecordFormPost,
  refused,
  saveRecordEdit,
  version,
} from "./record-form-parts.server";

const followUpForm = z.object({ version, nextFollowUpAt: indiaDateTime });

export async function saveFollowUp(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { form, field } = post;
  const parsed = followUpForm.safeParse({ version: field("version"), nextFollowUpAt: field("nextFollowUpAt") ?? "" });
  if (!parsed.success) return refused("follow-up", form, parsed.error);
  return saveRecordEdit(post, "follow-up", parsed.data.version, { nextFollowUpAt: parsed.data.nextFollowUpAt });
}
