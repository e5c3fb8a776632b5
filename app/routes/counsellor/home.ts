import { redirect } from "react-router";
import { requireStaff } from "~/staff/permissions.server";
import { counsellorDesk } from "~/staff/staff-roles";
import type { Route } from "./+types/home";

/** /counsellor itself: the counsellor's students. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["counsellor"]);
  throw redirect(counsellorDesk);
}
