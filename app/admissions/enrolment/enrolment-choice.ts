// What the desk shows of enrolment into a batch, on both sides: a batch offered on the stage
// form, and the words of a timeline entry about a student's batch (decision 032). Browser-safe.

/** A batch the desk offers for an enrolled student, as its choice reads. */
export interface EnrolmentChoice {
  id: number;
  /** The batch: "Mon 14 Dec: weekdays, 6:30 pm to 8:30 pm, Chennai". */
  name: string;
  /** The batch and its seats: "Mon 14 Dec: weekdays, 6:30 pm to 8:30 pm, Chennai · 3 of 20 seats left". */
  label: string;
  /** Every counted seat is taken: it cannot be chosen (unless it is the student's batch already). */
  full: boolean;
  /** The student's batch now. */
  current: boolean;
  /** The batch the student picked on their registration. */
  picked: boolean;
}

/** A batch as a timeline entry keeps it. */
type Mention = { id?: unknown; line?: unknown } | null | undefined;

function lineOf(mention: Mention): string {
  if (!mention) return "";
  return typeof mention.line === "string" && mention.line ? mention.line : `batch ${String(mention.id ?? "")}`;
}

/** The title of a "batch" timeline entry: joined, moved, not decided, or left. */
export function batchEntryTitle(detail: Record<string, unknown>): string {
  const from = detail.from as Mention;
  const to = detail.to as Mention;
  if (to && from) return "Moved to another batch";
  if (to) return "Joined a batch";
  if (detail.stage) return "Left the batch";
  return "Batch not decided yet";
}

/** What a "batch" timeline entry says: "Embedded: Starts Tue, 12 Jan 2027: ... → IoT: ...". */
export function batchEntryText(detail: Record<string, unknown>): string {
  const from = detail.from as Mention;
  const to = detail.to as Mention;
  if (to && from) return `${lineOf(from)} → ${lineOf(to)}`;
  if (to) return lineOf(to);
  if (detail.stage) return `${lineOf(from)} (no longer enrolled)`;
  return `${lineOf(from)} → not decided yet`;
}
