// Enrolment into a batch (decision 032): which batches the desk offers an enrolled student, the
// seat a student takes in the transaction that enrols them (the batch's row locked, its enrolled
// students counted under the lock), and the enrolled students whose batch is not decided yet.
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { type RecordScope, scopeCondition } from "~/admissions/records/record-scope.server";
import type { AppDatabase } from "~/platform/database.server";
import { indiaDay } from "~/platform/india-time";
import { batchDateLabel, batchLine, batchOption, seatsLine } from "~/site/batch-rules";
import {
  announceBatches,
  type CountedBatch,
  getBatch,
  lastDayOf,
  listBatchesNotEnded,
  lockBatch,
  seatsOfBatch,
  toPublic,
} from "~/site/batches.server";
import { type CourseKey, courseByKey, courseByValue } from "~/site/course-catalog";
import { registrations, students, user } from "../../../db/schema";
import type { EnrolmentChoice } from "./enrolment-choice";

/** A batch's course and first day, as the timeline and the roster name it. */
export function enrolmentLine(batch: CountedBatch): string {
  return `${courseByKey(batch.courseKey).label}: ${batchLine(toPublic(batch))}`;
}

/** "3 of 20 seats left", "Full (20 seats)", or what the institute set by hand while there is no total. */
export function seatsTaken(batch: CountedBatch): string {
  if (batch.seatsTotal === null) {
    const words = seatsLine(toPublic(batch));
    return `${batch.enrolled} enrolled${words ? ` · seats not counted, the site says "${words}"` : " · seats not counted"}`;
  }
  const { seatsLeft } = seatsOfBatch(batch);
  const seats = batch.seatsTotal === 1 ? "1 seat" : `${batch.seatsTotal} seats`;
  return seatsLeft === 0 ? `Full (${seats})` : `${seatsLeft} of ${seats} left`;
}

/**
 * Every counted seat is taken (batchSeatsOf, the pages' rule). A batch marked "Full" by hand,
 * without a total, still takes students on the desk (decision 032: only counted seats are enforced).
 */
function isFull(batch: CountedBatch): boolean {
  return seatsOfBatch(batch).seatsLeft === 0;
}

function choiceName(batch: CountedBatch, severalCourses: boolean, today: string): string {
  const course = severalCourses ? `${courseByKey(batch.courseKey).label}: ` : "";
  const started = batch.startsOn < today ? ` (started ${batchDateLabel(batch.startsOn)})` : "";
  return `${course}${batchOption(toPublic(batch), new Date(`${today}T12:00:00Z`))}${started}`;
}

/** The course keys of a record's courses (registration values). */
function courseKeysOf(courses: readonly string[]): CourseKey[] {
  return [...new Set(courses.map((value) => courseByValue(value)?.key).filter((key) => key !== undefined))];
}

/** The batch the student picked on their latest registration that named one (null: none). */
export async function pickedBatchOf(db: AppDatabase, studentId: number): Promise<number | null> {
  const [row] = await db
    .select({ batchId: registrations.batchId })
    .from(registrations)
    .where(and(eq(registrations.studentId, studentId), isNotNull(registrations.batchId)))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(1);
  return row?.batchId ?? null;
}

/**
 * The batches the desk offers for enrolling a record: its courses' batches that have not ended
 * (a student may join a batch in its first weeks), the one the student picked on their
 * registration first, then the others soonest first; the student's own batch is always there.
 */
export async function enrolmentChoices(
  db: AppDatabase,
  record: { id: number; courses: readonly string[]; batchId: number | null },
  today: string = indiaDay(),
): Promise<EnrolmentChoice[]> {
  const keys = courseKeysOf(record.courses);
  const picked = await pickedBatchOf(db, record.id);
  const alsoIds = record.batchId === null ? [] : [record.batchId];
  const batches = await listBatchesNotEnded(db, keys, { today, alsoIds });
  const severalCourses = new Set(batches.map((batch) => batch.courseKey)).size > 1;
  const choices = batches.map((batch) => {
    const name = choiceName(batch, severalCourses, today);
    return {
      id: batch.id,
      name,
      label: `${name} · ${seatsTaken(batch)}`,
      full: isFull(batch),
      current: batch.id === record.batchId,
      picked: batch.id === picked,
    };
  });
  return [...choices.filter((choice) => choice.picked), ...choices.filter((choice) => !choice.picked)];
}

