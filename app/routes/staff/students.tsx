import { RecordList } from "~/admissions/components/record-list";
import { exportRecordList, loadRecordList, requireRecordDesk } from "~/admissions/record-desk.server";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { Route } from "./+types/students";

/** The student records of this desk: search, filters, paging; ?format=csv downloads the filtered set. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  const { db } = context.get(databaseContext);
  if (new URL(request.url).searchParams.get("format") === "csv") return exportRecordList(db, request, staff, scope);
  return { list: await loadRecordList(db, request, staff, scope), base, me: staff.id };
}

export function meta() {
  return [{ title: `Students | Desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function Students({ loaderData }: Route.ComponentProps) {
  return <RecordList list={loaderData.list} base={loaderData.base} />;
}
