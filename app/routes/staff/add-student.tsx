import { AddStudentForm } from "~/admissions/intake/add-student-form";
import { handleAddStudent, loadAddStudent } from "~/admissions/intake/intake-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import type { Route } from "./+types/add-student";

/** "Add a student" under each students list, with that list's scope. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAddStudent(request, context, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleAddStudent(request, context, params);
}

export function meta() {
  return deskMeta("Add a student");
}

export default function AddStudent({ loaderData, actionData }: Route.ComponentProps) {
  return <AddStudentForm page={loaderData} answer={actionData ?? undefined} />;
}
