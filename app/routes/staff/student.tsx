import { data, redirect } from "react-router";
import { requireRecordDesk } from "~/admissions/records/record-access.server";
import { handleRecordForm } from "~/admissions/records/record-forms.server";
import { RecordPage } from "~/admissions/records/record-page";
import { loadRecordPage, recordIdOf } from "~/admissions/records/record-page.server";
import type { RecordFormProblem } from "~/admissions/records/record-views";
import { maxNoteLength } from "~/admissions/records/student-stages";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { maxFormBytes, readLimitedForm } from "~/platform/form-data.server";
import { indianNumber } from "~/platform/indian-numbers";
import type { Route } from "./+types/student";

/** One student's record: details, submissions, timeline, and the forms that work on it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  const id = recordIdOf(params.id);
  const page = await loadRecordPage(context.get(databaseContext).db, id, scope, base);
  const search = new URL(request.url).searchParams;
  const merged = Number(search.get("merged"));
  return {
    ...page,
    base,
    saved: search.get("saved"),
    mergedFrom: Number.isInteger(merged) && merged > 0 ? merged : null,
    admin: staff.role === "admin",
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  const id = recordIdOf(params.id);
  const form = await readLimitedForm(request, maxFormBytes);
  if (form === "too-large") {
    // Nothing of it was read; with JavaScript the page's fields still hold what was typed.
    return data<RecordFormProblem>(
      {
        ok: false,
        intent: "",
        error: `That was too large to save (over ${maxFormBytes / 1024 / 1024} MB): a note can be at most ${indianNumber(maxNoteLength)} characters. Please shorten it; nothing was saved.`,
        values: {},
      },
      { status: 413 },
    );
  }
  // A post that is not a form is answered as an empty one: that record's 404, or "send the form from the page".
  const result = await handleRecordForm(context.get(databaseContext).db, form ?? new FormData(), id, staff, scope);
  if ("ok" in result && result.ok) {
    // Given to another branch than the counsellor's: the record is no longer theirs to open.
    if (result.left) return redirect(`${base}?branchGiven=1`);
    // After a post, the record again (reloading the page does not send the form twice).
    return redirect(`${base}/${id}?saved=${encodeURIComponent(result.intent)}#${result.intent}`);
  }
  return result;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.record.name ?? "Student";
  return [{ title: `${name} | Student record | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function Student({ loaderData, actionData }: Route.ComponentProps) {
  // Another record is another page: its forms start afresh.
  return (
    <RecordPage
      key={loaderData.record.id}
      page={loaderData}
      answer={actionData && !actionData.ok ? actionData : undefined}
    />
  );
}
