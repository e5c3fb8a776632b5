import { IntakeLinks } from "~/admissions/intake/intake-links";
import { dayLogAction, loadMyDay } from "~/admissions/my-day/day-desk.server";
import {
  DayGroupsList,
  DayJumpLinks,
  dayHeadingDate,
  useLogAnswer,
  workingDuration,
} from "~/admissions/my-day/day-groups";
import { LiveBadge, useLiveUpdates } from "~/admissions/records/live-updates";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { requireStaff, staffRoles } from "~/staff/permissions.server";
import type { Route } from "./+types/day";

/** My day: the signed-in account's records in four groups, most urgent first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  return loadMyDay(context.get(databaseContext).db, staff, request);
}

/** A row's log form. Without JavaScript: back to My day, which says what was saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  return dayLogAction(request, context.get(databaseContext).db, staff, "/desk/day");
}

export function meta() {
  return deskMeta("My day");
}

export default function MyDay({ loaderData, actionData }: Route.ComponentProps) {
  const live = useLiveUpdates();
  const answer = useLogAnswer();
  const page = loaderData;
  const problem = actionData && !actionData.ok ? actionData : undefined;
  const message = answer.message ?? page.logged;
  return (
    <section aria-labelledby="day-title" className="day">
      <div className="day-top">
        <h1 id="day-title" className="page-title mb-0">
          My day <span className="day-date">{dayHeadingDate(page.now)}</span>
        </h1>
        <LiveBadge state={live.state} />
      </div>
      <IntakeLinks base={page.base} />
      <p role="status" className="day-done">
        {message}
      </p>
      {page.late > 0 ? (
        <p className="day-late-note">
          <a href={page.lateHref}>
            {page.late} new {page.late === 1 ? "student has" : "students have"} waited over{" "}
            {workingDuration(page.firstContactWithinMinutes)} of working time for a first call
          </a>
        </p>
      ) : null}
      <DayJumpLinks groups={page.groups} />
      <DayGroupsList
        groups={page.groups}
        now={page.now}
        choices={page.choices}
        action="/desk/day"
        problem={problem}
        firstContactWithinMinutes={page.firstContactWithinMinutes}
        onLog={answer.onLog}
      />
    </section>
  );
}
