// The admissions desk's working hours, India time (UTC+05:30 all year, no daylight saving):
// how much working time lies between two moments, and which moment lies a given working time
// before another. A student who writes in at 22:00 has waited no working time until the desk
// opens the next working morning. Browser-safe.
import { site } from "~/config/site";
import { dayMs, indiaClock, indiaDayStart } from "~/platform/india-time";

export const weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof weekdays)[number];

/** Working days and the hours of each, "HH:MM" India time (the site configuration's shape). */
export interface WorkingHours {
  days: readonly Weekday[];
  start: string;
  end: string;
}

export const minuteMs = 60_000;

/** The site's working hours, checked once: a typo in the configuration fails at start, not in a count. */
export const workingHours: WorkingHours = checkedWorkingHours(site.admissions.workingHours);

export function checkedWorkingHours(hours: WorkingHours): WorkingHours {
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (start === undefined || end === undefined || start >= end) {
    throw new Error(`Working hours: "${hours.start}" to "${hours.end}" is not a time span within one day (HH:MM).`);
  }
  if (hours.days.length === 0 || hours.days.some((day) => !weekdays.includes(day))) {
    throw new Error(`Working hours: the days must be some of ${weekdays.join(", ")}.`);
  }
  return hours;
}

function minutesOfDay(text: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 24 && minutes < 60 && hours * 60 + minutes <= 24 * 60 ? hours * 60 + minutes : undefined;
}

/** The working window of the India day that starts at `dayStart` (UTC ms), or undefined on a day off. */
function windowOf(dayStart: number, hours: WorkingHours): { from: number; to: number } | undefined {
  const weekday = weekdays[indiaClock(new Date(dayStart)).weekday];
  if (!weekday || !hours.days.includes(weekday)) return undefined;
  return {
    from: dayStart + (minutesOfDay(hours.start) ?? 0) * minuteMs,
    to: dayStart + (minutesOfDay(hours.end) ?? 0) * minuteMs,
  };
}

/** Midnight in India that begins the day `at` falls in, as UTC ms. */
function dayStartOf(at: number): number {
  return indiaDayStart(at).getTime();
}

/** Working time between two moments, in ms (0 when `to` is not after `from`). */
export function workingMsBetween(from: Date, to: Date, hours: WorkingHours = workingHours): number {
  const end = to.getTime();
  let start = from.getTime();
  if (!(end > start)) return 0;
  // Whole weeks at once: a record years old costs no more than one a week old.
  const weekMs = 7 * dayMs;
  const weeks = Math.floor((end - start) / weekMs) - 1;
  let total = 0;
  if (weeks > 0) {
    total += weeks * weeklyWorkingMs(hours);
    start += weeks * weekMs;
  }
  for (let day = dayStartOf(start); day < end; day += dayMs) {
    const window = windowOf(day, hours);
    if (!window) continue;
    const overlap = Math.min(window.to, end) - Math.max(window.from, start);
    if (overlap > 0) total += overlap;
  }
  return total;
}

function weeklyWorkingMs(hours: WorkingHours): number {
  return hours.days.length * ((minutesOfDay(hours.end) ?? 0) - (minutesOfDay(hours.start) ?? 0)) * minuteMs;
}

/**
 * The moment `ms` of working time before `to`: whoever arrived at or before it has waited at
 * least that long by `to`. With `to` outside working hours the count starts at the end of the
 * last working window (the clock stood still since).
 */
export function workingTimeBefore(to: Date, ms: number, hours: WorkingHours = workingHours): Date {
  let remaining = ms;
  const end = to.getTime();
  if (remaining <= 0) return new Date(end);
  for (let day = dayStartOf(end); ; day -= dayMs) {
    const window = windowOf(day, hours);
    if (!window || window.from >= end) continue;
    const available = Math.min(window.to, end) - window.from;
    if (remaining <= available) return new Date(Math.min(window.to, end) - remaining);
    remaining -= available;
  }
}

/** Whether `at` falls inside working hours. */
export function isWorkingTime(at: Date, hours: WorkingHours = workingHours): boolean {
  const window = windowOf(dayStartOf(at.getTime()), hours);
  return window !== undefined && at.getTime() >= window.from && at.getTime() < window.to;
}

/**
 * The next moment the desk opens at or after `at` plus `afterDays` India days, at `time`
 * ("HH:MM", default the opening time): "tomorrow morning" is the next working day's opening.
 */
export function nextWorkingDayAt(at: Date, afterDays: number, hours: WorkingHours = workingHours, time?: string): Date {
  const clock = minutesOfDay(time ?? hours.start) ?? 0;
  for (let day = dayStartOf(at.getTime()) + afterDays * dayMs, tries = 0; tries < 14; day += dayMs, tries++) {
    if (windowOf(day, hours)) return new Date(day + clock * minuteMs);
  }
  return new Date(dayStartOf(at.getTime()) + afterDays * dayMs + clock * minuteMs);
}
