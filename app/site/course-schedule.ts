import { addIndiaDays } from "~/platform/india-time";
import type { Course } from "~/site/content/types";

/** One way of taking a course: the weekday batch or the weekend batch. */
export interface Batch {
  kind: "weekday" | "weekend";
  label: string;
  days: string;
  /** schema.org day names, for structured data. */
  byDay: string[];
  hoursPerDay: number;
}

export function batchesOf(course: Pick<Course, "schedule">): Batch[] {
  return [
    {
      kind: "weekday",
      label: "Weekday batch",
      days: "Monday to Friday",
      byDay: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      hoursPerDay: course.schedule.weekdayHours,
    },
    {
      kind: "weekend",
      label: "Weekend batch",
      days: "Saturday and Sunday",
      byDay: ["Saturday", "Sunday"],
      hoursPerDay: course.schedule.weekendHours,
    },
  ];
}

/** 2.5 -> "2.5 hours a day"; 1 -> "1 hour a day". */
export function hoursADay(hours: number): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"} a day`;
}

/** Weeks in an ISO 8601 course duration: "P4M" -> 17, "P12W" -> 12. */
export function weeksIn(isoDuration: string): number {
  const months = /^P(\d+)M$/.exec(isoDuration);
  if (months) return Math.round((Number(months[1]) * 52) / 12);
  const weeks = /^P(\d+)W$/.exec(isoDuration);
  if (weeks) return Number(weeks[1]);
  throw new Error(`Unsupported course duration ${isoDuration}: use months (P4M) or weeks (P12W).`);
}

/**
 * The last day of a batch that starts on `startsOn` and runs the course's weeks ("P4M": 17 weeks,
 * so a batch starting Tuesday 12 January 2027 ends Monday 10 May 2027). The structured data's end
 * date and the desk's "not ended yet" (enrolment) both read it.
 */
export function batchLastDay(startsOn: string, course: Pick<Course, "durationIso">): string {
  return addIndiaDays(startsOn, weeksIn(course.durationIso) * 7 - 1);
}

/** Hours as an ISO 8601 duration: 2.5 -> "PT2H30M", 204 -> "PT204H". */
export function isoHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}` || "PT0M";
}
