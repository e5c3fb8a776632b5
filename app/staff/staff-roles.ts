// Who may sign in to the staff desk, and where each role lands. Browser-safe.

import { type CourseKey, courseKeys } from "~/site/course-catalog";

export type StaffRole = "admin" | CourseKey;

/** admin first, then the course coordinators, one per course key (fullstack's is "python"). */
export const staffRoles: readonly StaffRole[] = ["admin", ...courseKeys];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

/** The page a role starts on after sign-in: the team's day for an admin, My day for everyone else. */
export function areaOf(role: StaffRole): string {
  return role === "admin" ? "/desk/team" : "/desk/day";
}
