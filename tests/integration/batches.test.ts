// Batches and headline numbers as the institute edits them on the real site (production build):
// an admin or the course's coordinator adds, changes and removes batches, each change in the
// audit log; the pages showing a course's batches, and only those, are rendered again; bad input
// is refused beside the field with everything typed kept; a student picks a batch on the
// registration form and the desk shows it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { indiaDay } from "../../app/platform/india-time";
import { pagesShowing, publicPaths } from "../../app/site/public-pages";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { addStaff, eventually, postForm, type SiteProcess, signIn, startSite, studentForm } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const admin = "batches.admin@sampige-academy.example";
const aiCoordinator = "batches.ai@sampige-academy.example";
const formPages = new Set(["/contact", "/online/register", "/login"]);
const cachedPaths = publicPaths.filter((p) => !formPages.has(p));

async function visit(origin: string, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${pathname}`, { headers: { "Accept-Encoding": "br, gzip", ...headers } });
  return { status: response.status, cache: response.headers.get("x-page-cache"), text: await response.text() };
}

async function warm(origin: string, paths: readonly string[]) {
  for (const pathname of paths) {
    await eventually(`${pathname} from the cache`, async () => (await visit(origin, pathname)).cache === "hit");
  }
}

async function cacheStates(origin: string, paths: readonly string[]) {
  const states: Record<string, string | null> = {};
  for (const pathname of paths) states[pathname] = (await visit(origin, pathname)).cache;
  return states;
}

/** A batch as the desk's form posts it. */
function batchForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "batch-add",
    branch: "chennai",
    startsOn: "2031-04-14",
    days: "weekday",
    startTime: "18:30",
    endTime: "20:30",
    mode: "classroom",
    seats: "open",
    seatsTotal: "7",
    feeInr: "55,000",
    feeIncludes: "GPU lab hours and certificate",
    ...overrides,
  };
}

/** The ids of the batches the course's desk page lists, in its order. */
async function deskBatchIds(origin: string, pathname: string, cookie: string): Promise<number[]> {
  const page = await (await fetch(`${origin}${pathname}`, { headers: { Cookie: cookie } })).text();
  return [...page.matchAll(/name="id" value="(\d+)"/g)].map((match) => Number(match[1]));
}

describeEachEngine("batches and headline numbers edited on the desk", (engine) => {
  let site: SiteProcess;
  let cookie = "";
  let coordinatorCookie = "";
  let dataDir = "";
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-batches-"));
    const created = engine === "postgres" ? await createPostgresDatabase({ migrated: true }) : undefined;
    if (created) drop = created.drop;
    else await copyPgliteTemplate(dataDir);
    const options = { dataDir, databaseUrl: created?.url, env: { FORM_RATE_LIMIT: "1000/10m" } };
    await addStaff(options, admin, "admin");
    await addStaff(options, aiCoordinator, "counsellor", "ai");
    site = await startSite(options);
    cookie = await signIn(site.origin, admin);
    coordinatorCookie = await signIn(site.origin, aiCoordinator);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("without batches, a course says 'Starting soon' and the form offers no batch", async () => {
    const course = await visit(site.origin, "/courses/ai?fresh=1");
    expect(course.text).toContain("Starting soon");
    expect(course.text).toContain('"repeatFrequency":"Weekly"');
    const form = await visit(site.origin, "/online/register");
    expect(form.text).not.toContain('name="batch"');
  });

  it("a batch added by the course's coordinator shows on exactly the pages showing batches, and is audited", async () => {
    await warm(site.origin, cachedPaths);
    const saved = await postForm(site.origin, "/onlineuser/ai/course", batchForm(), { Cookie: coordinatorCookie });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Batch added: it starts 2031-04-14.");

    const dropped = pagesShowing.batches("ai").filter((p) => !formPages.has(p));
    expect(dropped.sort()).toEqual(["/", "/about/admissions", "/courses/ai"]);
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(
      Object.fromEntries(cachedPaths.map((pathname) => [pathname, dropped.includes(pathname) ? "miss" : "hit"])),
    );
    const course = (await visit(site.origin, "/courses/ai")).text;
    expect(course).toContain("Starts Mon, 14 Apr 2031");
    expect(course).toContain("6:30 pm to 8:30 pm");
    expect(course).toContain("Classroom, Chennai");
    expect(course).toContain("₹55,000");
    expect(course).toContain("GPU lab hours and certificate");
    expect(course).toContain("7 seats left");
    expect(course).not.toContain("Starting soon");
    // Structured data from the same row: a weekly schedule of a five-month course, at the Chennai branch.
    expect(course).toMatch(/"repeatFrequency":"Weekly","repeatCount":22,"duration":"PT10H"/);
    expect(course).toContain('"startDate":"2031-04-14"');
    expect(course).toContain('"addressLocality":"Chennai"');
    expect(course).toContain('"price":55000,"priceCurrency":"INR"');
    for (const pathname of ["/", "/about/admissions"]) {
      expect((await visit(site.origin, pathname)).text, pathname).toContain("Starts Mon, 14 Apr 2031");
    }
    // The registration form's cached template was dropped too: it offers the batch now.
    const form = await visit(site.origin, "/online/register");
    expect(form.text).toContain('name="batch"');
    expect(form.text).toContain("Mon 14 Apr 2031: weekdays, 6:30 pm to 8:30 pm, Chennai");

    const audit = (await visit(site.origin, "/admin/audit", { Cookie: cookie })).text;
    expect(audit).toContain("Batch added");
    expect(audit).toContain(aiCoordinator);
    expect(audit).toMatch(/ai batch \d+/);
  });

  it("refuses a batch with a past date, wrong times or missing seats, beside each field, keeping what was typed", async () => {
    const before = await deskBatchIds(site.origin, "/admin/courses/ai", cookie);
    const refused = await postForm(
      site.origin,
      "/admin/courses/ai",
      batchForm({
        startsOn: "2020-01-06",
        startTime: "20:00",
        endTime: "19:00",
        seatsTotal: "lots",
        feeIncludes: "Typed <b>kit</b> & more",
      }),
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    let page = await refused.text();
    expect(page).toContain("The class must end after it starts.");
    expect(page).toContain("Please give the total seats as a whole number, e.g. 20, or leave it empty.");
    expect(page).toContain('value="lots"');
    expect(page).toContain('value="Typed &lt;b&gt;kit&lt;/b&gt; &amp; more"');
    expect(page).toContain('value="20:00"');

    const past = await postForm(site.origin, "/admin/courses/ai", batchForm({ startsOn: "2020-01-06" }), {
      Cookie: cookie,
    });
    expect(past.status).toBe(400);
    page = await past.text();
    expect(page).toContain("The start date has passed: please give a later one.");
    expect(page).toContain('value="2020-01-06"');

    for (const [field, value, message] of [
      ["branch", "mumbai", "Please choose the branch."],
      ["startsOn", "31/04/2031", "Please give the start date as a calendar date."],
      ["feeInr", "forty thousand", "Please give the fee in rupees"],
      ["seats", "plenty", "Please choose what to say about seats."],
      ["seatsTotal", "0", "A batch takes at least 1 student"],
    ] as const) {
      const response = await postForm(site.origin, "/admin/courses/ai", batchForm({ [field]: value }), {
        Cookie: cookie,
      });
      expect(response.status, field).toBe(400);
      expect(await response.text(), field).toContain(message);
    }
    expect(await deskBatchIds(site.origin, "/admin/courses/ai", cookie)).toEqual(before);
  });

  it("lets a coordinator change only their own course's batches", async () => {
    const [id] = await deskBatchIds(site.origin, "/admin/courses/ai", cookie);
    expect(id).toBeDefined();
    // The embedded coordinator's desk is closed to the AI coordinator; an admin on the embedded
    // desk cannot reach an AI batch through it either.
    const otherDesk = await postForm(
      site.origin,
      "/onlineuser/embedded/course",
      batchForm({ intent: "batch-remove", id: String(id) }),
      { Cookie: coordinatorCookie },
    );
    expect([302, 403]).toContain(otherDesk.status);
    const throughEmbedded = await postForm(
      site.origin,
      "/admin/courses/embedded",
      batchForm({ intent: "batch-save", id: String(id), seats: "full", seatsTotal: "" }),
      { Cookie: cookie },
    );
    expect(throughEmbedded.status).toBe(404);
    expect((await visit(site.origin, "/courses/ai?fresh=2")).text).toContain("7 seats left");

    const changed = await postForm(
      site.origin,
      "/onlineuser/ai/course",
      batchForm({ intent: "batch-save", id: String(id), seats: "filling-fast", seatsTotal: "", mode: "online" }),
      { Cookie: coordinatorCookie },
    );
    expect(changed.status).toBe(200);
    const course = (await visit(site.origin, "/courses/ai")).text;
    expect(course).toContain("Filling fast");
    expect(course).toContain('"courseMode":"Online"');
    expect((await visit(site.origin, "/admin/audit", { Cookie: cookie })).text).toContain("Batch changed");
  });

  it("stores the batch a student picks with the registration, shows it on the desk, and refuses one of another course", async () => {
    const [id] = await deskBatchIds(site.origin, "/admin/courses/ai", cookie);
    const wrongCourse = await postForm(
      site.origin,
      "/online/register",
      studentForm({ course: "iot", batch: String(id), name: "Batch Picker" }),
    );
    expect(wrongCourse.status).toBe(400);
    const page = await wrongCourse.text();
    expect(page).toContain("This batch is of another course: please choose one of your course&#x27;s batches");
    expect(page).toContain('value="Batch Picker"');
    const unknown = await postForm(site.origin, "/online/register", studentForm({ course: "ai", batch: "999999" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This batch is no longer open");

    const sent = await postForm(
      site.origin,
      "/online/register",
      studentForm({ course: "ai", batch: String(id), name: "Batch Picker" }),
    );
    expect(sent.status).toBe(302);
    const desk = (await visit(site.origin, "/admin/registers", { Cookie: cookie })).text;
    expect(desk).toContain("Batch Picker");
    expect(desk).toContain("Starts Mon, 14 Apr 2031: weekdays, 6:30 pm to 8:30 pm (online)");
    const csv = (await visit(site.origin, "/staff/export/registrations", { Cookie: cookie })).text;
    expect(csv).toContain("Starts Mon, 14 Apr 2031: weekdays, 6:30 pm to 8:30 pm (online)");

    // A batch said "Full" by hand is not offered, and refused if sent anyway.
    const full = await postForm(
      site.origin,
      "/admin/courses/ai",
      batchForm({ intent: "batch-save", id: String(id), seats: "full", seatsTotal: "" }),
      { Cookie: cookie },
    );
    expect(full.status).toBe(200);
    expect((await visit(site.origin, "/online/register")).text).not.toContain(`value="${id}"`);
    const refused = await postForm(site.origin, "/online/register", studentForm({ course: "ai", batch: String(id) }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This batch has just filled up");
  });

  it("shows a batch starting today, and drops a removed batch from exactly the pages showing it", async () => {
    const today = indiaDay();
    const started = await postForm(
      site.origin,
      "/admin/courses/matlab",
      batchForm({ startsOn: today, days: "weekend", startTime: "10:00", endTime: "14:00" }),
      { Cookie: cookie },
    );
    expect(started.status).toBe(200);
    expect((await visit(site.origin, "/courses/matlab")).text).toContain("10 am to 2 pm");

    const [id] = await deskBatchIds(site.origin, "/admin/courses/ai", cookie);
    await warm(site.origin, cachedPaths);
    const removed = await postForm(
      site.origin,
      "/admin/courses/ai",
      { intent: "batch-remove", id: String(id) },
      {
        Cookie: cookie,
      },
    );
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Batch starting 2031-04-14 removed.");
    const states = await cacheStates(site.origin, cachedPaths);
    for (const pathname of cachedPaths) {
      expect(states[pathname], pathname).toBe(
        ["/courses/ai", "/", "/about/admissions"].includes(pathname) ? "miss" : "hit",
      );
    }
    expect((await visit(site.origin, "/courses/ai")).text).toContain("Starting soon");
    expect((await visit(site.origin, "/admin/audit", { Cookie: cookie })).text).toContain("Batch removed");
    // The registration stored earlier keeps the batch as it read.
    expect((await visit(site.origin, "/admin/registers", { Cookie: cookie })).text).toContain(
      "Starts Mon, 14 Apr 2031",
    );
  });

  it("shows headline numbers only once given, drops only the home page, and refuses a made-up format", async () => {
    expect((await visit(site.origin, "/?fresh=3")).text).not.toContain("students trained");
    await warm(site.origin, cachedPaths);
    const refused = await postForm(
      site.origin,
      "/admin/numbers",
      { intent: "save", studentsTrained: "lots", batchesRun: "120", hiringPartners: "" },
      { Cookie: cookie },
    );
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("Students trained: a whole number");
    expect(text).toContain('value="lots"');
    expect(text).toContain('value="120"');

    const saved = await postForm(
      site.origin,
      "/admin/numbers",
      { intent: "save", studentsTrained: "2,400", batchesRun: "", hiringPartners: "45" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(200);
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(
      Object.fromEntries(cachedPaths.map((pathname) => [pathname, pathname === "/" ? "miss" : "hit"])),
    );
    const home = (await visit(site.origin, "/")).text;
    expect(home).toContain("2,400");
    expect(home).toContain("students trained");
    expect(home).toContain("hiring partners");
    expect(home).not.toContain("batches run");
    expect((await visit(site.origin, "/admin/audit", { Cookie: cookie })).text).toContain("Headline numbers saved");
    // Coordinators do not set the institute's numbers.
    const coordinator = await postForm(
      site.origin,
      "/admin/numbers",
      { intent: "save", studentsTrained: "1" },
      { Cookie: coordinatorCookie },
    );
    expect(coordinator.status).toBe(403);
  });
});
