import { Link } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { indiaFormat } from "~/platform/india-time";
import { listAudit } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/permissions.server";
import { listStaff } from "~/staff/staff-accounts.server";
import type { Route } from "./+types/audit";

export const meta = () => deskMeta("Audit log");

const perPage = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const page = Math.max(1, Math.min(100_000, Math.trunc(Number(new URL(request.url).searchParams.get("page"))) || 1));
  const { db } = context.get(databaseContext);
  const [{ rows, total }, accounts] = await Promise.all([
    listAudit(db, { limit: perPage, offset: (page - 1) * perPage }),
    listStaff(db),
  ]);
  // Lines about records written before owners were named there carry account ids: show names.
  const names = new Map(accounts.map((account) => [account.id, account.name || account.email]));
  return {
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
    total,
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      subject: r.subject,
      detail: r.action.startsWith("student.") ? withOwnerNames(detailText(r.detail), names) : detailText(r.detail),
    })),
  };
}

/** "status: contacted, notesLength: 12" rather than JSON. */
function detailText(detail: unknown): string {
  if (!detail || typeof detail !== "object") return "";
  return Object.entries(detail as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${value === null || value === "" ? "(none)" : String(value)}`)
    .join(", ");
}

/** "owner: 3kQx… -> unassigned" with the accounts' names instead of their ids. */
function withOwnerNames(text: string, names: Map<string, string>): string {
  return text.replace(/owner: (\S+) -> (\S+)/, (whole, from: string, to: string) => {
    const name = (id: string) => names.get(id) ?? id;
    return names.has(from) || names.has(to) ? `owner: ${name(from)} -> ${name(to)}` : whole;
  });
}

/** What each recorded action means, in the words of the desk. */
const actionLabels: Record<string, string> = {
  "enquiry.follow-up": "Follow-up on an enquiry",
  "registration.follow-up": "Follow-up on a registration",
  "start-date.set": "Start date set",
  "start-date.clear": "Start date cleared",
  "course.update": "Course content saved",
  "course.restore": "Course content restored",
  "batch.add": "Batch added",
  "batch.update": "Batch changed",
  "batch.remove": "Batch removed",
  "headline-numbers.update": "Headline numbers saved",
  "placed-student.add": "Placed student added",
  "placed-student.update": "Placed student changed",
  "placed-student.remove": "Placed student removed",
  "partner.add": "Partner added",
  "partner.remove": "Partner removed",
  "reviews.update": "Reviews saved",
  "branch.update": "Branch details saved",
  "photo.add": "Photo added",
  "photo.update": "Photo details changed",
  "photo.replace": "Photo replaced",
  "photo.remove": "Photo removed",
  "staff.create": "Staff account created",
  "staff.set-role": "Staff role changed",
  "staff.reset-password": "Staff password set",
  "staff.remove": "Staff account removed",
  "student.stage": "Student's stage changed",
  "student.owner": "Student reassigned",
  "student.follow-up": "Student's follow-up set",
  "student.note": "Note on a student",
  "student.call": "Call logged",
  "student.whatsapp": "WhatsApp message logged",
  "student.merge": "Student records merged",
  "student.reassign": "Students reassigned",
  "student-data.export": "Student's data downloaded",
  "student-data.delete": "Student's data deleted",
  "whatsapp-templates.update": "WhatsApp messages saved",
};

const when = indiaFormat({ dateStyle: "medium", timeStyle: "medium" });

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { page, pages } = loaderData;
  return (
    <div>
      <h1 className="page-title">Audit log</h1>
      <p className="mb-4 text-slate-700">
        Every change made from the staff desk or the command line: who, what and when. Newest first
        {loaderData.total > 0 ? ` · ${loaderData.total} in all` : ""}.
      </p>
      {loaderData.rows.length === 0 ? (
        <p className="desk-empty">No changes recorded yet.</p>
      ) : (
        // The table may scroll sideways: its box takes keyboard focus, so it can be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <section className="desk-table-wrap" aria-label="Audit log entries" tabIndex={0}>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Subject</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="When">
                    <div>{when.format(new Date(row.at))}</div>
                  </td>
                  <td data-label="Who">
                    <div>{row.actor}</div>
                  </td>
                  <td data-label="What">
                    <div title={row.action}>{actionLabels[row.action] ?? row.action}</div>
                  </td>
                  <td data-label="Subject">
                    <div>{row.subject}</div>
                  </td>
                  <td data-label="Detail">
                    <div className="text-sm">{row.detail}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="desk-pages">
          {page > 1 ? <Link to={page === 2 ? "?" : `?page=${page - 1}`}>Newer changes</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`?page=${page + 1}`}>Older changes</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
