// Who may sign in to the staff desk, and where each role lands. Browser-safe.

export type StaffRole = "admin" | "embedded" | "python" | "iot" | "matlab" | "ai";

/** admin first, then the course coordinators (fullstack's coordinator is "python"). */
export const staffRoles: readonly StaffRole[] = ["admin", "embedded", "python", "iot", "matlab", "ai"];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (staffRoles as readonly string[]).includes(value);
}

/** The page a role starts on after sign-in: "/admin" or "/onlineuser/<role>". */
export function areaOf(role: StaffRole): string {
  return role === "admin" ? "/admin" : `/onlineuser/${role}`;
}
