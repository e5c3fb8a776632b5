import { data, redirect } from "react-router";
import { handleReassignForm } from "~/admissions/assignment/reassignment.server";
import { requireRecordDesk } from "~/admissions/records/record-access.server";
import { RecordList } from "~/admissions/records/record-list";
import { loadRecordList } from "~/admissions/records/record-list.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import type { Route } from "./+types/students";

/** The student records of this desk: search, filters, paging; <desk>/students/csv downloads the filtered set. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  const { db } = context.get(databaseContext);
  const url = new URL(request.url);
  if (url.searchParams.get("format") === "csv") {
    // The download's earlier address: the same filters, at the CSV's own.
    url.searchParams.delete("format");
    throw redirect(`${base}/csv${url.search}`);
  }
  return { list: await loadRecordList(db, request, staff, scope), base, me: staff.id };
}

/** "Reassign selected to…": the ticked records go to another owner; back to the same list after. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, scope } = await requireRecordDesk(request, context, params);
  const form = await readFormBody(request);
  const result = await handleReassignForm(context.get(databaseContext).db, form ?? new FormData(), staff, scope);
  if (!result.ok) return data(result, { status: 400 });
  const url = new URL(request.url);
  url.searchParams.set("reassigned", String(result.moved));
  if (result.ownerId) url.searchParams.set("reassignedTo", result.ownerId);
  else url.searchParams.delete("reassignedTo");
  return redirect(`${url.pathname}${url.search}#records-title`);
}

export function meta() {
  return deskMeta("Students");
}

export default function Students({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordList
      list={loaderData.list}
      base={loaderData.base}
      refused={actionData && !actionData.ok ? actionData : undefined}
    />
  );
}
