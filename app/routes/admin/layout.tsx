import "~/desk.css";
import { Outlet, useRouteLoaderData } from "react-router";
import { navCounts } from "~/admissions/my-day/day-desk.server";
import { DeskErrorAlone, DeskErrorPanel } from "~/components/desk/desk-error";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { requireStaff } from "~/staff/permissions.server";
import { adminNavigation } from "~/staff/staff-desk";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return { email: staff.email, counts: await navCounts(context.get(databaseContext).db, staff) };
}

/** Students' personal data: never stored by browsers or proxies. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Admin | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DeskLayout
      navigation={adminNavigation}
      counts={loaderData.counts}
      staffEmail={loaderData.email}
      roleLabel="Administrator"
    >
      <Outlet />
    </DeskLayout>
  );
}

/**
 * A page of the admin area that fails keeps the desk around it: the menu stays, and the
 * message says "Error: ..." with a way to try again. Without the area's own data (not
 * signed in, or the database down) there is no menu to show.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const area = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!area) return <DeskErrorAlone error={error} />;
  return (
    <DeskLayout navigation={adminNavigation} counts={area.counts} staffEmail={area.email} roleLabel="Administrator">
      <DeskErrorPanel error={error} />
    </DeskLayout>
  );
}
