import { Link } from "react-router";
import { dayLogAction, loadTeamDay } from "~/admissions/my-day/day-desk.server";
import { DayGroupsList, dayHeadingDate, roughly, useLogAnswer, workingDuration } from "~/admissions/my-day/day-groups";
import { dayGroupLabels, dayGroupShortLabels, dayGroups } from "~/admissions/my-day/my-day";
import { LiveBadge, useLiveUpdates } from "~/admissions/records/live-updates";
import { courseLabelOf } from "~/admissions/records/record-list";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { indiaDateTime } from "~/platform/india-time";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/team";

/** The team's day: each counsellor's groups, the new students nobody called in time, the Unassigned queue, who is away. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return loadTeamDay(context.get(databaseContext).db, staff, request);
}

/** A log form of the Unassigned queue. Without JavaScript: back to the team view. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return dayLogAction(request, context.get(databaseContext).db, staff, "/desk/team");
}

export function meta() {
  return deskMeta("Team day");
}

const days: Record<string, string> = {
  sun: "Sun",
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
};

interface ToDoRow {
  id: number;
  name: string;
  href: string;
  courses: string[];
  branch: string;
  ownerName: string | null;
}

/** A list of the team's to-dos: its count, what it is, its students (the longest waiting first), and a link to all. */
function TeamToDo<Row extends ToDoRow>(props: {
  id: string;
  className?: string;
  title: string;
  total: number;
  hint: string;
  empty: string;
  rows: Row[];
  more: { href: string; text: string };
  children: (row: Row) => React.ReactNode;
}) {
  const titleId = `${props.id}-title`;
  return (
    <section aria-labelledby={titleId} className={`day-group ${props.className ?? ""}`.trim()}>
      <h2 id={titleId} className="day-group-title">
        {props.title} <span className="day-group-count">{props.total}</span>
      </h2>
      <p className="desk-hint">{props.hint}</p>
      {props.rows.length === 0 ? (
        <p className="day-empty">{props.empty}</p>
      ) : (
        <ol className="day-late-list">
          {props.rows.map((row) => (
            <li key={row.id} data-testid={`${props.id}-row`}>
              {props.children(row)}
            </li>
          ))}
        </ol>
      )}
      {props.total > props.rows.length ? (
        <p className="day-more">
          <Link to={props.more.href}>{props.more.text}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** A to-do's student: name (to the record), courses, branch and owner. */
function StudentLine({ row, noCourse }: { row: ToDoRow; noCourse: string }) {
  return (
    <>
      <Link to={row.href} className="day-name">
        {row.name}
      </Link>{" "}
      <span className="day-meta">
        {row.courses.length ? row.courses.map(courseLabelOf).join(", ") : noCourse} · {row.branch} ·{" "}
        {row.ownerName ?? <strong>Unassigned</strong>}
      </span>
      <br />
    </>
  );
}

export default function TeamDay({ loaderData, actionData }: Route.ComponentProps) {
  const live = useLiveUpdates();
  const answer = useLogAnswer();
  const page = loaderData;
  const problem = actionData && !actionData.ok ? actionData : undefined;
  const now = new Date(page.now).getTime();
  const limit = workingDuration(page.firstContactWithinMinutes);
  const hours = page.workingHours;
  const workingDays =
    hours.days.length > 1
      ? `${days[hours.days[0] ?? ""]}–${days[hours.days.at(-1) ?? ""]}`
      : (days[hours.days[0] ?? ""] ?? "");
  return (
    <section aria-labelledby="team-title" className="day">
      <div className="day-top">
        <h1 id="team-title" className="page-title mb-0">
          Team day <span className="day-date">{dayHeadingDate(page.now)}</span>
        </h1>
        <LiveBadge state={live.state} />
      </div>
      <p role="status" className="day-done">
        {answer.message ?? page.logged}
      </p>

      <TeamToDo
        id="late"
        className="day-group-late"
        title={`Not contacted within ${limit}`}
        total={page.uncontacted.total}
        hint={`New students nobody has called, messaged or e-mailed within ${limit} of working time (${workingDays} ${hours.start}–${hours.end}, India time), the longest waiting first.`}
        empty="Every new student was contacted in time."
        rows={page.uncontacted.rows}
        more={{ href: page.uncontacted.showAll, text: `Show all ${page.uncontacted.total}` }}
      >
        {(row) => (
          <>
            <StudentLine row={row} noCourse="Enquiry" />
            <span className="day-when">
              Arrived <time dateTime={row.createdAt}>{indiaDateTime.format(new Date(row.createdAt))}</time> (
              {roughly(now - new Date(row.createdAt).getTime())} ago):{" "}
              <strong className="day-late">waiting {workingDuration(row.waitedMinutes)} of working time</strong>
            </span>
          </>
        )}
      </TeamToDo>

      <TeamToDo
        id="undecided"
        title="Enrolled, batch not decided"
        total={page.undecided.total}
        hint="Students set to Enrolled without a batch: choose their batch on the record (Stage) so that the batch's seats count them. The longest waiting first."
        empty="Every enrolled student has a batch."
        rows={page.undecided.rows}
        more={{ href: page.undecided.showAll, text: "Show all enrolled students" }}
      >
        {(row) => (
          <>
            <StudentLine row={row} noCourse="No course" />
            <span className="day-when">
              Enrolled or last changed{" "}
              <time dateTime={row.updatedAt}>{indiaDateTime.format(new Date(row.updatedAt))}</time>
            </span>
          </>
        )}
      </TeamToDo>

      <section aria-labelledby="members-title" className="day-group">
        <h2 id="members-title" className="day-group-title">
          By counsellor
        </h2>
        <div className="desk-table-wrap">
          <table className="desk-table day-team-table">
            <thead>
              <tr>
                <th scope="col">Counsellor</th>
                {dayGroups.map((group) => (
                  <th key={group} scope="col">
                    {dayGroupLabels[group]}
                  </th>
                ))}
                <th scope="col">Not contacted in time</th>
              </tr>
            </thead>
            <tbody>
              {[...page.members, page.unassigned].map((member) => (
                <tr key={member.ownerId ?? "unassigned"} data-testid="team-row">
                  <th scope="row" data-label="Counsellor">
                    {member.ownerId ? member.name : <em>Unassigned queue</em>}
                    {member.away ? <span className="badge">Away</span> : null}
                  </th>
                  {dayGroups.map((group) => (
                    <td key={group} data-label={dayGroupShortLabels[group]}>
                      {member.totals[group] > 0 ? (
                        <Link to={member.links[group]}>{member.totals[group]}</Link>
                      ) : (
                        <span className="record-muted">0</span>
                      )}
                    </td>
                  ))}
                  <td data-label="late" className={member.late > 0 ? "record-overdue" : undefined}>
                    {member.late > 0 ? (
                      <Link to={member.links.late}>{member.late}</Link>
                    ) : (
                      <span className="record-muted">0</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="away-title" className="day-group">
        <h2 id="away-title" className="day-group-title">
          Away
        </h2>
        {page.away.length === 0 ? (
          <p className="day-empty">Nobody is marked away.</p>
        ) : (
          <ul className="day-away">
            {page.away.map((account) => (
              <li key={account.id}>
                {account.name} <span className="record-muted">({account.email})</span>
              </li>
            ))}
          </ul>
        )}
        <p className="desk-hint">
          Who is away, and each course's pool, is set on <Link to="/admin/assignment">Assignment</Link>: nobody away
          gets new students.
        </p>
      </section>

      <section aria-labelledby="queue-title" className="day-queue">
        <h2 id="queue-title" className="day-queue-title">
          Unassigned queue
        </h2>
        <DayGroupsList
          groups={page.queue}
          now={page.now}
          choices={page.choices}
          action="/desk/team"
          problem={problem}
          firstContactWithinMinutes={page.firstContactWithinMinutes}
          onLog={answer.onLog}
          headingLevel={3}
          idPrefix="queue-"
        />
      </section>
    </section>
  );
}
