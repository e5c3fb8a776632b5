import { handleImportForm, loadImportPage } from "~/admissions/intake/import-desk.server";
import { ImportLeadsPage } from "~/admissions/intake/import-leads-page";
import { deskMeta } from "~/components/desk/desk-meta";
import type { Route } from "./+types/import-leads";

/** Importing a list of leads: upload, match columns and preview (nothing stored), import, undo. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadImportPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleImportForm(request, context);
}

export function meta() {
  return deskMeta("Import a list of leads");
}

export default function ImportLeads({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportLeadsPage page={loaderData} problem={actionData ?? undefined} />;
}
