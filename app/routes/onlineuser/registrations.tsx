import { branchLimitOf } from "~/admissions/records/record-scope.server";
import { badForm, loadSubmissionTable, saveFollowUp } from "~/admissions/submissions/submission-desk.server";
import { SubmissionTable } from "~/admissions/submissions/submission-table";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { courseValueOfRole } from "~/staff/staff-desk";
import type { Route } from "./+types/registrations";

export function meta({ loaderData }: Route.MetaArgs) {
  return deskMeta(`Registrations: ${loaderData?.course ?? "course"}`);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  const course = courseValueOfRole(role);
  const table = await loadSubmissionTable(context.get(databaseContext).db, request, "registration", {
    course,
    records: branchLimitOf(staff),
  });
  return { table, course, exportPath: `/staff/export/registrations/${role}` };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  const form = await readFormBody(request);
  if (!form) return badForm();
  return saveFollowUp(context.get(databaseContext).db, form, "registration", staff, {
    course: courseValueOfRole(role),
    records: branchLimitOf(staff),
  });
}

export default function CoordinatorRegistrations({ loaderData }: Route.ComponentProps) {
  return (
    <SubmissionTable
      table={loaderData.table}
      title={`Registrations: ${loaderData.course}`}
      exportPath={loaderData.exportPath}
    />
  );
}
