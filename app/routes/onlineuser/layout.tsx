import { Outlet } from "react-router";
import { DeskLayout } from "~/components/desk/desk-layout";
import { site } from "~/config/site";
import type { RouteHandle } from "~/root";
import { requireCoordinatorArea } from "~/server/coordinator.server";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { hydrate: true, desk: true };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, role } = await requireCoordinatorArea(request, context, params.role);
  return { email: staff.email, role, isAdmin: staff.role === "admin" };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export function meta() {
  return [{ title: `Course desk | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function CoordinatorLayout({ loaderData }: Route.ComponentProps) {
  const base = `/onlineuser/${loaderData.role}`;
  const navigation = [
    { label: `${loaderData.role} registrations`, to: base },
    { label: "Update course", to: `${base}/course` },
    ...(loaderData.isAdmin ? [{ label: "Back to admin", to: "/admin" }] : []),
  ];
  return (
    <DeskLayout
      navigation={navigation}
      staffEmail={loaderData.email}
      roleLabel={`Course coordinator: ${loaderData.role}`}
    >
      <Outlet />
    </DeskLayout>
  );
}
