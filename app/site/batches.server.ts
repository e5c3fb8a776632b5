// A course's batches: read for the public pages and the registration form, written from the
// desk's course page. Each write announces the pages showing the course's batches once it has
// committed; at midnight in India each process drops those pages itself, so a batch that has
// started leaves them without anyone editing anything.
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { site } from "~/config/site";
import { contentChanged, contentExpired } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { logFault } from "~/platform/error-log.server";
import { addIndiaDays, indiaDay, nextIndiaMidnight } from "~/platform/india-time";
import { courses } from "~/site/content/courses";
import { type CourseKey, courseByKey, courseCatalog, courseKeys } from "~/site/course-catalog";
import { pagesShowing } from "~/site/public-pages";
import { type AuditRecord, auditedChange } from "~/staff/audit-log.server";
import { fieldErrorsOf } from "~/staff/staff-fields";
import { courseBatches, students } from "../../db/schema";
import {
  batchDays,
  batchLine,
  batchModes,
  batchSeatsOf,
  batchSeatWords,
  type CourseBatches,
  type PublicBatch,
} from "./batch-rules";
import { branchName, isBranchKey } from "./branches";
import { batchLastDay, weeksIn } from "./course-schedule";
import { getStartDates } from "./start-dates.server";
import { toIsoDate } from "./structured-data";

export type BatchRow = typeof courseBatches.$inferSelect;
/** A batch with the number of students enrolled in it (the seats they take). */
export type CountedBatch = BatchRow & { enrolled: number };

/**
 * The students enrolled in the batch of the row being read (students.batch_id: decision 032).
 * Both sides are written out with their tables: in a query of one table Drizzle leaves a column's
 * table out, and the inner query would compare a student's batch with its own id.
 */
export const enrolledCount: SQL<number> = sql<number>`(select count(*) from ${students} as enrolled where enrolled.batch_id = "course_batches"."id")::int`;

/** A batch's columns and its enrolled students, for a select. */
const countedColumns = { ...getTableColumns(courseBatches), enrolled: enrolledCount };

/** The seats a batch shows: counted from its total and enrolled students, or the word set by hand. */
export function seatsOfBatch(row: CountedBatch) {
  return batchSeatsOf(row, row.enrolled, site.batches.fillingFastAt);
}

/** A batch as the pages and forms show it, its seats counted. */
export function toPublic(row: CountedBatch): PublicBatch {
  const { seats, seatsLeft } = seatsOfBatch(row);
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
    seats,
    seatsLeft,
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
    .select(countedColumns)
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
    logFault("Reading the batches failed; the form is shown without its batch choice", error);
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
): Promise<{ upcoming: CountedBatch[]; past: CountedBatch[] }> {
  const own = eq(courseBatches.courseKey, courseKey);
  const [upcoming, past] = await Promise.all([
    db
      .select(countedColumns)
      .from(courseBatches)
      .where(and(own, gte(courseBatches.startsOn, today)))
      .orderBy(...upcomingOrder),
    db
      .select(countedColumns)
      .from(courseBatches)
      .where(and(own, lt(courseBatches.startsOn, today)))
      .orderBy(desc(courseBatches.startsOn), desc(courseBatches.id))
      .limit(20),
  ]);
  return { upcoming, past };
}

export async function getBatch(db: AppDatabase, id: number): Promise<CountedBatch | undefined> {
  const [row] = await db.select(countedColumns).from(courseBatches).where(eq(courseBatches.id, id));
  return row;
}

/** A batch of this course (another course's batch is not found through a course's desk). */
export async function getCourseBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
): Promise<CountedBatch | undefined> {
  const row = await getBatch(db, id);
  return row?.courseKey === courseKey ? row : undefined;
}

/**
 * Locks a batch's row for the rest of the transaction and counts its enrolled students under
 * that lock: every change of who is enrolled in a batch, of its seats and its removal takes the
 * lock first, so two enrolments into the last seat are made one after the other, and the
 * second counts the first (also across processes sharing PostgreSQL).
 */
export async function lockBatch(tx: AppDatabase, id: number): Promise<CountedBatch | undefined> {
  const [locked] = await tx
    .select({ id: courseBatches.id })
    .from(courseBatches)
    .where(eq(courseBatches.id, id))
    .for("update");
  // Read in a statement of its own, once the lock is granted: on PostgreSQL a statement sees what
  // was committed when it began, so a count made with the lock's own statement could miss the
  // enrolment whose transaction held the lock.
  return locked ? getBatch(tx, id) : undefined;
}

/** The pages showing a course's batches are rendered again once the transaction has committed. */
export function announceBatches(courseKey: CourseKey): void {
  contentChanged(pagesShowing.batches(courseByKey(courseKey).pageId));
}

/** Every page showing batches is rendered again (seats freed in batches of any course). */
export function announceAllBatches(): void {
  contentChanged(pagesShowingAnyBatches());
}

/** The course whose content (duration) a course key names. */
function contentOf(courseKey: CourseKey) {
  const pageId = courseByKey(courseKey).pageId;
  const course = courses.find((candidate) => candidate.id === pageId);
  if (!course) throw new Error(`No content for the course ${pageId}.`);
  return course;
}

/** A batch's last day: its first day and the course's weeks (batchLastDay). */
export function lastDayOf(batch: Pick<BatchRow, "courseKey" | "startsOn">): string {
  return batchLastDay(batch.startsOn, contentOf(batch.courseKey));
}

