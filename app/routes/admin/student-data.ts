import { data } from "react-router";
import { recordIdOf } from "~/admissions/records/record-page.server";
import { databaseContext } from "~/platform/context.server";
import { studentDataDownload } from "~/privacy/student-export.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/student-data";

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
