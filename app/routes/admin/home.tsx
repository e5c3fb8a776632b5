import { listSubmissions } from "~/admissions/submissions/submission-repository.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { outboxSummary } from "~/platform/mail-outbox.server";
import { getStartDates } from "~/site/start-dates.server";
import { requireStaff } from "~/staff/permissions.server";
import { daysToMs } from "~/staff/staff-desk";
import type { Route } from "./+types/home";

export const meta = () => deskMeta("Admissions desk");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const since = (days: number) => ({ since: new Date(Date.now() - daysToMs(days)), limit: 1 });
  const [enquiriesToday, enquiriesWeek, registrationsToday, registrationsWeek, startDates, mail] = await Promise.all([
    listSubmissions(db, "enquiry", since(1)),
    listSubmissions(db, "enquiry", since(7)),
    listSubmissions(db, "registration", since(1)),
    listSubmissions(db, "registration", since(7)),
    getStartDates(db),
    outboxSummary(db),
  ]);
  return {
    counts: {
      enquiriesToday: enquiriesToday.total,
      enquiriesWeek: enquiriesWeek.total,
      registrationsToday: registrationsToday.total,
      registrationsWeek: registrationsWeek.total,
    },
    startDates,
    undeliveredMail: mail.failed + mail.retrying,
  };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counts, startDates, undeliveredMail } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Admissions desk</h1>
      {undeliveredMail > 0 ? (
        <p role="status" className="form-alert">
          {undeliveredMail} e-mail {undeliveredMail === 1 ? "message has" : "messages have"} not been delivered.{" "}
          <a href="/admin/notifications">See which, and why</a>.
        </p>
      ) : null}
      <ul className="desk-cards">
        <li className="fact">
          <a href="/admin/contactform?range=1">Enquiries, last 24 hours</a>
          <p className="text-3xl font-bold">{counts.enquiriesToday}</p>
        </li>
        <li className="fact">
          <a href="/admin/contactform">Enquiries, last 7 days</a>
          <p className="text-3xl font-bold">{counts.enquiriesWeek}</p>
        </li>
        <li className="fact">
          <a href="/admin/registers?range=1">Registrations, last 24 hours</a>
          <p className="text-3xl font-bold">{counts.registrationsToday}</p>
        </li>
        <li className="fact">
          <a href="/admin/registers">Registrations, last 7 days</a>
          <p className="text-3xl font-bold">{counts.registrationsWeek}</p>
        </li>
      </ul>
      <section aria-labelledby="batches">
        <h2 id="batches" className="text-xl font-bold">
          Next batches on the site
        </h2>
        <ul className="mt-2 space-y-1">
          {Object.entries(startDates).map(([key, value]) => (
            <li key={key}>
              <strong>{key}</strong>: {value ?? "Starting soon"}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
