// The forms of a record's page, each named by the intent it sends: one list for the forms, the
// action that dispatches on it and the message the page shows once one is saved. Browser-safe.

export const recordIntents = ["stage", "owner", "branch", "follow-up", "note", "contact"] as const;
export type RecordIntent = (typeof recordIntents)[number];

export function isRecordIntent(value: string): value is RecordIntent {
  return (recordIntents as readonly string[]).includes(value);
}

/** What the page says beside a form it comes back to after a save (?saved=<intent>). */
export const savedMessages: Record<RecordIntent, string> = {
  stage: "Stage saved.",
  owner: "Owner saved.",
  branch: "Branch saved.",
  "follow-up": "Follow-up saved.",
  note: "Note added.",
  contact: "Logged.",
};
