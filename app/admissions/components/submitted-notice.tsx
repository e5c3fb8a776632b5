import { messages } from "~/admissions/submission-schema";
import { FormMessage } from "~/components/forms";
import { site, whatsappHref } from "~/config/site";

/** Shown after a successful submission: the confirmation and what happens next. */
export function SubmittedNotice({ course, startDate }: { course?: string; startDate?: string | null }) {
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
    </FormMessage>
  );
}
