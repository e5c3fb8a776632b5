// Branches and photos as staff edit them in the desk: what is saved, what is refused (with a
// message beside the field, nothing typed lost, nothing stored), the audit entry naming who and
// what, the upload pipeline's files, and which public pages each change names for the cache.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { onContentChange } from "../../app/platform/content-version.server";
import { openDatabase } from "../../app/platform/database.server";
import { saveBranchForm } from "../../app/site/branches-editing.server";
import { getBranches } from "../../app/site/content.server";
import { photoPlace } from "../../app/site/photo-places";
import { addDefaultPhotos, photosOf } from "../../app/site/photos.server";
import { photoMessages, savePhoto } from "../../app/site/photos-editing.server";
import { publicPaths } from "../../app/site/public-pages";
import { listAudit } from "../../app/staff/audit-log.server";
import type { StaffUser } from "../../app/staff/permissions.server";
import { createPostgresDatabase, describeEachEngine, useTestDatabase } from "./databases";

const staff: StaffUser = {
  id: "u1",
  email: "branches.admin@sampige-academy.example",
  name: "admin",
  role: "admin",
  sessionId: "s1",
};
const origin = "http://localhost:3000";

function formRequest(pathname: string, fields: Record<string, string | string[] | File>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${origin}${pathname}`, { method: "POST", body, headers: { Origin: origin } });
}

async function jpeg(width: number, height: number): Promise<File> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: "#e36414" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "photo.jpg", { type: "image/jpeg" });
}

/** What a piece of work announced to the page cache. */
async function announced(work: () => Promise<unknown>): Promise<string[]> {
  const pages = new Set<string>();
  const stop = onContentChange((changed) => {
    for (const page of changed === "all" ? ["all"] : changed) pages.add(page);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return [...pages].sort();
}

async function answer(response: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  // The modules answer with React Router's data(): { data, init }.
  const result = response as { data: Record<string, unknown>; init?: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data };
}

const chennaiForm = {
  branch: "chennai",
  street: "3rd Floor, 21 Usman Road, T. Nagar",
  locality: "Chennai",
  region: "Tamil Nadu",
  postalCode: "600017",
  phone: "+91 44 4000 1234",
  mapUrl: "https://maps.example/usman-road",
  days: ["Mo", "We", "Fr", "Sa"],
  opens: "10:00",
  closes: "19:00",
};

describeEachEngine("branches and photos from the desk", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let uploadsDir = "";
  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-photos-"));
    // What the server does on its first start.
    expect(await addDefaultPhotos(test.current.database)).toBe(true);
    expect(await addDefaultPhotos(test.current.database)).toBe(false);
  });
  afterAll(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  const audit = async () =>
    (await listAudit(db())).rows.map((entry) => `${entry.action} ${entry.subject} ${entry.actor}`);
  const files = () =>
    fs.existsSync(path.join(uploadsDir, "photos")) ? fs.readdirSync(path.join(uploadsDir, "photos")).sort() : [];

  it("shows the configuration's branches, and only what is known of Chennai", async () => {
    const [chennai, bangalore] = await getBranches(db());
    expect(chennai).toMatchObject({ key: "chennai", name: "Chennai", established: 2014, phone: null, hours: null });
    expect(chennai?.address.street).toBeNull();
    expect(bangalore).toMatchObject({ key: "bangalore", name: "Bangalore", established: 2021 });
    expect(bangalore?.address.street).toContain("Residency Road");
  });

  it("saves a branch, audits it, and names every public page (the footer shows it)", async () => {
    let result: { status: number; body: Record<string, unknown> } | undefined;
    const pages = await announced(async () => {
      result = await answer(await saveBranchForm(db(), formRequest("/admin/branches", chennaiForm), staff));
    });
    expect(result?.status).toBe(200);
    expect(result?.body).toMatchObject({ ok: true, target: "chennai" });
    expect(pages).toEqual([...publicPaths].sort());
    const [chennai] = await getBranches(db());
    expect(chennai).toMatchObject({
      key: "chennai",
      name: "Chennai",
      address: { street: "3rd Floor, 21 Usman Road, T. Nagar", postalCode: "600017", locality: "Chennai" },
      phone: "+91 44 4000 1234",
      mapUrl: "https://maps.example/usman-road",
      hours: { days: ["Mo", "We", "Fr", "Sa"], opens: "10:00", closes: "19:00" },
    });
    expect(await audit()).toContain(`branch.update chennai ${staff.email}`);
  });

  it("refuses bad branch details beside each field, keeps what was typed and stores nothing", async () => {
    const before = await getBranches(db());
    const entries = (await audit()).length;
    const bad = {
      ...chennaiForm,
      locality: "  ",
      postalCode: "6000",
      phone: "call us",
      mapUrl: "javascript:alert(1)",
      opens: "19:00",
      closes: "10:00",
    };
    const pages = await announced(async () => {
      const result = await answer(await saveBranchForm(db(), formRequest("/admin/branches", bad), staff));
      expect(result.status).toBe(400);
      expect(result.body.fieldErrors).toEqual({
        locality: "Please enter the city or area.",
        postalCode: "A PIN code is six digits.",
        phone: "Please enter a phone number of at least 10 digits (digits, spaces, + and - only).",
        mapUrl: "The map link must be a full https:// address (copy it from the map's Share button).",
        closes: "The closing time must be after the opening time.",
      });
      expect(result.body.values).toMatchObject({ postalCode: "6000", phone: "call us", days: "Mo We Fr Sa" });
    });
    expect(pages).toEqual([]);
    const noDays = await answer(
      await saveBranchForm(db(), formRequest("/admin/branches", { ...chennaiForm, days: [] }), staff),
    );
    expect(noDays.body.fieldErrors).toEqual({ days: "Tick the days it is open." });
    const unknown = await answer(
      await saveBranchForm(db(), formRequest("/admin/branches", { ...chennaiForm, branch: "mysuru" }), staff),
    );
    expect(unknown.status).toBe(404);
    expect(await getBranches(db())).toEqual(before);
    expect(await audit()).toHaveLength(entries);
  });

  it("clears what is no longer known: an empty field shows nothing", async () => {
    const cleared = {
      ...chennaiForm,
      street: "",
      postalCode: "",
      phone: "",
      mapUrl: "",
      days: [],
      opens: "",
      closes: "",
    };
    const result = await answer(await saveBranchForm(db(), formRequest("/admin/branches", cleared), staff));
    expect(result.status).toBe(200);
    const [chennai] = await getBranches(db());
    expect(chennai).toMatchObject({ phone: null, mapUrl: null, hours: null });
    expect(chennai?.address).toEqual({
      street: null,
      locality: "Chennai",
      region: "Tamil Nadu",
      postalCode: null,
      country: "IN",
    });
  });

  it("starts a new database with the drawings in every place", async () => {
    expect((await photosOf(db(), "hero")).map((photo) => photo.src)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `/images/hero/slide-${n}.svg`),
    );
    expect(await photosOf(db(), "founder")).toHaveLength(1);
    expect(await photosOf(db(), "facilities")).toHaveLength(4);
    // Each drawing offers its AVIF copies, the drawing itself the fallback (decision 017).
    const [slide] = await photosOf(db(), "hero");
    expect(slide?.avif).toBe("/images/hero/slide-1-640.avif 640w, /images/hero/slide-1-1200.avif 1200w");
    expect(slide?.webp).toBeNull();
    for (const gallery of ["workshops", "seminars", "exhibitions"] as const) {
      const photos = await photosOf(db(), gallery);
      expect(photos).toHaveLength(4);
      expect(photos.every((photo) => photo.caption && photo.alt && photo.eventDate === null)).toBe(true);
    }
  });

  it("replaces a slideshow photo with an upload (AVIF and WebP at its widths), and names only the home page", async () => {
    const [first] = await photosOf(db(), "hero");
    if (!first) throw new Error("no hero photo");
    let result: { status: number; body: Record<string, unknown> } | undefined;
    const pages = await announced(async () => {
      result = await answer(
        await savePhoto(
          db(),
          uploadsDir,
          formRequest("/admin/photos", {
            intent: "update",
            id: String(first.id),
            alt: "Students at a lab bench with an oscilloscope",
            photo: await jpeg(2400, 1600),
          }),
          staff,
        ),
      );
    });
    expect(result?.status, JSON.stringify(result?.body)).toBe(200);
    expect(pages).toEqual(["/"]);
    const [replaced] = await photosOf(db(), "hero");
    expect(replaced).toMatchObject({
      id: first.id,
      width: 1200,
      height: 520,
      alt: "Students at a lab bench with an oscilloscope",
    });
    expect(replaced?.src).toMatch(/^\/uploads\/photos\/hero-.+-1200\.webp$/);
    expect(replaced?.avif).toMatch(/-640\.avif 640w, .+-1200\.avif 1200w$/);
    const key = (replaced?.src ?? "").replace(/^\/uploads\//, "").replace(/-1200\.webp$/, "");
    for (const width of [640, 1200]) {
      const webp = await sharp(path.join(uploadsDir, `${key}-${width}.webp`)).metadata();
      expect([webp.format, webp.width, webp.height]).toEqual(["webp", width, Math.round((width * 520) / 1200)]);
      expect((await sharp(path.join(uploadsDir, `${key}-${width}.avif`)).metadata()).format).toBe("heif");
    }
    expect(await audit()).toContain(`photo.replace hero ${first.id} ${staff.email}`);

    // Replaced again: the first upload's files go, the new ones stay.
    const again = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", {
          intent: "update",
          id: String(first.id),
          alt: "A lab bench",
          photo: await jpeg(1300, 600),
        }),
        staff,
      ),
    );
    expect(again.status).toBe(200);
    expect(files().filter((name) => name.startsWith(path.basename(key)))).toEqual([]);
    expect(files()).toHaveLength(4);
  });

  it("refuses a photo without alt text, or a file that is not an image, and stores nothing", async () => {
    const [founder] = await photosOf(db(), "founder");
    if (!founder) throw new Error("no founder photo");
    const before = files();
    const entries = (await audit()).length;
    const noAlt = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", {
          intent: "update",
          id: String(founder.id),
          alt: "   ",
          photo: await jpeg(800, 900),
        }),
        staff,
      ),
    );
    expect(noAlt.status).toBe(400);
    expect(noAlt.body).toMatchObject({ target: founder.id, fieldErrors: { alt: photoMessages.alt } });
    const pdf = new File(["%PDF-1.7\n%%EOF\n"], "founder.jpg", { type: "image/jpeg" });
    const notImage = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", { intent: "update", id: String(founder.id), alt: "The founder", photo: pdf }),
        staff,
      ),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ fieldErrors: { photo: expect.stringContaining("not an image") } });
    expect(notImage.body.values).toMatchObject({ alt: "The founder" });
    expect(files()).toEqual(before);
    expect(await photosOf(db(), "founder")).toEqual([founder]);
    expect(await audit()).toHaveLength(entries);
  });

  it("adds a dated gallery photo at a branch, edits its caption, and removes it with its files", async () => {
    const place = photoPlace("seminars");
    const noPhoto = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", {
          intent: "add",
          place: "seminars",
          alt: "A talk",
          caption: "",
          eventDate: "2025-02-30",
        }),
        staff,
      ),
    );
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body).toMatchObject({
      target: "add-seminars",
      fieldErrors: { caption: photoMessages.caption, eventDate: photoMessages.date, photo: photoMessages.photo },
      values: { alt: "A talk", eventDate: "2025-02-30" },
    });

    const pages = await announced(async () => {
      const added = await answer(
        await savePhoto(
          db(),
          uploadsDir,
          formRequest("/admin/photos", {
            intent: "add",
            place: "seminars",
            alt: "An engineer explaining a CAN bus trace to students",
            caption: "Seminar on automotive networks",
            eventDate: "2026-03-14",
            branch: "chennai",
            photo: await jpeg(1000, 700),
          }),
          staff,
        ),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    });
    expect(pages).toEqual(["/about/events"]);
    const seminars = await photosOf(db(), "seminars");
    expect(seminars).toHaveLength(5);
    const added = seminars.at(-1);
    expect(added).toMatchObject({
      caption: "Seminar on automotive networks",
      eventDate: "2026-03-14",
      branch: "chennai",
    });
    expect(added?.src).toMatch(/-480\.webp$/);

    const edited = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", {
          intent: "update",
          id: String(added?.id),
          alt: added?.alt ?? "",
          caption: "Seminar on automotive networks and CAN",
          eventDate: "",
          branch: "",
        }),
        staff,
      ),
    );
    expect(edited.status).toBe(200);
    expect((await photosOf(db(), "seminars")).at(-1)).toMatchObject({
      caption: "Seminar on automotive networks and CAN",
      eventDate: null,
      branch: null,
      src: added?.src,
    });

    // A slideshow slot cannot be removed: only a gallery's photos can.
    const [hero] = await photosOf(db(), "hero");
    const notRemoved = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", { intent: "remove", id: String(hero?.id), place: "hero" }),
        staff,
      ),
    );
    expect(notRemoved.status).toBe(404);
    expect(await photosOf(db(), "hero")).toHaveLength(7);

    const key = path.basename((added?.src ?? "").replace(/-480\.webp$/, ""));
    expect(files().filter((name) => name.startsWith(key))).toHaveLength((place?.widths.length ?? 0) * 2);
    const removed = await answer(
      await savePhoto(
        db(),
        uploadsDir,
        formRequest("/admin/photos", { intent: "remove", id: String(added?.id), place: "seminars" }),
        staff,
      ),
    );
    expect(removed.status).toBe(200);
    expect(await photosOf(db(), "seminars")).toHaveLength(4);
    expect(files().filter((name) => name.startsWith(key))).toEqual([]);
    const actions = (await audit()).filter((entry) => entry.startsWith("photo."));
    expect(actions).toEqual(
      expect.arrayContaining([
        `photo.add seminars ${added?.id} ${staff.email}`,
        `photo.update seminars ${added?.id} ${staff.email}`,
        `photo.remove seminars ${added?.id} ${staff.email}`,
      ]),
    );
  });
});

describeEachEngine("migrating a database of the version before photos (0008)", (engine) => {
  it("keeps its content edits, and its first start gives it the drawings as its photos", async () => {
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: { tag: string }[];
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-before-photos-"));
    fs.cpSync("db/migrations", folder, { recursive: true });
    const upTo = journal.entries.findIndex((entry) => entry.tag === "0008_assignment");
    fs.writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }),
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-photos-upgrade-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const open = (migrationsFolder?: string) =>
      openDatabase({ dataDir, databaseUrl: postgres?.url, migrationsFolder, purpose: "test" });
    try {
      const old = await open(folder);
      await old.db.execute(sql`insert into content_overrides (key, value) values ('reviews', '[]'::jsonb)`);
      await old.close();
      const upgraded = await open();
      const kept = (await upgraded.db.execute(sql`select key from content_overrides`)) as unknown as {
        rows: { key: string }[];
      };
      expect(kept.rows.map((row) => row.key)).toEqual(["reviews"]);
      // The migration adds no rows: a restore or a copy into the upgraded database still finds it empty.
      const count = async () =>
        (
          (await upgraded.db.execute(sql`select count(*)::int as n from site_photos`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n;
      expect(await count()).toBe(0);
      expect(await addDefaultPhotos(upgraded)).toBe(true);
      const photos = (await upgraded.db.execute(
        sql`select place, count(*)::int as n from site_photos where image_key is null group by place order by place`,
      )) as unknown as { rows: { place: string; n: number }[] };
      expect(photos.rows).toEqual([
        { place: "exhibitions", n: 4 },
        { place: "facilities", n: 4 },
        { place: "founder", n: 1 },
        { place: "hero", n: 7 },
        { place: "seminars", n: 4 },
        { place: "workshops", n: 4 },
      ]);
      await upgraded.close();
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
