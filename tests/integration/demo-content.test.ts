// Demo content as an operator meets it: added on a new database's first start only when
// DEMO_CONTENT says so (off by default in production), never again after the institute
// deleted it or after an upgrade, and removed exactly by `cli demo remove`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/platform/database.server";
import { demoContentFromEnv, seedDemoContent } from "../../app/site/demo-content.server";
import { addPlacedStudent, listPlacedStudents } from "../../app/site/placed-students.server";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { addStaff, postForm, runCli, signIn, startSite, studentForm } from "./site-process";
import { copyPgliteTemplate } from "./template-copies";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh DATA_DIR, and for PostgreSQL a fresh database: removed after the test. */
async function freshPlace(engine: "pglite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-demo-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (engine === "pglite") {
    // A new database cluster (initdb) copied, with no migration applied: as new as one made here.
    await copyPgliteTemplate(dataDir, "initialised");
    return { dataDir, databaseUrl: undefined };
  }
  const created = await createPostgresDatabase();
  cleanups.push(created.drop);
  return { dataDir, databaseUrl: created.url };
}

/** The migrations of the version before site_settings existed (up to 0004). */
function previousVersionMigrations(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-previous-"));
  cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
  fs.cpSync("db/migrations", folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === "0004_shared_rate_limits");
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const demoName = "Priya Raman";

describe("the DEMO_CONTENT setting", () => {
  it("is on by default only for a trial run: off with NODE_ENV=production or DATABASE_URL", () => {
    expect(demoContentFromEnv({}, undefined)).toBe(true);
    expect(demoContentFromEnv({}, "development")).toBe(true);
    expect(demoContentFromEnv({}, "production")).toBe(false);
    expect(demoContentFromEnv({ DATABASE_URL: "postgres://db.example/institute" }, undefined)).toBe(false);
    expect(demoContentFromEnv({ DEMO_CONTENT: "on" }, "production")).toBe(true);
    expect(demoContentFromEnv({ DEMO_CONTENT: "off" }, undefined)).toBe(false);
    expect(() => demoContentFromEnv({ DEMO_CONTENT: "maybe" }, undefined)).toThrow(
      'DEMO_CONTENT must be "on" or "off", not "maybe".',
    );
  });
});

describeEachEngine("demo content", (engine) => {
  it("is not added again after an upgrade from a database made by the previous version", async () => {
    const migrationsFolder = previousVersionMigrations();
    // One the institute filled, and one it emptied of demo content before launch.
    for (const filled of [true, false]) {
      const place = await freshPlace(engine);
      const old = await openDatabase({ ...place, migrationsFolder, purpose: "test" });
      if (filled) {
        await addPlacedStudent(old.db, {
          name: "Lakshmi Menon",
          company: "Periyar Automation",
          package: "4 LPA",
          jobRole: "PLC Programmer",
        });
      }
      await old.close();

      const upgraded = await openDatabase({ ...place, purpose: "test" });
      try {
        const uploadsDir = path.join(place.dataDir, "uploads");
        expect(await seedDemoContent(upgraded, { uploadsDir, enabled: true })).toBe(false);
        const names = (await listPlacedStudents(upgraded.db)).map((student) => student.name);
        expect(names).toEqual(filled ? ["Lakshmi Menon"] : []);
        const decided = await upgraded.db.execute(sql`select value from site_settings where key = 'demo_content'`);
        expect((decided as unknown as { rows: { value: string }[] }).rows).toEqual([{ value: "existing database" }]);
      } finally {
        await upgraded.close();
      }
    }
  }, 120_000);

  it("is off by default in production", async () => {
    const place = await freshPlace(engine);
    const site = await startSite(place);
    try {
      const page = await (await fetch(`${site.origin}/our-placements`)).text();
      expect(page).not.toContain(demoName);
    } finally {
      await site.stop();
    }
  }, 120_000);

  it("is added on the first start when on, removed by 'cli demo remove', and not added back on restart", async () => {
    const place = await freshPlace(engine);
    const options = { ...place, env: { DEMO_CONTENT: "on" } };
    const admin = "demo.admin@sampige-academy.example";
    await addStaff(options, admin, "admin");
    const first = await startSite(options);
    try {
      expect(first.output()).toContain("New database: demo content added");
      expect(await (await fetch(`${first.origin}/our-placements`)).text()).toContain(demoName);
      expect((await postForm(first.origin, "/contact", studentForm({ name: "Nandini Rao" }))).status).toBe(302);
      // Sample batches on the course pages; one the institute saves becomes its own and stays.
      const embedded = await (await fetch(`${first.origin}/courses/embedded`)).text();
      expect(embedded).toContain("Classroom, Chennai");
      expect(embedded).toContain("6 seats left");
      const cookie = await signIn(first.origin, admin);
      const desk = await (await fetch(`${first.origin}/admin/courses/iot`, { headers: { Cookie: cookie } })).text();
      expect(desk).toContain("(demo)");
      const id = /name="id" value="(\d+)"/.exec(desk)?.[1] ?? "";
      const kept = await postForm(
        first.origin,
        "/admin/courses/iot",
        {
          intent: "batch-save",
          id,
          branch: "chennai",
          startsOn: "2031-05-03",
          days: "weekend",
          startTime: "10:00",
          endTime: "15:00",
          mode: "classroom",
          seats: "open",
          seatsTotal: "",
          feeInr: "41000",
          feeIncludes: "sensor kit",
        },
        { Cookie: cookie },
      );
      expect(kept.status).toBe(200);
    } finally {
      await first.stop();
    }

    const removed = await runCli(["demo", "remove"], options);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("Removed the demo content: 8 placed students, 4 batches and 0 batch start dates.");
    expect(removed.stdout).toContain(demoName);
    const again = await runCli(["demo", "remove"], options);
    expect(again.stdout).toContain("No demo content to remove");

    const second = await startSite(options);
    try {
      expect(second.output()).not.toContain("demo content added");
      expect(await (await fetch(`${second.origin}/our-placements`)).text()).not.toContain(demoName);
      expect(await (await fetch(`${second.origin}/courses/embedded`)).text()).toContain("Starting soon");
      expect(await (await fetch(`${second.origin}/courses/iot`)).text()).toContain("Starts Sat, 3 May 2031");
    } finally {
      await second.stop();
    }
    const exported = await runCli(["export", "enquiries"], options);
    expect(exported.stdout).toContain("Nandini Rao");
  }, 240_000);
});
