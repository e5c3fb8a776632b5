// A course's batches: read for the public pages and the registration form, written from the
// desk's course page. Each write announces the pages showing the course's batches once it has
// committed; at midnight in India each process drops those pages itself, so a batch that has
// started leaves them without anyone editing anything.
import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { contentChanged, contentExpired } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { indiaDay, nextIndiaMidnight } from "~/platform/india-time";
import { type CourseKey, courseByKey, courseCatalog, courseKeys } from "~/site/course-catalog";
import { pagesShowing } from "~/site/public-pages";
import { type AuditRecord, auditedChange } from "~/staff/audit-log.server";
import { fieldErrorsOf } from "~/staff/staff-fields";
import { courseBatches } from "../../db/schema";
import { batchDays, batchLine, batchModes, batchSeats, type CourseBatches, type PublicBatch } from "./batch-rules";
import { branchName, isBranchKey } from "./branches";
import { getStartDates } from "./start-dates.server";
import { toIsoDate } from "./structured-data";

export type BatchRow = typeof courseBatches.$inferSelect;

function toPublic(row: BatchRow): PublicBatch {
  return {
    id: row.id,
    courseKey: row.courseKey,
    branch: row.branch,
    branchName: branchName(row.branch),
    startsOn: row.startsOn,
    days: row.days,
    startTime: row.startTime,
    endTime: row.endTime,
    mode: row.mode,
    seats: row.seats,
    seatsLeft: row.seatsLeft,
    feeInr: row.feeInr,
    feeIncludes: row.feeIncludes,
  };
}

const upcomingOrder = [asc(courseBatches.startsOn), asc(courseBatches.startTime), asc(courseBatches.id)];

/** Batches starting today or later (India), soonest first; one course's when given. */
export async function listUpcomingBatches(
  db: AppDatabase,
  options: { courseKey?: CourseKey; today?: string } = {},
): Promise<PublicBatch[]> {
  const today = options.today ?? indiaDay();
  const rows = await db
    .select()
    .from(courseBatches)
    .where(
      and(
        gte(courseBatches.startsOn, today),
        options.courseKey ? eq(courseBatches.courseKey, options.courseKey) : undefined,
      ),
    )
    .orderBy(...upcomingOrder);
  return rows.map(toPublic);
}

/**
 * Every course's upcoming batches, and its old free-text start date while it has none (hidden
 * too once it names a day that has passed).
 */
export async function getCourseBatches(
  db: AppDatabase,
  today: string = indiaDay(),
): Promise<Record<CourseKey, CourseBatches>> {
  const [batches, startDates] = await Promise.all([listUpcomingBatches(db, { today }), getStartDates(db)]);
  const result = {} as Record<CourseKey, CourseBatches>;
  for (const key of courseKeys) {
    const own = batches.filter((batch) => batch.courseKey === key);
    const note = startDates[key];
    const noteDate = toIsoDate(note);
    result[key] = { batches: own, note: own.length === 0 && note && !(noteDate && noteDate < today) ? note : null };
  }
  return result;
}

/**
 * The courses' batches for a form page, or none while the database cannot be read: the
 * registration form must still render (and keep what a student typed) during an outage,
 * without its optional batch choice.
 */
export async function getCourseBatchesForForm(db: AppDatabase): Promise<Record<CourseKey, CourseBatches>> {
  try {
    return await getCourseBatches(db);
  } catch (error) {
    console.error("Reading the batches failed; the form is shown without its batch choice:", error);
    const none = {} as Record<CourseKey, CourseBatches>;
    for (const key of courseKeys) none[key] = { batches: [], note: null };
    return none;
  }
}

/** The desk's list of one course's batches: upcoming soonest first, then past ones, latest first. */
export async function listCourseBatchesForDesk(
  db: AppDatabase,
  courseKey: CourseKey,
  today: string = indiaDay(),
): Promise<{ upcoming: BatchRow[]; past: BatchRow[] }> {
  const own = eq(courseBatches.courseKey, courseKey);
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(courseBatches)
      .where(and(own, gte(courseBatches.startsOn, today)))
      .orderBy(...upcomingOrder),
    db
      .select()
      .from(courseBatches)
      .where(and(own, lt(courseBatches.startsOn, today)))
      .orderBy(desc(courseBatches.startsOn), desc(courseBatches.id))
      .limit(20),
  ]);
  return { upcoming, past };
}

export async function getBatch(db: AppDatabase, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(courseBatches).where(eq(courseBatches.id, id));
  return row;
}

/** What a registration keeps of the batch a student picked: its id and how it read. */
export async function batchForRegistration(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
  today: string = indiaDay(),
): Promise<{ id: number; line: string } | "not-open" | "other-course" | "full"> {
  const row = await getBatch(db, id);
  if (!row || row.startsOn < today) return "not-open";
  if (row.courseKey !== courseKey) return "other-course";
  if (row.seats === "full") return "full";
  return { id: row.id, line: batchLine(toPublic(row)) };
}

/** What the desk's batch form sends, as stored. */
export type BatchInput = Omit<BatchRow, "id" | "courseKey" | "createdAt" | "updatedAt" | "updatedBy">;

export const batchFieldNames = [
  "branch",
  "startsOn",
  "days",
  "startTime",
  "endTime",
  "mode",
  "seats",
  "seatsLeft",
  "feeInr",
  "feeIncludes",
] as const;
export type BatchFieldName = (typeof batchFieldNames)[number];

