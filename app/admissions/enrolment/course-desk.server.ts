// Who may open a course's desk pages about its batches (the batches' rosters): whoever may see
// the course's students. An admin, under /admin/courses/<page id>; on the course's own desk
// (/onlineuser/<key>/course) an admin or a counsellor who works on that course (decision 018).
import { data, type RouterContextProvider } from "react-router";
import { type CourseKey, courseCatalog } from "~/site/course-catalog";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { requireStaff, type StaffUser } from "~/staff/permissions.server";

export interface CourseDesk {
  staff: StaffUser;
  courseKey: CourseKey;
  /** The course's desk page, which lists its batches. */
  base: string;
  /** Where this desk opens a student's record: /admin/students or the course's own records. */
  recordsBase: string;
}

/** The course desk a URL names, checked for the signed-in staff member (403 or /login otherwise). */
export async function requireCourseDesk(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string; course?: string },
): Promise<CourseDesk> {
  if (params.role !== undefined) {
    const { staff, role } = await requireCoordinatorArea(request, context, params.role);
    return {
      staff,
      courseKey: role,
      base: `/onlineuser/${role}/course`,
      recordsBase: `/onlineuser/${role}/students`,
    };
  }
  const staff = await requireStaff(request, context, ["admin"]);
  const course = courseCatalog.find((candidate) => candidate.pageId === params.course);
  if (!course) throw data(null, { status: 404 });
  return {
    staff,
    courseKey: course.key,
    base: `/admin/courses/${course.pageId}`,
    recordsBase: "/admin/students",
  };
}
