// Who may open the records desk, at which URL, and which records they see there.
import type { RouterContextProvider } from "react-router";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { requireStaff, type StaffUser } from "~/staff/permissions.server";

import { courseValueOfRole } from "~/staff/staff-desk";
import { counsellorDesk } from "~/staff/staff-roles";
import { courseDeskScope, everyRecord, type RecordScope, recordScopeOf } from "./record-scope.server";

/**
 * Who may open the records desk at this URL, and which records they see there: an admin at
 * /admin/students sees every record; a counsellor at /counsellor/students the records of
 * their scope (recordScopeOf); on a course's desk (/onlineuser/<key>/students) a counsellor
 * of that course, or an admin looking in, sees the records of that course only (a counsellor
 * limited to branches, only those of their branches and those whose branch is not known yet).
 */
export async function requireRecordDesk(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string },
): Promise<{ staff: StaffUser; scope: RecordScope; base: string }> {
  if (params.role !== undefined) {
    const { staff, role } = await requireCoordinatorArea(request, context, params.role);
    return { staff, scope: courseDeskScope(staff, courseValueOfRole(role)), base: `/onlineuser/${role}/students` };
  }
  if (new URL(request.url).pathname.startsWith("/counsellor/")) {
    const staff = await requireStaff(request, context, ["counsellor"]);
    return { staff, scope: recordScopeOf(staff), base: counsellorDesk };
  }
  const staff = await requireStaff(request, context, ["admin"]);
  return { staff, scope: everyRecord, base: "/admin/students" };
}
