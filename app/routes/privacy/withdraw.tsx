import { data, redirect } from "react-router";
import { site, whatsappHref } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { eraseEntries, studentByWithdrawalReference } from "~/privacy/data-protection.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/withdraw";

// The link in every acknowledgement e-mail: withdrawing consent is one click away, and it
// deletes the student's entries. Opening the link only asks (mail scanners open links);
// the button does it.

/** "p•••••@example.in": enough for the student to recognise, nothing for anyone else. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.max(3, local.length - 1))}@${domain}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has("done")) return { state: "done" as const };
  const student = await studentByWithdrawalReference(context.get(databaseContext).db, params.get("ref"));
  if (!student) return { state: "unknown" as const };
  return {
    state: "ask" as const,
    reference: params.get("ref") ?? "",
    email: maskEmail(student.email),
    count: student.entries.length,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const reference = form?.get("ref");
  const { db } = context.get(databaseContext);
  const student = await studentByWithdrawalReference(db, typeof reference === "string" ? reference : null);
  if (!student) return data({ error: "This link is not valid, or the details were already deleted." }, { status: 400 });
  await eraseEntries(db, student.entries, { actor: "student (withdrawal link)", action: "consent.withdraw" });
  return redirect("/privacy/withdraw?done=1");
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Withdraw consent | ${site.name}`,
    description: `Withdraw your consent and have the details you sent to ${site.name} deleted.`,
    path: "/privacy/withdraw",
    origin: originFrom(matches),
    noindex: true,
  });
}

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page-narrow prose-block">
      <p className="eyebrow">Your data</p>
      <h1 className="page-title">Withdraw your consent</h1>
      {loaderData.state === "done" ? (
        <div role="status" className="form-success">
          <strong>Your consent is withdrawn and your details are deleted.</strong>
          <p>
            We will not contact you about them again. If you change your mind, you are always welcome to{" "}
            <a href="/contact">write to us</a> or{" "}
            <a href={whatsappHref()} target="_blank" rel="noopener noreferrer">
              message us on WhatsApp
            </a>
            .
          </p>
        </div>
      ) : loaderData.state === "unknown" || actionData?.error ? (
        <div role="alert" className="form-alert">
          <p>{actionData?.error ?? "This link is not valid, or the details were already deleted."}</p>
          <p className="mt-2 font-normal">
            To ask us to delete your details, write to{" "}
            <a href={`mailto:${site.grievanceContact}`}>{site.grievanceContact}</a> from the e-mail address you used.
          </p>
        </div>
      ) : (
        <>
          <p className="lead">
            This deletes every enquiry and registration sent to us with {loaderData.email} ({loaderData.count}{" "}
            {loaderData.count === 1 ? "entry" : "entries"}), and the e-mail we hold about them. We will not contact you
            about them again.
          </p>
          <form method="post" className="mt-6">
            <input type="hidden" name="ref" value={loaderData.reference} />
            <button type="submit" className="btn-primary">
              Withdraw consent and delete my details
            </button>
          </form>
          <p className="mt-6 text-sm text-slate-700">
            Read our <a href="/privacy">privacy notice</a> for what we keep and why.
          </p>
        </>
      )}
    </div>
  );
}
