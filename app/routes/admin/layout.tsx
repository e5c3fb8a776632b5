import { Outlet } from "react-router";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { adminNavigation } from "~/lib/staff-desk";
import type { RouteHandle } from "~/root";
import { requireStaff } from "~/server/permissions.server";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return { email: staff.email };
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
    <DeskLayout navigation={adminNavigation} staffEmail={loaderData.email} roleLabel="Administrator">
      <Outlet />
    </DeskLayout>
  );
}
