import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { IntakeLinks } from "~/admissions/intake/intake-links";
import { dayGroupLabels, isDayGroup } from "~/admissions/my-day/my-day";
import type { RecordRowView } from "~/admissions/records/record-views";
import { stageLabels } from "~/admissions/records/stage-labels";
import { studentStages } from "~/admissions/records/student-stages";
import { IndiaTime } from "~/components/desk/india-time";
import { indiaFormat } from "~/platform/india-time";
import { indianNumber } from "~/platform/indian-numbers";
import { courseByValue } from "~/site/course-catalog";
import { LiveBadge, useLiveUpdates } from "./live-updates";

export interface RecordListData {
  query: {
    q: string;
    stage: string;
    owner: string;
    course: string;
    branch: string;
    source: string;
    followUp: string;
    from: string;
    to: string;
    sort: string;
    page: number;
    /** One of My day's groups, or "late" (app/admissions/my-day/my-day.ts). */
    day: string;
  };
  rows: RecordRowView[];
  total: number;
  /** More match than `total` (the list counts only so far: "1,000+ students"). */
  atLeast: boolean;
  pageCount: number;
  pageSize: number;
  owners: { id: string; name: string }[];
  courses: readonly string[];
  /** The branch filter's choices (a branch, or "unknown": not known yet). */
  branches: readonly { value: string; label: string }[];
  /** Back from a record whose branch was given to another branch: it has left this desk. */
  branchGiven?: boolean;
  /** After "Reassign selected": how many moved, and to whom (null: Unassigned). */
  reassigned: { count: number; to: string | null } | null;
}

/** What a refused "Reassign selected" form sends back: the message, its field, and what was chosen. */
export interface ReassignProblem {
  ok: false;
  error: string;
  field: "ids" | "ownerId" | "reason";
  values: { ids: string[]; ownerId: string; reason: string };
}

const sortLabels: Record<string, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  updated: "Recently worked on",
  "follow-up": "Next follow-up",
  name: "Name",
};

function dayFilterLabel(day: string): string {
  return isDayGroup(day) ? dayGroupLabels[day] : "New, not contacted in time";
}

function withoutDay(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("day");
  next.delete("page");
  return `?${next}`;
}

/** The day a record was made, India time: "25 Nov 2026". */
const deskDate = indiaFormat({ dateStyle: "medium" });

export function courseLabelOf(value: string): string {
  return courseByValue(value)?.label ?? value;
}

