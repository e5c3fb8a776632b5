import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createSubmission, listSubmissions } from "../../app/admissions/submission-repository.server";
import { openDatabase } from "../../app/platform/database.server";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { student } from "./fixtures";

const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };

describeEachEngine("migrations", () => {
  it("are applied once when several app processes start together", async () => {
    const { url, drop } = await createPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-migrate-"));
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ dataDir, databaseUrl: url, purpose: "test" })),
      );
      const applied = await opened[0]?.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
      expect(await Promise.all(opened.map((database) => database.ping()))).toEqual([true, true, true]);
      await Promise.all(opened.map((database) => database.close()));
    } finally {
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}, ["postgres"]);

/** A copy of db/migrations that stops after the migration with this tag: the database of an older version. */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-old-migrations-"));
  fs.cpSync("db/migrations", folder, { recursive: true });
  const tags = (journal.entries as { tag: string }[]).map((entry) => entry.tag);
  const entries = journal.entries.slice(0, tags.indexOf(tag) + 1);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

describeEachEngine("migrating a database of the previous version", (engine) => {
  it("keeps its entries, and a form token sent again with other answers is stored", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-upgrade-"));
    const oldMigrations = migrationsUpTo("0004_shared_rate_limits");
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const open = (migrationsFolder?: string) =>
      openDatabase({ dataDir, databaseUrl: postgres?.url, migrationsFolder, purpose: "test" });
    try {
      const old = await open(oldMigrations);
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token)
        values ('Old Entry', 'old.entry@example.in', '9876543210', 'B.E', 'ECE', 'karnataka', 'Udupi', 'old-token')`);
      await old.close();

      const upgraded = await open();
      const { course: _course, ...newPerson } = student({ name: "New Person" });
      const meta = { submissionToken: "old-token" };
      const other = await createSubmission(upgraded.db, "enquiry", newPerson, meta);
      const again = await createSubmission(upgraded.db, "enquiry", newPerson, meta);
      expect(other.duplicate).toBe(false);
      expect(again).toEqual({ id: other.id, duplicate: true });
      const { rows } = await listSubmissions(upgraded.db, "enquiry");
      expect(rows.map((row) => row.name).sort()).toEqual(["New Person", "Old Entry"]);
      await upgraded.close();
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(oldMigrations, { recursive: true, force: true });
    }
  });
});
