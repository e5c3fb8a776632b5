import { SubmissionForm } from "~/admissions/submissions/submission-form";
import { handleSubmission, newSubmissionToken } from "~/admissions/submissions/submissions.server";
import { SubmittedNotice } from "~/admissions/submissions/submitted-notice";
import { site, telHref, whatsappHref } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { BranchDetailsList } from "~/site/components/branch-details";
import { branchesForPage } from "~/site/content.server";
import { originFrom, pageMeta } from "~/site/seo";
import { branchJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/contact";

export const handle: RouteHandle = { enhance: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const submitted = new URL(request.url).searchParams.has("submitted");
  const branches = await branchesForPage(context.get(databaseContext).db);
  return { token: newSubmissionToken(), submitted, branches };
}

/** "Too many forms" answers say when to try again (Retry-After) to the browser too. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmission("enquiry", request, context, () => "/contact?submitted=1");
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const origin = originFrom(matches);
  return pageMeta({
    title: `Contact us | ${site.name}`,
    description: `Send us an enquiry about courses, fees or batch dates, or call ${site.phone}. ${site.name}, ${site.address.street}, Bengaluru.`,
    path: "/contact",
    origin,
    jsonLd: (loaderData?.branches ?? []).map((branch) => branchJsonLd(branch, origin)),
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page">
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="eyebrow">Contact us</p>
          <h1 className="page-title">Stay Connected</h1>
          <p className="lead mb-6">
            Tell us a little about yourself and a counsellor will call you back about courses, fees and batch dates.
          </p>
          {/* Sent: the confirmation and what happens next, not an empty form under it. */}
          {loaderData.submitted && !actionData ? (
            <SubmittedNotice again={{ href: "/contact", label: "Send another enquiry" }} />
          ) : (
            <SubmissionForm
              key={loaderData.token}
              kind="enquiry"
              token={loaderData.token}
              values={actionData?.values}
              fieldErrors={actionData?.fieldErrors}
              formError={actionData?.formError}
              submitLabel="Submit"
            />
          )}
        </div>
        <aside aria-labelledby="reach-us" className="space-y-3">
          <h2 id="reach-us" className="section-title mt-0">
            Other ways to reach us
          </h2>
          <p>
            <a href={whatsappHref()} target="_blank" rel="noopener noreferrer">
              Chat on WhatsApp
            </a>
          </p>
          <p>
            Call <a href={telHref()}>{site.phone}</a>
          </p>
          <p>
            Write to <a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          <h2 className="section-title">Our branches</h2>
          {loaderData.branches.map((branch) => (
            <section key={branch.key} className="side-card" aria-labelledby={`branch-${branch.key}`}>
              <h3 id={`branch-${branch.key}`} className="side-card-title">
                {branch.name} <span className="text-sm font-normal text-slate-700">since {branch.established}</span>
              </h3>
              <BranchDetailsList branch={branch} />
            </section>
          ))}
        </aside>
      </div>
    </div>
  );
}
