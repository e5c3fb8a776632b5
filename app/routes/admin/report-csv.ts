import { data } from "react-router";
import { exportReportTable } from "~/admissions/owners-report/owners-report-desk.server";
import { isReportTableId } from "~/admissions/owners-report/owners-report-tables";
import { databaseContext } from "~/platform/context.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/report-csv";

/** One table of the owner's report as CSV, for the same period: /admin/report/csv/<table>?from=&to=. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  if (!isReportTableId(params.table)) throw data(null, { status: 404 });
  return exportReportTable(context.get(databaseContext).db, request, params.table);
}
