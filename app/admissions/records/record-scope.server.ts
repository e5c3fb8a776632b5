// Which student records a staff member may see and work on: a scope, and the SQL conditions
// every query of the records adds for it.
import { type AnyColumn, and, asc, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { type CourseValue, courseByKey, courseValues } from "~/site/course-catalog";
import { allCourses, type BranchSet, branchesOf, type CourseSet, coursesOf, type StaffRole } from "~/staff/staff-roles";
import { students } from "../../../db/schema";
import { worksAtBranch } from "./student-branches";

/**
 * Which records a staff member works on: every record (an admin, a counsellor of all courses and
 * every branch), or the records of some courses (a counsellor sees a student who asked about one
 * of them), with `withoutCourse` also the records that name no course yet (enquiries only), and
 * with `branches` only those of these branches and those whose branch is not known yet (a
 * counsellor limited to branches: decision 031).
 */
export type RecordScope =
  | { all: true }
  | { all: false; courses: readonly CourseValue[]; withoutCourse?: boolean; branches?: BranchSet };

export const everyRecord: RecordScope = { all: true };

/**
 * The SQL condition of a scope (undefined: every record), on the students table or on another
 * name for it (`alias(students, "other")` in a subquery).
 */
export function scopeCondition(
  scope: RecordScope,
  records: { courses: AnyColumn; branch: AnyColumn } = students,
): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.courses.length > 0) parts.push(sql`${records.courses} && ${toTextArray(scope.courses)}`);
  if (scope.withoutCourse) parts.push(sql`cardinality(${records.courses}) = 0`);
  const courses = parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0] : or(...parts);
  if (!scope.branches || scope.branches.length === 0) return courses;
  return and(courses, sql`(${records.branch} is null or ${records.branch} = any(${toTextArray(scope.branches)}))`);
}

/** What decides whether a record is in a scope: its courses and its branch (null: not known yet). */
export interface ScopedRecord {
  courses: readonly string[];
  branch: string | null;
}

/** Whether the scope takes in students of this branch (null: not known yet, which every scope does). */
export function coversBranch(scope: RecordScope, branch: string | null): boolean {
  return scope.all || worksAtBranch(scope.branches ?? [], branch);
}

/** Whether a record with these courses and this branch is in the scope (the same rule as the queries'). */
export function isInScope(scope: RecordScope, record: ScopedRecord): boolean {
  if (scope.all) return true;
  if (!coversBranch(scope, record.branch)) return false;
  if (record.courses.length === 0) return scope.withoutCourse === true;
  return record.courses.some((course) => (scope.courses as readonly string[]).includes(course));
}

/**
 * For the tables that go by course (a course desk's registrations and their CSV): the scope of a
 * counsellor limited to branches, so only their branches' students are listed; undefined otherwise.
 */
export function branchLimitOf(staff: { role: StaffRole; courses?: CourseSet; branches?: BranchSet }) {
  const scope = recordScopeOf(staff);
  return isBranchLimited(scope) ? scope : undefined;
}

/** Whether the scope leaves out students of some branches (so an event's courses alone cannot tell). */
export function isBranchLimited(scope: RecordScope): boolean {
  return !scope.all && (scope.branches?.length ?? 0) > 0;
}

/** A condition on a submission's student_id column: its record is in the scope. */
export function studentInScope(studentId: AnyColumn, scope: RecordScope | undefined): SQL | undefined {
  if (!scope || scope.all) return undefined;
  return sql`${studentId} in (select ${students.id} from ${students} where ${scopeCondition(scope)})`;
}

/** A list of texts as one SQL text array. */
export function toTextArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Those of these records that exist and are in this scope. */
export async function recordIdsInScope(db: AppDatabase, ids: readonly number[], scope: RecordScope): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.id, [...ids]), scopeCondition(scope)));
  return rows.map((row) => row.id);
}

/** Those of these records that exist and are in this scope, with their names, courses and branches, by id. */
export async function recordsInScope(
  db: AppDatabase,
  ids: readonly number[],
  scope: RecordScope,
): Promise<{ id: number; name: string; courses: string[]; branch: string | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: students.id, name: students.name, courses: students.courses, branch: students.branch })
    .from(students)
    .where(and(inArray(students.id, [...ids]), scopeCondition(scope)))
    .orderBy(asc(students.id));
}

/**
 * The records a staff member works on: an admin, or a counsellor given all courses and every
 * branch, every record; a counsellor the records of their courses and those that name no course
 * yet (a student who has only sent the contact form: decision 018), and, when limited to some
 * branches, only those of these branches or whose branch is not known yet (decision 031).
 */
export function recordScopeOf(staff: { role: StaffRole; courses?: CourseSet; branches?: BranchSet }): RecordScope {
  if (staff.role === "admin") return everyRecord;
  const branches = branchesOf(staff);
  if (staff.courses === allCourses && branches.length === 0) return everyRecord;
  const courses =
    staff.courses === allCourses
      ? courseValues
      : coursesOf(staff.courses).map((key) => courseByKey(key).registrationValue);
  return { all: false, courses, withoutCourse: true, ...(branches.length > 0 ? { branches } : {}) };
}

/**
 * The records of one course's desk (/onlineuser/<key>/students): those of that course and, of a
 * counsellor limited to branches, only those of their branches or whose branch is not known yet.
 */
export function courseDeskScope(staff: { role: StaffRole; branches?: BranchSet }, course: CourseValue): RecordScope {
  const branches = branchesOf(staff);
  return { all: false, courses: [course], ...(branches.length > 0 ? { branches } : {}) };
}
