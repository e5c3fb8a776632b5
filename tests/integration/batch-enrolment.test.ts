// Enrolment into a batch and seats that count themselves (decision 032), on the real site
// (production build) over HTTP: the desk enrols students into a batch, the public pages count its
// seats within a second, the last seat cannot be taken twice (also by two processes on one
// PostgreSQL), a full batch is refused on the registration form with everything typed kept, a
// batch's roster (page and CSV) opens to whoever may see the course's students, and a batch with
// enrolled students cannot be removed and tells whom to inform when its date moves.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import {
  addStaff,
  eventually,
  postForm,
  type SiteProcess,
  signIn,
  startSite,
  startTwoSites,
  studentForm,
  type TwoSites,
} from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const admin = "enrol.admin@sampige-academy.example";
const embeddedCounsellor = "enrol.embedded@sampige-academy.example";
const iotCounsellor = "enrol.iot@sampige-academy.example";

async function visit(origin: string, pathname: string, cookie = "") {
  const response = await fetch(`${origin}${pathname}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    location: response.headers.get("location") ?? "",
    text: await response.text(),
  };
}

/** A batch as the desk's form posts it. */
function batchForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "batch-add",
    branch: "chennai",
    startsOn: "2031-06-02",
    days: "weekday",
    startTime: "18:30",
    endTime: "20:30",
    mode: "classroom",
    seats: "open",
    seatsTotal: "2",
    feeInr: "45000",
    feeIncludes: "",
    ...overrides,
  };
}

/** Adds a batch on the course's desk and answers with its id (the newest of the desk's batches). */
async function addBatch(origin: string, cookie: string, course: string, overrides: Record<string, string>) {
  const before = await batchIds(origin, cookie, course);
  const saved = await postForm(origin, `/admin/courses/${course}`, batchForm(overrides), { Cookie: cookie });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const after = await batchIds(origin, cookie, course);
  const id = after.find((candidate) => !before.includes(candidate));
  if (!id) throw new Error("The new batch is not on the desk.");
  return id;
}

/** Asks the admins' desk of the embedded course to remove a batch. */
function removeBatch(origin: string, cookie: string, id: number) {
  return postForm(origin, "/admin/courses/embedded", { intent: "batch-remove", id: String(id) }, { Cookie: cookie });
}

async function batchIds(origin: string, cookie: string, course: string): Promise<number[]> {
  const page = (await visit(origin, `/admin/courses/${course}`, cookie)).text;
  return [...page.matchAll(/name="id" value="(\d+)"/g)].map((match) => Number(match[1]));
}

/** A student's record on the admins' desk, found by mobile: its id and version. */
async function recordOf(origin: string, cookie: string, mobile: string): Promise<{ id: number; version: number }> {
  const list = (await visit(origin, `/admin/students?q=${mobile}`, cookie)).text;
  const id = Number(/href="\/admin\/students\/(\d+)"/.exec(list)?.[1]);
  if (!Number.isInteger(id)) throw new Error(`No record with the mobile ${mobile}.`);
  const page = (await visit(origin, `/admin/students/${id}`, cookie)).text;
  return { id, version: Number(/name="version" value="(\d+)"/.exec(page)?.[1]) };
}

/** Posts a record's stage form on a desk (`base`: its records' URL). */
async function setStage(
  origin: string,
  cookie: string,
  base: string,
  record: { id: number; version: number },
  stage: string,
  batch: string,
) {
  return postForm(
    origin,
    `${base}/${record.id}`,
    { intent: "stage", version: String(record.version), stage, batch, lostReason: "", lostNote: "" },
    { Cookie: cookie },
  );
}

/** Registers a student (for the embedded course unless said otherwise); their mobile is their key. */
async function register(origin: string, name: string, mobile: string, fields: Record<string, string> = {}) {
  const sent = await postForm(
    origin,
    "/online/register",
    studentForm({ course: "embedded", name, mobile, email: `${mobile}@example.in`, ...fields }),
  );
  expect(sent.status, await sent.clone().text()).toBe(302);
}

/** Waits until a public page says `text`, and answers how long that took (ms). */
async function within(origin: string, pathname: string, text: string, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  await eventually(
    `"${text}" on ${pathname}`,
    async () => (await visit(origin, pathname)).text.includes(text),
    timeoutMs,
  );
  return Date.now() - started;
}

describeEachEngine("enrolment into a batch, and seats that count themselves", (engine) => {
  let site: SiteProcess;
  let dataDir = "";
  let drop = async () => {};
  let adminCookie = "";
  let embeddedCookie = "";
  let iotCookie = "";
  let batchA = 0;
  let batchB = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-enrol-"));
    const created = engine === "postgres" ? await createPostgresDatabase({ migrated: true }) : undefined;
    if (created) drop = created.drop;
    else await copyPgliteTemplate(dataDir);
    const options = { dataDir, databaseUrl: created?.url, env: { FORM_RATE_LIMIT: "1000/10m" } };
    await addStaff(options, admin, "admin");
    await addStaff(options, embeddedCounsellor, "counsellor", "embedded");
    await addStaff(options, iotCounsellor, "counsellor", "iot");
    site = await startSite(options);
    adminCookie = await signIn(site.origin, admin);
    embeddedCookie = await signIn(site.origin, embeddedCounsellor);
    iotCookie = await signIn(site.origin, iotCounsellor);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("counts a batch's seats from its enrolled students, on every page showing it within a second, and never takes the last seat twice", async () => {
    const origin = site.origin;
    batchA = await addBatch(origin, adminCookie, "embedded", { seatsTotal: "2" });
    // 2 seats of 2 left is at or under the site's "filling fast" mark (5).
    expect((await visit(origin, "/courses/embedded")).text).toContain("Filling fast: 2 seats left");
    expect((await visit(origin, "/online/register")).text).toContain(`value="${batchA}"`);

    await register(origin, "Asha Enrolled", "9800000001", { batch: String(batchA) });
    await register(origin, "Bala Enrolled", "9800000002", { batch: String(batchA) });
    await register(origin, "Chitra Waiting", "9800000003");
    const asha = await recordOf(origin, adminCookie, "9800000001");
    const bala = await recordOf(origin, adminCookie, "9800000002");
    const chitra = await recordOf(origin, adminCookie, "9800000003");

    // The stage form offers the batch the student picked on the registration, first and chosen.
    const page = (await visit(origin, `/onlineuser/embedded/students/${asha.id}`, embeddedCookie)).text;
    expect(page).toContain("Batch (when enrolled)");
    expect(page).toMatch(new RegExp(`<option value="${batchA}" selected="">[^<]*2 of 2 seats left`));
    expect(page).toContain("(picked on the registration)");

    // The counsellor of the course enrols Asha: the pages showing the batch count her within a second.
    for (const pathname of ["/courses/embedded", "/", "/about/admissions"]) await visit(origin, pathname);
    const enrolled = await setStage(
      origin,
      embeddedCookie,
      "/onlineuser/embedded/students",
      asha,
      "enrolled",
      String(batchA),
    );
    expect(enrolled.status).toBe(302);
    for (const pathname of ["/courses/embedded", "/", "/about/admissions"]) {
      expect(await within(origin, pathname, "Filling fast: 1 seat left", 1_000), pathname).toBeLessThan(1_000);
    }

    // Bala takes the last seat: the batch says Full, and the registration form no longer offers it.
    expect((await setStage(origin, adminCookie, "/admin/students", bala, "enrolled", String(batchA))).status).toBe(302);
    expect(await within(origin, "/courses/embedded", `batch-seats-full">Full<`, 1_000)).toBeLessThan(1_000);
    for (const pathname of ["/", "/about/admissions"]) {
      expect((await visit(origin, pathname)).text, pathname).toMatch(/batch-seats-full">Full</);
    }
    expect((await visit(origin, "/online/register")).text).not.toContain(`value="${batchA}"`);

    // A student who picked it on a page loaded earlier is told it filled up, and keeps every field.
    const typed = studentForm({
      course: "embedded",
      batch: String(batchA),
      name: "Deepa <Late> & Co",
      mobile: "9800000004",
      email: "deepa.late@example.in",
      district: "Udupi",
    });
    const late = await postForm(origin, "/online/register", typed);
    expect(late.status).toBe(400);
    const latePage = await late.text();
    expect(latePage).toContain("This batch has just filled up: please choose another, or leave it empty");
    expect(latePage).toContain('value="Deepa &lt;Late&gt; &amp; Co"');
    expect(latePage).toContain('value="9800000004"');
    expect(latePage).toContain('value="deepa.late@example.in"');
    expect(latePage).toMatch(/<option value="B.E" selected="">/);
    expect(latePage).toMatch(/<option value="ECE" selected="">/);
    expect(latePage).toMatch(/<option value="embedded" selected="">/);
    expect(latePage).toMatch(/<option value="Udupi" selected="">/);
    expect(latePage).not.toContain(`<option value="${batchA}"`);
    // With another mistake in the form, the full batch is said beside its field at once too.
    const twice = await postForm(origin, "/online/register", { ...typed, mobile: "12345" });
    expect(twice.status).toBe(400);
    const twicePage = await twice.text();
    expect(twicePage).toContain("This batch has just filled up: please choose another, or leave it empty");
    expect(twicePage).toContain('value="12345"');

    // A second enrolment into the full batch is refused beside the batch, keeping the choice.
    const refused = await setStage(
      origin,
      embeddedCookie,
      "/onlineuser/embedded/students",
      chitra,
      "enrolled",
      String(batchA),
    );
    expect(refused.status).toBe(409);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("That batch has just filled up: all 2 seats are taken.");
    expect(refusedPage).toMatch(new RegExp(`<option value="${batchA}" disabled="" selected="">`));
    expect(refusedPage).toMatch(/id="stage-batch"[^>]*aria-invalid="true"/);
    expect((await recordOf(origin, adminCookie, "9800000003")).version).toBe(chitra.version);

    // The timeline says who joined which batch.
    const timeline = (await visit(origin, `/admin/students/${asha.id}`, adminCookie)).text;
    expect(timeline).toContain("Joined a batch");
    expect(timeline).toContain("Embedded: Starts Mon, 2 Jun 2031: weekdays, 6:30 pm to 8:30 pm (classroom, Chennai)");
    expect((await visit(origin, "/admin/audit", adminCookie)).text).toContain(`none -&gt; batch ${batchA}`);
  });

  it("moves a student between batches and out of Enrolled on the timeline, freeing the seat, and lists undecided ones on the team's day", async () => {
    const origin = site.origin;
    batchB = await addBatch(origin, adminCookie, "embedded", {
      startsOn: "2031-07-05",
      days: "weekend",
      seatsTotal: "12",
    });
    const bala = await recordOf(origin, adminCookie, "9800000002");
    const moved = await setStage(origin, adminCookie, "/admin/students", bala, "enrolled", String(batchB));
    expect(moved.status).toBe(302);
    await within(origin, "/courses/embedded", "Filling fast: 1 seat left");
    expect((await visit(origin, "/courses/embedded")).text).toContain("11 seats left");
    let record = (await visit(origin, `/admin/students/${bala.id}`, adminCookie)).text;
    expect(record).toContain("Moved to another batch");
    expect(record).toContain("Batch: Sat 5 Jul 2031: weekends, 6:30 pm to 8:30 pm, Chennai");

    const out = await setStage(
      origin,
      adminCookie,
      "/admin/students",
      await recordOf(origin, adminCookie, "9800000002"),
      "contacted",
      String(batchB),
    );
    expect(out.status).toBe(302);
    await within(origin, "/courses/embedded", "12 seats left");
    record = (await visit(origin, `/admin/students/${bala.id}`, adminCookie)).text;
    expect(record).toContain("Left the batch");
    expect(record).toContain("(no longer enrolled)");

    // Enrolled with the batch not decided yet: a to-do on the team's day, and no seat taken.
    const chitra = await recordOf(origin, adminCookie, "9800000003");
    expect((await setStage(origin, adminCookie, "/admin/students", chitra, "enrolled", "")).status).toBe(302);
    const team = (await visit(origin, "/desk/team", adminCookie)).text;
    expect(team).toContain("Enrolled, batch not decided");
    expect(team).toMatch(new RegExp(`href="/admin/students/${chitra.id}#stage"[^>]*>Chitra Waiting<`));
    // With her courses, branch and owner, as the team's other to-dos show a student.
    const line = /Chitra Waiting<\/a> <span class="day-meta">(.*?)<\/span>/.exec(team)?.[1]?.replaceAll("<!-- -->", "");
    expect(line).toBe("Embedded · Bangalore (guessed from state) · <strong>Unassigned</strong>");
    expect((await visit(origin, `/admin/students/${chitra.id}`, adminCookie)).text).toContain("Batch not decided yet");
    expect((await visit(origin, "/courses/embedded")).text).toContain("12 seats left");
  });

  it("shows a batch's roster with mobile, e-mail and owner, as a page and a CSV, to those who may see the course's students", async () => {
    const origin = site.origin;
    const admins = await visit(origin, `/admin/courses/embedded/batches/${batchA}`, adminCookie);
    expect(admins.status).toBe(200);
    expect(admins.text).toContain("Roster: Embedded: Starts Mon, 2 Jun 2031");
    expect(admins.text).toContain("1 of 2 seats left");
    expect(admins.text).toContain("Asha Enrolled");
    expect(admins.text).toContain("9800000001");
    expect(admins.text).toContain("9800000001@example.in");
    expect(admins.text).not.toContain("Bala Enrolled");
    // The course's desk lists its batches with their seats and rosters.
    const desk = (await visit(origin, "/onlineuser/embedded/course", embeddedCookie)).text;
    expect(desk).toContain(`href="/onlineuser/embedded/course/batches/${batchA}"`);
    expect(desk).toContain("1 of 2 seats left");
    expect(desk).toContain("Roster (1 student)");

    const own = await visit(origin, `/onlineuser/embedded/course/batches/${batchA}`, embeddedCookie);
    expect(own.status).toBe(200);
    expect(own.text).toContain(`href="/onlineuser/embedded/students/`);
    const csv = await visit(origin, `/onlineuser/embedded/course/batches/${batchA}/csv`, embeddedCookie);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Mobile,E-mail,Owner,Batch");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual([
      "Asha Enrolled,9800000001,9800000001@example.in",
    ]);
    expect((await visit(origin, `/admin/courses/embedded/batches/${batchA}/csv`, adminCookie)).text).toContain(
      "Asha Enrolled",
    );

    // Who may not see the course's students may not see its roster.
    for (const pathname of [
      `/onlineuser/embedded/course/batches/${batchA}`,
      `/onlineuser/embedded/course/batches/${batchA}/csv`,
      `/admin/courses/embedded/batches/${batchA}`,
      `/admin/courses/embedded/batches/${batchA}/csv`,
    ]) {
      const other = await visit(origin, pathname, iotCookie);
      expect(other.status, pathname).toBe(403);
      expect(other.text, pathname).not.toContain("Asha Enrolled");
      const signedOut = await visit(origin, pathname);
      expect(signedOut.status, pathname).toBe(302);
      expect(signedOut.location, pathname).toContain("/login");
    }
    // Another course's desk does not open this course's batch; an unknown batch is not found.
    expect((await visit(origin, `/onlineuser/iot/course/batches/${batchA}`, iotCookie)).status).toBe(404);
    expect((await visit(origin, `/onlineuser/iot/course/batches/${batchA}/csv`, iotCookie)).status).toBe(404);
    expect((await visit(origin, "/admin/courses/embedded/batches/99999999", adminCookie)).status).toBe(404);
    expect((await visit(origin, "/admin/courses/embedded/batches/x", adminCookie)).status).toBe(404);
  });

  it("refuses to remove a batch with enrolled students, and says how many to tell when its date moves", async () => {
    const origin = site.origin;
    const removed = await removeBatch(origin, adminCookie, batchA);
    expect(removed.status).toBe(409);
    expect(await removed.text()).toContain("1 student is enrolled in this batch, so it cannot be removed.");
    expect(await batchIds(origin, adminCookie, "embedded")).toContain(batchA);
    // An empty batch still goes.
    const empty = await addBatch(origin, adminCookie, "embedded", { startsOn: "2031-09-01", seatsTotal: "" });
    const gone = await removeBatch(origin, adminCookie, empty);
    expect(gone.status).toBe(200);

    // The total cannot go under the students enrolled.
    const chitra = await recordOf(origin, adminCookie, "9800000003");
    // Batch A has Asha (Bala moved out): Chitra takes its other seat.
    expect((await setStage(origin, adminCookie, "/admin/students", chitra, "enrolled", String(batchA))).status).toBe(
      302,
    );
    const tooFew = await postForm(
      origin,
      "/admin/courses/embedded",
      batchForm({ intent: "batch-save", id: String(batchA), seatsTotal: "1" }),
      { Cookie: adminCookie },
    );
    expect(tooFew.status).toBe(400);
    const tooFewPage = await tooFew.text();
    expect(tooFewPage).toContain("2 students are enrolled in this batch: the total cannot be fewer than 2.");
    expect(tooFewPage).toContain('value="1"');

    // Moving its first day: saved, with the enrolled students to tell and a WhatsApp message for each.
    const movedDate = await postForm(
      origin,
      "/onlineuser/embedded/course",
      batchForm({ intent: "batch-save", id: String(batchA), startsOn: "2031-06-09" }),
      { Cookie: embeddedCookie },
    );
    expect(movedDate.status).toBe(200);
    const movedPage = await movedDate.text();
    expect(movedPage).toContain(
      "Batch saved. It now starts Mon, 9 Jun 2031 instead of Mon, 2 Jun 2031: 2 enrolled students to tell.",
    );
    const links = [...movedPage.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((match) =>
      decodeURIComponent((match[1] ?? "").replaceAll("&amp;", "&")),
    );
    const asha = links.find((link) => link.startsWith("https://wa.me/919800000001?text="));
    expect(asha).toContain("Hello Asha, this is");
    expect(asha).toContain("Your Embedded batch now starts on Mon, 9 Jun 2031 instead of Mon, 2 Jun 2031");
    expect(links.some((link) => link.startsWith("https://wa.me/919800000003?text=Hello Chitra"))).toBe(true);
    // A change that keeps the date tells nobody.
    const same = await postForm(
      origin,
      "/admin/courses/embedded",
      batchForm({ intent: "batch-save", id: String(batchA), startsOn: "2031-06-09", feeInr: "46000" }),
      { Cookie: adminCookie },
    );
    expect(await same.text()).toContain("Batch saved.");
  });
});

