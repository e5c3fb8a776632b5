// Every staff route and action, tried by anonymous visitors, each coordinator and an
// admin: nobody reaches what their role does not allow (issue: staff desk security).
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { clientAddressContext, databaseContext, uploadsDirContext } from "~/server/context.server";
import type { StaffRole } from "~/server/permissions.server";
import { createStaff } from "~/server/staff-accounts.server";
import * as adminAnalytics from "../../app/routes/admin/analytics";
import * as adminAudit from "../../app/routes/admin/audit";
import * as adminContactform from "../../app/routes/admin/contactform";
import * as adminCourse from "../../app/routes/admin/course";
import * as adminHome from "../../app/routes/admin/home";
import * as adminLayout from "../../app/routes/admin/layout";
import * as adminPartners from "../../app/routes/admin/partners";
import * as adminPlacements from "../../app/routes/admin/placements";
import * as adminRegisters from "../../app/routes/admin/registers";
import * as adminReviews from "../../app/routes/admin/reviews";
import * as adminStaff from "../../app/routes/admin/staff";
import { action as loginAction } from "../../app/routes/login";
import * as coordinatorCourse from "../../app/routes/onlineuser/course";
import * as coordinatorLayout from "../../app/routes/onlineuser/layout";
import * as coordinatorRegistrations from "../../app/routes/onlineuser/registrations";
import * as staffEvents from "../../app/routes/staff/events";
import * as staffExport from "../../app/routes/staff/export";
import { createTestDatabase, type TestDatabase } from "./databases";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const site = "http://localhost:3000";
const password = "correct horse battery staple kolam";
const coordinators = ["embedded", "python", "iot", "matlab", "ai"] as const;
type Identity = "anonymous" | StaffRole;
const identities: Identity[] = ["anonymous", "admin", ...coordinators];

// biome-ignore lint/suspicious/noExplicitAny: route modules are called directly with hand-made arguments
type RouteFunction = (args: any) => unknown;
interface Case {
  name: string;
  path: string;
  params: Record<string, string>;
  loader?: RouteFunction;
  action?: RouteFunction;
  allowed: readonly Identity[];
}

const adminOnly = ["admin"] as const;
const cases: Case[] = [
  { name: "admin layout", path: "/admin", params: {}, loader: adminLayout.loader, allowed: adminOnly },
  { name: "admin home", path: "/admin", params: {}, loader: adminHome.loader, allowed: adminOnly },
  { name: "all registers", path: "/admin/registers", params: {}, ...adminRegisters, allowed: adminOnly },
  { name: "iot form", path: "/admin/registers/iot", params: { course: "iot" }, ...adminRegisters, allowed: adminOnly },
  { name: "contactform", path: "/admin/contactform", params: {}, ...adminContactform, allowed: adminOnly },
  { name: "update course", path: "/admin/courses/ai", params: { course: "ai" }, ...adminCourse, allowed: adminOnly },
  { name: "placements", path: "/admin/placements", params: {}, ...adminPlacements, allowed: adminOnly },
  { name: "reviews", path: "/admin/reviews", params: {}, ...adminReviews, allowed: adminOnly },
  { name: "partners", path: "/admin/partners", params: {}, ...adminPartners, allowed: adminOnly },
  { name: "staff accounts", path: "/admin/staff", params: {}, ...adminStaff, allowed: adminOnly },
  { name: "visitors", path: "/admin/analytics", params: {}, loader: adminAnalytics.loader, allowed: adminOnly },
  { name: "audit log", path: "/admin/audit", params: {}, loader: adminAudit.loader, allowed: adminOnly },
  {
    name: "live events",
    path: "/staff/events",
    params: {},
    loader: staffEvents.loader,
    allowed: ["admin", ...coordinators],
  },
  {
    name: "enquiries CSV",
    path: "/staff/export/enquiries",
    params: { table: "enquiries" },
    loader: staffExport.loader,
    allowed: adminOnly,
  },
  {
    name: "all registrations CSV",
    path: "/staff/export/registrations",
    params: { table: "registrations" },
    loader: staffExport.loader,
    allowed: adminOnly,
  },
  ...coordinators.flatMap((role): Case[] => [
    {
      name: `${role} registrations CSV`,
      path: `/staff/export/registrations/${role}`,
      params: { table: "registrations", course: role },
      loader: staffExport.loader,
      allowed: [role, "admin"],
    },
    {
      name: `${role} area`,
      path: `/onlineuser/${role}`,
      params: { role },
      loader: coordinatorLayout.loader,
      allowed: [role, "admin"],
    },
    {
      name: `${role} registrations`,
      path: `/onlineuser/${role}`,
      params: { role },
      ...coordinatorRegistrations,
      allowed: [role, "admin"],
    },
    {
      name: `${role} course`,
      path: `/onlineuser/${role}/course`,
      params: { role },
      ...coordinatorCourse,
      allowed: [role, "admin"],
    },
  ]),
];

