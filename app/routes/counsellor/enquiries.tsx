import { recordScopeOf } from "~/admissions/records/record-scope.server";
import { badForm, loadSubmissionTable, saveFollowUp } from "~/admissions/submissions/submission-desk.server";
import { SubmissionTable } from "~/admissions/submissions/submission-table";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/enquiries";

export const meta = () => deskMeta("Contact enquiries");

/**
 * The contact enquiries a counsellor sees: those filed on a record of their courses, or on a
 * record that names no course yet (decision 018). Follow-up saved here is limited to the same.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["counsellor"]);
  const records = recordScopeOf(staff);
  return { table: await loadSubmissionTable(context.get(databaseContext).db, request, "enquiry", { records }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["counsellor"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  return saveFollowUp(context.get(databaseContext).db, form, "enquiry", staff, { records: recordScopeOf(staff) });
}

export default function CounsellorEnquiries({ loaderData }: Route.ComponentProps) {
  return <SubmissionTable table={loaderData.table} title="Contact enquiries" />;
}