const time = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `Please give the ${label} as hours and minutes, e.g. 18:30.`);

const batchSchema = z
  .object({
    branch: z.string().refine(isBranchKey, "Please choose the branch."),
    startsOn: z
      .string()
      .trim()
      .refine((value) => toIsoDate(value) === value, "Please give the start date as a calendar date."),
    days: z.enum(batchDays, "Please choose weekdays or weekends."),
    startTime: time("start time"),
    endTime: time("end time"),
    mode: z.enum(batchModes, "Please choose classroom or online."),
    seats: z.enum(batchSeats, "Please choose what to say about seats."),
    seatsLeft: z.string().trim(),
    feeInr: z
      .string()
      .trim()
      .transform((value) => value.replace(/[,\s₹]/g, ""))
      .pipe(
        z
          .string()
          .regex(/^\d{1,7}$/, "Please give the fee in rupees, digits only, e.g. 45000.")
          .transform(Number),
      ),
    feeIncludes: z.string().trim().max(200, "What the fee includes can be at most 200 characters."),
  })
  .superRefine((value, ctx) => {
    if (/^\d\d:\d\d$/.test(value.startTime) && /^\d\d:\d\d$/.test(value.endTime) && value.endTime <= value.startTime) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "The class must end after it starts." });
    }
    if (value.seats === "left" && !/^\d{1,3}$/.test(value.seatsLeft)) {
      ctx.addIssue({ code: "custom", path: ["seatsLeft"], message: "Please give the number of seats left." });
    } else if (value.seats === "left" && Number(value.seatsLeft) === 0) {
      ctx.addIssue({ code: "custom", path: ["seatsLeft"], message: 'No seats left: choose "Full" instead.' });
    }
  })
  .transform((value): BatchInput => ({ ...value, seatsLeft: value.seats === "left" ? Number(value.seatsLeft) : null }));

export type BatchFormValues = Partial<Record<BatchFieldName, string>>;

/**
 * Reads the desk's batch form. A new batch, or one whose date is changed, cannot start before
 * today; an existing batch keeps the date it has.
 */
export function parseBatchForm(
  form: FormData,
  options: { today?: string; currentStartsOn?: string } = {},
): { ok: true; batch: BatchInput } | { ok: false; values: BatchFormValues; fieldErrors: Record<string, string> } {
  const values: BatchFormValues = {};
  for (const name of batchFieldNames) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 500) : "";
  }
  const parsed = batchSchema.safeParse(values);
  if (!parsed.success) return { ok: false, values, fieldErrors: fieldErrorsOf(parsed.error) };
  const today = options.today ?? indiaDay();
  if (parsed.data.startsOn < today && parsed.data.startsOn !== options.currentStartsOn) {
    return { ok: false, values, fieldErrors: { startsOn: "The start date has passed: please give a later one." } };
  }
  return { ok: true, batch: parsed.data };
}

const announce = (courseKey: CourseKey) => contentChanged(pagesShowing.batches(courseByKey(courseKey).pageId));

/** Adds a batch (the demo content passes its own author and no audit entry). */
export async function addBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  batch: BatchInput,
  by: string,
  audit?: (row: BatchRow) => AuditRecord,
): Promise<BatchRow> {
  const insert = async (tx: AppDatabase) => {
    const [row] = await tx
      .insert(courseBatches)
      .values({ ...batch, courseKey, updatedBy: by })
      .returning();
    if (!row) throw new Error("The batch was not stored.");
    announce(courseKey);
    return row;
  };
  return audit ? auditedChange(db, insert, audit) : insert(db);
}

/** Changes a batch of this course; undefined when it has no such batch. */
export async function updateBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
  batch: BatchInput,
  by: string,
  audit: (row: BatchRow) => AuditRecord,
): Promise<BatchRow | undefined> {
  return auditedChange(
    db,
    async (tx) => {
      const [row] = await tx
        .update(courseBatches)
        .set({ ...batch, updatedBy: by, updatedAt: new Date() })
        .where(and(eq(courseBatches.id, id), eq(courseBatches.courseKey, courseKey)))
        .returning();
      if (row) announce(courseKey);
      return row;
    },
    (row) => (row ? audit(row) : undefined),
  );
}

/** Removes a batch of this course; undefined when it has no such batch. */
export async function removeBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
  audit: (row: BatchRow) => AuditRecord,
): Promise<BatchRow | undefined> {
  return auditedChange(
    db,
    async (tx) => {
      const [row] = await tx
        .delete(courseBatches)
        .where(and(eq(courseBatches.id, id), eq(courseBatches.courseKey, courseKey)))
        .returning();
      if (row) announce(courseKey);
      return row;
    },
    (row) => (row ? audit(row) : undefined),
  );
}

/** Every page that shows any course's batches. */
export function pagesShowingAnyBatches(): string[] {
  return [...new Set(courseCatalog.flatMap((course) => pagesShowing.batches(course.pageId)))];
}

/**
 * At each midnight in India, drops the pages showing batches in this process (every process
 * runs its own), so a batch that started yesterday is gone from them. Returns a stop function.
 */
export function startBatchDayRollover(now: () => Date = () => new Date()): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const wait = Math.max(1_000, nextIndiaMidnight(now()).getTime() - now().getTime() + 1_000);
    timer = setTimeout(() => {
      contentExpired(pagesShowingAnyBatches());
      schedule();
    }, wait);
    timer.unref();
  };
  schedule();
  return { stop: () => clearTimeout(timer) };
}
