import { requireRecordDesk } from "~/admissions/records/record-access.server";
import { exportRecordList } from "~/admissions/records/record-list.server";
import { databaseContext } from "~/platform/context.server";
import type { Route } from "./+types/students-csv";

/**
 * The students list's filtered set as a CSV file: the same filters as the list (from the query
 * string), the same scope as the desk that links to it. A resource route: no page renders here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, scope } = await requireRecordDesk(request, context, params);
  return exportRecordList(context.get(databaseContext).db, request, staff, scope);
}
