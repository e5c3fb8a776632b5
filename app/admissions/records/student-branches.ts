// Which branch a student belongs to, and how the desk knows it: one definition for the database's
// checks, filing a form (file_submission, migration 0024), the desk's forms, filters and labels,
// the assignment pools and the staff's branch limits (decision 031). Browser-safe; relative
// imports only (the schema loads it).
import { site } from "../../config/site.ts";

/** The branches of the site configuration, and the online batches: where a student studies. */
export type StudentBranch = (typeof site.branches)[number]["key"] | "online";

export const studentBranches: readonly StudentBranch[] = [...site.branches.map((branch) => branch.key), "online"];

export function isStudentBranch(value: unknown): value is StudentBranch {
  return typeof value === "string" && (studentBranches as readonly string[]).includes(value);
}

/**
 * How the record's branch was set: from the batch the student picked on the registration form
 * (`batch`), guessed from their state (`state`, a guess until a person confirms it), by a person
 * on the desk (`desk`: adding the student, or the record's branch form), or from a column of an
 * imported list of leads (`list`).
 */
export const branchSources = ["batch", "state", "desk", "list"] as const;
export type BranchSource = (typeof branchSources)[number];

/** Only a branch guessed from the state waits for a person to confirm it. */
export function isBranchGuess(source: string | null | undefined): boolean {
  return source === "state";
}

/** The first guess from the state a student gave (the form's state values). */
export const branchOfState: Readonly<Record<string, StudentBranch>> = { tamilnadu: "chennai", karnataka: "bangalore" };

/** A picked batch's branch: an online batch is Online, wherever it is run from; a classroom batch its branch. */
export function branchOfBatch(batch: { branch: string; mode: string }): StudentBranch | null {
  if (batch.mode === "online") return "online";
  return isStudentBranch(batch.branch) ? batch.branch : null;
}

export function branchName(branch: string | null | undefined): string {
  if (!branch) return "Not known yet";
  if (branch === "online") return "Online";
  return site.branches.find((known) => known.key === branch)?.name ?? branch;
}

const sourceNotes: Record<BranchSource, string> = {
  batch: "from the batch picked",
  state: "guessed from state",
  desk: "",
  list: "from the lead list",
};

/** How the branch is known, in words (the CSV's column): "guessed from state", "set on the desk"... */
export const branchSourceLabels: Readonly<Record<string, string>> = {
  batch: "the batch picked",
  state: "guessed from state",
  desk: "set on the desk",
  list: "the lead list",
};

/** The branch as the desk shows it: "Chennai (guessed from state)", "Online (from the batch picked)", "Not known yet". */
export function branchText(branch: string | null | undefined, source: string | null | undefined): string {
  const name = branchName(branch);
  const note = branch && source ? sourceNotes[source as BranchSource] : "";
  return note ? `${name} (${note})` : name;
}

/** The branch filter of the lists: a branch, or the records whose branch is not known yet. */
export const unknownBranch = "unknown";
export type BranchFilter = StudentBranch | typeof unknownBranch;

export const branchFilterOptions: readonly { value: BranchFilter; label: string }[] = [
  ...studentBranches.map((branch) => ({ value: branch, label: branchName(branch) })),
  { value: unknownBranch, label: "Not known yet" },
];

/** What a branch limit means for an account: [] is every branch. */
export function describeBranches(branches: readonly string[]): string {
  return branches.length === 0 ? "every branch" : branches.map(branchName).join(", ");
}

/** Whether an account limited to `branches` ([]: none) works on a student of `branch` (null: not known yet). */
export function worksAtBranch(branches: readonly string[], branch: string | null | undefined): boolean {
  return branches.length === 0 || !branch || branches.includes(branch);
}
