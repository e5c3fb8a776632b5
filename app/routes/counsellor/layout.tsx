import "~/desk.css";
import { Outlet, useRouteLoaderData } from "react-router";
import { navCounts } from "~/admissions/my-day/day-desk.server";
import { DeskErrorAlone, DeskErrorPanel } from "~/components/desk/desk-error";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import type { RouteHandle } from "~/root";
import { requireStaff } from "~/staff/permissions.server";
import { counsellorNavigation } from "~/staff/staff-desk";
import { accessLabel, coursesOf } from "~/staff/staff-roles";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

/** A counsellor's own desk (/counsellor): every record and enquiry of their courses. Counsellors only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["counsellor"]);
  const counts = await navCounts(context.get(databaseContext).db, staff);
  return { email: staff.email, label: accessLabel(staff), courses: coursesOf(staff.courses), counts };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Counsellor desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

type Area = Route.ComponentProps["loaderData"];

function CounsellorDesk({ area, children }: { area: Area; children: React.ReactNode }) {
  return (
    <DeskLayout
      navigation={counsellorNavigation(area.courses)}
      counts={area.counts}
      staffEmail={area.email}
      roleLabel={area.label}
    >
      {children}
    </DeskLayout>
  );
}

export default function CounsellorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <CounsellorDesk area={loaderData}>
      <Outlet />
    </CounsellorDesk>
  );
}

/** A failing page keeps the counsellor's menu around the message (see routes/admin/layout.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const area = useRouteLoaderData<typeof loader>("routes/counsellor/layout");
  if (!area) return <DeskErrorAlone error={error} />;
  return (
    <CounsellorDesk area={area}>
      <DeskErrorPanel error={error} />
    </CounsellorDesk>
  );
}
