// The record page's branch form: the student's branch set, changed or, when it was only guessed
// from the state, confirmed by a person; each a "branch" entry on the timeline (decision 031). A
// counsellor limited to branches may pass a student on to another branch: the record then leaves
// their desk (the page goes back to the list).
import { z } from "zod";
import {
  type RecordFormAnswer,
  type RecordFormPost,
  refused,
  saveRecordEdit,
  version,
} from "./record-form-parts.server";
import { isStudentBranch, type StudentBranch } from "./student-branches";

const branchForm = z.object({
  version,
  branch: z.string().refine(isStudentBranch, "Please choose a branch from the list."),
});

export async function saveBranch(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { form, field } = post;
  const parsed = branchForm.safeParse({ version: field("version"), branch: field("branch") ?? "" });
  if (!parsed.success) return refused("branch", form, parsed.error);
  return saveRecordEdit(post, "branch", parsed.data.version, { branch: parsed.data.branch as StudentBranch });
}
