import { readChoices, requireImportDesk } from "~/admissions/intake/import-desk.server";
import { getLeadImport, refusedRowsCsv, stagedHeaders } from "~/admissions/intake/lead-import.server";
import { databaseContext } from "~/platform/context.server";
import { csvResponse } from "~/platform/csv-download.server";
import { rowId } from "~/platform/form-data.server";
import type { Route } from "./+types/import-refused";

/** The refused rows of an upload as CSV, every column as uploaded and a reason, to fix and upload again. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireImportDesk(request, context);
  const { db } = context.get(databaseContext);
  const id = rowId(params.id ?? null);
  const upload = id ? await getLeadImport(db, id) : undefined;
  if (!upload?.file) {
    return new Response("This upload is no longer held: its refused rows were shown when it was previewed.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = await stagedHeaders(upload);
  const { columns } = readChoices(new URL(request.url).searchParams, headers);
  const csv = await refusedRowsCsv(db, upload, headers, columns);
  const name = upload.fileName.replace(/\.[a-z]+$/i, "").replace(/[^\w.-]+/g, "-") || "list";
  return csvResponse(`${name}-refused-rows.csv`, [csv]);
}
