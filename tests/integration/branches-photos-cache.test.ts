// Branches and photos edited in the desk, on the real site (production build), on each engine
// and across two processes: an edit drops exactly the public pages that show it (a branch: every
// page's footer; a photo: its one page), those pages show it at once, every other page stays
// cached, and no cached page differs from a fresh render.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publicPaths } from "../../app/site/public-pages";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import {
  addStaff,
  eventually,
  postForm,
  type SiteProcess,
  signIn,
  startSite,
  startTwoSites,
  type TwoSites,
} from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const admin = "photos.admin@sampige-academy.example";
const formPages = new Set(["/contact", "/online/register", "/login"]);
const cachedPaths = publicPaths.filter((p) => !formPages.has(p));
// A new database's photos, in the order migration 0012 adds them.
const firstHeroPhoto = 1;
const firstWorkshopPhoto = 13;

async function visit(origin: string, pathname: string) {
  const response = await fetch(`${origin}${pathname}`, { headers: { "Accept-Encoding": "br, gzip" } });
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

/** Every page as the cache answers it, and as a fresh render (a query string is never cached). */
async function expectCachedAsFresh(origin: string, what: string) {
  const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
  for (const page of cachedPaths) {
    const cached = await visit(origin, page);
    const fresh = await visit(origin, `${page}?fresh=${Date.now()}`);
    expect(comparable(cached.text), `${page} after ${what}`).toBe(comparable(fresh.text));
  }
}

const onlyDropped = (dropped: readonly string[]) =>
  Object.fromEntries(cachedPaths.map((pathname) => [pathname, dropped.includes(pathname) ? "miss" : "hit"]));

function postPhoto(origin: string, cookie: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${origin}/admin/photos`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie },
    body,
  });
}

async function jpeg(width: number, height: number): Promise<Blob> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#1d6b7d" } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: "image/jpeg" });
}

const branchFields = (phone: string) => ({
  branch: "chennai",
  street: "",
  locality: "Chennai",
  region: "Tamil Nadu",
  postalCode: "",
  phone,
  mapUrl: "",
  opens: "",
  closes: "",
});

describeEachEngine("branches and photos in the page cache", (engine) => {
  let site: SiteProcess;
  let cookie = "";
  let dataDir = "";
  let drop = async () => {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-photo-cache-"));
    let databaseUrl: string | undefined;
    if (engine === "pglite") await copyPgliteTemplate(dataDir);
    if (engine === "postgres") {
      const created = await createPostgresDatabase({ migrated: true });
      databaseUrl = created.url;
      drop = created.drop;
    }
    await addStaff({ dataDir, databaseUrl }, admin, "admin");
    site = await startSite({ dataDir, databaseUrl });
    cookie = await signIn(site.origin, admin);
  }, 180_000);

  afterAll(async () => {
    await site?.stop();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("drops every page when a branch changes, and every footer and the contact page show it", async () => {
    await warm(site.origin, cachedPaths);
    const saved = await postForm(site.origin, "/admin/branches", branchFields("+91 44 4000 7788"), { Cookie: cookie });
    expect(saved.status, await saved.text()).toBe(200);
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(onlyDropped(cachedPaths));
    for (const page of [...cachedPaths, "/contact"]) {
      expect((await visit(site.origin, page)).text, page).toContain("+91 44 4000 7788");
    }
    await expectCachedAsFresh(site.origin, "a branch edit");
  }, 90_000);

  it("drops only the events page when a gallery photo's caption and date change", async () => {
    await warm(site.origin, cachedPaths);
    const saved = await postPhoto(site.origin, cookie, {
      intent: "update",
      id: String(firstWorkshopPhoto),
      alt: "Students at lab tables wiring ESP32 boards and sensors",
      caption: "ESP32 weekend for ECE finalists",
      eventDate: "2026-02-21",
      branch: "chennai",
    });
    expect(saved.status, await saved.text()).toBe(200);
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(onlyDropped(["/about/events"]));
    const events = (await visit(site.origin, "/about/events")).text;
    expect(events).toContain("ESP32 weekend for ECE finalists");
    expect(events).toContain('<time dateTime="2026-02-21" class="gallery-date">21 February 2026</time>');
    expect(events).toContain('"@type":"Event"');
    await expectCachedAsFresh(site.origin, "a caption edit");
  });

  it("drops only the home page when a slideshow photo is replaced, and serves it sized, as AVIF and WebP", async () => {
    await warm(site.origin, cachedPaths);
    const saved = await postPhoto(site.origin, cookie, {
      intent: "update",
      id: String(firstHeroPhoto),
      alt: "Students testing a robot arm in the lab",
      photo: await jpeg(1800, 1000),
    });
    expect(saved.status, await saved.text()).toBe(200);
    expect(await cacheStates(site.origin, cachedPaths)).toEqual(onlyDropped(["/"]));
    const home = (await visit(site.origin, "/")).text;
    const first = /<li[^>]*class="hero-slide"[^>]*>(.*?)<\/li>/.exec(home)?.[1] ?? "";
    expect(first).toMatch(/<source type="image\/avif" srcSet="[^"]+-640\.avif 640w, [^"]+-1200\.avif 1200w"/);
    expect(first).toMatch(
      /<img src="\/uploads\/photos\/[^"]+-1200\.webp" width="1200" height="520" alt="Students testing a robot arm in the lab" fetchPriority="high"/,
    );
    const avif = /srcSet="([^" ]+-640\.avif)/.exec(first)?.[1] ?? "";
    const file = await fetch(`${site.origin}${avif}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/avif");
    await expectCachedAsFresh(site.origin, "a replaced slideshow photo");
  });
});

