import { data, Form, redirect } from "react-router";
import { courseOptions } from "~/admissions/submissions/options";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage, FormMessage } from "~/components/forms";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { indiaDateTime, indiaFormat } from "~/platform/india-time";
import { describeCounts, eraseEntries, purgeExpired, retentionCutoff } from "~/privacy/data-protection.server";
import { findStudentEntries, parseStudentKey } from "~/privacy/student-data.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/privacy";

export const meta = () => deskMeta("Students' data");

// Students' requests about their data: find everything sent with one e-mail address or
// mobile number, and delete it on request (recorded in the audit log, by ids only).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 300);
  const key = query ? parseStudentKey(query) : undefined;
  const entries = key ? await findStudentEntries(context.get(databaseContext).db, key) : [];
  return {
    query,
    invalid: query !== "" && !key,
    deleted: params.get("deleted"),
    entries: entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
      course: courseOptions.find((option) => option.value === entry.course)?.label ?? entry.course,
    })),
    retentionMonths: site.privacy.retentionMonths,
    cutoff: retentionCutoff().toISOString(),
  };
}

type Result = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  const { db } = context.get(databaseContext);
  const fail = (error: string) => data<Result>({ ok: false, error }, { status: 400 });
  switch (form.get("intent")) {
    case "delete": {
      const key = parseStudentKey(String(form.get("q") ?? ""));
      if (!key) return fail("Please enter the student's e-mail address or 10-digit mobile number.");
      if (form.get("confirm") !== "yes") {
        return fail("Please tick the box to confirm that the student asked for their data to be deleted.");
      }
      const entries = await findStudentEntries(db, key);
      if (entries.length === 0) return fail("Nothing is stored with that e-mail address or mobile number.");
      const counts = await eraseEntries(db, entries, { actor: staff.email, action: "student-data.delete" });
      return redirect(`/admin/privacy?deleted=${encodeURIComponent(describeCounts(counts))}`);
    }
    case "purge": {
      const result = await purgeExpired(db, { actor: staff.email });
      return data<Result>({
        ok: true,
        message: `Deleted ${describeCounts(result)} older than ${site.privacy.retentionMonths} months.`,
      });
    }
    default:
      return fail("Unknown action.");
  }
}

const day = indiaFormat({ dateStyle: "long" });

export default function StudentsData({ loaderData, actionData }: Route.ComponentProps) {
  const { query, invalid, deleted, entries, retentionMonths, cutoff } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Students' data</h1>
      {deleted ? (
        <FormMessage tone="success">
          Deleted {deleted}, with the e-mail about them. The audit log records it.
        </FormMessage>
      ) : null}
      <ActionMessage result={actionData} />

      <section aria-labelledby="requests" className="space-y-3">
        <h2 id="requests" className="text-xl font-bold">
          A student's request
        </h2>
        <p className="text-slate-700">
          When a student asks what we hold about them, or asks us to delete it, find their entries by the e-mail address
          or mobile number they used. Students can also withdraw consent themselves with the link in their
          acknowledgement e-mail.
        </p>
        <Form method="get" className="desk-filters">
          <label>
            <span>E-mail or mobile number</span>
            <input type="search" name="q" defaultValue={query} autoComplete="off" />
          </label>
          <button type="submit" className="btn-secondary">
            Find
          </button>
        </Form>
        {invalid ? (
          <p role="alert" className="form-alert">
            Please enter an e-mail address or a 10-digit mobile number.
          </p>
        ) : null}
        {query && !invalid ? (
          entries.length === 0 ? (
            <p className="desk-empty">Nothing is stored with {query}.</p>
          ) : (
            <>
              <div className="desk-table-wrap">
                <table className="desk-table">
                  <caption className="p-2 text-left font-bold">
                    {entries.length} {entries.length === 1 ? "entry" : "entries"} for {query}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Sent</th>
                      <th scope="col">Form</th>
                      <th scope="col">Name</th>
                      <th scope="col">E-mail</th>
                      <th scope="col">Mobile</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={`${entry.kind}-${entry.id}`}>
                        <td>{indiaDateTime.format(new Date(entry.createdAt))}</td>
                        <td>
                          {entry.kind === "enquiry"
                            ? "Enquiry"
                            : entry.kind === "intake"
                              ? "Added on the desk or imported"
                              : `Registration: ${entry.course}`}
                        </td>
                        <td>{entry.name}</td>
                        <td>{entry.email}</td>
                        <td>{entry.mobile}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Form method="post" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="q" value={query} />
                <div className="check-field-row">
                  <input type="checkbox" id="confirm-deletion" name="confirm" value="yes" />
                  <label htmlFor="confirm-deletion">
                    The student asked for their data to be deleted, and I have checked it is them.
                  </label>
                </div>
                <button type="submit" className="btn-primary">
                  {entries.length === 1 ? "Delete this entry" : `Delete these ${entries.length} entries`}
                </button>
              </Form>
              <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
                <h3 className="font-bold">The student's own data</h3>
                <p className="text-slate-700">
                  When the student asks what we hold about them: one file (JSON) with their record, every form they sent
                  and the record's timeline. Each download is recorded in the audit log.
                </p>
                {[...new Set(entries.map((entry) => entry.studentId).filter((id): id is number => id !== null))].map(
                  (id) => (
                    <form key={id} method="post" action={`/admin/students/${id}/data`}>
                      <button type="submit" className="btn-secondary">
                        Download record {id}'s data
                      </button>
                    </form>
                  ),
                )}
              </div>
            </>
          )
        ) : null}
      </section>

      <section aria-labelledby="retention" className="space-y-3">
        <h2 id="retention" className="text-xl font-bold">
          Retention
        </h2>
        <p className="text-slate-700">
          Enquiries and registrations are kept for {retentionMonths} months (the site configuration), then deleted: the
          site does it once a day by itself, and <code>npm run cli -- purge</code> does it on demand. Today that means
          everything sent before {day.format(new Date(cutoff))}.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="purge" />
          <button type="submit" className="btn-secondary">
            Delete entries older than {retentionMonths} months now
          </button>
        </Form>
      </section>
    </div>
  );
}