/**
 * These courses' batches that have not ended by `today` (started or not: a student may join in
 * the first weeks), soonest first, with the batches named in `alsoIds` whatever their dates.
 */
export async function listBatchesNotEnded(
  db: AppDatabase,
  courseKeys: readonly CourseKey[],
  options: { today?: string; alsoIds?: readonly number[] } = {},
): Promise<CountedBatch[]> {
  const today = options.today ?? indiaDay();
  const ranges = courseKeys.map((key) => {
    // A batch that started this long ago has its last day today.
    const earliestStart = addIndiaDays(today, -(daysOfCourse(key) - 1));
    return and(eq(courseBatches.courseKey, key), gte(courseBatches.startsOn, earliestStart));
  });
  const also = (options.alsoIds ?? []).filter((id) => Number.isSafeInteger(id));
  const conditions = [...ranges, ...(also.length ? [inArray(courseBatches.id, also)] : [])];
  if (conditions.length === 0) return [];
  return db
    .select(countedColumns)
    .from(courseBatches)
    .where(or(...conditions))
    .orderBy(...upcomingOrder);
}

/** The days a batch of this course runs, first and last included. */
function daysOfCourse(courseKey: CourseKey): number {
  return weeksIn(contentOf(courseKey).durationIso) * 7;
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
  const batch = toPublic(row);
  if (batch.seats === "full") return "full";
  return { id: row.id, line: batchLine(batch) };
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
  "seatsTotal",
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
    seats: z.enum(batchSeatWords, "Please choose what to say about seats."),
    seatsTotal: z
      .string()
      .trim()
      .regex(/^(\d{1,4})?$/, "Please give the total seats as a whole number, e.g. 20, or leave it empty.")
      .refine(
        (value) => value === "" || Number(value) > 0,
        "A batch takes at least 1 student: give 1 or more, or leave it empty.",
      ),
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
  })
  // With a total the seats are counted, and the word set by hand no longer applies.
  .transform(
    (value): BatchInput =>
      value.seatsTotal === ""
        ? { ...value, seatsTotal: null }
        : { ...value, seats: "open", seatsTotal: Number(value.seatsTotal) },
  );

export type BatchFormValues = Partial<Record<BatchFieldName, string>>;

/**
 * Reads the desk's batch form. A new batch, or one whose date is changed, cannot start before
 * today; an existing batch keeps the date it has.
 */
export function parseBatchForm(
  form: FormData,
  options: { today?: string; currentStartsOn?: string } = {},
):
  | { ok: true; batch: BatchInput; values: BatchFormValues }
  | { ok: false; values: BatchFormValues; fieldErrors: Record<string, string> } {
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
  return { ok: true, batch: parsed.data, values };
}

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
    announceBatches(courseKey);
    return row;
  };
  return audit ? auditedChange(db, insert, audit) : insert(db);
}

/**
 * What changing a batch came to: saved (with the batch as it was, and its enrolled students),
 * refused because the total would be under the students already enrolled, or no such batch.
 */
export type BatchUpdate =
  | { ok: true; row: BatchRow; before: CountedBatch }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "too-few-seats"; enrolled: number };

/** Changes a batch of this course, under its lock: its total cannot go under its enrolled students. */
export async function updateBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
  batch: BatchInput,
  by: string,
  audit: (row: BatchRow) => AuditRecord,
): Promise<BatchUpdate> {
  return auditedChange(
    db,
    async (tx): Promise<BatchUpdate> => {
      const before = await lockBatch(tx, id);
      if (!before || before.courseKey !== courseKey) return { ok: false, reason: "missing" };
      if (batch.seatsTotal !== null && batch.seatsTotal < before.enrolled) {
        return { ok: false, reason: "too-few-seats", enrolled: before.enrolled };
      }
      const [row] = await tx
        .update(courseBatches)
        .set({ ...batch, updatedBy: by, updatedAt: new Date() })
        .where(eq(courseBatches.id, id))
        .returning();
      if (!row) return { ok: false, reason: "missing" };
      announceBatches(courseKey);
      return { ok: true, row, before };
    },
    (result) => (result.ok ? audit(result.row) : undefined),
  );
}

/** What removing a batch came to: removed, refused while students are enrolled in it, or no such batch. */
export type BatchRemoval =
  | { ok: true; row: BatchRow }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "enrolled"; enrolled: number };

/** Removes a batch of this course, unless students are enrolled in it (counted under its lock). */
export async function removeBatch(
  db: AppDatabase,
  courseKey: CourseKey,
  id: number,
  audit: (row: BatchRow) => AuditRecord,
): Promise<BatchRemoval> {
  return auditedChange(
    db,
    async (tx): Promise<BatchRemoval> => {
      const locked = await lockBatch(tx, id);
      if (!locked || locked.courseKey !== courseKey) return { ok: false, reason: "missing" };
      if (locked.enrolled > 0) return { ok: false, reason: "enrolled", enrolled: locked.enrolled };
      const [row] = await tx.delete(courseBatches).where(eq(courseBatches.id, id)).returning();
      if (!row) return { ok: false, reason: "missing" };
      announceBatches(courseKey);
      return { ok: true, row };
    },
    (result) => (result.ok ? audit(result.row) : undefined),
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