/** Why a batch cannot be taken, in the words the stage form shows beside the batch. */
export type SeatRefusal = { ok: false; message: string };

/** A batch as a timeline entry keeps it: its id and how it read then (the batch may change or go). */
export interface BatchMention {
  id: number;
  line: string;
}

function mentionOf(batch: CountedBatch | undefined, id: number): BatchMention {
  return batch ? { id: batch.id, line: enrolmentLine(batch) } : { id, line: "" };
}

/** A batch as a timeline entry names it, read now (only its id when it no longer exists). */
export async function batchMentionOf(db: AppDatabase, id: number): Promise<BatchMention> {
  return mentionOf(await getBatch(db, id), id);
}

/**
 * Takes a seat in a batch for a record being enrolled into it, inside the enrolment's transaction:
 * the batch's row is locked until the transaction ends and its enrolled students counted under
 * the lock, so of two counsellors enrolling into the last seat at once (on one process or two),
 * the second waits for the first and is refused. The batch must be of one of the record's
 * courses and not have ended; a batch marked "Full" by hand, without a total, still takes
 * students (decision 032: only counted seats are enforced). A seat taken tells the pages showing
 * the batch (once the transaction has committed), as leaving one does.
 */
export async function takeSeat(
  tx: AppDatabase,
  batchId: number,
  record: { courses: readonly string[] },
  today: string = indiaDay(),
): Promise<{ ok: true; batch: BatchMention } | SeatRefusal> {
  const batch = await lockBatch(tx, batchId);
  if (!batch) return { ok: false, message: "That batch no longer exists: please choose another." };
  if (!courseKeysOf(record.courses).includes(batch.courseKey)) {
    return {
      ok: false,
      message:
        "That batch is of a course the student has not asked about: please choose one of their courses' batches.",
    };
  }
  if (lastDayOf(batch) < today) return { ok: false, message: "That batch has ended: please choose another." };
  if (isFull(batch)) {
    return {
      ok: false,
      message: `That batch has just filled up: ${batch.seatsTotal === 1 ? "its 1 seat is" : `all ${batch.seatsTotal} seats are`} taken. Nothing was saved: please choose another batch, or "Not decided yet".`,
    };
  }
  announceBatches(batch.courseKey);
  return { ok: true, batch: mentionOf(batch, batchId) };
}

/**
 * The batch a student leaves, read for the timeline and its pages told (a seat frees up). Not
 * locked: leaving never overfills a batch, and locking it too could deadlock against a student
 * moving the other way.
 */
export async function leaveBatch(tx: AppDatabase, batchId: number): Promise<BatchMention> {
  const batch = await getBatch(tx, batchId);
  if (batch) announceBatches(batch.courseKey);
  return mentionOf(batch, batchId);
}

// ---------------------------------------------------------------------------------------------
// The team's to-do: enrolled, batch not decided yet

const undecided: SQL = and(eq(students.stage, "enrolled"), isNull(students.batchId)) as SQL;

/** Enrolled students whose batch is not decided yet, the longest waiting first, with their total. */
export async function undecidedEnrolments(
  db: AppDatabase,
  options: { scope: RecordScope; limit?: number },
): Promise<{
  total: number;
  rows: {
    id: number;
    name: string;
    mobile: string;
    courses: string[];
    branch: string | null;
    branchSource: string | null;
    ownerName: string | null;
    updatedAt: Date;
  }[];
}> {
  const where = and(undecided, scopeCondition(options.scope));
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: students.id,
        name: students.name,
        mobile: students.mobile,
        courses: students.courses,
        branch: students.branch,
        branchSource: students.branchSource,
        ownerName: user.name,
        updatedAt: students.updatedAt,
      })
      .from(students)
      .leftJoin(user, eq(user.id, students.ownerId))
      .where(where)
      .orderBy(asc(students.updatedAt), asc(students.id))
      .limit(options.limit ?? 20),
    db.select({ total: count() }).from(students).where(where),
  ]);
  return { total: totals?.total ?? 0, rows };
}
