import { courseValueFromParam } from "~/admissions/submissions/options";
import { type BatchChoice, SubmissionForm } from "~/admissions/submissions/submission-form";
import { courseLabel, handleSubmission, newSubmissionToken } from "~/admissions/submissions/submissions.server";
import { SubmittedNotice } from "~/admissions/submissions/submitted-notice";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { batchOption, nextStartLine } from "~/site/batch-rules";
import { getCourseBatchesForForm } from "~/site/batches.server";
import { courses } from "~/site/content/courses";
import { courseCatalog } from "~/site/course-catalog";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { enhance: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const submittedCourse = courseValueFromParam(params.get("submitted"));
  const byCourse = await getCourseBatchesForForm(context.get(databaseContext).db);
  let submitted: { course: string; startDate: string | null } | null = null;
  if (params.has("submitted")) {
    const course = courses.find((c) => c.registrationValue === submittedCourse);
    submitted = {
      course: course?.title ?? courseLabel(submittedCourse ?? "") ?? "your course",
      startDate: course ? nextStartLine(byCourse[course.coordinatorKey]) : null,
    };
  }
  const batches: BatchChoice[] = courseCatalog
    .map((course) => ({
      course: course.registrationValue,
      label: course.optionLabel,
      // A full batch is not offered (decision 032); its seats are counted from the desk's enrolments.
      options: byCourse[course.key].batches
        .filter((batch) => batch.seats !== "full")
        .map((batch) => ({ value: String(batch.id), label: batchOption(batch) })),
    }))
    .filter((group) => group.options.length > 0);
  // A batch's "Register" link names it: chosen already, with its course.
  const batch = params.get("batch") ?? "";
  const linked = batches.find((group) => group.options.some((option) => option.value === batch));
  return {
    token: newSubmissionToken(),
    course: linked?.course ?? courseValueFromParam(params.get("course")) ?? "",
    batch: linked ? batch : "",
    batches,
    submitted,
  };
}

/** "Too many forms" answers say when to try again (Retry-After) to the browser too. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission(
    "registration",
    request,
    context,
    (stored) => `/online/register?submitted=${encodeURIComponent(stored.course ?? "")}`,
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Register now | ${site.name}`,
    description:
      "Register for our next Embedded Systems, IoT, Python Fullstack, AI or MATLAB batch in Bengaluru. A counsellor confirms your seat within one working day.",
    path: "/online/register",
    origin: originFrom(matches),
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { submitted } = loaderData;
  return (
    <div className="page-narrow">
      <p className="eyebrow">Admissions</p>
      <h1 className="page-title">Register now</h1>
      <p className="lead mb-6">
        Reserve your seat in the next batch. Small classes fill quickly; registering costs nothing and commits you to
        nothing until you meet us.
      </p>
      {/* Sent: the confirmation and what happens next, not an empty form under it. */}
      {submitted && !actionData ? (
        <SubmittedNotice
          course={submitted.course}
          startDate={submitted.startDate}
          again={{ href: "/online/register", label: "Register for another course" }}
        />
      ) : (
        <SubmissionForm
          key={loaderData.token}
          kind="registration"
          batches={loaderData.batches}
          token={loaderData.token}
          values={actionData?.values ?? { course: loaderData.course, batch: loaderData.batch }}
          fieldErrors={actionData?.fieldErrors}
          formError={actionData?.formError}
          submitLabel="Register"
        />
      )}
    </div>
  );
}
