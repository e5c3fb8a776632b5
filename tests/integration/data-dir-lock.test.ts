import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, readDataDirLock } from "../../app/platform/data-dir-lock.server";
import { openDatabase } from "../../app/platform/database.server";

let dataDir: string;
const lockFile = () => path.join(dataDir, "lock");
const writeLock = (content: object | string) =>
  fs.writeFileSync(lockFile(), typeof content === "string" ? content : JSON.stringify(content));

/** The pid of a process that has certainly ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ["-e", ""]);
  if (!ended.pid) throw new Error("Could not start a process to get a free pid.");
  return ended.pid;
}

const sleepers: ChildProcess[] = [];
function livingProcess(): ChildProcess & { pid: number } {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  sleepers.push(child);
  if (!child.pid) throw new Error("Could not start a process to hold a lock.");
  return child as ChildProcess & { pid: number };
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-lock-"));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterAll(() => {
  for (const child of sleepers) child.kill();
});

describe("the data-directory lock", () => {
  it("is taken with the holder's pid and purpose, and removed on release", () => {
    const lock = lockDataDir(dataDir, "cli");
    expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, purpose: "cli" });
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
    lock.release();
  });

  it("refuses a second holder in plain words", () => {
    const lock = lockDataDir(dataDir, "server");
    try {
      const refused = (() => {
        try {
          lockDataDir(dataDir, "cli");
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const { message } = refused as DataDirLockedError;
      expect(message).toContain(`is in use by another process (pid ${process.pid}, the web server started at`);
      expect(message).toContain("Stop it first, or run this command while the site is stopped.");
      expect(message).not.toMatch(/\n|\bat .*\.ts:\d+/);
    } finally {
      lock.release();
    }
  });

  it("refuses while another living process holds it", () => {
    const holder = livingProcess();
    writeLock({ pid: holder.pid, startedAt: new Date().toISOString(), purpose: "server" });
    expect(() => lockDataDir(dataDir, "server")).toThrow(
      new RegExp(`in use by another process \\(pid ${holder.pid}, the web server started at .*\\)\\. Stop it first`),
    );
    expect(readDataDirLock(dataDir)?.pid).toBe(holder.pid);
  });

  it("takes over a lock left by a process that has ended", () => {
    writeLock({ pid: deadPid(), startedAt: new Date().toISOString(), purpose: "server" });
    const lock = lockDataDir(dataDir, "server");
    expect(readDataDirLock(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock whose pid now belongs to a later process", () => {
    if (!fs.existsSync("/proc/self/stat")) return;
    const later = livingProcess();
    writeLock({ pid: later.pid, startedAt: new Date(Date.now() - 3_600_000).toISOString(), purpose: "server" });
    const lock = lockDataDir(dataDir, "server");
    expect(readDataDirLock(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock with this process's pid that this process does not hold", () => {
    writeLock({ pid: process.pid, startedAt: new Date(Date.now() - 60_000).toISOString(), purpose: "server" });
    const lock = lockDataDir(dataDir, "server");
    expect(readDataDirLock(dataDir)?.startedAt).toBe(lock.holder.startedAt);
    lock.release();
  });

  it("waits for a lock file still being written, and takes over one left empty", () => {
    writeLock("");
    expect(() => lockDataDir(dataDir, "cli")).toThrow(DataDirLockedError);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(), aMinuteAgo, aMinuteAgo);
    lockDataDir(dataDir, "cli").release();
  });

  it("leaves alone a lock that another process took after ours", () => {
    const lock = lockDataDir(dataDir, "server");
    const other = { pid: livingProcess().pid, startedAt: new Date().toISOString(), purpose: "cli" };
    writeLock(other);
    lock.release();
    expect(readDataDirLock(dataDir)).toEqual(other);
  });
});

describe("opening the embedded database", () => {
  it("locks it, refuses a second open, releases on close and migrates only once", async () => {
    const database = await openDatabase({ dataDir, purpose: "test" });
    try {
      expect(database.engine).toBe("pglite");
      expect(await database.ping()).toBe(true);
      expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, purpose: "test" });

      const second = openDatabase({ dataDir, purpose: "cli" });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/is in use by another process \(pid \d+, a test run started at/);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockFile())).toBe(false);
    await database.close();

    // A server killed with SIGKILL leaves its lock behind: the next start takes it over.
    writeLock({ pid: deadPid(), startedAt: new Date().toISOString(), purpose: "server" });
    const reopened = await openDatabase({ dataDir, purpose: "server" });
    try {
      const applied = await reopened.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: [] };
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await reopened.close();
    }
  });

  it("says plainly when the migrations are missing, and releases the lock", async () => {
    await expect(openDatabase({ dataDir, migrationsFolder: path.join(dataDir, "nowhere") })).rejects.toThrow(
      /Database migrations were not found in/,
    );
    expect(fs.existsSync(lockFile())).toBe(false);
  });
});