describeEachEngine("the last seat of a batch with two processes on one PostgreSQL", () => {
  let two: TwoSites | undefined;
  let sites: [SiteProcess, SiteProcess];
  let databaseUrl = "";

  beforeAll(async () => {
    two = await startTwoSites({
      label: "seat",
      migrated: true,
      env: { FORM_RATE_LIMIT: "1000/10m" },
      staff: [
        [admin, "admin"],
        [embeddedCounsellor, "counsellor", "embedded"],
      ],
    });
    ({ sites, databaseUrl } = two);
  }, 180_000);

  afterAll(() => two?.stop());

  it("lets only one of two counsellors enrolling at once, one on each process, take the last seat", async () => {
    const [a, b] = sites;
    const adminCookie = await signIn(a.origin, admin);
    const counsellorCookie = await signIn(b.origin, embeddedCounsellor);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (let round = 1; round <= 4; round++) {
        const batch = await addBatch(a.origin, adminCookie, "embedded", {
          startsOn: `2031-0${round + 1}-10`,
          seatsTotal: "1",
        });
        await register(a.origin, `Race One ${round}`, `97000000${round}1`);
        await register(b.origin, `Race Two ${round}`, `97000000${round}2`);
        const one = await recordOf(a.origin, adminCookie, `97000000${round}1`);
        const two = await recordOf(a.origin, adminCookie, `97000000${round}2`);
        const [onA, onB] = await Promise.all([
          setStage(a.origin, adminCookie, "/admin/students", one, "enrolled", String(batch)),
          setStage(b.origin, counsellorCookie, "/onlineuser/embedded/students", two, "enrolled", String(batch)),
        ]);
        const statuses = [onA.status, onB.status].sort();
        expect(statuses, `round ${round}`).toEqual([302, 409]);
        const loser = onA.status === 409 ? onA : onB;
        expect(await loser.text()).toContain("That batch has just filled up: its 1 seat is taken.");
        const taken = await client.query("select count(*)::int as n from students where batch_id = $1", [batch]);
        expect(taken.rows[0].n, `round ${round}`).toBe(1);
        // Both processes' pages say Full at once: the enrolment reached the other's cache.
        for (const site of [a, b]) {
          await eventually(
            `Full on ${site.origin}`,
            async () => {
              const text = (await visit(site.origin, "/courses/embedded")).text;
              return new RegExp(`register\\?course=embedded&amp;batch=${batch}"`).test(text) === false;
            },
            2_000,
          );
        }
      }
    } finally {
      await client.end();
    }
  });
}, ["postgres"]);
