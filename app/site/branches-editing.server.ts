// A branch's address, phone, map link and opening hours from the desk (/admin/branches).
import { data } from "react-router";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import type { AppDatabase } from "~/platform/database.server";
import { readFormBody } from "~/platform/form-data.server";
import type { StaffUser } from "~/staff/permissions.server";
import { fieldErrorsOf } from "~/staff/staff-fields";
import { type BranchKey, branchFormSchema, isBranchKey } from "./branches";
import { saveBranch } from "./content.server";

export type BranchResult = { target?: BranchKey } & (
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
);

const textFields = ["street", "locality", "region", "postalCode", "phone", "mapUrl", "opens", "closes"] as const;

export async function saveBranchForm(db: AppDatabase, request: Request, staff: StaffUser) {
  const form = await readFormBody(request);
  if (!form) return badForm();
  const key = form.get("branch");
  if (!isBranchKey(key)) return data<BranchResult>({ ok: false, error: "There is no such branch." }, { status: 404 });
  const values: Record<string, string> = Object.fromEntries(textFields.map((k) => [k, String(form.get(k) ?? "")]));
  const days = form.getAll("days").map(String);
  values.days = days.join(" ");
  const parsed = branchFormSchema.safeParse({ ...values, days });
  if (!parsed.success) {
    return data<BranchResult>(
      {
        target: key,
        ok: false,
        error: "Please fix the fields marked in red.",
        fieldErrors: fieldErrorsOf(parsed.error),
        values,
      },
      { status: 400 },
    );
  }
  const details = parsed.data;
  await saveBranch(db, key, details, staff.email, {
    actor: staff.email,
    action: "branch.update",
    subject: key,
    detail: { ...details },
  });
  return data<BranchResult>({
    target: key,
    ok: true,
    message: "Saved. Every page's footer and the contact page show it now.",
  });
}
