import { dayMs, indiaFormat } from "~/platform/india-time";

/**
 * The dates a next follow-up may take: from a year ago (a call that slipped, still to make) to two
 * years ahead (a student who will join after their degree). A date outside is a typing mistake,
 * such as 1900 or 2206, that would sort the record away from every list.
 */
export function followUpRange(now: Date = new Date()): { earliest: Date; latest: Date } {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  return { earliest: new Date(now.getTime() - 365 * dayMs), latest };
}

const indiaDate = indiaFormat({ day: "numeric", month: "short", year: "numeric" });

/** Why a next follow-up cannot be saved, or undefined when it is within the range. */
export function followUpRangeProblem(date: Date, now: Date = new Date()): string | undefined {
  const { earliest, latest } = followUpRange(now);
  if (date >= earliest && date <= latest) return undefined;
  return `Please pick a follow-up between ${indiaDate.format(earliest)} and ${indiaDate.format(latest)}.`;
}
