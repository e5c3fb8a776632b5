import { data, type RouterContextProvider } from "react-router";
import { type CourseKey, isCourseKey } from "~/site/course-catalog";
import { notYourPage, requireStaff, type StaffUser, worksOn } from "./permissions.server";

/**
 * A course's desk (/onlineuser/<key>): an admin, or a counsellor who works on that course.
 * Signed out: /login. A counsellor of other courses: told so (403). An unknown course: 404 for
 * an admin, and the same 403 as any other page for a counsellor (checked after the session,
 * so an unknown course tells nobody more than a known one).
 */
export async function requireCoordinatorArea(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: string,
): Promise<{ staff: StaffUser; role: CourseKey }> {
  if (!isCourseKey(role)) {
    await requireStaff(request, context, ["admin"]);
    throw data(null, { status: 404 });
  }
  const staff = await requireStaff(request, context, ["admin", "counsellor"]);
  if (!worksOn(staff, role)) throw notYourPage(staff);
  return { staff, role };
}
