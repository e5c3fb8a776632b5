import "~/desk.css";
import { Outlet, useRouteLoaderData } from "react-router";
import { navCounts } from "~/admissions/my-day/day-desk.server";
import { DeskErrorAlone, DeskErrorPanel } from "~/components/desk/desk-error";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { requireStaff, staffRoles } from "~/staff/permissions.server";
import { adminNavigation, counsellorNavigation } from "~/staff/staff-desk";
import { accessLabel, coursesOf } from "~/staff/staff-roles";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

/**
 * The desk pages of the signed-in account, whatever its role (/desk/day, /desk/team): the URL
 * names no course, so a counsellor with several courses has one day. The menu is the role's own.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  return {
    email: staff.email,
    role: staff.role,
    label: accessLabel(staff),
    courses: coursesOf(staff.courses),
    counts: await navCounts(context.get(databaseContext).db, staff),
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Area = Route.ComponentProps["loaderData"];

function AccountDesk({ area, children }: { area: Area; children: React.ReactNode }) {
  const admin = area.role === "admin";
  return (
    <DeskLayout
      navigation={admin ? adminNavigation : counsellorNavigation(area.courses)}
      counts={area.counts}
      staffEmail={area.email}
      roleLabel={area.label}
    >
      {children}
    </DeskLayout>
  );
}

export default function AccountDeskLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AccountDesk area={loaderData}>
      <Outlet />
    </AccountDesk>
  );
}

/** A failing page keeps the menu around the message (see routes/admin/layout.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const area = useRouteLoaderData<typeof loader>("routes/desk/layout");
  if (!area) return <DeskErrorAlone error={error} />;
  return (
    <AccountDesk area={area}>
      <DeskErrorPanel error={error} />
    </AccountDesk>
  );
}
