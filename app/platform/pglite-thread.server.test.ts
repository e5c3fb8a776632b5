import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openPgliteThread } from "./pglite-thread.server";

describe("the embedded database's thread", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("that stops on its own fails every query from then on and is reported lost, once", async () => {
    const onLost = vi.fn();
    // A small heap for the thread, and an answer of two million rows that cannot fit in it.
    const database = await openPgliteThread(path.join(dataDir, "lost"), [], {
      onLost,
      resourceLimits: { maxOldGenerationSizeMb: 32 },
    });
    expect((await database.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await expect(
      database.query("select g, repeat('x', 100) as filler from generate_series(1, 2000000) g"),
    ).rejects.toThrow(/The embedded database stopped/);
    await expect(database.query("select 1")).rejects.toThrow(/The embedded database stopped/);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
    expect(onLost.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    await database.close();
    expect(onLost).toHaveBeenCalledTimes(1);
  }, 60_000);

  it("that is closed is not reported lost", async () => {
    const onLost = vi.fn();
    const database = await openPgliteThread(path.join(dataDir, "closed"), [], { onLost });
    expect((await database.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await database.close();
    await expect(database.query("select 1")).rejects.toThrow(/closed/);
    expect(onLost).not.toHaveBeenCalled();
  }, 60_000);
});
