// The institute's branches as batches name them: the keys and names come from app/config/site.ts.
import { site } from "~/config/site";

export interface Branch {
  key: string;
  name: string;
}

export const branches: readonly Branch[] = site.branches.map((branch) => ({ key: branch.key, name: branch.city }));

export function isBranchKey(value: unknown): value is string {
  return typeof value === "string" && branches.some((branch) => branch.key === value);
}

/** The branch's name; a key no longer configured is shown as it is stored. */
export function branchName(key: string): string {
  return branches.find((branch) => branch.key === key)?.name ?? key;
}
