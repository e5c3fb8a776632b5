// Every staff route and action, tried by anonymous visitors, a counsellor of each course, a
// counsellor of two courses, one of all courses, and an admin: nobody reaches what their role
// and courses do not allow.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { handleRecordForm } from "../../app/admissions/records/record-forms.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { createSubmission, getSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { contentVersion } from "../../app/platform/content-version.server";
import { clientAddressContext, databaseContext, uploadsDirContext } from "../../app/platform/context.server";
import { publishSubmission } from "../../app/platform/events.server";
import * as adminAnalytics from "../../app/routes/admin/analytics";
import * as adminAssignment from "../../app/routes/admin/assignment";
import * as adminAudit from "../../app/routes/admin/audit";
import * as adminBranches from "../../app/routes/admin/branches";
import * as adminContactform from "../../app/routes/admin/contactform";
import * as adminCourse from "../../app/routes/admin/course";
import * as adminHome from "../../app/routes/admin/home";
import * as adminImportLeads from "../../app/routes/admin/import-leads";
import * as adminImportProgress from "../../app/routes/admin/import-progress";
import * as adminImportRefused from "../../app/routes/admin/import-refused";
import * as adminLayout from "../../app/routes/admin/layout";
import * as adminMerge from "../../app/routes/admin/merge";
import * as adminNotifications from "../../app/routes/admin/notifications";
import * as adminNumbers from "../../app/routes/admin/numbers";
import * as adminPartners from "../../app/routes/admin/partners";
import * as adminPhotos from "../../app/routes/admin/photos";
import * as adminPlacements from "../../app/routes/admin/placements";
import * as adminPrivacy from "../../app/routes/admin/privacy";
import * as adminRegisters from "../../app/routes/admin/registers";
import * as adminReport from "../../app/routes/admin/report";
import * as adminReportCsv from "../../app/routes/admin/report-csv";
import * as adminReviews from "../../app/routes/admin/reviews";
import * as adminStaff from "../../app/routes/admin/staff";
import * as adminStudentData from "../../app/routes/admin/student-data";
import * as adminWhatsapp from "../../app/routes/admin/whatsapp";
import * as counsellorEnquiries from "../../app/routes/counsellor/enquiries";
import * as counsellorHome from "../../app/routes/counsellor/home";
import * as counsellorLayout from "../../app/routes/counsellor/layout";
import * as deskCounts from "../../app/routes/desk/counts";
import * as deskDay from "../../app/routes/desk/day";
import * as deskIndex from "../../app/routes/desk/index";
import * as deskLayout from "../../app/routes/desk/layout";
import * as deskTeam from "../../app/routes/desk/team";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import * as coordinatorCourse from "../../app/routes/onlineuser/course";
import * as coordinatorLayout from "../../app/routes/onlineuser/layout";
import * as coordinatorRegistrations from "../../app/routes/onlineuser/registrations";
import * as staffAddStudent from "../../app/routes/staff/add-student";
import * as staffBatchRoster from "../../app/routes/staff/batch-roster";
import * as staffBatchRosterCsv from "../../app/routes/staff/batch-roster-csv";
import * as staffEvents from "../../app/routes/staff/events";
import * as staffExport from "../../app/routes/staff/export";
import * as staffStudent from "../../app/routes/staff/student";
import * as staffStudents from "../../app/routes/staff/students";
import * as staffStudentsCsv from "../../app/routes/staff/students-csv";
import type { CourseKey } from "../../app/site/course-catalog";
import { getStaffUser, type StaffUser } from "../../app/staff/permissions.server";
import { createStaff, setStaffRole } from "../../app/staff/staff-accounts.server";
import type { CourseSet } from "../../app/staff/staff-roles";
import { createTestDatabase, type TestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const site = "http://localhost:3000";
const password = "correct horse battery staple kolam";
/** A counsellor of each course alone (as the old coordinators were), named by that course. */
const coordinators = ["embedded", "python", "iot", "matlab", "ai"] as const;
/** Every counsellor: one course each, "several" (embedded and iot), "all" (every course). */
const counsellors = [...coordinators, "several", "all"] as const;
type Counsellor = (typeof counsellors)[number];
type Identity = "anonymous" | "admin" | Counsellor;
const identities: Identity[] = ["anonymous", "admin", ...counsellors];
const coursesOfCounsellor = (who: Counsellor): CourseSet =>
  who === "all" ? "all" : who === "several" ? ["embedded", "iot"] : [who];
/** The counsellors who work on this course. */
const counsellorsOf = (key: CourseKey): Counsellor[] =>
  counsellors.filter((who) => {
    const courses = coursesOfCounsellor(who);
    return courses === "all" || courses.includes(key);
  });

// biome-ignore lint/suspicious/noExplicitAny: route modules are called directly with hand-made arguments
type RouteFunction = (args: any) => unknown;
interface Case {
  /** The route module, as app/routes.ts names it. */
  file: string;
  name: string;
  path: string;
  params: Record<string, string>;
  loader?: RouteFunction;
  action?: RouteFunction;
  allowed: readonly Identity[];
}

const adminOnly = ["admin"] as const;
const courseIds = { embedded: "embedded", python: "fullstack", iot: "iot", matlab: "matlab", ai: "ai" } as const;
const cases: Case[] = [
  {
    file: "routes/admin/notifications.tsx",
    name: "e-mail notifications",
    path: "/admin/notifications",
    params: {},
    ...adminNotifications,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/privacy.tsx",
    name: "students' data",
    path: "/admin/privacy",
    params: {},
    ...adminPrivacy,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/layout.tsx",
    name: "admin layout",
    path: "/admin",
    params: {},
    ...adminLayout,
    allowed: adminOnly,
  },
  { file: "routes/admin/home.tsx", name: "admin home", path: "/admin", params: {}, ...adminHome, allowed: adminOnly },
  {
    file: "routes/admin/registers.tsx",
    name: "all registers",
    path: "/admin/registers",
    params: {},
    ...adminRegisters,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/contactform.tsx",
    name: "contactform",
    path: "/admin/contactform",
    params: {},
    ...adminContactform,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/placements.tsx",
    name: "placements",
    path: "/admin/placements",
    params: {},
    ...adminPlacements,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/reviews.tsx",
    name: "reviews",
    path: "/admin/reviews",
    params: {},
    ...adminReviews,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/partners.tsx",
    name: "partners",
    path: "/admin/partners",
    params: {},
    ...adminPartners,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/numbers.tsx",
    name: "headline numbers",
    path: "/admin/numbers",
    params: {},
    ...adminNumbers,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/branches.tsx",
    name: "branches",
    path: "/admin/branches",
    params: {},
    ...adminBranches,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/photos.tsx",
    name: "photos",
    path: "/admin/photos",
    params: {},
    ...adminPhotos,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/staff.tsx",
    name: "staff accounts",
    path: "/admin/staff",
    params: {},
    ...adminStaff,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/analytics.tsx",
    name: "visitors",
    path: "/admin/analytics",
    params: {},
    ...adminAnalytics,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/report.tsx",
    name: "owner's report",
    path: "/admin/report",
    params: {},
    ...adminReport,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/report-csv.ts",
    name: "owner's report CSV",
    path: "/admin/report/csv/counsellors",
    params: { table: "counsellors" },
    ...adminReportCsv,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/audit.tsx",
    name: "audit log",
    path: "/admin/audit",
    params: {},
    ...adminAudit,
    allowed: adminOnly,
  },
  {
    file: "routes/desk/layout.tsx",
    name: "the account's own desk",
    path: "/desk/day",
    params: {},
    ...deskLayout,
    allowed: ["admin", ...counsellors],
  },
  {
    file: "routes/desk/index.ts",
    name: "the account's start page",
    path: "/desk",
    params: {},
    ...deskIndex,
    allowed: ["admin", ...counsellors],
  },
  {
    file: "routes/desk/day.tsx",
    name: "my day",
    path: "/desk/day",
    params: {},
    ...deskDay,
    allowed: ["admin", ...counsellors],
  },
  {
    file: "routes/desk/team.tsx",
    name: "team day",
    path: "/desk/team",
    params: {},
    ...deskTeam,
    allowed: adminOnly,
  },
  {
    file: "routes/desk/counts.ts",
    name: "my day's counts",
    path: "/desk/counts",
    params: {},
    ...deskCounts,
    allowed: ["admin", ...counsellors],
  },
  {
    file: "routes/staff/events.ts",
    name: "live events",
    path: "/staff/events",
    params: {},
    loader: staffEvents.loader,
    allowed: ["admin", ...counsellors],
  },
  {
    file: "routes/staff/export.ts",
    name: "enquiries CSV",
    path: "/staff/export/enquiries",
    params: { table: "enquiries" },
    loader: staffExport.loader,
    allowed: adminOnly,
  },
  {
    file: "routes/staff/export.ts",
    name: "all registrations CSV",
    path: "/staff/export/registrations",
    params: { table: "registrations" },
    loader: staffExport.loader,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/assignment.tsx",
    name: "assignment",
    path: "/admin/assignment",
    params: {},
    ...adminAssignment,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/merge.tsx",
    name: "merging two records",
    path: "/admin/students/1/merge?with=2",
    params: { id: "1" },
    ...adminMerge,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/student-data.ts",
    name: "a student's data download",
    path: "/admin/students/1/data",
    params: { id: "1" },
    ...adminStudentData,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/whatsapp.tsx",
    name: "WhatsApp messages",
    path: "/admin/whatsapp",
    params: {},
    ...adminWhatsapp,
    allowed: adminOnly,
  },
  {
    file: "routes/staff/students.tsx",
    name: "students",
    path: "/admin/students",
    params: {},
    ...staffStudents,
    allowed: adminOnly,
  },
  {
    file: "routes/staff/students-csv.ts",
    name: "students CSV",
    path: "/admin/students/csv",
    params: {},
    ...staffStudentsCsv,
    allowed: adminOnly,
  },
  {
    file: "routes/staff/add-student.tsx",
    name: "add a student",
    path: "/admin/students/new",
    params: {},
    ...staffAddStudent,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/import-leads.tsx",
    name: "import a list of leads",
    path: "/admin/students/import",
    params: {},
    ...adminImportLeads,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/import-refused.ts",
    name: "an import's refused rows",
    path: "/admin/students/import/1/refused",
    params: { id: "1" },
    ...adminImportRefused,
    allowed: adminOnly,
  },
  {
    file: "routes/admin/import-progress.ts",
    name: "an import's progress",
    path: "/admin/students/import/1/progress",
    params: { id: "1" },
    ...adminImportProgress,
    allowed: adminOnly,
  },
  {
    file: "routes/staff/student.tsx",
    name: "a student's record",
    path: "/admin/students/1",
    params: { id: "1" },
    ...staffStudent,
    allowed: adminOnly,
  },
  {
    file: "routes/counsellor/layout.tsx",
    name: "counsellor desk",
    path: "/counsellor",
    params: {},
    ...counsellorLayout,
    allowed: counsellors,
  },
  {
    file: "routes/counsellor/home.ts",
    name: "counsellor desk home",
    path: "/counsellor",
    params: {},
    ...counsellorHome,
    allowed: counsellors,
  },
  {
    file: "routes/staff/students.tsx",
    name: "counsellor's students",
    path: "/counsellor/students",
    params: {},
    ...staffStudents,
    allowed: counsellors,
  },
  {
    file: "routes/staff/add-student.tsx",
    name: "counsellor's add a student",
    path: "/counsellor/students/new",
    params: {},
    ...staffAddStudent,
    allowed: counsellors,
  },
  {
    file: "routes/staff/students-csv.ts",
    name: "counsellor's students CSV",
    path: "/counsellor/students/csv",
    params: {},
    ...staffStudentsCsv,
    allowed: counsellors,
  },
  {
    file: "routes/staff/student.tsx",
    name: "counsellor's student record",
    path: "/counsellor/students/1",
    params: { id: "1" },
    ...staffStudent,
    allowed: counsellors,
  },
  {
    file: "routes/counsellor/enquiries.tsx",
    name: "counsellor's enquiries",
    path: "/counsellor/enquiries",
    params: {},
    ...counsellorEnquiries,
    allowed: counsellors,
  },
  ...coordinators.flatMap((role): Case[] => [
    {
      file: "routes/staff/students.tsx",
      name: `${role} students`,
      path: `/onlineuser/${role}/students`,
      params: { role },
      ...staffStudents,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/staff/students-csv.ts",
      name: `${role} students CSV`,
      path: `/onlineuser/${role}/students/csv`,
      params: { role },
      ...staffStudentsCsv,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/staff/student.tsx",
      name: `${role} student record`,
      path: `/onlineuser/${role}/students/1`,
      params: { role, id: "1" },
      ...staffStudent,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/admin/registers.tsx",
      name: `${role} form`,
      path: `/admin/registers/${role}`,
      params: { course: role },
      ...adminRegisters,
      allowed: adminOnly,
    },
    {
      file: "routes/admin/course.tsx",
      name: `update course ${courseIds[role]}`,
      path: `/admin/courses/${courseIds[role]}`,
      params: { course: courseIds[role] },
      ...adminCourse,
      allowed: adminOnly,
    },
    {
      file: "routes/staff/export.ts",
      name: `${role} registrations CSV`,
      path: `/staff/export/registrations/${role}`,
      params: { table: "registrations", course: role },
      loader: staffExport.loader,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/onlineuser/layout.tsx",
      name: `${role} area`,
      path: `/onlineuser/${role}`,
      params: { role },
      ...coordinatorLayout,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/onlineuser/registrations.tsx",
      name: `${role} registrations`,
      path: `/onlineuser/${role}`,
      params: { role },
      ...coordinatorRegistrations,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/onlineuser/course.tsx",
      name: `${role} course`,
      path: `/onlineuser/${role}/course`,
      params: { role },
      ...coordinatorCourse,
      allowed: [...counsellorsOf(role), "admin"],
    },
    // A batch's roster: whoever may see the course's students (decision 032).
    {
      file: "routes/staff/batch-roster.tsx",
      name: `${role} batch roster on the admins' desk`,
      path: `/admin/courses/${courseIds[role]}/batches/1`,
      params: { course: courseIds[role], batch: "1" },
      loader: staffBatchRoster.loader,
      allowed: adminOnly,
    },
    {
      file: "routes/staff/batch-roster-csv.ts",
      name: `${role} batch roster CSV on the admins' desk`,
      path: `/admin/courses/${courseIds[role]}/batches/1/csv`,
      params: { course: courseIds[role], batch: "1" },
      loader: staffBatchRosterCsv.loader,
      allowed: adminOnly,
    },
    {
      file: "routes/staff/batch-roster.tsx",
      name: `${role} batch roster`,
      path: `/onlineuser/${role}/course/batches/1`,
      params: { role, batch: "1" },
      loader: staffBatchRoster.loader,
      allowed: [...counsellorsOf(role), "admin"],
    },
    {
      file: "routes/staff/batch-roster-csv.ts",
      name: `${role} batch roster CSV`,
      path: `/onlineuser/${role}/course/batches/1/csv`,
      params: { role, batch: "1" },
      loader: staffBatchRosterCsv.loader,
      allowed: [...counsellorsOf(role), "admin"],
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

/** A signed-in staff member whose role does not open the page: told so with 403. */
function isRefusal(result: unknown): boolean {
  return result instanceof Response && result.status === 403 && result.headers.get("location") === null;
}

/** What a caller who may not come in gets: /login when signed out, 403 when signed in with another role. */
function isKeptOut(identity: Identity, result: unknown): boolean {
  return identity === "anonymous" ? isLoginRedirect(result) : isRefusal(result);
}

/** Sent to /login with "Unauthorized access". */
function isLoginRedirect(result: unknown): boolean {
  return (
    result instanceof Response &&
    result.status === 302 &&
    result.headers.get("location") === "/login?notice=unauthorized"
  );
}

beforeAll(async () => {
  test = await createTestDatabase("pglite");
  for (const role of ["admin", ...counsellors] as const) {
    const email = `${role}@sampige-academy.example`;
    const access =
      role === "admin"
        ? ({ role: "admin" } as const)
        : ({ role: "counsellor", courses: coursesOfCounsellor(role) } as const);
    const created = await createStaff(test.database, { email, name: role, ...access, password }, "permission tests");
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
    const refusal = identity === "anonymous" ? "sent to /login" : "refused with 403";
    it(`${item.name}: ${identity} is ${allowed ? "let in" : refusal} (read)`, async () => {
      if (!item.loader) return;
      const controller = new AbortController();
      const request = new Request(site + item.path, {
        headers: { cookie: cookies.get(identity) ?? "" },
        signal: controller.signal,
      });
      const result = await settle(() => item.loader?.({ request, context: contextFor(), params: item.params }));
      controller.abort();
      if (result instanceof Response && result.body) await result.body.cancel().catch(() => {});
      expect(isKeptOut(identity, result)).toBe(!allowed);
      if (allowed) expect(isLoginRedirect(result) || isRefusal(result)).toBe(false);
    });
    if (item.action) {
      it(`${item.name}: ${identity} is ${allowed ? "let in" : refusal} (write)`, async () => {
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
        expect(isKeptOut(identity, result)).toBe(!allowed);
        if (allowed) expect(isLoginRedirect(result) || isRefusal(result)).toBe(false);
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

describe("the matrix itself", () => {
  it("covers every staff route module in app/routes.ts", () => {
    interface RouteEntry {
      file: string;
      children?: RouteEntry[];
    }
    const files = new Set<string>();
    const walk = (entries: RouteEntry[]) => {
      for (const entry of entries) {
        if (/^routes\/(admin|onlineuser|staff|counsellor|desk)\//.test(entry.file)) files.add(entry.file);
        walk(entry.children ?? []);
      }
    };
    walk(routes as RouteEntry[]);
    expect(files.size).toBeGreaterThan(10);
    const covered = new Set(cases.map((item) => item.file));
    expect([...files].filter((file) => !covered.has(file))).toEqual([]);
  });
});

describe("writes from another site", () => {
  for (const item of cases.filter((candidate) => candidate.action)) {
    it(`${item.name}: refused with 403 without this site's Origin, even for an admin`, async () => {
      for (const origin of [undefined, "https://evil.example", "null"]) {
        const headers = new Headers({
          cookie: cookies.get("admin") ?? "",
          "Content-Type": "application/x-www-form-urlencoded",
        });
        if (origin) headers.set("Origin", origin);
        const request = new Request(site + item.path, {
          method: "POST",
          body: new URLSearchParams({ intent: "nothing-at-all" }),
          headers,
        });
        const result = await settle(() => item.action?.({ request, context: contextFor(), params: item.params }));
        expect(result, `Origin: ${origin}`).toBeInstanceOf(Response);
        expect((result as Response).status, `Origin: ${origin}`).toBe(403);
      }
    });
  }
});

describe("a coordinator's scope", () => {
  it("cannot open or change another course's student record through their own desk, whatever id they send", async () => {
    const { db } = test.database;
    const ai = await createSubmission(
      db,
      "registration",
      student({ course: "ai", email: "ai.record@example.in", mobile: "9000000555" }),
      { submissionToken: "scope-ai-record" },
    );
    const id = String(ai.studentId);
    const post = new Request(`${site}/onlineuser/iot/students/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "stage", version: "1", stage: "enrolled" }),
      headers: { cookie: cookies.get("iot") ?? "", Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const written = await settle(() =>
      staffStudent.action({ request: post, context: contextFor(), params: { role: "iot", id } } as never),
    );
    expect(JSON.stringify(written)).toContain("not yours to see");
    for (const identity of ["iot", "admin"] as const) {
      const read = await settle(() =>
        staffStudent.loader({
          request: new Request(`${site}/onlineuser/iot/students/${id}`, {
            headers: { cookie: cookies.get(identity) ?? "" },
          }),
          context: contextFor(),
          params: { role: "iot", id },
        } as never),
      );
      expect((read as { init?: { status?: number } }).init?.status, identity).toBe(404);
    }
    const record = await staffStudent.loader({
      request: new Request(`${site}/admin/students/${id}`, { headers: { cookie: cookies.get("admin") ?? "" } }),
      context: contextFor(),
      params: { id },
    } as never);
    expect(record.record.stage).toBe("new");
  });

  it("cannot change another course's registration through their own page, whatever id they send", async () => {
    const { db } = test.database;
    const ai = await createSubmission(db, "registration", student({ course: "ai", email: "ai.learner@example.in" }), {
      submissionToken: "scope-ai-1",
    });
    const request = new Request(`${site}/onlineuser/iot`, {
      method: "POST",
      body: new URLSearchParams({ intent: "follow-up", id: String(ai.id), status: "enrolled", notes: "taken over" }),
      headers: {
        cookie: cookies.get("iot") ?? "",
        Origin: site,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    const result = await settle(() =>
      coordinatorRegistrations.action({ request, context: contextFor(), params: { role: "iot" } } as never),
    );
    expect(JSON.stringify(result)).toContain("no longer exists");
    const stored = await getSubmission(db, "registration", ai.id);
    expect(stored?.status).toBe("new");
    expect(stored?.notes).toBe("");
  });

  it("answers an unknown course area with 404 for an admin, 403 for a coordinator and /login when signed out", async () => {
    const open = (identity: Identity) =>
      settle(() =>
        coordinatorLayout.loader({
          request: new Request(`${site}/onlineuser/cooking`, { headers: { cookie: cookies.get(identity) ?? "" } }),
          context: contextFor(),
          params: { role: "cooking" },
        } as never),
      );
    const forAdmin = await open("admin");
    expect((forAdmin as { init?: { status?: number } }).init?.status).toBe(404);
    expect(isLoginRedirect(await open("anonymous"))).toBe(true);
    for (const identity of counsellors) expect(isRefusal(await open(identity))).toBe(true);
  });
});

describe("a counsellor's scope", () => {
  const read = (identity: Identity, path: string, module: { loader: RouteFunction }, params: Record<string, string>) =>
    settle(() =>
      module.loader({
        request: new Request(site + path, { headers: { cookie: cookies.get(identity) ?? "" } }),
        context: contextFor(),
        params,
      }),
    );

  it("sees on their desk the records of their courses and those without a course, and no other", async () => {
    const { db } = test.database;
    const made = async (course: string | undefined, mobile: string) => {
      const person = student({ course: course ?? "iot", mobile, email: `${mobile}@example.in` });
      const stored = course
        ? await createSubmission(db, "registration", person, { submissionToken: `desk-${mobile}` })
        : await createSubmission(db, "enquiry", (({ course: _c, ...rest }) => rest)(person), {
            submissionToken: `desk-${mobile}`,
          });
      return stored.studentId as number;
    };
    const embedded = await made("embedded", "9000100001");
    const iot = await made("iot", "9000100002");
    const ai = await made("ai", "9000100003");
    const enquiryOnly = await made(undefined, "9000100004");
    const seen = async (identity: Identity) => {
      const list = (await read(identity, "/counsellor/students?q=90001", staffStudents as never, {})) as {
        list: { rows: { id: number }[] };
      };
      return list.list.rows.map((row) => row.id).sort((a, b) => a - b);
    };
    expect(await seen("several")).toEqual([embedded, iot, enquiryOnly]);
    expect(await seen("iot")).toEqual([iot, enquiryOnly]);
    expect(await seen("all")).toEqual([embedded, iot, ai, enquiryOnly]);
    // Another course's record, whatever id is sent: not found, and not changed.
    const open = await read("several", `/counsellor/students/${ai}`, staffStudent as never, { id: String(ai) });
    expect((open as { init?: { status?: number } }).init?.status).toBe(404);
    const written = await settle(() =>
      staffStudent.action({
        request: new Request(`${site}/counsellor/students/${ai}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "stage", version: "1", stage: "enrolled" }),
          headers: {
            cookie: cookies.get("several") ?? "",
            Origin: site,
            "Content-Type": "application/x-www-form-urlencoded",
          },
        }),
        context: contextFor(),
        params: { id: String(ai) },
      } as never),
    );
    expect(JSON.stringify(written)).toContain("not yours to see");
    const own = (await read("several", `/counsellor/students/${enquiryOnly}`, staffStudent as never, {
      id: String(enquiryOnly),
    })) as { base: string; record: { id: number } };
    expect(own.record.id).toBe(enquiryOnly);
    expect(own.base).toBe("/counsellor/students");
  });

  it("sees the enquiries of their courses' students and those without a course, and follows up only those", async () => {
    const { db } = test.database;
    const enquiry = (mobile: string) => {
      const { course: _course, ...person } = student({ mobile, email: `${mobile}@example.in`, name: `Enq ${mobile}` });
      return createSubmission(db, "enquiry", person, { submissionToken: `enq-${mobile}` });
    };
    const loose = await enquiry("9000200001");
    // An AI student's enquiry: the record names AI, so it is the AI counsellors'.
    await createSubmission(
      db,
      "registration",
      student({ course: "ai", mobile: "9000200002", email: "9000200002@example.in" }),
      {
        submissionToken: "enq-ai-reg",
      },
    );
    const aiEnquiry = await enquiry("9000200002");
    const names = async (identity: Identity) => {
      const page = (await read(
        identity,
        "/counsellor/enquiries?range=all&q=90002",
        counsellorEnquiries as never,
        {},
      )) as {
        table: { rows: { id: number }[] };
      };
      return page.table.rows.map((row) => row.id).sort((a, b) => a - b);
    };
    expect(await names("iot")).toEqual([loose.id]);
    expect(await names("ai")).toEqual([loose.id, aiEnquiry.id].sort((a, b) => a - b));
    const followUp = (id: number) =>
      settle(() =>
        counsellorEnquiries.action({
          request: new Request(`${site}/counsellor/enquiries`, {
            method: "POST",
            body: new URLSearchParams({ id: String(id), status: "contacted", notes: "called" }),
            headers: {
              cookie: cookies.get("iot") ?? "",
              Origin: site,
              "Content-Type": "application/x-www-form-urlencoded",
            },
          }),
          context: contextFor(),
          params: {},
        } as never),
      );
    expect(JSON.stringify(await followUp(aiEnquiry.id))).toContain("no longer exists");
    expect((await getSubmission(db, "enquiry", aiEnquiry.id))?.status).toBe("new");
    expect(await followUp(loose.id)).toMatchObject({ ok: true });
    expect((await getSubmission(db, "enquiry", loose.id))?.status).toBe("contacted");
  });

  it("lands a counsellor, of one course or several, on My day, and an admin on the team's day", async () => {
    for (const [identity, desk] of [
      ["iot", "/desk/day"],
      ["several", "/desk/day"],
      ["all", "/desk/day"],
      ["admin", "/desk/team"],
    ] as const) {
      const answer = await settle(() =>
        loginLoader({
          request: new Request(`${site}/login`, { headers: { cookie: cookies.get(identity) ?? "" } }),
          context: contextFor(),
          params: {},
        } as never),
      );
      expect((answer as Response).headers.get("location"), identity).toBe(desk);
    }
  });
});

describe("a counsellor limited to a branch", () => {
  const as = (cookie: string, path: string) => new Request(site + path, { headers: { cookie } });
  /** A counsellor of every course limited to Chennai, signed in; and one student of each branch and none. */
  async function chennaiDesk() {
    const { db } = test.database;
    const email = "chennai.only@sampige-academy.example";
    const created = await createStaff(
      test.database,
      { email, name: "Chennai only", role: "counsellor", courses: "all", branches: ["chennai"], password },
      "permission tests",
    );
    expect(created.ok).toBe(true);
    const login = (await settle(() =>
      loginAction({
        request: new Request(`${site}/login`, {
          method: "POST",
          body: new URLSearchParams({ email, password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        }),
        context: contextFor(),
        params: {},
      } as never),
    )) as Response;
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const made = async (state: string, district: string, mobile: string) =>
      (
        await createSubmission(
          db,
          "registration",
          student({
            course: "matlab",
            state,
            district,
            mobile,
            email: `${mobile}@example.in`,
            name: `Branch ${mobile}`,
          }),
          { submissionToken: `branch-${mobile}` },
        )
      ).studentId as number;
    return {
      cookie,
      chennai: await made("tamilnadu", "Chennai", "9000300001"),
      bangalore: await made("karnataka", "Udupi", "9000300002"),
      unknown: await made("kerala", "Kannur", "9000300003"),
    };
  }

  it("opens, lists, exports and writes to only their branch's students and those of no known branch", async () => {
    const desk = await chennaiDesk();
    const listed = (await staffStudents.loader({
      request: as(desk.cookie, "/counsellor/students?q=90003"),
      context: contextFor(),
      params: {},
    } as never)) as { list: { rows: { id: number }[] } };
    expect(listed.list.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([desk.chennai, desk.unknown]);
    for (const [id, status] of [
      [desk.bangalore, 404],
      [desk.chennai, 200],
      [desk.unknown, 200],
    ] as const) {
      const page = await settle(() =>
        staffStudent.loader({
          request: as(desk.cookie, `/counsellor/students/${id}`),
          context: contextFor(),
          params: { id: String(id) },
        } as never),
      );
      expect((page as { init?: { status?: number } }).init?.status ?? 200, String(id)).toBe(status);
    }
    const csv = (await staffStudentsCsv.loader({
      request: as(desk.cookie, "/counsellor/students/csv?q=90003"),
      context: contextFor(),
      params: {},
    } as never)) as Response;
    const text = await csv.text();
    expect(text).toContain("Branch 9000300001");
    expect(text).not.toContain("Branch 9000300002");
    // The course desk's registrations and their CSV.
    const registrations = (await coordinatorRegistrations.loader({
      request: as(desk.cookie, "/onlineuser/matlab?range=all&q=90003"),
      context: contextFor(),
      params: { role: "matlab" },
    } as never)) as { table: { rows: { name: string }[] } };
    expect(registrations.table.rows.map((row) => row.name).sort()).toEqual(["Branch 9000300001", "Branch 9000300003"]);
    const exported = (await staffExport.loader({
      request: as(desk.cookie, "/staff/export/registrations/matlab?range=all&q=90003"),
      context: contextFor(),
      params: { table: "registrations", course: "matlab" },
    } as never)) as Response;
    expect(await exported.text()).not.toContain("Branch 9000300002");
    // A change on the Bangalore student's record: not theirs.
    const written = await settle(() =>
      staffStudent.action({
        request: new Request(`${site}/counsellor/students/${desk.bangalore}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "note", text: "Trying" }),
          headers: { cookie: desk.cookie, Origin: site, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        context: contextFor(),
        params: { id: String(desk.bangalore) },
      } as never),
    );
    expect(JSON.stringify(written)).toContain("not yours to see");
    // An admin still sees all three.
    const all = (await staffStudents.loader({
      request: as(cookies.get("admin") ?? "", "/admin/students?q=90003"),
      context: contextFor(),
      params: {},
    } as never)) as { list: { rows: { id: number }[] } };
    expect(all.list.rows).toHaveLength(3);
  });
});

describe("the live stream", () => {
  /** Opens /staff/events as `identity`; `next()` reads what arrives within a moment. */
  async function openStream(cookie: string) {
    const controller = new AbortController();
    const response = (await staffEvents.loader({
      request: new Request(`${site}/staff/events`, { headers: { cookie }, signal: controller.signal }),
      context: contextFor(),
      params: {},
    } as never)) as Response;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
    return {
      response,
      /** Text that arrived within `ms`, or "" (and "[closed]" once the server ended it). */
      async next(ms = 300): Promise<string> {
        pending ??= reader.read();
        const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), ms));
        const result = await Promise.race([pending, timeout]);
        if (result === "timeout") return "";
        pending = undefined;
        return result.done ? "[closed]" : decoder.decode(result.value);
      },
      close() {
        controller.abort();
        void reader.cancel().catch(() => {});
      },
    };
  }

  it("tells a coordinator only about registrations of their own course", async () => {
    const stream = await openStream(cookies.get("iot") ?? "");
    expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
    expect(await stream.next()).toContain(": connected");
    publishSubmission({ kind: "registration", id: "901", course: "ai" });
    publishSubmission({ kind: "enquiry", id: "902" });
    expect(await stream.next()).toBe("");
    publishSubmission({ kind: "registration", id: "903", course: "iot" });
    const heard = await stream.next(2_000);
    expect(heard).toContain("event: submission");
    expect(heard).toContain('"id":"903"');
    stream.close();
  });

  it("tells a coordinator about changes of their course's student records, live, without touching the page cache", async () => {
    const { db } = test.database;
    const iot = await createSubmission(
      db,
      "registration",
      student({ course: "iot", mobile: "9000000777", email: "live.iot@example.in" }),
      {
        submissionToken: "stream-record-iot",
      },
    );
    const ai = await createSubmission(
      db,
      "registration",
      student({ course: "ai", mobile: "9000000778", email: "live.ai@example.in" }),
      {
        submissionToken: "stream-record-ai",
      },
    );
    const stream = await openStream(cookies.get("iot") ?? "");
    await stream.next();
    const versionBefore = contentVersion();
    const admin = await getStaffUser(
      new Request(`${site}/admin`, { headers: { cookie: cookies.get("admin") ?? "" } }),
      contextFor(),
    );
    const note = new FormData();
    note.set("intent", "note");
    note.set("text", "Live note");
    await handleRecordForm(db, note, ai.studentId as number, admin as StaffUser, everyRecord);
    expect(await stream.next()).toBe("");
    await handleRecordForm(db, note, iot.studentId as number, admin as StaffUser, everyRecord);
    const heard = await stream.next(2_000);
    expect(heard).toContain("event: record");
    expect(heard).toContain(`"id":${iot.studentId}`);
    expect(contentVersion()).toBe(versionBefore);
    stream.close();
  });

  it("tells an admin about every submission", async () => {
    const stream = await openStream(cookies.get("admin") ?? "");
    await stream.next();
    const { db } = test.database;
    const enquiry = await createSubmission(db, "enquiry", student(), { submissionToken: "stream-admin-1" });
    publishSubmission({ kind: "enquiry", id: String(enquiry.id) });
    expect(await stream.next(2_000)).toContain(`"id":"${enquiry.id}"`);
    stream.close();
  });

  it("says signed-out and closes once the counsellor's courses are changed, telling nothing more", async () => {
    const email = "moving.coordinator@sampige-academy.example";
    expect(
      (
        await createStaff(
          test.database,
          { email, role: "counsellor", courses: ["matlab"], password },
          "permission tests",
        )
      ).ok,
    ).toBe(true);
    const login = (await settle(() =>
      loginAction({
        request: new Request(`${site}/login`, {
          method: "POST",
          body: new URLSearchParams({ email, password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
        }),
        context: contextFor(),
        params: {},
      } as never),
    )) as Response;
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const stream = await openStream(cookie);
    await stream.next();
    expect((await setStaffRole(test.database.db, email, "counsellor", "permission tests", ["ai"])).ok).toBe(true);
    publishSubmission({ kind: "registration", id: "904", course: "matlab" });
    const last = await stream.next(2_000);
    expect(last).toContain("event: signed-out");
    expect(last).not.toContain('"id":"904"');
    expect(await stream.next(2_000)).toBe("[closed]");
    // And the stream cannot be opened again with that session.
    const again = await settle(() =>
      staffEvents.loader({
        request: new Request(`${site}/staff/events`, { headers: { cookie } }),
        context: contextFor(),
        params: {},
      } as never),
    );
    expect(isLoginRedirect(again)).toBe(true);
  });
});
