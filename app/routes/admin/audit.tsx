import { databaseContext } from "~/server/context.server";
import { requireStaff } from "~/server/permissions.server";
import { listAudit } from "~/server/repositories/audit-log.server";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const { rows, total } = await listAudit(context.get(databaseContext).db, { limit: 100, offset: (page - 1) * 100 });
  return {
    page,
    pages: Math.max(1, Math.ceil(total / 100)),
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString(), detail: r.detail ? JSON.stringify(r.detail) : "" })),
  };
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" });

export default function Audit({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="page-title">Audit log</h1>
      <p className="mb-4 text-slate-700">
        Every change made from the staff desk or the command line: who, what and when.
      </p>
      {loaderData.rows.length === 0 ? (
        <p className="desk-empty">No changes recorded yet.</p>
      ) : (
        <div className="desk-table-wrap">
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
                  <td>{when.format(new Date(row.at))}</td>
                  <td>{row.actor}</td>
                  <td>{row.action}</td>
                  <td>{row.subject}</td>
                  <td className="font-mono text-xs">{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaderData.pages > 1 ? (
        <p className="mt-4">
          Page {loaderData.page} of {loaderData.pages}
          {loaderData.page < loaderData.pages ? (
            <>
              {" "}
              · <a href={`?page=${loaderData.page + 1}`}>Older</a>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
