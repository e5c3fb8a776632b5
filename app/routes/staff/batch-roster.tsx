import { loadBatchRoster } from "~/admissions/enrolment/batch-roster.server";
import { BatchRoster } from "~/admissions/enrolment/batch-roster-page";
import { requireCourseDesk } from "~/admissions/enrolment/course-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import type { Route } from "./+types/batch-roster";

/**
 * A batch's roster: its enrolled students, on the course's desk (/admin/courses/<id>/batches/<n>
 * and /onlineuser/<key>/course/batches/<n>), for whoever may see the course's students.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const desk = await requireCourseDesk(request, context, params);
  return loadBatchRoster(context.get(databaseContext).db, desk, params.batch);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return deskMeta(loaderData ? `Roster: ${loaderData.batch.line}` : "Roster");
}

export default function BatchRosterRoute({ loaderData }: Route.ComponentProps) {
  return <BatchRoster page={loaderData} />;
}
