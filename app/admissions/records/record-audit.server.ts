// How the audit log names a student record and words what an edit of it changed.
import { indiaTimestamp } from "~/platform/india-time";
import { branchText } from "./student-branches";

/** The audit log's name for a record: "student 12 (Asha K)". */
export function subjectOf(id: number, name: string): string {
  return `student ${id} (${name})`;
}

/** The fields of a record an edit may change. */
type Edited = {
  stage: string;
  lostReason: string | null;
  ownerId: string | null;
  nextFollowUpAt: Date | null;
  batchId?: number | null;
  branch?: string | null;
  branchSource?: string | null;
};

/** What an edit changed, for the audit log: "stage: contacted -> lost (fees)", "owner: Asha -> Ravi". */
export function describeEdit(
  before: Edited,
  after: Edited,
  nameOf: (id: string | null) => string,
): Record<string, unknown> {
  const detail: Record<string, unknown> = {};
  if (before.branch !== after.branch || before.branchSource !== after.branchSource) {
    detail.branch = `${branchText(before.branch, before.branchSource)} -> ${branchText(after.branch, after.branchSource)}`;
  }
  if (before.stage !== after.stage || before.lostReason !== after.lostReason) {
    detail.stage = `${before.stage} -> ${after.stage}${after.lostReason ? ` (${after.lostReason})` : ""}`;
  }
  if (before.ownerId !== after.ownerId) detail.owner = `${nameOf(before.ownerId)} -> ${nameOf(after.ownerId)}`;
  if (before.nextFollowUpAt?.getTime() !== after.nextFollowUpAt?.getTime()) {
    const show = (date: Date | null) => (date ? indiaTimestamp(date) : "none");
    detail.nextFollowUp = `${show(before.nextFollowUpAt)} -> ${show(after.nextFollowUpAt)}`;
  }
  if ((before.batchId ?? null) !== (after.batchId ?? null)) {
    const show = (id: number | null | undefined) => (id ? `batch ${id}` : "none");
    detail.batch = `${show(before.batchId)} -> ${show(after.batchId)}`;
  }
  return detail;
}
