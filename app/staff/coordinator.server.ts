import { data, type RouterContextProvider } from "react-router";
import { requireStaff, type StaffUser } from "./permissions.server";
import { type CoordinatorRole, isCoordinatorRole } from "./staff-desk";

/**
 * A coordinator's own area (/onlineuser/<role>): that coordinator, or an admin.
 * Anyone else, including another course's coordinator, goes to /login.
 */
export async function requireCoordinatorArea(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: string,
): Promise<{ staff: StaffUser; role: CoordinatorRole }> {
  if (!isCoordinatorRole(role)) {
    // Check the session first, so an unknown area tells nobody more than a known one.
    await requireStaff(request, context, ["admin"]);
    throw data(null, { status: 404 });
  }
  const staff = await requireStaff(request, context, [role, "admin"]);
  return { staff, role };
}
