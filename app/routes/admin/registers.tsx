import { data } from "react-router";
import { badForm, loadSubmissionTable, saveFollowUp } from "~/admissions/submissions/submission-desk.server";
import { SubmissionTable } from "~/admissions/submissions/submission-table";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireStaff } from "~/staff/permissions.server";
import { courseValueOfRole, isCoordinatorRole } from "~/staff/staff-desk";
import type { Route } from "./+types/registers";

export function meta({ loaderData }: Route.MetaArgs) {
  return deskMeta(loaderData?.course ? `Registrations: ${loaderData.course}` : "All registrations");
}

/** "All registers" (/admin/registers) and one course's forms (/admin/registers/iot). */
function courseScope(param: string | undefined) {
  if (param === undefined) return {};
  if (!isCoordinatorRole(param)) throw data(null, { status: 404 });
  return { course: courseValueOfRole(param) };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const role = (params as { course?: string }).course;
  const scope = courseScope(role);
  const table = await loadSubmissionTable(context.get(databaseContext).db, request, "registration", scope);
  return { table, course: scope.course ?? null, exportPath: `/staff/export/registrations${role ? `/${role}` : ""}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const scope = courseScope((params as { course?: string }).course);
  const form = await readFormBody(request);
  if (!form) return badForm();
  return saveFollowUp(context.get(databaseContext).db, form, "registration", staff, scope);
}

export default function Registers({ loaderData }: Route.ComponentProps) {
  const title = loaderData.course ? `Registrations: ${loaderData.course}` : "All registrations";
  return <SubmissionTable table={loaderData.table} title={title} exportPath={loaderData.exportPath} />;
}
