// Where a student is in admissions, and why one was lost: one definition for the database's
// checks, the desk's forms and its labels. Browser-safe; relative imports only (the schema loads it).
// The site configuration may rename a label (site.admissions.stageLabels), never add or remove one.

export const studentStages = ["new", "contacted", "counselled", "visit", "applied", "enrolled", "lost"] as const;
export type StudentStage = (typeof studentStages)[number];

export const defaultStageLabels: Record<StudentStage, string> = {
  new: "New",
  contacted: "Contacted",
  counselled: "Counselled",
  visit: "Visit/demo",
  applied: "Applied",
  enrolled: "Enrolled",
  lost: "Lost",
};

export const lostReasons = [
  "not_interested",
  "fees",
  "joined_elsewhere",
  "unreachable",
  "wrong_number",
  "duplicate",
  "other",
] as const;
export type LostReason = (typeof lostReasons)[number];

export const defaultLostReasonLabels: Record<LostReason, string> = {
  not_interested: "Not interested",
  fees: "Fees",
  joined_elsewhere: "Joined elsewhere",
  unreachable: "Unreachable",
  wrong_number: "Wrong number",
  duplicate: "Duplicate",
  other: "Other",
};

/** Outcomes of a logged call. */
export const callOutcomes = [
  "connected",
  "no_answer",
  "busy",
  "switched_off",
  "wrong_number",
  "call_back_later",
] as const;
export type CallOutcome = (typeof callOutcomes)[number];

export const callOutcomeLabels: Record<CallOutcome, string> = {
  connected: "Connected",
  no_answer: "No answer",
  busy: "Busy",
  switched_off: "Switched off",
  wrong_number: "Wrong number",
  call_back_later: "Call back later",
};

/** Kinds of timeline entries. Entries are only ever added (erasure aside). */
export const timelineKinds = [
  "submission",
  "call",
  "whatsapp",
  "email",
  "note",
  "stage",
  "owner",
  "follow_up",
  "merge",
  // An e-mail the site itself sent the student (the acknowledgement of a form): not a
  // counsellor's contact, so it never counts as a first response (decision 020).
  "email_sent",
  // A visit, call or list row recorded on the desk (app/admissions/intake/): added by hand, or imported.
  "intake",
  // The record's branch set, changed or confirmed by a person (decision 031).
  "branch",
  // An enrolled student's batch: joined, moved to another, or left (app/admissions/enrolment/).
  "batch",
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

/** How the stage of a record is derived from an enquiry's or registration's old status (migration 0007). */
export const stageOfStatus = {
  new: "new",
  contacted: "contacted",
  enrolled: "enrolled",
  not_interested: "lost",
} as const satisfies Record<string, StudentStage>;

/** The longest note a timeline entry keeps; the desk says so before saving. */
export const maxNoteLength = 2000;
