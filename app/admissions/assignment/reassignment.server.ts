// Giving records to another owner, one or many at once (the list's "Reassign selected to…",
// and an admin moving everything an account owns): each move audited, the desk told live.
import { z } from "zod";
import { subjectOf } from "~/admissions/records/record-audit.server";
import { type RecordScope, recordIdsInScope, recordsInScope } from "~/admissions/records/record-scope.server";
import type { AppDatabase } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { maxRowId } from "~/platform/form-data.server";
import { recordAudit } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { listStaff } from "~/staff/staff-accounts.server";
import { canWorkOn, ownerNames, reassignRecords } from "./assignment.server";

const reassignForm = z.object({
  ids: z
    .array(z.coerce.number().int().min(1).max(maxRowId), { message: "Please tick the students to reassign." })
    .min(1, "Please tick the students to reassign.")
    .max(500, "At most 500 students at once: please tick fewer."),
  ownerId: z.string().max(100),
  reason: z.string().trim().max(500, "The reason can be at most 500 characters."),
});

export type ReassignOutcome =
  | { ok: true; moved: number; ownerId: string | null }
  | {
      ok: false;
      error: string;
      field: "ids" | "ownerId" | "reason";
      values: { ids: string[]; ownerId: string; reason: string };
    };

/**
 * Gives records to another owner (or to nobody), with an optional reason: each record moved
 * gets an owner entry on its timeline and its own line in the audit log, naming the owners by
 * name. Only records in the staff member's scope move; the others are left as they are.
 */
export async function reassignAudited(
  db: AppDatabase,
  ids: readonly number[],
  ownerId: string | null,
  reason: string,
  staff: Pick<StaffUser, "id" | "email">,
  scope: RecordScope,
): Promise<{ id: number; name: string; courses: string[]; branch: string | null; from: string | null }[]> {
  const nameOf = await ownerNames(db);
  const visible = await recordIdsInScope(db, ids, scope);
  const moved = await db.transaction(async (tx) => {
    const done = await reassignRecords(tx, visible, ownerId, reason, { id: staff.id, email: staff.email });
    for (const row of done) {
      await recordAudit(tx, {
        actor: staff.email,
        action: "student.owner",
        subject: subjectOf(row.id, row.name),
        detail: { owner: `${nameOf(row.from)} -> ${nameOf(ownerId)}`, ...(reason ? { reason } : {}) },
      });
    }
    return done;
  });
  for (const row of moved) publishRecordChange({ id: row.id, courses: row.courses });
  return moved;
}

/** The list's "Reassign selected to…" form. */
export async function handleReassignForm(
  db: AppDatabase,
  form: FormData,
  staff: StaffUser,
  scope: RecordScope,
): Promise<ReassignOutcome> {
  const values = {
    ids: form.getAll("id").map(String).slice(0, 1000),
    ownerId: String(form.get("ownerId") ?? ""),
    reason: String(form.get("reason") ?? "").slice(0, 5000),
  };
  const parsed = reassignForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0]?.toString() ?? "ids") as "ids" | "ownerId" | "reason";
    return { ok: false, error: issue?.message ?? "Please check the form.", field, values };
  }
  const ownerId = parsed.data.ownerId;
  if (ownerId !== "") {
    const chosen = (await listStaff(db)).find((account) => account.id === ownerId);
    if (!chosen) return { ok: false, error: "Please choose a staff account from the list.", field: "ownerId", values };
    const unable = (await recordsInScope(db, [...new Set(parsed.data.ids)], scope))
      .filter((record) => !canWorkOn(chosen, record))
      .map((record) => record.name);
    if (unable.length > 0) {
      const names = unable.slice(0, 5).join(", ") + (unable.length > 5 ? ` and ${unable.length - 5} more` : "");
      return {
        ok: false,
        error: `${chosen.name || chosen.email} cannot open ${unable.length === 1 ? "the record of" : "the records of"} ${names} (their courses or branches are others): nothing was moved. Please untick ${unable.length === 1 ? "that student" : "those students"} or choose someone else.`,
        field: "ownerId",
        values,
      };
    }
  }
  const moved = await reassignAudited(
    db,
    [...new Set(parsed.data.ids)],
    ownerId || null,
    parsed.data.reason,
    staff,
    scope,
  );
  return { ok: true, moved: moved.length, ownerId: ownerId || null };
}
