// `npm run cli -- migrate-to-postgres URL`: an embedded database that a real site filled
// (submissions, a staff account, the audit log, content changes, page views, the e-mail
// outbox) is copied to an empty PostgreSQL database; every table matches row by row, and the
// site started on PostgreSQL signs the same account in and carries on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { type AppDatabase, openDatabase } from "../../app/platform/database.server";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { addStaff, postForm, runCli, signIn, startSite, studentForm } from "./site-process";

const admin = "moving.admin@sampige-academy.example";

/** Every table of the schema, each as its rows' JSON text in a fixed order. */
async function everyRow(db: AppDatabase): Promise<Record<string, string[]>> {
  const tables = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`);
  const result: Record<string, string[]> = {};
  for (const { tablename } of (tables as unknown as { rows: { tablename: string }[] }).rows) {
    const rows = await db.execute(
      sql.raw(`select to_jsonb(t)::text as row from "${tablename}" t order by to_jsonb(t)::text`),
    );
    result[tablename] = (rows as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
  }
  return result;
}

describeEachEngine("migrate-to-postgres", () => {
  it("copies every table from the embedded database to an empty PostgreSQL, and the site carries on there", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-move-"));
    const target = await createPostgresDatabase();
    const embedded = { dataDir };
    try {
      // A site on the embedded database, used for a while: mail on (its server is not there,
      // so messages wait in the outbox), forms, a staff change, visitors.
      await addStaff(embedded, admin, "admin");
      const site = await startSite({
        dataDir,
        env: { SMTP_URL: "smtp://127.0.0.1:1", MAIL_FROM: "Site <site@example.com>", DEMO_CONTENT: "on" },
      });
      for (let i = 0; i < 3; i++) {
        expect((await postForm(site.origin, "/contact", studentForm({ name: `Moving Student ${i}` }))).status).toBe(
          302,
        );
      }
      const registered = await postForm(
        site.origin,
        "/online/register",
        studentForm({ name: "தமிழ்செல்வி", course: "iot" }),
      );
      expect(registered.status).toBe(302);
      const cookie = await signIn(site.origin, admin);
      const saved = await postForm(
        site.origin,
        "/admin/courses/iot",
        { intent: "start-date", startDate: "3 March 2031" },
        { Cookie: cookie },
      );
      expect(saved.status).toBe(200);
      const reviews = new URLSearchParams([
        ["name", "Meera"],
        ["course", "IoT, 2030 batch"],
        ["text", "Real boards in every class, and mentors who answered every question."],
      ]);
      expect((await postForm(site.origin, "/admin/reviews", reviews, { Cookie: cookie })).status).toBe(200);
      for (const page of ["/", "/courses/iot", "/contact?utm_source=whatsapp"]) {
        await (await fetch(`${site.origin}${page}`, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux)" } })).text();
      }

      // Not while the site has the embedded database open.
      const whileRunning = await runCli(["migrate-to-postgres", target.url], embedded);
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.stderr).toContain("is in use by another process");
      expect(await site.stop()).toMatchObject({ code: 0 });

      const moved = await runCli(["migrate-to-postgres", target.url], embedded);
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/Copied \d+ rows in \d+ tables/);

      // A second run finds the target filled, and says so plainly.
      const again = await runCli(["migrate-to-postgres", target.url], embedded);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("The target database is not empty");

      const source = await openDatabase({ dataDir, purpose: "test" });
      const copy = await openDatabase({ dataDir, databaseUrl: target.url, purpose: "test" });
      try {
        const before = await everyRow(source.db);
        const after = await everyRow(copy.db);
        // What the site made is there to copy: each kind of data the operator cares about.
        for (const table of ["enquiries", "registrations", "user", "account", "session", "audit_log"]) {
          expect(before[table]?.length, table).toBeGreaterThan(0);
        }
        for (const table of ["course_start_dates", "page_views", "outbox", "placed_students", "content_overrides"]) {
          expect(before[table]?.length ?? 0, table).toBeGreaterThan(0);
        }
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
        for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      } finally {
        await copy.close();
        await source.close();
      }

      // The site on PostgreSQL: the migrated account signs in, ids continue, uploads are served.
      const onPostgres = await startSite({ dataDir, databaseUrl: target.url });
      try {
        await signIn(onPostgres.origin, admin);
        const next = await postForm(onPostgres.origin, "/contact", studentForm({ name: "After The Move" }));
        expect(next.status).toBe(302);
        const placements = await (await fetch(`${onPostgres.origin}/our-placements`)).text();
        const image = /src="(\/uploads\/[^"]+)"/.exec(placements)?.[1];
        expect(image).toBeDefined();
        expect((await fetch(`${onPostgres.origin}${image}`)).status).toBe(200);
      } finally {
        await onPostgres.stop();
      }
    } finally {
      await target.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
}, ["postgres"]);