/** The records of a desk: search and filters (a GET form that works without JavaScript), a dense table, pages. */
export function RecordList({ list, base, refused }: { list: RecordListData; base: string; refused?: ReassignProblem }) {
  const live = useLiveUpdates();
  const navigation = useNavigation();
  const loading = live.refreshing || (navigation.state === "loading" && navigation.formMethod === undefined);
  const { query } = list;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== "" && !(key === "page" && value === 1) && !(key === "sort" && value === "newest")) {
      params.set(key, String(value));
    }
  }
  const linkTo = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete("page");
    else next.set("page", String(page));
    return `?${next}`;
  };
  const csv = new URLSearchParams(params);
  csv.delete("page");
  const filtered = [...params.keys()].some((key) => key !== "page" && key !== "sort");
  const first = (query.page - 1) * list.pageSize + 1;
  return (
    <section aria-labelledby="records-title">
      <div className="record-list-head flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 id="records-title" className="page-title mb-0">
          Students
        </h1>
        <LiveBadge state={live.state} />
        {/* In the heading's row: the list keeps its height for the students (12 rows at 1366x768). */}
        <IntakeLinks base={base} />
      </div>
      {query.day ? (
        <p className="desk-summary">
          From My day: <strong>{dayFilterLabel(query.day)}</strong>{" "}
          <Link to={withoutDay(params)}>Show every record</Link>
        </p>
      ) : null}
      <Form method="get" className="desk-filters record-filters" role="search" key={params.toString()}>
        {query.day ? <input type="hidden" name="day" value={query.day} /> : null}
        <label className="desk-search">
          <span>Search name, mobile or e-mail</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={100} />
        </label>
        <label>
          <span>Stage</span>
          <select name="stage" defaultValue={query.stage}>
            <option value="">Any</option>
            {studentStages.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabels[stage]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Owner</span>
          <select name="owner" defaultValue={query.owner}>
            <option value="">Anyone</option>
            <option value="me">Me</option>
            <option value="unassigned">Unassigned</option>
            {list.owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
        </label>
        {list.courses.length > 1 ? (
          <label>
            <span>Course</span>
            <select name="course" defaultValue={query.course}>
              <option value="">Any</option>
              {list.courses.map((course) => (
                <option key={course} value={course}>
                  {courseLabelOf(course)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          <span>Branch</span>
          <select name="branch" defaultValue={query.branch}>
            <option value="">Any</option>
            {list.branches.map((branch) => (
              <option key={branch.value} value={branch.value}>
                {branch.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Follow-up</span>
          <select name="followUp" defaultValue={query.followUp}>
            <option value="">Any</option>
            <option value="overdue">Overdue</option>
            <option value="today">Today</option>
            <option value="none">None set</option>
          </select>
        </label>
        <label>
          <span>Source or campaign</span>
          <input type="text" name="source" defaultValue={query.source} maxLength={100} size={10} />
        </label>
        <label>
          <span>Created from</span>
          <input type="date" name="from" defaultValue={query.from} />
        </label>
        <label>
          <span>to</span>
          <input type="date" name="to" defaultValue={query.to} />
        </label>
        <label>
          <span>Sort</span>
          <select name="sort" defaultValue={query.sort}>
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
        {filtered ? (
          <Link className="desk-link" to="?">
            Clear
          </Link>
        ) : null}
        <a className="btn-secondary desk-csv" href={`${base}/csv${csv.size ? `?${csv}` : ""}`} download>
          Download CSV
        </a>
      </Form>
      <p className="desk-summary" aria-live="polite">
        {indianNumber(list.total)}
        {list.atLeast ? "+" : ""} {list.total === 1 && !list.atLeast ? "student" : "students"}
        {query.q ? ` matching "${query.q}"` : ""} · {sortLabels[query.sort] ?? ""}
        {list.pageCount > 1 ? ` · showing ${first}–${first + list.rows.length - 1}` : ""}
        {loading ? <span className="desk-loading"> · Loading...</span> : null}
      </p>
      {list.branchGiven ? (
        <p role="status" className="desk-result desk-result-ok">
          Branch saved. The student now belongs to another branch than yours, so their record has left your list.
        </p>
      ) : null}
      {list.reassigned ? (
        <p role="status" className="desk-result desk-result-ok">
          {list.reassigned.count === 1 ? "1 student" : `${list.reassigned.count} students`} reassigned to{" "}
          {list.reassigned.to ?? "Unassigned"}.
        </p>
      ) : null}
      {list.rows.length === 0 ? (
        <p className="desk-empty">
          {filtered
            ? "No student matches. Search covers every record ever made: check the spelling, or clear a filter."
            : "No students yet. A new enquiry or registration appears here by itself."}
        </p>
      ) : (
        <Form method="post" className="record-bulk" aria-label="Reassign students">
          <ReassignControls owners={list.owners} refused={refused} />
          <table className="record-table">
            <thead>
              <tr>
                <th scope="col" className="record-col-pick">
                  <PickAll />
                </th>
                <th scope="col">Name</th>
                <th scope="col" className="record-col-mobile">
                  Mobile
                </th>
                <th scope="col" className="record-col-wide record-col-courses">
                  Courses
                </th>
                <th scope="col" className="record-col-wide record-col-branch">
                  Branch
                </th>
                <th scope="col" className="record-col-stage">
                  Stage
                </th>
                <th scope="col" className="record-col-wide record-col-owner">
                  Owner
                </th>
                <th scope="col" className="record-col-follow-up">
                  Follow-up
                </th>
                <th scope="col" className="record-col-wide record-col-created">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id} data-testid="record-row">
                  <td className="record-col-pick">
                    <input
                      type="checkbox"
                      name="id"
                      value={row.id}
                      aria-label={`Select ${row.name}`}
                      defaultChecked={refused?.values.ids.includes(String(row.id))}
                    />
                  </td>
                  <td data-label="Name" className="record-name">
                    <Link to={`${base}/${row.id}`}>{row.name}</Link>
                    {row.duplicate ? (
                      <span className="record-duplicate" title="Another record looks like the same student">
                        {" "}
                        Duplicate?
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Mobile">
                    <a href={`tel:+91${row.mobile}`}>{row.mobile}</a>
                  </td>
                  <td data-label="Courses" className="record-col-wide">
                    {row.courses.length ? row.courses.map(courseLabelOf).join(", ") : "Enquiry"}
                  </td>
                  <td data-label="Branch" className="record-col-wide record-col-branch">
                    {row.branch}
                    {row.branchGuess ? (
                      <span title="Guessed from the state: to be confirmed">
                        ?<span className="sr-only"> (guessed from state)</span>
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Stage">
                    <span className={`stage stage-${row.stage}`}>{stageLabels[row.stage]}</span>
                  </td>
                  <td data-label="Owner" className="record-col-wide">
                    {row.ownerName ?? <span className="record-muted">Unassigned</span>}
                  </td>
                  <td data-label="Follow-up" className={row.overdue ? "record-overdue" : undefined}>
                    {row.nextFollowUpAt ? (
                      <>
                        {row.overdue ? "Overdue: " : ""}
                        <IndiaTime iso={row.nextFollowUpAt} compact />
                      </>
                    ) : (
                      <span className="record-muted">None</span>
                    )}
                  </td>
                  <td data-label="Created" className="record-col-wide">
                    <time dateTime={row.createdAt}>{deskDate.format(new Date(row.createdAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      )}
      {list.pageCount > 1 ? (
        <nav aria-label="Pages" className="desk-pages">
          {query.page > 1 ? <Link to={linkTo(query.page - 1)}>Previous page</Link> : null}
          <span>
            Page {query.page} of {list.pageCount}
            {list.atLeast ? "+" : ""}
          </span>
          {query.page < list.pageCount || list.atLeast ? <Link to={linkTo(query.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

/**
 * The list's bulk action: the ticked students go to the chosen owner (or Unassigned), with an
 * optional reason on each timeline. A plain form post: it works without JavaScript.
 */
function ReassignControls({ owners, refused }: { owners: { id: string; name: string }[]; refused?: ReassignProblem }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.has("ownerId") === true;
  const error = (field: ReassignProblem["field"]) => (refused?.field === field ? refused.error : undefined);
  return (
    <div className="record-bulk-bar">
      <label>
        <span>Reassign selected to…</span>
        <select
          name="ownerId"
          defaultValue={refused?.values.ownerId ?? ""}
          aria-invalid={error("ownerId") ? true : undefined}
          aria-describedby="reassign-error"
        >
          <option value="">Unassigned</option>
          {owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Reason (optional)</span>
        <input
          type="text"
          name="reason"
          maxLength={500}
          size={24}
          defaultValue={refused?.values.reason ?? ""}
          aria-invalid={error("reason") ? true : undefined}
          aria-describedby="reassign-error"
        />
      </label>
      <button type="submit" className="btn-secondary" disabled={busy}>
        Reassign selected
      </button>
      <p id="reassign-error" role={refused ? "alert" : undefined} className="record-bulk-error">
        {refused ? `Error: ${refused.error}` : ""}
      </p>
    </div>
  );
}

/** Ticks or clears every row of this page; only with JavaScript (without it, each row is ticked by itself). */
function PickAll() {
  const [ready, setReady] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);
  if (!ready) return <span className="record-hidden-label">Select</span>;
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select every student on this page"
      onChange={(event) => {
        const table = event.currentTarget.closest("table");
        for (const input of table?.querySelectorAll<HTMLInputElement>("tbody input[name=id]") ?? []) {
          input.checked = event.currentTarget.checked;
        }
      }}
    />
  );
}
