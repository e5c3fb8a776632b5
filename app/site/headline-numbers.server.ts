// The institute's headline numbers as staff set them on the desk: each optional, never a
// default, shown on the home page only once given.
import type { AppDatabase } from "~/platform/database.server";
import { getHeadlineNumbers, type HeadlineNumbers, saveHeadlineNumbers } from "./content.server";
import { headlineFields } from "./headline-numbers";

export type HeadlineForm = Record<keyof HeadlineNumbers, string>;

export type HeadlineResult =
  | { ok: true; message: string }
  | { ok: false; error: string; values: HeadlineForm; fieldErrors: Partial<Record<keyof HeadlineNumbers, string>> };

/** What the page's form shows: each number as typed, "" when not given. */
export async function loadHeadlineForm(db: AppDatabase): Promise<HeadlineForm> {
  const numbers = await getHeadlineNumbers(db);
  return {
    studentsTrained: numbers.studentsTrained?.toString() ?? "",
    batchesRun: numbers.batchesRun?.toString() ?? "",
    hiringPartners: numbers.hiringPartners?.toString() ?? "",
  };
}

/** Reads and saves the form: empty hides a number; a number is whole, 1 to 99,99,999, commas allowed. */
export async function saveHeadlineForm(db: AppDatabase, form: FormData, actor: string): Promise<HeadlineResult> {
  const values = {} as HeadlineForm;
  const numbers = {} as HeadlineNumbers;
  const fieldErrors: Partial<Record<keyof HeadlineNumbers, string>> = {};
  for (const { name, label } of headlineFields) {
    const raw = form.get(name);
    const typed = typeof raw === "string" ? raw.trim().slice(0, 40) : "";
    values[name] = typed;
    const digits = typed.replace(/[,\s]/g, "");
    if (digits === "") numbers[name] = null;
    else if (/^\d{1,7}$/.test(digits) && Number(digits) > 0) numbers[name] = Number(digits);
    else fieldErrors[name] = `${label}: a whole number from 1 to 99,99,999, or empty to leave it out.`;
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, error: "Please fix the fields marked in red.", values, fieldErrors };
  }
  await saveHeadlineNumbers(db, numbers, actor, {
    actor,
    action: "headline-numbers.update",
    subject: "home page",
    detail: { ...numbers },
  });
  return { ok: true, message: "Saved. The home page shows them now." };
}
