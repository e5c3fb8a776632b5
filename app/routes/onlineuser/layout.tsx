import "~/desk.css";
import { Outlet, useRouteLoaderData } from "react-router";
import { navCounts } from "~/admissions/my-day/day-desk.server";
import { DeskErrorAlone, DeskErrorPanel } from "~/components/desk/desk-error";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { counsellorNavigation, courseDeskLinks } from "~/staff/staff-desk";
import { accessLabel, coursesOf } from "~/staff/staff-roles";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  const isAdmin = staff.role === "admin";
  const counts = isAdmin ? null : await navCounts(context.get(databaseContext).db, staff);
  return {
    email: staff.email,
    role,
    isAdmin,
    label: accessLabel(staff),
    courses: coursesOf(staff.courses),
    counts,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Course desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Area = Route.ComponentProps["loaderData"];

/** A course's desk: an admin looking in gets its pages and the way back; a counsellor their own menu. */
function CoordinatorDesk({ area, children }: { area: Area; children: React.ReactNode }) {
  const navigation = area.isAdmin
    ? [...courseDeskLinks(area.role), { label: "Back to admin", to: "/admin" }]
    : counsellorNavigation(area.courses);
  return (
    <DeskLayout
      navigation={navigation}
      counts={area.counts}
      staffEmail={area.email}
      roleLabel={area.isAdmin ? `Administrator, viewing the ${area.role} desk` : area.label}
    >
      {children}
    </DeskLayout>
  );
}

export default function CoordinatorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <CoordinatorDesk area={loaderData}>
      <Outlet />
    </CoordinatorDesk>
  );
}

/** A failing page keeps the coordinator's menu around the message (see routes/admin/layout.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const area = useRouteLoaderData<typeof loader>("routes/onlineuser/layout");
  if (!area) return <DeskErrorAlone error={error} />;
  return (
    <CoordinatorDesk area={area}>
      <DeskErrorPanel error={error} />
    </CoordinatorDesk>
  );
}
