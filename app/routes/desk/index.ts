import { redirect } from "react-router";
import { requireStaff, staffRoles } from "~/staff/permissions.server";
import { areaOf } from "~/staff/staff-roles";
import type { Route } from "./+types/index";

/** /desk: the signed-in account's own start page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  throw redirect(areaOf(staff.role));
}
