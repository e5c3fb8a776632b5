import "~/desk.css";
import { Outlet, useRouteLoaderData } from "react-router";
import { navCounts } from "~/admissions/day-desk.server";
import { DeskErrorAlone, DeskErrorPanel } from "~/components/desk/desk-error";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { requireCoordinatorArea } from "~/staff/coordinator.server";
import { coordinatorNavigation } from "~/staff/staff-desk";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  const isAdmin = staff.role === "admin";
  const counts = isAdmin ? null : await navCounts(context.get(databaseContext).db, staff);
  return { email: staff.email, role, isAdmin, counts };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Course desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Area = Route.ComponentProps["loaderData"];

function CoordinatorDesk({ area, children }: { area: Area; children: React.ReactNode }) {
  return (
    <DeskLayout
      navigation={coordinatorNavigation(area.role, area.isAdmin)}
      counts={area.counts}
      staffEmail={area.email}
      roleLabel={area.isAdmin ? `Administrator, viewing the ${area.role} desk` : `Course coordinator: ${area.role}`}
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
