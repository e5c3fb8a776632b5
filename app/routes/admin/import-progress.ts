import { importProgress, requireImportDesk } from "~/admissions/intake/import-desk.server";
import { rowId } from "~/platform/form-data.server";
import type { Route } from "./+types/import-progress";

/** How far a running import has got (rows done), for the page's progress bar; null when none is running. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireImportDesk(request, context);
  const id = rowId(params.id ?? null);
  return Response.json(
    { done: id ? (importProgress(id) ?? null) : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
