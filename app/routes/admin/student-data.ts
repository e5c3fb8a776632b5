import { data } from "react-router";
import { recordIdOf } from "~/admissions/records/record-page.server";
import { databaseContext } from "~/platform/context.server";
import { studentDataDownload } from "~/privacy/student-export.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/student-data";

/** The download is a form post (it is audited); opening its address answers in plain words. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return new Response(
    "This address downloads a student's data when an administrator presses Download on the student's record; it cannot be opened directly.\n",
    {
      status: 405,
      headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    },
  );
}

/**
 * A student's own data as one JSON download (their record, forms and timeline), for a request
 * under the DPDP Act. A form post from the record page or the students' data page: each
 * download is in the audit log.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const id = recordIdOf(params.id);
  const download = await studentDataDownload(context.get(databaseContext).db, id, staff.email);
  if (!download) throw data("There is no such student record.", { status: 404 });
  return download;
}
