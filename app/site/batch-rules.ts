// What a batch is, in words and numbers both sides use: the public pages, the registration
// form's script, the desk and the database schema (which is why imports here are relative).
import { monthNames, weekdayNames } from "../platform/india-time.ts";
import type { CourseKey } from "./course-catalog.ts";

export const batchDays = ["weekday", "weekend"] as const;
export type BatchDays = (typeof batchDays)[number];

export const batchModes = ["classroom", "online"] as const;
export type BatchMode = (typeof batchModes)[number];

/**
 * What the public pages say about a batch's seats: "left" comes with a number of seats; the others
 * say it in words (or say nothing: "open"). Computed (batchSeatsOf), never typed by hand.
 */
export const batchSeats = ["open", "left", "filling-fast", "full"] as const;
export type BatchSeats = (typeof batchSeats)[number];

/**
 * What a batch says about its seats while the institute has not given a number of seats
 * (course_batches.seats): nothing ("open"), or "Filling fast" or "Full" as set by hand. Once the
 * batch has a total, the seats left are counted from its enrolled students instead
 * (docs/decisions/032-seats-that-count-themselves.md).
 */
export const batchSeatWords = ["open", "filling-fast", "full"] as const;
export type BatchSeatWord = (typeof batchSeatWords)[number];

/**
 * A batch's seats as the public pages show them: with a total, the seats left are the total less
 * the students enrolled in it, "Filling fast" at `fillingFastAt` or fewer, "Full" at none; without
 * one, the word the institute chose.
 */
export function batchSeatsOf(
  batch: { seats: BatchSeatWord; seatsTotal: number | null },
  enrolled: number,
  fillingFastAt: number,
): { seats: BatchSeats; seatsLeft: number | null } {
  if (batch.seatsTotal === null) return { seats: batch.seats, seatsLeft: null };
  const left = Math.max(0, batch.seatsTotal - enrolled);
  if (left === 0) return { seats: "full", seatsLeft: 0 };
  return { seats: left <= fillingFastAt ? "filling-fast" : "left", seatsLeft: left };
}

export const batchDaysLabels: Record<BatchDays, string> = {
  weekday: "Weekdays (Mon to Fri)",
  weekend: "Weekends (Sat and Sun)",
};

/** schema.org day names of each kind of batch. */
export const batchDayNames: Record<BatchDays, string[]> = {
  weekday: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  weekend: ["Saturday", "Sunday"],
};

export const batchModeLabels: Record<BatchMode, string> = { classroom: "Classroom", online: "Online" };

/** A batch as the public pages and the registration form show it. */
export interface PublicBatch {
  id: number;
  courseKey: CourseKey;
  branch: string;
  branchName: string;
  /** "2027-01-12" */
  startsOn: string;
  days: BatchDays;
  /** "18:30" */
  startTime: string;
  endTime: string;
  mode: BatchMode;
  seats: BatchSeats;
  seatsLeft: number | null;
  feeInr: number;
  feeIncludes: string;
}

/** A day's parts as a batch's dates write them: "2027-01-12" -> Tue, 12, Jan, 2027. */
function shortDay(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return {
    weekday: weekdayNames[date.getUTCDay()]?.slice(0, 3),
    date: date.getUTCDate(),
    month: monthNames[date.getUTCMonth()]?.slice(0, 3),
    year: date.getUTCFullYear(),
  };
}

/** "2027-01-12" -> "Tue, 12 Jan 2027" (the same on the server and in every browser). */
export function batchDateLabel(isoDate: string): string {
  const { weekday, date, month, year } = shortDay(isoDate);
  return `${weekday}, ${date} ${month} ${year}`;
}

/** "18:30" -> "6:30 pm"; "09:00" -> "9 am". */
export function clockLabel(time: string): string {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${suffix}`;
}

/** "7 am to 9 am". */
export function timingsLabel(batch: Pick<PublicBatch, "startTime" | "endTime">): string {
  return `${clockLabel(batch.startTime)} to ${clockLabel(batch.endTime)}`;
}

/** Hours of one class: 18:30 to 20:30 is 2. */
export function hoursPerClass(batch: Pick<PublicBatch, "startTime" | "endTime">): number {
  const minutes = (time: string) => {
    const [h = 0, m = 0] = time.split(":").map(Number);
    return h * 60 + m;
  };
  return (minutes(batch.endTime) - minutes(batch.startTime)) / 60;
}

/** What a student is told about the seats, or nothing when the institute said nothing. */
export function seatsLine(batch: Pick<PublicBatch, "seats" | "seatsLeft">): string | undefined {
  switch (batch.seats) {
    case "left":
      return batch.seatsLeft === 1 ? "1 seat left" : `${batch.seatsLeft} seats left`;
    case "filling-fast":
      return batch.seatsLeft
        ? `Filling fast: ${batch.seatsLeft === 1 ? "1 seat" : `${batch.seatsLeft} seats`} left`
        : "Filling fast";
    case "full":
      return "Full";
    default:
      return undefined;
  }
}

/** A batch as the registration form offers it, short enough for a phone's select: "Mon 14 Dec: weekends, 10 am to 4 pm, Bangalore". */
export function batchOption(batch: PublicBatch, now: Date = new Date()): string {
  const { weekday, date, month, year } = shortDay(batch.startsOn);
  const yearText = year === now.getUTCFullYear() ? "" : ` ${year}`;
  const days = batch.days === "weekday" ? "weekdays" : "weekends";
  return `${weekday} ${date} ${month}${yearText}: ${days}, ${timingsLabel(batch)}, ${batch.mode === "online" ? "online" : batch.branchName}`;
}

/** One line naming a batch: what a registration keeps, and its structured data's name. */
export function batchLine(batch: PublicBatch): string {
  const mode = batch.mode === "online" ? "online" : `classroom, ${batch.branchName}`;
  const days = batch.days === "weekday" ? "weekdays" : "weekends";
  return `Starts ${batchDateLabel(batch.startsOn)}: ${days}, ${timingsLabel(batch)} (${mode})`;
}

/** A course's upcoming batches, and the free-text start date staff typed before batches existed. */
export interface CourseBatches {
  batches: PublicBatch[];
  /** Shown only while the course has no upcoming batch. */
  note: string | null;
}

/** The line a course card shows: the next batch with seats, else the old start date, else "Starting soon". */
export function nextStartLine({ batches, note }: CourseBatches): string {
  // The next batch a student can still join, else the next one (full) all the same.
  const next = batches.find((batch) => batch.seats !== "full") ?? batches[0];
  if (next) return batchDateLabel(next.startsOn);
  return note ?? "Starting soon";
}
