// The public page cache as a visitor and an operator see it, on the real site (production build):
// desk work that changes no public content leaves cached pages cached; a content edit drops the
// pages that show it, and only those, in every process; many visitors asking for a page that is
// not cached get one render between them; and no cached page is ever older than a fresh render.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicPaths } from "../../app/site/public-pages";
import { describeEachEngine } from "./databases";
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

const admin = "cache.admin@sampige-academy.example";
const formPages = new Set(["/contact", "/online/register", "/login"]);
const cachedPaths = publicPaths.filter((p) => !formPages.has(p));

/** How the site answered: "miss" (rendered for this request), "hit", "shared" (another request's render). */
async function visit(origin: string, pathname: string) {
  const response = await fetch(`${origin}${pathname}`, { headers: { "Accept-Encoding": "br, gzip" } });
  return { status: response.status, cache: response.headers.get("x-page-cache"), text: await response.text() };
}

/** Visits each page until it is answered from the cache (compressing a render takes a moment). */
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

const courseContent = (title: string) => ({
  intent: "content",
  title,
  summary: "Microcontrollers, sensors and real projects from the first week.",
  description: "A hands-on course with a project every week.",
  duration: "4 months",
  syllabus: "Basics\n- Sensors\n- Boards",
});

describeEachEngine("the public page cache", () => {
  let site: SiteProcess;
  let cookie = "";
  let dataDir = "";

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-cache-"));
    await copyPgliteTemplate(dataDir);
    await addStaff({ dataDir }, admin, "admin");
    site = await startSite({ dataDir, env: { FORM_RATE_LIMIT: "1000/10m" } });
    cookie = await signIn(site.origin, admin);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("renders a page once for 50 visitors asking for it at the same moment", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => visit(site.origin, "/about/facilities")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rendered = answers.filter((answer) => answer.cache === "miss");
    expect(rendered).toHaveLength(1);
    expect(answers.every((answer) => answer.cache === "miss" || answer.cache === "shared" || answer.cache === "hit"));
    // Every visitor got the whole page.
    const sizes = new Set(answers.map((answer) => answer.text.replace(/nonce="[^"]*"/g, "").length));
    expect(sizes.size).toBe(1);
    expect((await visit(site.origin, "/about/facilities")).cache).toBe("hit");
  });

  it("keeps every cached page when staff save a follow-up on an enquiry", async () => {
    expect((await postForm(site.origin, "/contact", studentForm({ name: "Cached Student" }))).status).toBe(302);
    await warm(site.origin, cachedPaths);
    const saved = await postForm(
      site.origin,
      "/admin/contactform",
      { intent: "follow-up", id: "1", status: "contacted", notes: "Called, will visit on Monday." },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain("no longer exists");
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(
      Object.fromEntries(cachedPaths.map((pathname) => [pathname, "hit"])),
    );
  });

  it("drops the edited course's page and the pages listing courses, and only those", async () => {
    await warm(site.origin, cachedPaths);
    const saved = await postForm(site.origin, "/admin/courses/embedded", courseContent("Embedded Systems Pro"), {
      Cookie: cookie,
    });
    expect(saved.status).toBe(200);
    const dropped = ["/courses/embedded", "/", "/about/admissions"];
    const states = await cacheStates(site.origin, cachedPaths);
    expect(states).toEqual(
      Object.fromEntries(cachedPaths.map((pathname) => [pathname, dropped.includes(pathname) ? "miss" : "hit"])),
    );
    for (const pathname of dropped) expect((await visit(site.origin, pathname)).text).toContain("Embedded Systems Pro");
  });

  // Every kind of edit the desk makes, and after each, every cached page as a fresh render
  // (a query string is never cached) would show it: no page that shows the content was missed.
  const edits: [string, string, Record<string, string>][] = [
    ["a course's content", "/admin/courses/iot", courseContent("Internet of Things Lab")],
    ["a start date", "/admin/courses/ai", { intent: "start-date", startDate: "4 April 2031" }],
    [
      "a batch",
      "/admin/courses/ai",
      {
        intent: "batch-add",
        branch: "bangalore",
        startsOn: "2031-04-07",
        days: "weekend",
        startTime: "10:00",
        endTime: "15:00",
        mode: "online",
        seats: "filling-fast",
        seatsTotal: "",
        feeInr: "52000",
        feeIncludes: "recorded sessions",
      },
    ],
    ["the headline numbers", "/admin/numbers", { intent: "save", studentsTrained: "1800", batchesRun: "96" }],
    ["a cleared start date", "/admin/courses/ai", { intent: "start-date", startDate: "" }],
    ["a restored course", "/admin/courses/iot", { intent: "restore" }],
    [
      "a placed student",
      "/admin/placements",
      { intent: "add", name: "Cache Learner", company: "Kolam Labs", package: "6 LPA", jobRole: "Firmware engineer" },
    ],
    [
      "the reviews",
      "/admin/reviews",
      { name: "Asha R", course: "IoT", text: "The weekly projects taught me more than a year of lectures." },
    ],
    [
      "a branch's phone",
      "/admin/branches",
      { branch: "chennai", locality: "Chennai", region: "Tamil Nadu", phone: "+91 44 4000 5566" },
    ],
    [
      "an event photo's caption and date",
      "/admin/photos",
      { intent: "update", id: "13", alt: "Students wiring boards", caption: "Cache workshop", eventDate: "2027-01-09" },
    ],
  ];
  for (const [what, pathname, fields] of edits) {
    it(`shows ${what} on every cached page at once`, async () => {
      await warm(site.origin, cachedPaths);
      const saved = await postForm(site.origin, pathname, fields, { Cookie: cookie });
      expect(saved.status, await saved.text()).toBe(200);
      for (const page of cachedPaths) {
        const cached = await visit(site.origin, page);
        const fresh = await visit(site.origin, `${page}?fresh=${Date.now()}`);
        expect(fresh.cache).toBeNull();
        const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
        expect(comparable(cached.text), `${page} after ${what}`).toBe(comparable(fresh.text));
      }
      // The registration form's template too (its token differs per visit).
      const comparableForm = (html: string) =>
        html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/name="token" value="[^"]*"/, 'name="token" value=""');
      const template = await visit(site.origin, "/online/register");
      const fresh = await visit(site.origin, `/online/register?fresh=${Date.now()}`);
      expect(comparableForm(template.text), `/online/register after ${what}`).toBe(comparableForm(fresh.text));
    });
  }
}, ["pglite"]);

describeEachEngine("the public page cache of two processes", () => {
  let two: TwoSites | undefined;
  let sites: [SiteProcess, SiteProcess];

  beforeAll(async () => {
    two = await startTwoSites({ label: "cache-two", migrated: true, staff: [[admin, "admin"]] });
    sites = two.sites;
  }, 180_000);

  afterAll(() => two?.stop());

  it("drops the same pages in both processes when a course is edited on one", async () => {
    const [a, b] = sites;
    await warm(a.origin, cachedPaths);
    await warm(b.origin, cachedPaths);
    const cookie = await signIn(a.origin, admin);
    const saved = await postForm(a.origin, "/admin/courses/matlab", courseContent("MATLAB for Engineers"), {
      Cookie: cookie,
    });
    expect(saved.status).toBe(200);
    const dropped = ["/courses/matlab", "/", "/about/admissions"];
    // The other process hears of it through PostgreSQL: wait until it has.
    await eventually("the edit on the other process", async () =>
      (await visit(b.origin, "/courses/matlab")).text.includes("MATLAB for Engineers"),
    );
    for (const site of sites) {
      const states = await cacheStates(
        site.origin,
        cachedPaths.filter((p) => p !== "/courses/matlab"),
      );
      for (const [pathname, state] of Object.entries(states)) {
        expect(state, `${pathname} on ${site.origin}`).toBe(dropped.includes(pathname) ? "miss" : "hit");
      }
      for (const pathname of dropped) {
        expect((await visit(site.origin, pathname)).text, `${pathname} on ${site.origin}`).toContain(
          "MATLAB for Engineers",
        );
      }
    }
  });
}, ["postgres"]);
