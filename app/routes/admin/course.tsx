import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext, uploadsDirContext } from "~/platform/context.server";
import { CourseEditor } from "~/site/components/course-editor";
import { loadCourseEditor, saveCourseEditor } from "~/site/course-editing.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/course";

export function meta({ loaderData }: Route.MetaArgs) {
  return deskMeta(`Update course: ${loaderData?.course.title ?? "course"}`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return loadCourseEditor(context.get(databaseContext).db, params.course, `/admin/courses/${params.course}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return saveCourseEditor(
    context.get(databaseContext).db,
    context.get(uploadsDirContext),
    request,
    params.course,
    staff,
  );
}

export default function AdminCourse({ loaderData, actionData }: Route.ComponentProps) {
  return <CourseEditor key={loaderData.course.id} data={loaderData} result={actionData} />;
}
