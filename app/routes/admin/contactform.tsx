import { badForm, loadSubmissionTable, saveFollowUp } from "~/admissions/submissions/submission-desk.server";
import { SubmissionTable } from "~/admissions/submissions/submission-table";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/contactform";

export const meta = () => deskMeta("Contact enquiries");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return { table: await loadSubmissionTable(context.get(databaseContext).db, request, "enquiry") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  return saveFollowUp(context.get(databaseContext).db, form, "enquiry", staff);
}

export default function ContactForm({ loaderData }: Route.ComponentProps) {
  return <SubmissionTable table={loaderData.table} title="Contact enquiries" exportPath="/staff/export/enquiries" />;
}
