// The record page's owner form: the staff account the student is given to, or nobody.
import { z } from "zod";
import { canWorkOn } from "~/admissions/assignment/assignment.server";
import { listStaff } from "~/staff/staff-accounts.server";
import {
  problem,
  type RecordFormAnswer,
  type RecordFormPost,
  refused,
  saveRecordEdit,
  version,
} from "./record-form-parts.server";

const ownerForm = z.object({ version, ownerId: z.string().max(100) });

export async function saveOwner(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { db, form, field, record } = post;
  const parsed = ownerForm.safeParse({ version: field("version"), ownerId: field("ownerId") ?? "" });
  if (!parsed.success) return refused("owner", form, parsed.error);
  if (parsed.data.ownerId) {
    const chosen = (await listStaff(db)).find((account) => account.id === parsed.data.ownerId);
    if (!chosen) return problem("owner", form, "Please choose a staff account from the list.", 400, "ownerId");
    if (!canWorkOn(chosen, record)) {
      return problem(
        "owner",
        form,
        `${chosen.name || chosen.email} cannot open this student's record (their courses or branches are others): please choose someone from the list.`,
        400,
        "ownerId",
      );
    }
  }
  return saveRecordEdit(post, "owner", parsed.data.version, { ownerId: parsed.data.ownerId || null });
}
