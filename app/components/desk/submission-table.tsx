import { Form, useFetcher } from "react-router";
import {
  rangeOptions,
  type SubmissionRow,
  type SubmissionStatus,
  statusLabels,
  submissionStatuses,
} from "~/lib/staff-desk";
import { LiveBadge, useLiveUpdates } from "./live-updates";

export interface SubmissionTableData {
  kind: "enquiry" | "registration";
  rows: SubmissionRow[];
  total: number;
  query: { range: string; q: string; page: number };
  pageCount: number;
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** A live, filterable, pageable table of enquiries or registrations with follow-up. */
export function SubmissionTable({
  table,
  title,
  exportPath,
}: {
  table: SubmissionTableData;
  title: string;
  /** Where the CSV of this table is downloaded from, e.g. /staff/export/enquiries. */
  exportPath: string;
}) {
  const live = useLiveUpdates();
  const { query } = table;
  const linkTo = (changes: Partial<typeof query>) => {
    const params = new URLSearchParams({ range: query.range, q: query.q, page: String(query.page) });
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    if (!params.get("q")) params.delete("q");
    if (params.get("page") === "1") params.delete("page");
    return `?${params}`;
  };
  const rangeLabel = rangeOptions.find((o) => o.value === query.range)?.label ?? `Last ${query.range} days`;
  return (
    <section aria-labelledby="table-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="table-title" className="page-title mb-0">
          {title}
        </h1>
        <LiveBadge state={live.state} />
      </div>
      <Form method="get" className="desk-filters" role="search">
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
        <label>
          <span>Search name, e-mail or mobile</span>
          <input type="search" name="q" defaultValue={query.q} />
        </label>
        <button type="submit" className="btn-secondary">
          Show
        </button>
        <a className="btn-secondary" href={`${exportPath}${linkTo({ page: 1 })}`} download>
          Download CSV
        </a>
      </Form>
      <p className="my-3 text-sm text-slate-700">
        {table.total} {table.total === 1 ? "entry" : "entries"} · {rangeLabel}
        {query.q ? ` · matching "${query.q}"` : ""} · newest first
      </p>
      {table.rows.length === 0 ? (
        <p className="desk-empty">Nothing here for this period. Widen the period or clear the search.</p>
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
                <th scope="col">Follow-up</th>
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.id} data-testid="submission-row">
                  <td>{when.format(new Date(row.createdAt))}</td>
                  <td>
                    {row.name}
                    {row.repeat ? (
                      <span className="badge" title="The same e-mail or mobile has written in before">
                        Possible duplicate
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <a href={`mailto:${row.email}`}>{row.email}</a>
                    <br />
                    <a href={`tel:+91${row.mobile}`}>{row.mobile}</a>
                  </td>
                  <td>
                    {row.stream}
                    <br />
                    {row.major}
                  </td>
                  <td>
                    {row.district}
                    <br />
                    {row.state}
                  </td>
                  {table.kind === "registration" ? <td>{row.course}</td> : null}
                  <td>
                    <FollowUpForm row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          {query.page > 1 ? <a href={linkTo({ page: query.page - 1 })}>Previous page</a> : null}
          <span>
            Page {query.page} of {table.pageCount}
          </span>
          {query.page < table.pageCount ? <a href={linkTo({ page: query.page + 1 })}>Next page</a> : null}
        </nav>
      ) : null}
    </section>
  );
}

function FollowUpForm({ row }: { row: SubmissionRow }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string; message?: string }>();
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="follow-up">
      <input type="hidden" name="intent" value="follow-up" />
      <input type="hidden" name="id" value={row.id} />
      <label>
        <span className="sr-only">Status of {row.name}</span>
        <select name="status" defaultValue={row.status}>
          {submissionStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status as SubmissionStatus]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">Notes on {row.name}</span>
        <textarea name="notes" rows={2} defaultValue={row.notes} placeholder="Notes" maxLength={2000} />
      </label>
      <button type="submit" className="btn-small" disabled={saving}>
        {saving ? "Loading..." : "Save"}
      </button>
      <span role="status" className="text-xs">
        {fetcher.data?.ok === false ? `Error: ${fetcher.data.error}` : fetcher.data?.ok ? "Saved." : ""}
      </span>
      {row.statusUpdatedBy ? (
        <span className="block text-xs text-slate-600">
          {statusLabels[row.status as SubmissionStatus]} · {row.statusUpdatedBy}
          {row.statusUpdatedAt ? `, ${when.format(new Date(row.statusUpdatedAt))}` : ""}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
