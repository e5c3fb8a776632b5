// Two app processes on different ports sharing one PostgreSQL behave as one site: live staff
// streams hear submissions and student record changes made on the other, a session works on both, the form limit and
// the sign-in throttle count across both, and a staff change on one refreshes the other's
// cached public pages. Several changes made at once on one are each heard on the other.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { openDatabase } from "../../app/platform/database.server";
import { describeEachEngine } from "./databases";
import { student } from "./fixtures";
import {
  eventually,
  openStaffStream,
  postForm,
  type SiteProcess,
  signIn,
  startTwoSites,
  studentForm,
  type TwoSites,
} from "./site-process";

const admin = "two.admin@sampige-academy.example";

describeEachEngine("two processes on one PostgreSQL", () => {
  let two: TwoSites | undefined;
  let sites: [SiteProcess, SiteProcess];
  let dataDir = "";
  let databaseUrl = "";

  beforeAll(async () => {
    // The database is migrated by the first start, as a new installation's is.
    two = await startTwoSites({ label: "two", env: { FORM_RATE_LIMIT: "3/10m" }, staff: [[admin, "admin"]] });
    ({ sites, dataDir, databaseUrl } = two);
  }, 180_000);

  afterAll(() => two?.stop());

  it("shows a submission made on one in a staff stream open on the other, with one session for both", async () => {
    const [a, b] = sites;
    const cookie = await signIn(b.origin, admin);
    // The session made on B opens the desk on A.
    const desk = await fetch(`${a.origin}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(desk.status).toBe(200);
    const stream = await openStaffStream(b.origin, cookie);
    try {
      const sent = await postForm(a.origin, "/contact", studentForm({ name: "Relay Student" }), {
        "X-Test-Client": "stream",
      });
      expect(sent.status).toBe(302);
      await eventually("the submission on the other process's stream", () =>
        stream.text().includes("event: submission"),
      );
      expect(stream.text()).toMatch(/"kind":"enquiry"/);
    } finally {
      stream.close();
    }
  });

  it("counts the form limit across both: two on A, one on B, then the fourth is refused on either", async () => {
    const [a, b] = sites;
    // The stream test above used one form from this address (127.0.0.1) already.
    const first = await postForm(a.origin, "/contact", studentForm());
    expect(first.status).toBe(302);
    const second = await postForm(b.origin, "/online/register", studentForm({ course: "iot" }));
    expect(second.status).toBe(302);
    for (const site of [a, b]) {
      const typed = studentForm({ name: "Refused Student" });
      const refused = await postForm(site.origin, "/contact", typed);
      expect(refused.status).toBe(429);
      const page = await refused.text();
      expect(page).toContain("Too many forms have been sent from your network just now");
      expect(page).toContain("Refused Student");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("counts failed sign-ins across both processes", async () => {
    const [a, b] = sites;
    const email = "nobody@sampige-academy.example";
    const attempt = (origin: string) =>
      postForm(origin, "/login", { email, password: "not the password at all" }).then((r) => r.status);
    // Five failures for one e-mail, alternating processes, and the sixth is refused on either.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(i % 2 === 0 ? a.origin : b.origin));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt(a.origin)).toBe(429);
    expect(await attempt(b.origin)).toBe(429);
  });

  it("renders the other process's cached public page again after a content change", async () => {
    const [a, b] = sites;
    const before = await fetch(`${b.origin}/courses/matlab`);
    expect(await before.text()).not.toContain("9 September 2031");
    // Kept once its compressed forms are made (a request meanwhile shares the render).
    await eventually("the page from B's cache", async () => {
      const cached = await fetch(`${b.origin}/courses/matlab`);
      await cached.text();
      return cached.headers.get("x-page-cache") === "hit";
    });

    const cookie = await signIn(a.origin, admin);
    const saved = await postForm(
      a.origin,
      "/admin/courses/matlab",
      { intent: "start-date", startDate: "9 September 2031" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Start date saved: 9 September 2031.");
    await eventually("the new start date on the other process", async () =>
      (await (await fetch(`${b.origin}/courses/matlab`)).text()).includes("9 September 2031"),
    );
  });

  it("shows a batch added on one on the other's cached course, home and admissions pages and registration form", async () => {
    const [a, b] = sites;
    for (const pathname of ["/courses/iot", "/", "/about/admissions", "/online/register", "/about/facilities"]) {
      await eventually(`${pathname} from B's cache`, async () => {
        const cached = await fetch(`${b.origin}${pathname}`);
        await cached.text();
        return ["hit", "template"].includes(cached.headers.get("x-page-cache") ?? "");
      });
    }
    const cookie = await signIn(a.origin, admin);
    const saved = await postForm(
      a.origin,
      "/admin/courses/iot",
      {
        intent: "batch-add",
        branch: "chennai",
        startsOn: "2031-10-04",
        days: "weekend",
        startTime: "10:00",
        endTime: "15:00",
        mode: "classroom",
        seats: "open",
        seatsTotal: "9",
        feeInr: "40000",
        feeIncludes: "sensor kit",
      },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(200);
    for (const pathname of ["/courses/iot", "/", "/about/admissions", "/online/register"]) {
      await eventually(`the new batch on ${pathname} of the other process`, async () =>
        (await (await fetch(`${b.origin}${pathname}`)).text()).includes("4 Oct 2031"),
      );
    }
    // A page that does not show batches stayed cached on the other process.
    const other = await fetch(`${b.origin}/about/facilities`);
    await other.text();
    expect(other.headers.get("x-page-cache")).toBe("hit");
  });

  it("shows a note added to a student record on one in a staff stream open on the other", async () => {
    const [a, b] = sites;
    const cookie = await signIn(a.origin, admin);
    // The form limit of this address is used up by the tests above: the student's form is stored directly.
    const database = await openDatabase({ dataDir, databaseUrl, purpose: "test" });
    await createSubmission(
      database.db,
      "registration",
      student({ name: "Record Relay", email: "record.relay@example.in", mobile: "9000000888", course: "iot" }),
      { submissionToken: "record-relay" },
    );
    await database.close();
    const list = await (await fetch(`${b.origin}/admin/students?q=9000000888`, { headers: { Cookie: cookie } })).text();
    const id = /\/admin\/students\/(\d+)/.exec(list)?.[1];
    expect(id).toBeDefined();
    const stream = await openStaffStream(b.origin, cookie);
    try {
      const note = await postForm(
        a.origin,
        `/admin/students/${id}`,
        { intent: "note", text: "Called from process A" },
        {
          Cookie: cookie,
        },
      );
      expect(note.status).toBe(302);
      expect(note.headers.get("location")).toBe(`/admin/students/${id}?saved=note#note`);
      await eventually("the record change on the other process's stream", () =>
        stream.text().includes("event: record"),
      );
      expect(stream.text()).toContain(`"id":${id}`);
      const page = await (await fetch(`${b.origin}/admin/students/${id}`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain("Called from process A");
    } finally {
      stream.close();
    }
  });

  it("hears every change made at once on the other, each its own message", async () => {
    const [a, b] = sites;
    const cookie = await signIn(a.origin, admin);
    const database = await openDatabase({ dataDir, databaseUrl, purpose: "test" });
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const stored = await createSubmission(
        database.db,
        "enquiry",
        student({ name: `Relay Group ${n}`, email: `relay.group.${n}@example.in`, mobile: `900000077${n}` }),
        { submissionToken: `relay-group-${n}` },
      );
      ids.push(stored.studentId as number);
    }
    await database.close();
    const stream = await openStaffStream(b.origin, cookie);
    try {
      // Three notes at once on A: the relay sends what is said in the same moment together.
      const notes = await Promise.all(
        ids.map((id) =>
          postForm(a.origin, `/admin/students/${id}`, { intent: "note", text: "All at once" }, { Cookie: cookie }),
        ),
      );
      expect(notes.map((note) => note.status)).toEqual([302, 302, 302]);
      await eventually(`each record change on the other process stream (${ids.join(", ")})`, () =>
        ids.every((id) => new RegExp(`"id":${id}\\b`).test(stream.text())),
      ).catch((error) => {
        throw new Error(`${error.message}\n${stream.text()}`);
      });
    } finally {
      stream.close();
    }
  });
}, ["postgres"]);
