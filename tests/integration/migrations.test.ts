import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "../../app/platform/database.server";
import { createPostgresDatabase, describeEachEngine } from "./databases";

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
