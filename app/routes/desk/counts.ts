import { navCounts } from "~/admissions/my-day/day-desk.server";
import { databaseContext } from "~/platform/context.server";
import { requireStaff, staffRoles } from "~/staff/permissions.server";
import type { Route } from "./+types/counts";

/** The navigation's My day counts for the signed-in account, alone: the desk keeps them live with these. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  return Response.json(await navCounts(context.get(databaseContext).db, staff), {
    headers: { "Cache-Control": "no-store" },
  });
}
