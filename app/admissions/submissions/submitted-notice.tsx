import { messages } from "~/admissions/submissions/submission-schema";
import { FormMessage } from "~/components/forms";
import { site, whatsappHref } from "~/config/site";

/**
 * Shown after a successful submission, in place of the form: the confirmation, what happens
 * next, and a link to a new, empty form for someone who wants to send another.
 */
export function SubmittedNotice({
  course,
  startDate,
  again,
}: {
  course?: string;
  startDate?: string | null;
  again: { href: string; label: string };
}) {
  return (
    <FormMessage tone="success">
      <strong>{messages.success}</strong>
      <p>
        Thank you. A counsellor will call you within one working day
        {course ? (
          <>
            {" "}
            about <b>{course}</b>. The next batch starts: <b>{startDate ?? "Starting soon"}</b>.
          </>
        ) : (
          "."
        )}
      </p>
      <p className="mt-2">
        See all <a href="/about/admissions">upcoming batch dates</a>, or{" "}
        <a href={whatsappHref()} target="_blank" rel="noopener noreferrer">
          message us on WhatsApp
        </a>{" "}
        ({site.phone}) if you would like an answer sooner.
      </p>
      <p className="mt-2">
        <a href={again.href}>{again.label}</a>
      </p>
    </FormMessage>
  );
}
