// Who may sign in to the staff desk, which courses they work on, and where each lands. Browser-safe.

import {
  branchName,
  describeBranches,
  isStudentBranch,
  type StudentBranch,
  studentBranches,
} from "~/admissions/records/student-branches";
import { type CourseKey, courseByKey, courseKeys, isCourseKey } from "~/site/course-catalog";

/** An administrator (everything) or a counsellor (the students of the courses they are given). */
export type StaffRole = "admin" | "counsellor";

export const staffRoles: readonly StaffRole[] = ["admin", "counsellor"];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

/** The value of "every course" (those added to the catalog later included) in a course set. */
export const allCourses = "all";

/** The courses an account works on: some course keys (catalog order), or every course. */
export type CourseSet = typeof allCourses | readonly CourseKey[];

/** The branches a counsellor is limited to, in the branches' order; none: every branch (decision 031). */
export type BranchSet = readonly StudentBranch[];

/**
 * What an account may do: its role, its courses (an admin works on every course; none given: no
 * course) and the branches it is limited to (none: every branch; an admin is never limited).
 */
export interface StaffAccess {
  role: StaffRole;
  courses?: CourseSet;
  branches?: BranchSet;
}

/** The branches an account is limited to; [] for an admin and for a counsellor of every branch. */
export function branchesOf(access: StaffAccess): BranchSet {
  return access.role === "admin" ? [] : (access.branches ?? []);
}

/**
 * A branch set from what a form or the command line gave (branch keys; none: every branch):
 * checked, without repeats, in the branches' order. An admin is never limited to branches.
 */
export function readBranchSet(
  role: StaffRole,
  values: readonly string[],
): { ok: true; branches: BranchSet } | { ok: false; error: string } {
  if (role === "admin") return { ok: true, branches: [] };
  const given = values.map((value) => value.trim().toLowerCase()).filter(Boolean);
  const unknown = given.find((value) => !isStudentBranch(value));
  if (unknown !== undefined) {
    return { ok: false, error: `Unknown branch "${unknown}". Use some of: ${studentBranches.join(", ")}.` };
  }
  return { ok: true, branches: studentBranches.filter((branch) => given.includes(branch)) };
}

/** Whether two branch sets are the same. */
export function sameBranches(a: BranchSet, b: BranchSet): boolean {
  return a.length === b.length && a.every((branch) => b.includes(branch));
}

export { describeBranches };

/** The course keys of a set, in catalog order. */
export function coursesOf(courses: CourseSet | undefined): readonly CourseKey[] {
  return courses === allCourses ? courseKeys : (courses ?? []);
}

/** Whether this account works on the course with this key (an admin works on all). */
export function worksOn(access: StaffAccess, key: CourseKey): boolean {
  return access.role === "admin" || access.courses === allCourses || coursesOf(access.courses).includes(key);
}

/** "all courses", or the keys: "embedded, iot". */
export function describeCourses(courses: CourseSet): string {
  if (courses === allCourses) return "all courses";
  return courses.length === 0 ? "no course" : courses.join(", ");
}

/** How the desk names an account's access: "Administrator", "Counsellor: embedded, iot". */
export function accessLabel(access: StaffAccess): string {
  if (access.role === "admin") return "Administrator";
  if (access.courses === allCourses) return `Counsellor: all courses${branchesNote(access)}`;
  const labels = coursesOf(access.courses).map((key) => courseByKey(key).label);
  return `Counsellor: ${labels.length ? labels.join(", ") : "no course yet"}${branchesNote(access)}`;
}

/** " (Chennai only)", " (Chennai and Online only)", or "" for every branch. */
function branchesNote(access: StaffAccess): string {
  const branches = branchesOf(access);
  if (branches.length === 0) return "";
  const names = branches.map(branchName);
  return names.length === 1 ? ` (${names[0]} only)` : ` (${names.slice(0, -1).join(", ")} and ${names.at(-1)} only)`;
}

/** Whether two course sets are the same. */
export function sameCourses(a: CourseSet, b: CourseSet): boolean {
  if (a === allCourses || b === allCourses) return a === b;
  return a.length === b.length && a.every((key) => b.includes(key));
}

/**
 * A course set from what a form or the command line gave ("all", or course keys): checked,
 * without repeats, in catalog order. A counsellor needs at least one course; an admin has none.
 */
export function readCourseSet(
  role: StaffRole,
  values: readonly string[],
): { ok: true; courses: CourseSet } | { ok: false; error: string } {
  if (role === "admin") return { ok: true, courses: [] };
  const given = values.map((value) => value.trim().toLowerCase()).filter(Boolean);
  if (given.includes(allCourses)) return { ok: true, courses: allCourses };
  const unknown = given.filter((value) => !isCourseKey(value));
  if (unknown.length > 0) {
    return {
      ok: false,
      error: `Unknown course "${unknown[0]}". Use ${allCourses} or some of: ${courseKeys.join(", ")}.`,
    };
  }
  const courses = courseKeys.filter((key) => given.includes(key));
  if (courses.length === 0) return { ok: false, error: "Please choose at least one course for a counsellor." };
  return { ok: true, courses };
}

/** The desk of a counsellor who works on several courses: every record of their courses. */
export const counsellorDesk = "/counsellor/students";

/**
 * The desk an account's pages point back to: an admin's /admin; a counsellor of one course keeps
 * that course's /onlineuser/<key>; a counsellor of several courses (or all) gets the counsellor
 * desk. Where they land after sign-in is landingOf.
 */
export function areaOf(access: StaffAccess): string {
  if (access.role === "admin") return "/admin";
  if (access.courses !== allCourses && access.courses?.length === 1) return `/onlineuser/${access.courses[0]}`;
  return counsellorDesk;
}

/**
 * The page a staff member lands on after sign-in: the team's day for an admin, My day for a
 * counsellor (their desk, areaOf, is a link away). The one place to change it.
 */
export function landingOf(access: StaffAccess): string {
  return access.role === "admin" ? "/desk/team" : "/desk/day";
}
