// Branches on the desk (decision 031), over real HTTP as the browser sends it, on both engines:
// a new student's branch from the batch they picked or guessed from their state, a guess
// confirmed by hand (a "branch" entry), a branch's pool and its fallback to the course's own, a
// counsellor limited to Chennai who can neither open, list nor export a Bangalore student but
// sees those whose branch is not known yet, the lists' branch filter, and the owner's report by
// branch with its CSV.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import {
  addStaff,
  eventually,
  openStaffStream,
  postForm,
  type SiteProcess,
  signIn,
  startSite,
  studentForm,
} from "./site-process";

const admin = "branches.admin@sampige-academy.example";
const chennai = "branches.chennai@sampige-academy.example";
const anywhere = "branches.anywhere@sampige-academy.example";

/** The CSV's lines as cells (no cell here holds a comma or a quote). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
}

describeEachEngine("branches on the desk", (engine) => {
  let site: SiteProcess;
  let dataDir = "";
  let drop = async () => {};
  let adminCookie = "";
  let chennaiCookie = "";
  const ids = { chennai: "", anywhere: "" };
  const batches = { chennai: "", online: "" };
  const stamp = String(Date.now()).slice(-7);
  const mobileOf = (n: number) => `9${n}${stamp}`.slice(0, 10);
  const students = {
    tamil: { name: "Tamil Guess", mobile: mobileOf(11), state: "tamilnadu", district: "Chennai" },
    karnataka: { name: "Karnataka Guess", mobile: mobileOf(12), state: "karnataka", district: "Udupi" },
    kerala: { name: "Kerala Unknown", mobile: mobileOf(13), state: "kerala", district: "Kannur" },
    online: { name: "Online Picker", mobile: mobileOf(14), state: "karnataka", district: "Udupi" },
    picked: { name: "Chennai Picker", mobile: mobileOf(15), state: "karnataka", district: "Udupi" },
  };
  const get = (pathname: string, cookie: string) => fetch(`${site.origin}${pathname}`, { headers: { cookie } });
  /** The admin's CSV row of a student: header to cell. */
  const csvOf = async (mobile: string) => {
    const [header = [], row = []] = csvRows(await (await get(`/admin/students/csv?q=${mobile}`, adminCookie)).text());
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? ""]));
  };
  const recordIdOf = async (mobile: string) => {
    const list = await (await get(`/admin/students?q=${mobile}`, adminCookie)).text();
    return /href="\/admin\/students\/(\d+)"/.exec(list)?.[1] ?? "";
  };
  const register = (student: (typeof students)[keyof typeof students], batch = "") =>
    postForm(
      site.origin,
      "/online/register",
      studentForm({ ...student, email: `${student.mobile}@example.in`, course: "embedded", batch }),
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-branches-"));
    const created = engine === "postgres" ? await createPostgresDatabase() : undefined;
    if (created) drop = created.drop;
    const options = { dataDir, databaseUrl: created?.url, env: { FORM_RATE_LIMIT: "1000/10m" } };
    await addStaff(options, admin, "admin");
    await addStaff(options, chennai, "counsellor", "embedded");
    await addStaff(options, anywhere, "counsellor", "embedded");
    site = await startSite(options);
    adminCookie = await signIn(site.origin, admin);
    // The admin limits one counsellor to Chennai on the staff page.
    const limited = await postForm(
      site.origin,
      "/admin/staff",
      new URLSearchParams([
        ["intent", "set-role"],
        ["email", chennai],
        ["role", "counsellor"],
        ["courses", "embedded"],
        ["branches", "chennai"],
      ]),
      { cookie: adminCookie },
    );
    expect(limited.status).toBe(200);
    expect(await limited.text()).toContain("Counsellor: Embedded (Chennai only)");
    chennaiCookie = await signIn(site.origin, chennai);
    const pools = await (await get("/admin/assignment", adminCookie)).text();
    // Account ids from the staff list's pool checkboxes (value, then the account's name = e-mail).
    const boxes = [...pools.matchAll(/name="member" value="([^"]+)"[^>]*>(?:\s|<!-- -->)*([^<]+)/g)];
    for (const [, id, name] of boxes) {
      if (name?.trim() === chennai) ids.chennai = id ?? "";
      if (name?.trim() === anywhere) ids.anywhere = id ?? "";
    }
    expect(ids.chennai).not.toBe("");
    expect(ids.anywhere).not.toBe("");
    // The Embedded pool: the counsellor of every branch; Embedded at Chennai: the Chennai counsellor.
    for (const [branch, member] of [
      ["", ids.anywhere],
      ["chennai", ids.chennai],
    ]) {
      const saved = await postForm(
        site.origin,
        "/admin/assignment",
        { intent: "pool", course: "embedded", branch: branch as string, member: member as string },
        { cookie: adminCookie },
      );
      expect(saved.status).toBe(200);
    }
    // Two upcoming Embedded batches: a classroom one at Chennai, an online one run from Bangalore.
    for (const [key, branch, mode] of [
      ["chennai", "chennai", "classroom"],
      ["online", "bangalore", "online"],
    ] as const) {
      const added = await postForm(
        site.origin,
        "/admin/courses/embedded",
        {
          intent: "batch-add",
          branch,
          startsOn: key === "chennai" ? "2031-04-14" : "2031-05-12",
          days: "weekday",
          startTime: "18:30",
          endTime: "20:30",
          mode,
          seats: "open",
          seatsLeft: "",
          feeInr: "45000",
          feeIncludes: "Kit",
        },
        { cookie: adminCookie },
      );
      expect(added.status).toBe(200);
    }
    const course = await (await get("/admin/courses/embedded", adminCookie)).text();
    const batchIds = [...course.matchAll(/name="id" value="(\d+)"/g)].map((match) => match[1] as string);
    [batches.chennai = "", batches.online = ""] = [...new Set(batchIds)];
    expect(batches.online).not.toBe("");
  }, 240_000);

  afterAll(async () => {
    await site?.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("guesses a new student's branch from their state, takes a picked batch's, and gives them to the branch's pool or the course's", async () => {
    for (const [student, batch] of [
      [students.tamil, ""],
      [students.karnataka, ""],
      [students.kerala, ""],
      [students.online, batches.online],
      [students.picked, batches.chennai],
    ] as const) {
      const sent = await register(student, batch);
      expect(sent.status, student.name).toBe(302);
    }
    expect(await csvOf(students.tamil.mobile)).toMatchObject({
      Branch: "Chennai",
      "Branch known from": "guessed from state",
      Owner: chennai,
    });
    // No Bangalore pool: the Embedded pool, where the Chennai counsellor would be passed over anyway.
    expect(await csvOf(students.karnataka.mobile)).toMatchObject({
      Branch: "Bangalore",
      "Branch known from": "guessed from state",
      Owner: anywhere,
    });
    expect(await csvOf(students.kerala.mobile)).toMatchObject({
      Branch: "Not known yet",
      "Branch known from": "",
      Owner: anywhere,
    });
    // An online batch is Online, wherever it is run from; a Chennai classroom batch is Chennai.
    expect(await csvOf(students.online.mobile)).toMatchObject({
      Branch: "Online",
      "Branch known from": "the batch picked",
    });
    expect(await csvOf(students.picked.mobile)).toMatchObject({
      Branch: "Chennai",
      "Branch known from": "the batch picked",
      Owner: chennai,
    });
    const page = await (await get(`/admin/students/${await recordIdOf(students.tamil.mobile)}`, adminCookie)).text();
    expect(page).toContain("Branch: Chennai (guessed from state)");
    expect(page).toContain("Confirm branch");

    // A returning student whose branch was only guessed takes the batch they pick now.
    const again = await register(students.karnataka, batches.chennai);
    expect(again.status).toBe(302);
    expect(await csvOf(students.karnataka.mobile)).toMatchObject({
      Branch: "Chennai",
      "Branch known from": "the batch picked",
      Owner: anywhere,
    });
    const record = await (
      await get(`/admin/students/${await recordIdOf(students.karnataka.mobile)}`, adminCookie)
    ).text();
    expect(record).toContain("Bangalore (guessed from state) → Chennai (from the batch picked)");
  });

  it("confirms a guessed branch by hand, on the timeline, and refuses a branch not on the list keeping the record", async () => {
    const id = await recordIdOf(students.tamil.mobile);
    const page = await (await get(`/counsellor/students/${id}`, chennaiCookie)).text();
    const version = /name="version" value="(\d+)"/.exec(page)?.[1] ?? "";
    const bad = await postForm(
      site.origin,
      `/counsellor/students/${id}`,
      { intent: "branch", version, branch: "paris" },
      { cookie: chennaiCookie },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please choose a branch from the list.");
    const confirmed = await postForm(
      site.origin,
      `/counsellor/students/${id}`,
      { intent: "branch", version, branch: "chennai" },
      { cookie: chennaiCookie },
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/counsellor/students/${id}?saved=branch#branch`);
    const after = await (await get(`/counsellor/students/${id}?saved=branch`, chennaiCookie)).text();
    expect(after).toContain("Branch saved.");
    expect(after).toContain("Branch confirmed");
    expect(after).toContain("Chennai: confirmed (it was Chennai (guessed from state))");
    expect(after).not.toContain("Confirm branch");
    expect(await csvOf(students.tamil.mobile)).toMatchObject({
      Branch: "Chennai",
      "Branch known from": "set on the desk",
    });
    // The same edit again on the old version is refused: someone (this one) changed the record since.
    const stale = await postForm(
      site.origin,
      `/counsellor/students/${id}`,
      { intent: "branch", version, branch: "online" },
      { cookie: chennaiCookie },
    );
    expect(stale.status).toBe(409);
  });

  it("keeps a counsellor limited to Chennai to Chennai's students and those of no known branch, everywhere", async () => {
    const bangalore = await register(
      { name: "Bangalore Only", mobile: mobileOf(16), state: "karnataka", district: "Udupi" },
      "",
    );
    expect(bangalore.status).toBe(302);
    const bangaloreId = await recordIdOf(mobileOf(16));
    const keralaId = await recordIdOf(students.kerala.mobile);
    for (const desk of ["/counsellor/students", "/onlineuser/embedded/students"]) {
      expect((await get(`${desk}/${bangaloreId}`, chennaiCookie)).status, desk).toBe(404);
      expect((await get(`${desk}/${keralaId}`, chennaiCookie)).status, desk).toBe(200);
      const list = await (await get(desk, chennaiCookie)).text();
      expect(list).not.toContain("Bangalore Only");
      expect(list).toContain("Kerala Unknown");
      expect(list).toContain("Tamil Guess");
      const csv = await (await get(`${desk}/csv`, chennaiCookie)).text();
      expect(csv).not.toContain("Bangalore Only");
      expect(csv).toContain("Kerala Unknown");
    }
    const registrations = await (await get("/onlineuser/embedded?range=all", chennaiCookie)).text();
    expect(registrations).not.toContain("Bangalore Only");
    expect(registrations).toContain("Tamil Guess");
    const exported = await (await get("/staff/export/registrations/embedded?range=all", chennaiCookie)).text();
    expect(exported).not.toContain("Bangalore Only");
    expect(exported).toContain("Tamil Guess");
    // A note on the Bangalore student's record: not theirs.
    const note = await postForm(
      site.origin,
      `/counsellor/students/${bangaloreId}`,
      { intent: "note", text: "Trying" },
      { cookie: chennaiCookie },
    );
    expect(note.status).toBe(404);
    // The admin cannot give the Bangalore student to them, and the owner list leaves them out.
    const record = await (await get(`/admin/students/${bangaloreId}`, adminCookie)).text();
    expect(record).not.toContain(`value="${ids.chennai}"`);
    const version = /name="version" value="(\d+)"/.exec(record)?.[1] ?? "";
    const given = await postForm(
      site.origin,
      `/admin/students/${bangaloreId}`,
      { intent: "owner", version, ownerId: ids.chennai },
      { cookie: adminCookie },
    );
    expect(given.status).toBe(400);
    expect(await given.text()).toContain("(their courses or branches are others)");
    // My day: their own students only, each with its branch.
    const day = await (await get("/desk/day", chennaiCookie)).text();
    expect(day).not.toContain("Bangalore Only");
    expect(day).toContain("Chennai");
    // They may pass a student on to Bangalore: the record leaves their desk, and the staff page
    // lists it among the students they own but can no longer open.
    const pickedId = await recordIdOf(students.picked.mobile);
    const pickedPage = await (await get(`/counsellor/students/${pickedId}`, chennaiCookie)).text();
    const passed = await postForm(
      site.origin,
      `/counsellor/students/${pickedId}`,
      {
        intent: "branch",
        version: /name="version" value="(\d+)"/.exec(pickedPage)?.[1] ?? "",
        branch: "bangalore",
      },
      { cookie: chennaiCookie },
    );
    expect(passed.status).toBe(302);
    expect(passed.headers.get("location")).toBe("/counsellor/students?branchGiven=1");
    expect(await (await get("/counsellor/students?branchGiven=1", chennaiCookie)).text()).toContain(
      "their record has left your list",
    );
    expect((await get(`/counsellor/students/${pickedId}`, chennaiCookie)).status).toBe(404);
    const staffPage = await (await get("/admin/staff", adminCookie)).text();
    expect(staffPage).toContain("Chennai Picker");
    // A Bangalore pool of the Chennai counsellor is refused.
    const pool = await postForm(
      site.origin,
      "/admin/assignment",
      { intent: "pool", course: "embedded", branch: "bangalore", member: ids.chennai },
      { cookie: adminCookie },
    );
    expect(pool.status).toBe(400);
    expect(await pool.text()).toContain(`${chennai} does not work at Bangalore`);
  });

  it("filters every students list by branch, and shows each branch's pool or its fallback in words", async () => {
    const names = async (query: string, cookie = adminCookie, desk = "/admin/students") =>
      [
        ...(await (await get(`${desk}?${query}`, cookie)).text()).matchAll(
          /data-testid="record-row"[\s\S]*?<a href="[^"]+"[^>]*>([^<]+)</g,
        ),
      ]
        .map((match) => match[1])
        .filter(
          (name) => Object.values(students).some((student) => student.name === name) || name === "Bangalore Only",
        );
    expect(await names("branch=online")).toEqual(["Online Picker"]);
    expect(await names("branch=unknown")).toEqual(["Kerala Unknown"]);
    expect((await names("branch=chennai")).sort()).toEqual(["Karnataka Guess", "Tamil Guess"]);
    expect((await names("branch=bangalore")).sort()).toEqual(["Bangalore Only", "Chennai Picker"]);
    expect(await names("branch=bangalore", chennaiCookie, "/counsellor/students")).toEqual([]);
    const csv = csvRows(await (await get("/admin/students/csv?branch=unknown", adminCookie)).text());
    expect(csv.slice(1).map((row) => row[2])).toEqual(["Kerala Unknown"]);
    // An unknown branch in the URL is no filter, never an error.
    expect((await get("/admin/students?branch=paris", adminCookie)).status).toBe(200);
    const pools = await (await get("/admin/assignment", adminCookie)).text();
    expect(pools).toContain("Bangalore: no counsellors of its own; uses the Embedded pool");
    expect(pools).toContain(`Chennai: ${chennai}`);
  });

  it("groups the owner's report by branch, its figures adding up to the whole, with a CSV", async () => {
    const report = await (await get("/admin/report", adminCookie)).text();
    expect(report).toContain("By branch");
    const csv = csvRows(await (await get("/admin/report/csv/branches", adminCookie)).text());
    expect(csv[0]?.[0]).toBe("Branch");
    const newStudents = csv[0]?.indexOf("New students") ?? -1;
    expect(newStudents).toBeGreaterThan(0);
    const byBranch = Object.fromEntries(csv.slice(1).map((row) => [row[0], Number(row[newStudents])]));
    expect(byBranch).toEqual({ Chennai: 2, Bangalore: 2, Online: 1, "Not known yet": 1 });
  });
  it("tells a counsellor limited to Chennai, live, of a Chennai student's form and not of a Bangalore one", async () => {
    const stream = await openStaffStream(site.origin, chennaiCookie);
    try {
      const far = await register({
        name: "Live Bangalore",
        mobile: mobileOf(17),
        state: "karnataka",
        district: "Udupi",
      });
      expect(far.status).toBe(302);
      const near = await register({
        name: "Live Chennai",
        mobile: mobileOf(18),
        state: "tamilnadu",
        district: "Chennai",
      });
      expect(near.status).toBe(302);
      const submissions = () => stream.text().split("event: submission").length - 1;
      await eventually("the Chennai student's form on the stream", () => submissions() >= 1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(submissions()).toBe(1);
    } finally {
      stream.close();
    }
  });
});
