// My day's groups as the desk and the e-mails name them. Which records fall in each is decided
// in one place, app/admissions/my-day/my-day.server.ts. Browser-safe.

/**
 * A counsellor's records in four groups, most urgent first. A record is in one group at most,
 * the first that fits, and a lost record in none:
 * - overdue: its next follow-up is before now (the oldest first);
 * - today: its next follow-up is from now to the end of today in India (by time);
 * - new: stage new and never called, messaged or e-mailed (the longest waiting first);
 * - recent: worked on or written in within the last days (the latest first).
 */
export const dayGroups = ["overdue", "today", "new", "recent"] as const;
export type DayGroup = (typeof dayGroups)[number];

export const dayGroupLabels: Record<DayGroup, string> = {
  overdue: "Overdue follow-ups",
  today: "Due today",
  new: "New, never contacted",
  recent: "Recently active",
};

/** The short form the navigation uses: "3 overdue". */
export const dayGroupShortLabels: Record<DayGroup, string> = {
  overdue: "overdue",
  today: "today",
  new: "new",
  recent: "recent",
};

export function isDayGroup(value: unknown): value is DayGroup {
  return typeof value === "string" && (dayGroups as readonly string[]).includes(value);
}

/** One row of My day as the page shows it (times as ISO strings). */
export interface DayRowView {
  id: number;
  name: string;
  mobile: string;
  courses: string[];
  /** As the desk shows it: "Chennai", "Chennai (guessed from state)", "Not known yet". */
  branch: string;
  stage: string;
  ownerName: string | null;
  nextFollowUpAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Never contacted, and waiting longer than the limit. */
  late: boolean;
  /** The record's page. */
  href: string;
}

export interface DayGroupView {
  group: DayGroup;
  rows: DayRowView[];
  total: number;
  /** The records list filtered to this group, every row of it. */
  showAll: string;
}

/** A choice of next follow-up offered after a call: "Tomorrow morning (Thu 26 Nov, 9:30 am)". */
export interface FollowUpChoice {
  value: string;
  label: string;
  /** When it would be, ISO (absent for "pick a time" and "none"). */
  at?: string;
}

/** What the navigation shows beside My day (or, for an admin, the team view). */
export interface NavCounts {
  /** "mine": the signed-in account's records; "team": everyone's. */
  of: "mine" | "team";
  overdue: number;
  today: number;
  new: number;
  late: number;
  /** Counts stop at this many ("999+"): the navigation is shown on every page. */
  cap: number;
  /** When they were counted (ms): the newer of two answers wins. */
  at: number;
}

/** A refused log form: the message, the field it is about, and what was typed. */
export interface DayLogProblem {
  ok: false;
  id: number;
  error: string;
  field?: string;
  values: Record<string, string>;
}

export interface DayLogDone {
  ok: true;
  id: number;
  message: string;
}
