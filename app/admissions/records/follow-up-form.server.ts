// The record page's follow-up form: when the student is to be contacted next (or not at all).
import { z } from "zod";
import {
  firstIssue,
  indiaDateTime,
  problem,
  type RecordFormAnswer,
  type RecordFormPost,
  saveRecordEdit,
  version,
} from "./record-form-parts.server";

const followUpForm = z.object({ version, nextFollowUpAt: indiaDateTime });

export async function saveFollowUp(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { form, field } = post;
  const parsed = followUpForm.safeParse({ version: field("version"), nextFollowUpAt: field("nextFollowUpAt") ?? "" });
  if (!parsed.success)
    return problem("follow-up", form, firstIssue(parsed.error).message, 400, firstIssue(parsed.error).field);
  return saveRecordEdit(post, "follow-up", parsed.data.version, { nextFollowUpAt: parsed.data.nextFollowUpAt });
}
