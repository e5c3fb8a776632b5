import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext, uploadsDirContext } from "~/platform/context.server";
import { CourseEditor } from "~/site/components/course-editor";
import { loadCourseEditor, saveCourseEditor } from "~/site/course-editing.server";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { courseIdOfRole } from "~/staff/staff-desk";
import type { Route } from "./+types/course";

export function meta({ loaderData }: Route.MetaArgs) {
  return deskMeta(`Update course: ${loaderData?.course.title ?? "course"}`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { role } = await requireCoordinatorArea(request, context, params.role);
  return loadCourseEditor(context.get(databaseContext).db, courseIdOfRole(role), `/onlineuser/${role}/course`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  return saveCourseEditor(
    context.get(databaseContext).db,
    context.get(uploadsDirContext),
    request,
    courseIdOfRole(role),
    staff,
  );
}

export default function CoordinatorCourse({ loaderData, actionData }: Route.ComponentProps) {
  return <CourseEditor data={loaderData} result={actionData} />;
}
