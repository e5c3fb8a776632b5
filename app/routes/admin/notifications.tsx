import { data, Form } from "react-router";
import { reminderSettings } from "~/admissions/my-day/reminders.server";
import { wakeOutbox } from "~/admissions/submissions/notifications.server";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage } from "~/components/forms";
import { site } from "~/config/site";
import { databaseContext, mailContext } from "~/platform/context.server";
import { readFormBody, rowId } from "~/platform/form-data.server";
import { indiaDateTime, indiaTimeZones } from "~/platform/india-time";
import { listUndelivered, outboxSummary, retryMessage } from "~/platform/mail-outbox.server";
import { auditedChange } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/notifications";

export const meta = () => deskMeta("E-mail notifications");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const mail = context.get(mailContext);
  const [summary, undelivered] = await Promise.all([outboxSummary(db), listUndelivered(db)]);
  return {
    on: mail !== null,
    from: mail?.from ?? null,
    reminders: reminderSettings,
    summary,
    undelivered: undelivered.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.recipient,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError ?? "",
      createdAt: m.createdAt.toISOString(),
      nextAttemptAt: m.nextAttemptAt.toISOString(),
    })),
  };
}

type Result = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  const { db } = context.get(databaseContext);
  switch (form.get("intent")) {
    case "retry": {
      const id = rowId(form.get("id"));
      const retried =
        id !== undefined &&
        (await auditedChange(
          db,
          (tx) => retryMessage(tx, id),
          (done) => (done ? { actor: staff.email, action: "mail.retry", subject: `message ${id}` } : undefined),
        ));
      if (!retried) {
        return data<Result>({ ok: false, error: "That message is not waiting to be sent again." }, { status: 400 });
      }
      wakeOutbox();
      return data<Result>({ ok: true, message: "It will be sent again in a moment." });
    }
    default:
      return data<Result>({ ok: false, error: "Unknown action." }, { status: 400 });
  }
}

const kindLabels = {
  institute: "To the institute",
  coordinator: "To a coordinator",
  acknowledgement: "To the student",
  counsellor: "To a student's owner",
  digest: "Morning digest",
  uncontacted: "Not contacted in time",
};

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { on, from, reminders, summary, undelivered } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="page-title">E-mail notifications</h1>
      <ActionMessage result={actionData} />
      {on ? (
        <p className="text-slate-700">
          Each new enquiry and registration is e-mailed to {site.email} (a registration also to its course's
          coordinators), and the student gets an acknowledgement with the batch date and the WhatsApp link. Sent from{" "}
          {from}. A message that cannot be delivered is tried again for about two days.
        </p>
      ) : null}
      {on ? (
        <p className="text-slate-700">
          Reminders: the student's owner is told of each form at once; every morning at{" "}
          {String(reminders.digestHour).padStart(2, "0")}:00{" "}
          {indiaTimeZones.has(reminders.timeZone) ? "India time" : `(${reminders.timeZone})`} each staff member with
          follow-ups due or new students to call gets one digest, unless marked away;{" "}
          {reminders.alertAdminsAboutUncontacted
            ? "admins are e-mailed about each new student not contacted in time."
            : "admins are not e-mailed about new students not contacted in time (off in the site configuration)."}
        </p>
      ) : (
        <div className="desk-empty" role="status">
          <p className="font-bold">E-mail notifications are off.</p>
          <p className="mt-1">
            No e-mail is sent about new enquiries and registrations; they are in the tables as always. To turn
            notifications on, set <code>SMTP_URL</code> (for example <code>smtps://user:password@mail.example.org</code>
            ) and, if you like, <code>MAIL_FROM</code>, then restart the site (see docs/operations.md).
          </p>
        </div>
      )}
      <ul className="desk-cards">
        <li className="fact">
          Waiting to be sent<p className="text-3xl font-bold">{summary.pending}</p>
        </li>
        <li className="fact">
          Failing, will try again<p className="text-3xl font-bold">{summary.retrying}</p>
        </li>
        <li className="fact">
          Failed (gave up)<p className="text-3xl font-bold">{summary.failed}</p>
        </li>
        <li className="fact">
          Sent (last 30 days)<p className="text-3xl font-bold">{summary.sent}</p>
        </li>
      </ul>
      <section aria-labelledby="undelivered">
        <h2 id="undelivered" className="mb-3 text-xl font-bold">
          Not delivered
        </h2>
        {undelivered.length === 0 ? (
          <p className="desk-empty">Every message so far has been delivered, or is on its first try.</p>
        ) : (
          <div className="desk-table-wrap">
            <table className="desk-table">
              <thead>
                <tr>
                  <th scope="col">Written</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {undelivered.map((message) => (
                  <tr key={message.id}>
                    <td>{indiaDateTime.format(new Date(message.createdAt))}</td>
                    <td>
                      {message.recipient}
                      <br />
                      <span className="text-xs text-slate-700">{kindLabels[message.kind]}</span>
                    </td>
                    <td>{message.subject}</td>
                    <td>{message.attempts}</td>
                    <td className="text-xs">{message.lastError}</td>
                    <td>
                      {message.status === "failed" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="retry" />
                          <input type="hidden" name="id" value={message.id} />
                          <p className="mb-1 font-bold text-red-800">Failed</p>
                          <button type="submit" className="btn-small">
                            Send again
                          </button>
                        </Form>
                      ) : (
                        <>Next try {indiaDateTime.format(new Date(message.nextAttemptAt))}</>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
