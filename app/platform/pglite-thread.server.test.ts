import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openPgliteThread } from "./pglite-thread.server";

describe("the embedded database's thread", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("that is closed is not reported lost", async () => {
    const onLost = vi.fn();
    const database = await openPgliteThread(path.join(dataDir, "closed"), [], { onLost });
    expect((await database.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await database.close();
    await expect(database.query("select 1")).rejects.toThrow(/closed/);
    expect(onLost).not.toHaveBeenCalled();
  }, 60_000);
});
