// India's time, in one place (decision 027). The institute, its students and its staff are in
// India, which keeps UTC+05:30 all year (no summer time), so "today", "tomorrow", a day picked
// on the desk, a time typed into a form, a time shown on a page, in an e-mail or in a CSV file
// are all India's, whatever the server's or the browser's own zone. Every part reads and
// writes India's time through these functions; nothing else adds 5 h 30 min or names the zone.
// Browser-safe: the desk's components use it as the server does.

/** India's IANA time zone (Asia/Calcutta is its older name). */
export const indiaTimeZone = "Asia/Kolkata";
/** The names a browser may give India's zone. */
export const indiaTimeZones: ReadonlySet<string> = new Set([indiaTimeZone, "Asia/Calcutta"]);
/** India is 5 h 30 min ahead of UTC, all year. */
export const indiaOffsetMinutes = 330;
export const indiaOffsetMs = indiaOffsetMinutes * 60_000;
/** The offset as an ISO 8601 suffix. */
export const indiaOffset = "+05:30";
export const dayMs = 86_400_000;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const localPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A moment as it reads on a clock in India, in UTC fields (internal). */
function shifted(at: Date | number): Date {
  return new Date((typeof at === "number" ? at : at.getTime()) + indiaOffsetMs);
}

/** The day in India a moment falls on: "2026-11-28" (18:30 UTC begins the next). */
export function indiaDay(at: Date = new Date()): string {
  return shifted(at).toISOString().slice(0, 10);
}

/** Whether a text is a real calendar day written "YYYY-MM-DD" (not "2026-02-30"). */
export function isIndiaDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
}

/** The day `days` after (or before, when negative) a day: "2026-12-31" + 1 is "2027-01-01". */
export function addIndiaDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Midnight in India that begins a day ("2026-11-28" begins at 2026-11-27T18:30Z). */
export function indiaMidnight(day: string): Date {
  return new Date(`${day}T00:00:00${indiaOffset}`);
}

/** Midnight in India that begins the day a moment (a Date or UTC milliseconds) falls on. */
export function indiaDayStart(at: Date | number): Date {
  return new Date(Math.floor(shifted(at).getTime() / dayMs) * dayMs - indiaOffsetMs);
}

/** Today in India as moments: from its midnight to the next (the end itself is tomorrow). */
export function indiaToday(now: Date = new Date()): { start: Date; end: Date } {
  const start = indiaDayStart(now);
  return { start, end: new Date(start.getTime() + dayMs) };
}

/** Midnight in India that begins tomorrow (what is "today" changes then). */
export function nextIndiaMidnight(now: Date = new Date()): Date {
  return indiaToday(now).end;
}

/** Days from `from` to `to` in India, both included, as moments: `from`'s midnight to the one after `to`. */
export function indiaDays(from: string, to: string): { start: Date; end: Date } {
  return { start: indiaMidnight(from), end: new Date(indiaMidnight(to).getTime() + dayMs) };
}

/** What a clock in India shows at a moment. `weekday`: 0 is Sunday. */
export function indiaClock(at: Date): { day: string; hour: number; minute: number; weekday: number } {
  const local = shifted(at);
  return {
    day: local.toISOString().slice(0, 10),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

/** The moment a clock in India shows "HH:MM" on a day ("24:00" is the next midnight). */
export function indiaMoment(day: string, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Date(indiaMidnight(day).getTime() + (hours * 60 + minutes) * 60_000);
}

/**
 * A moment as a form's date-and-time field (`datetime-local`) takes it, India time:
 * "2026-11-25T16:30".
 */
export function toIndiaInput(at: Date | string): string {
  return shifted(new Date(at)).toISOString().slice(0, 16);
}

/** "2026-11-25T16:30" from a date-and-time field, read as India time; undefined when it is not one. */
export function fromIndiaInput(value: string): Date | undefined {
  if (!localPattern.test(value)) return undefined;
  const date = new Date(`${value}:00${indiaOffset}`);
  return Number.isNaN(date.getTime()) || toIndiaInput(date) !== value ? undefined : date;
}

/** A moment written out whole, India time with its offset (CSV exports, notes): "2027-01-12 10:05:09 +05:30". */
export function indiaTimestamp(at: Date): string {
  return `${shifted(at).toISOString().slice(0, 19).replace("T", " ")} ${indiaOffset}`;
}

/** The months' English names, January first. */
export const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The days' English names, Sunday first (as Date's getUTCDay counts them). */
export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * A day written out as the public pages show it, as Intl's en-IN long date writes it, without
 * Intl (see below): "2025-03-14" -> "14 March 2025".
 */
export function dayInWords(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return `${date} ${monthNames[month - 1]} ${year}`;
}

/** What indiaFormat gives: a formatter with Intl.DateTimeFormat's format(). */
export type IndiaFormat = Pick<Intl.DateTimeFormat, "format">;

const formats = new Map<string, IndiaFormat>();

/**
 * A formatter for India's time in the desk's English (en-IN), one per set of options. Its Intl
 * formatter is made on its first use: Intl's first date format maps some 8 MB of ICU's data and
 * tables, which a site serving only public pages never needs, while the desk's modules (and the
 * formatters they keep) are all loaded at start (decision 016).
 */
export function indiaFormat(options: Omit<Intl.DateTimeFormatOptions, "timeZone">): IndiaFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    let made: Intl.DateTimeFormat | undefined;
    format = {
      format(at) {
        made ??= new Intl.DateTimeFormat("en-IN", { ...options, timeZone: indiaTimeZone });
        return made.format(at);
      },
    };
    formats.set(key, format);
  }
  return format;
}

/** When something happened, as the desk shows it: "28 Nov 2026, 8:01 am" (India time, unlabelled). */
export const indiaDateTime = indiaFormat({ dateStyle: "medium", timeStyle: "short" });

/** "28 Nov 2026, 8:01 am IST": a moment labelled as India's time, where a reader may be elsewhere. */
export function formatIndiaTime(at: Date | string | number): string {
  return `${indiaDateTime.format(new Date(at))} IST`;
}
