// Who may open the records desk, at which URL, and which records they see there.
import type { RouterContextProvider } from "react-router";
import { courseByKey } from "~/site/course-catalog";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { requireStaff, type StaffUser } from "~/staff/permissions.server";
import { courseValueOfRole } from "~/staff/staff-desk";
import { allCourses, counsellorDesk, coursesOf } from "~/staff/staff-roles";
import { everyRecord, type RecordScope } from "./record-scope.server";

/**
 * The records a staff member works on: an admin, or a counsellor given all courses, every
 * record; a counsellor the records of their courses and those that name no course yet (a
 * student who has only sent the contact form: decision 018).
 */
export function recordScopeOf(staff: Pick<StaffUser, "role" | "courses">): RecordScope {
  if (staff.role === "admin" || staff.courses === allCourses) return everyRecord;
  const courses = coursesOf(staff.courses).map((key) => courseByKey(key).registrationValue);
  return { all: false, courses, withoutCourse: true };
}

/**
 * Who may open the records desk at this URL, and which records they see there: an admin at
 * /admin/students sees every record; a counsellor at /counsellor/students the records of
 * their scope (recordScopeOf); on a course's desk (/onlineuser/<key>/students) a counsellor
 * of that course, or an admin looking in, sees the records of that course only.
 */
export async function requireRecordDesk(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string },
): Promise<{ staff: StaffUser; scope: RecordScope; base: string }> {
  if (params.role !== undefined) {
    const { staff, role } = await requireCoordinatorArea(request, context, params.role);
    return { staff, scope: { all: false, courses: [courseValueOfRole(role)] }, base: `/onlineuser/${role}/students` };
  }
  if (new URL(request.url).pathname.startsWith("/counsellor/")) {
    const staff = await requireStaff(request, context, ["counsellor"]);
    return { staff, scope: recordScopeOf(staff), base: counsellorDesk };
  }
  const staff = await requireStaff(request, context, ["admin"]);
  return { staff, scope: everyRecord, base: "/admin/students" };
}