describeEachEngine("branches and photos in the page cache of two processes", () => {
  let two: TwoSites | undefined;
  let sites: [SiteProcess, SiteProcess];

  beforeAll(async () => {
    two = await startTwoSites({ label: "photo-cache-two", migrated: true, staff: [[admin, "admin"]] });
    sites = two.sites;
  }, 180_000);

  afterAll(() => two?.stop());

  it("drops the same pages in both processes when a photo or a branch is edited on one", async () => {
    const [a, b] = sites;
    await warm(a.origin, cachedPaths);
    await warm(b.origin, cachedPaths);
    const cookie = await signIn(a.origin, admin);
    const saved = await postPhoto(a.origin, cookie, {
      intent: "update",
      id: String(firstWorkshopPhoto),
      alt: "Students at lab tables wiring ESP32 boards and sensors",
      caption: "Two-process ESP32 workshop",
      eventDate: "",
      branch: "",
    });
    expect(saved.status, await saved.text()).toBe(200);
    await eventually("the caption on the other process", async () =>
      (await visit(b.origin, "/about/events")).text.includes("Two-process ESP32 workshop"),
    );
    for (const site of sites) {
      const others = cachedPaths.filter((p) => p !== "/about/events");
      expect(await cacheStates(site.origin, others), site.origin).toEqual(
        Object.fromEntries(others.map((p) => [p, "hit"])),
      );
      expect((await visit(site.origin, "/about/events")).text).toContain("Two-process ESP32 workshop");
    }

    const branch = await postForm(a.origin, "/admin/branches", branchFields("+91 44 4000 9900"), { Cookie: cookie });
    expect(branch.status).toBe(200);
    await eventually("the branch on the other process", async () =>
      (await visit(b.origin, "/about/review")).text.includes("+91 44 4000 9900"),
    );
    for (const site of sites) {
      for (const page of cachedPaths) {
        expect((await visit(site.origin, page)).text, `${page} on ${site.origin}`).toContain("+91 44 4000 9900");
      }
    }
    // Two sites' every page warmed, then read twice over: more than the default 30 s on a busy machine.
  }, 120_000);
}, ["postgres"]);
