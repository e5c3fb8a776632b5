import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { LiveBadge, useLiveUpdates } from "~/admissions/records/live-updates";
import { stateLabelOf } from "~/admissions/submissions/options";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import { type SubmissionStatus, statusLabels, submissionStatuses } from "~/admissions/submissions/submission-status";
import { indiaDateTime } from "~/platform/india-time";
import { courseByValue } from "~/site/course-catalog";
import { rangeOptions, type SubmissionRow } from "~/staff/staff-desk";

export interface SubmissionTableData {
  kind: SubmissionKind;
  rows: SubmissionRow[];
  total: number;
  query: { range: string; q: string; page: number };
  pageCount: number;
  pageSize: number;
}

/** A live, filterable, pageable table of enquiries or registrations with follow-up. */
export function SubmissionTable({
  table,
  title,
  exportPath,
}: {
  table: SubmissionTableData;
  title: string;
  /** Where the CSV of this table is downloaded from, e.g. /staff/export/enquiries (none: no download). */
  exportPath?: string;
}) {
  const live = useLiveUpdates();
  const navigation = useNavigation();
  const loading = live.refreshing || (navigation.state === "loading" && navigation.formMethod === undefined);
  const { query } = table;
  const linkTo = (changes: Partial<typeof query>) => {
    const params = new URLSearchParams({ range: query.range, q: query.q, page: String(query.page) });
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    if (!params.get("q")) params.delete("q");
    if (params.get("page") === "1") params.delete("page");
    return `?${params}`;
  };
  const rangeLabel = rangeOptions.find((o) => o.value === query.range)?.label ?? `Last ${query.range} days`;
  const first = (query.page - 1) * table.pageSize + 1;
  return (
    <section aria-labelledby="table-title">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 id="table-title" className="page-title mb-0">
          {title}
        </h1>
        <LiveBadge state={live.state} />
      </div>
      {/* The key resets the fields when the query changes from elsewhere (a link, the back button). */}
      <Form method="get" className="desk-filters" role="search" key={`${query.range}|${query.q}`}>
        <label>
          <span>Period</span>
          <select name="range" defaultValue={query.range}>
            {rangeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="desk-search">
          <span>Search name, e-mail or mobile</span>
          <input type="search" name="q" defaultValue={query.q} maxLength={100} />
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
        {query.q || query.range !== "7" ? (
          <Link className="desk-link" to="?">
            Clear
          </Link>
        ) : null}
        {exportPath ? (
          <a className="btn-secondary desk-csv" href={`${exportPath}${linkTo({ page: 1 })}`} download>
            Download CSV
          </a>
        ) : null}
      </Form>
      <p className="desk-summary" aria-live="polite">
        {table.total} {table.total === 1 ? "entry" : "entries"} · {rangeLabel}
        {query.q ? ` · matching "${query.q}"` : ""} · newest first
        {table.pageCount > 1 ? ` · showing ${first}–${first + table.rows.length - 1}` : ""}
        {loading ? <span className="desk-loading"> · Loading...</span> : null}
      </p>
      {table.rows.length === 0 ? (
        <p className="desk-empty">
          {query.q
            ? `Nothing matches "${query.q}" in this period. Widen the period or clear the search.`
            : "No entries in this period yet. New ones appear here by themselves; choose a longer period to see older ones."}
        </p>
      ) : (
        <div className="desk-table-wrap">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">Education</th>
                <th scope="col">Place</th>
                {table.kind === "registration" ? <th scope="col">Course</th> : null}
                <th scope="col">Details</th>
                <th scope="col">Follow-up</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.id} data-testid="submission-row" className={`status-${row.status}`}>
                  <td data-label="Submitted">
                    <div>{indiaDateTime.format(new Date(row.createdAt))}</div>
                  </td>
                  <td data-label="Name">
                    <div>
                      <span className="desk-name">{row.name}</span>
                    </div>
                  </td>
                  <td data-label="Contact">
                    <div>
                      <a href={`mailto:${row.email}`}>
                        <EmailText email={row.email} />
                      </a>
                      <br />
                      <a href={`tel:+91${row.mobile}`}>{row.mobile}</a>
                    </div>
                  </td>
                  <td data-label="Education">
                    <div>
                      {row.stream}
                      <br />
                      {row.major}
                    </div>
                  </td>
                  <td data-label="Place">
                    <div>
                      {row.district}
                      <br />
                      {stateLabelOf(row.state)}
                    </div>
                  </td>
                  {table.kind === "registration" ? (
                    <td data-label="Course">
                      <div>
                        {row.course}
                        {row.batch ? <span className="block text-sm">{`Batch: ${row.batch}`}</span> : null}
                      </div>
                    </td>
                  ) : null}
                  <td data-label="Details">
                    <div>
                      {row.repeatOf ? (
                        <Link
                          className="badge"
                          to={`?${new URLSearchParams({ range: "all", q: row.repeatOf })}`}
                          title={`${row.repeatOf} has written in before: show every entry with it`}
                        >
                          Possible duplicate
                        </Link>
                      ) : null}
                      {table.kind === "enquiry" && row.course ? (
                        <p className="desk-source">Asked about: {courseByValue(row.course)?.label ?? row.course}</p>
                      ) : null}
                      {row.question ? (
                        <blockquote className="desk-question" aria-label="Question">
                          {row.question}
                        </blockquote>
                      ) : null}
                      {row.guardian ? (
                        <p className="desk-guardian">
                          <span className="badge">Under 18</span> Parent or guardian: {row.guardian.name},{" "}
                          <a href={`tel:+91${row.guardian.mobile}`}>{row.guardian.mobile}</a>. Call to confirm their
                          consent.
                        </p>
                      ) : null}
                      {row.landingPage || row.campaign ? (
                        <p className="desk-source">
                          Came by {row.landingPage || "an unknown page"}
                          {row.campaign ? ` (${row.campaign})` : ""}
                        </p>
                      ) : null}
                    </div>
                  </td>
                  <td data-label="Follow-up">
                    <div>
                      <FollowUpForm row={row} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.pageCount > 1 ? (
        <nav aria-label="Pages" className="desk-pages">
          {query.page > 1 ? <Link to={linkTo({ page: query.page - 1 })}>Newer entries</Link> : null}
          <span>
            Page {query.page} of {table.pageCount}
          </span>
          {query.page < table.pageCount ? <Link to={linkTo({ page: query.page + 1 })}>Older entries</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

type FollowUpAnswer = { ok: boolean; id?: number; error?: string; message?: string };

function FollowUpForm({ row }: { row: SubmissionRow }) {
  const fetcher = useFetcher<FollowUpAnswer>();
  // Sent before the page script was running, the form was an ordinary post: its answer is the page's.
  const pageAnswer = useActionData() as FollowUpAnswer | undefined;
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? (pageAnswer?.id === row.id ? pageAnswer : undefined);
  const status = useRef<HTMLSelectElement>(null);
  const notes = useRef<HTMLTextAreaElement>(null);
  const shown = useRef({ status: row.status, notes: row.notes });
  // When the stored follow-up changes (someone else saved it, and the live table reloaded),
  // the fields show it, so nobody saves over a colleague's status without seeing it. Only
  // then: what someone is typing is left alone otherwise.
  useEffect(() => {
    if (shown.current.status === row.status && shown.current.notes === row.notes) return;
    shown.current = { status: row.status, notes: row.notes };
    if (status.current) status.current.value = row.status;
    if (notes.current) notes.current.value = row.notes;
  }, [row.status, row.notes]);
  return (
    <fetcher.Form method="post" className="follow-up">
      <input type="hidden" name="intent" value="follow-up" />
      <input type="hidden" name="id" value={row.id} />
      <div className="follow-up-line">
        <label>
          <span className="sr-only">Status of {row.name}</span>
          <select name="status" defaultValue={row.status} ref={status}>
            {submissionStatuses.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status as SubmissionStatus]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-small" disabled={saving}>
          {saving ? "Loading..." : "Save"}
        </button>
      </div>
      <label>
        <span className="sr-only">Notes on {row.name}</span>
        <textarea name="notes" rows={2} defaultValue={row.notes} placeholder="Notes" maxLength={2000} ref={notes} />
      </label>
      <span role="status" className={result?.ok === false ? "follow-up-error" : "follow-up-saved"}>
        {saving ? "" : result?.ok === false ? `Error: ${result.error}` : result?.ok ? "Saved." : ""}
      </span>
      {row.statusUpdatedBy ? (
        <span className="follow-up-who">
          {statusLabels[row.status as SubmissionStatus]} · {row.statusUpdatedBy}
          {row.statusUpdatedAt ? `, ${indiaDateTime.format(new Date(row.statusUpdatedAt))}` : ""}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** An e-mail address that may wrap after its "@" in a narrow column, and nowhere else. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
