import { batchRosterCsv } from "~/admissions/enrolment/batch-roster.server";
import { requireCourseDesk } from "~/admissions/enrolment/course-desk.server";
import { databaseContext } from "~/platform/context.server";
import type { Route } from "./+types/batch-roster-csv";

/** A batch's roster as a CSV file, for whoever may see the course's students. No page renders here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { courseKey } = await requireCourseDesk(request, context, params);
  return batchRosterCsv(context.get(databaseContext).db, courseKey, params.batch);
}