let test: TestDatabase;
const cookies = new Map<Identity, string>([["anonymous", ""]]);

function contextFor(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, test.database);
  context.set(clientAddressContext, "203.0.113.9");
  context.set(uploadsDirContext, `${test.dataDir}/uploads`);
  return context;
}

async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** Sent to /login, or (a coordinator asking for another course's export) refused outright. */
function isLoginRedirect(result: unknown): boolean {
  if (!(result instanceof Response)) return false;
  if (result.status === 403) return true;
  return result.status === 302 && result.headers.get("location") === "/login?notice=unauthorized";
}

beforeAll(async () => {
  test = await createTestDatabase("pglite");
  for (const role of ["admin", ...coordinators] as const) {
    const email = `${role}@sampige-academy.example`;
    const created = await createStaff(test.database, { email, name: role, role, password });
    expect(created.ok).toBe(true);
    const body = new URLSearchParams({ email, password });
    const request = new Request(`${site}/login`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
    });
    const result = (await settle(() =>
      loginAction({ request, context: contextFor(), params: {} } as never),
    )) as Response;
    expect(result.status).toBe(302);
    cookies.set(
      role,
      result.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; "),
    );
  }
}, 120_000);

afterAll(async () => {
  await test?.destroy();
});

for (const item of cases) {
  for (const identity of identities) {
    const allowed = item.allowed.includes(identity);
    it(`${item.name}: ${identity} is ${allowed ? "let in" : "sent to /login"} (read)`, async () => {
      if (!item.loader) return;
      const controller = new AbortController();
      const request = new Request(site + item.path, {
        headers: { cookie: cookies.get(identity) ?? "" },
        signal: controller.signal,
      });
      const result = await settle(() => item.loader?.({ request, context: contextFor(), params: item.params }));
      controller.abort();
      if (result instanceof Response && result.body) await result.body.cancel().catch(() => {});
      expect(isLoginRedirect(result)).toBe(!allowed);
    });
    if (item.action) {
      it(`${item.name}: ${identity} is ${allowed ? "let in" : "sent to /login"} (write)`, async () => {
        // An intent no action knows: an allowed caller gets a 4xx answer and nothing changes.
        const request = new Request(site + item.path, {
          method: "POST",
          body: new URLSearchParams({ intent: "nothing-at-all" }),
          headers: {
            cookie: cookies.get(identity) ?? "",
            Origin: site,
            "Content-Type": "application/x-www-form-urlencoded",
          },
        });
        const result = await settle(() => item.action?.({ request, context: contextFor(), params: item.params }));
        expect(isLoginRedirect(result)).toBe(!allowed);
      });
    }
  }
}

it("a staff write from another site is refused even with a valid session", async () => {
  const request = new Request(`${site}/admin/placements`, {
    method: "POST",
    body: new URLSearchParams({ intent: "remove", id: "1" }),
    headers: {
      cookie: cookies.get("admin") ?? "",
      Origin: "https://evil.example",
      "Content-Type": "application/x-www-form-urlencoded",
    },
  });
  const result = await settle(() => adminPlacements.action({ request, context: contextFor(), params: {} } as never));
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(403);
});
