import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { defaultPgliteSharedBuffers, openDatabase, pgliteSharedBuffersFromEnv } from "./database.server";

describe("PGLITE_SHARED_BUFFERS", () => {
  it("defaults to the size chosen for a small server", () => {
    expect(pgliteSharedBuffersFromEnv({})).toBe(defaultPgliteSharedBuffers);
    expect(pgliteSharedBuffersFromEnv({ PGLITE_SHARED_BUFFERS: " " })).toBe(defaultPgliteSharedBuffers);
  });

  it("takes a size in kB, MB or GB", () => {
    expect(pgliteSharedBuffersFromEnv({ PGLITE_SHARED_BUFFERS: "64MB" })).toBe("64MB");
    expect(pgliteSharedBuffersFromEnv({ PGLITE_SHARED_BUFFERS: "1GB" })).toBe("1GB");
  });

  it("refuses anything else with the setting's name", () => {
    for (const value of ["64", "64 MB", "-1MB", "0MB", "64mb", "16MB; drop"]) {
      expect(() => pgliteSharedBuffersFromEnv({ PGLITE_SHARED_BUFFERS: value })).toThrow(/PGLITE_SHARED_BUFFERS/);
    }
  });
});

describe("the embedded database", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "database-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is created on first open, reopened later, and runs with the chosen buffer size and a small index-building memory", async () => {
    for (const expected of ["16MB", "32MB"]) {
      process.env.PGLITE_SHARED_BUFFERS = expected;
      const database = await openDatabase({ dataDir, purpose: "test" });
      try {
        const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[];
        };
        expect(result.rows[0]?.shared_buffers).toBe(expected);
        const maintenance = (await database.db.execute(sql`show maintenance_work_mem`)) as unknown as {
          rows: { maintenance_work_mem: string }[];
        };
        expect(maintenance.rows[0]?.maintenance_work_mem).toBe("16MB");
      } finally {
        await database.close();
        delete process.env.PGLITE_SHARED_BUFFERS;
      }
    }
  });
});
