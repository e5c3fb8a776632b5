// My day's groups as the desk and the e-mails name them. Which records fall in each is decided
// in one place, app/admissions/my-day.server.ts. Browser-safe.

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
