// The data-directory lock between real processes: holders that live, holders killed with
// SIGKILL, two processes that both have pid 1 (as two containers on one volume do), and many
// processes trying at the same moment.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, readDataDirLock } from "../../app/platform/data-dir-lock.server";
import { openDatabase } from "../../app/platform/database.server";

let dataDir: string;
const lockPath = () => path.join(dataDir, "lock");

const lockModule = pathToFileURL(path.resolve("app/platform/data-dir-lock.server.ts")).href;

/**
 * A process that tries to take the lock once it reads a line on standard input (so several
 * can try at the same moment), says "won <pid>" or "refused <message>", and holds a won lock
 * until its standard input ends.
 */
const contender = `
const { lockDataDir } = await import(${JSON.stringify(lockModule)});
process.stdin.once("data", async () => {
  try {
    const lock = await lockDataDir(process.env.LOCK_DATA_DIR, "server");
    console.log("won " + lock.holder.pid);
    process.stdin.on("end", () => process.exit(0));
  } catch (error) {
    console.log("refused " + error.message);
    process.exit(0);
  }
});
process.stdout.write("ready\\n");
`;

interface Contender {
  child: ChildProcess;
  /** Resolves once the process has loaded and waits for the signal to try. */
  ready: Promise<void>;
  /** Starts the attempt; resolves with "won <pid>" or "refused <message>". */
  go(): Promise<string>;
}

const started: ChildProcess[] = [];

/** Starts a contender; `ownPidNamespace` runs it as pid 1 of a namespace of its own. */
function startContender(options: { ownPidNamespace?: boolean } = {}): Contender {
  const node = [process.execPath, "--input-type=module", "-e", contender];
  const [command, ...args] = options.ownPidNamespace
    ? ["unshare", "--pid", "--mount-proc", "--kill-child", ...node]
    : node;
  const child = spawn(command as string, args, {
    env: { ...process.env, LOCK_DATA_DIR: dataDir },
    stdio: ["pipe", "pipe", "inherit"],
  });
  started.push(child);
  let output = "";
  const lines: ((line: string) => void)[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    let end = output.indexOf("\n");
    while (end >= 0) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      lines.shift()?.(line);
      end = output.indexOf("\n");
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      lines.push(resolve);
      child.once("exit", (code) => reject(new Error(`The contender ended (exit ${code}) before answering`)));
    });
  const ready = nextLine().then(() => {});
  return {
    child,
    ready,
    go() {
      const answer = nextLine();
      child.stdin?.write("go\n");
      return answer;
    },
  };
}

/** A contender that has taken the lock and holds it. */
async function holdingContender(options: { ownPidNamespace?: boolean } = {}): Promise<Contender> {
  const holder = startContender(options);
  await holder.ready;
  expect(await holder.go()).toMatch(/^won /);
  return holder;
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

function killed(child: ChildProcess): Promise<void> {
  const done = ended(child);
  child.kill("SIGKILL");
  return done;
}

/** Whether this machine lets us start a process in a pid namespace of its own. */
const pidNamespaces =
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", process.execPath, "-e", "process.exit(process.pid)"])
    .status === 1;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-lock-"));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  await Promise.all(started.map((child) => killed(child)));
});

describe("the data-directory lock", () => {
  it("is taken with the holder's pid and purpose, and leaves nothing behind on release", async () => {
    const lock = await lockDataDir(dataDir, "cli");
    expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, purpose: "cli" });
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
    expect(await readDataDirLock(dataDir)).toBeUndefined();
    lock.release();
  });

  it("refuses a second holder in this process in plain words", async () => {
    const lock = await lockDataDir(dataDir, "server");
    try {
      const refused = await lockDataDir(dataDir, "cli").then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const { message } = refused as DataDirLockedError;
      expect(message).toContain(`is in use by another process (pid ${process.pid}, the web server started at`);
      expect(message).toContain("Stop it first, or run this command while the site is stopped.");
      expect(message).not.toMatch(/\n|\bat .*\.ts:\d+/);
    } finally {
      lock.release();
    }
  });

  it("refuses while another process holds it, naming that process, and is free once it stops", async () => {
    const holder = await holdingContender();
    await expect(lockDataDir(dataDir, "cli")).rejects.toThrow(
      new RegExp(
        `in use by another process \\(pid ${holder.child.pid}, the web server started at .*\\)\\. Stop it first`,
      ),
    );
    expect((await readDataDirLock(dataDir))?.pid).toBe(holder.child.pid);

    holder.child.stdin?.end();
    await ended(holder.child);
    const lock = await lockDataDir(dataDir, "cli");
    lock.release();
  });

  it("does not block the next start after its holder was killed with SIGKILL", async () => {
    const holder = await holdingContender();
    await killed(holder.child);
    // The killed process could not clean up: its lock is still there, but dead.
    expect(fs.existsSync(lockPath())).toBe(true);

    const lock = await lockDataDir(dataDir, "server");
    expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, purpose: "server" });
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });

  it.skipIf(!pidNamespaces)("keeps out a second process with the same pid (two containers, each pid 1)", async () => {
    const first = await holdingContender({ ownPidNamespace: true });
    const second = startContender({ ownPidNamespace: true });
    await second.ready;
    const answer = await second.go();
    expect(answer).toMatch(/^refused The database in .* is in use by another process \(pid 1, the web server/);

    // And once the first is killed, the second can start.
    await killed(first.child);
    const third = startContender({ ownPidNamespace: true });
    await third.ready;
    expect(await third.go()).toBe("won 1");
  });

  it("lets exactly one of many processes trying at once win, also over a killed holder's lock", async () => {
    for (const leftBehind of [false, true]) {
      if (leftBehind) await killed((await holdingContender()).child);
      const crowd = Array.from({ length: 8 }, () => startContender());
      await Promise.all(crowd.map((one) => one.ready));
      const answers = await Promise.all(crowd.map((one) => one.go()));
      const winners = answers.filter((answer) => answer.startsWith("won "));
      expect(winners, answers.join("\n")).toHaveLength(1);
      for (const answer of answers.filter((answer) => !answer.startsWith("won "))) {
        expect(answer).toMatch(/^refused The database in .* is in use by another process/);
      }
      for (const one of crowd) one.child.stdin?.end();
      await Promise.all(crowd.map((one) => ended(one.child)));
    }
  }, 60_000);

  it("lets exactly one of many attempts in one process win", async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => lockDataDir(dataDir, "test")));
    const won = attempts.filter((attempt) => attempt.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const attempt of attempts) {
      if (attempt.status === "rejected") expect(attempt.reason).toBeInstanceOf(DataDirLockedError);
    }
    (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataDir>>>).value.release();
  });

  it("respects a lock file of an earlier version while its process runs, and removes it once it is gone", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    started.push(sleeper);
    fs.writeFileSync(lockPath(), JSON.stringify({ pid: sleeper.pid, startedAt: new Date().toISOString() }));
    await expect(lockDataDir(dataDir, "server")).rejects.toThrow(`pid ${sleeper.pid}, the web server`);

    await killed(sleeper);
    const lock = await lockDataDir(dataDir, "server");
    lock.release();
    expect(fs.existsSync(lockPath())).toBe(false);
  });
});

describe("opening the embedded database", () => {
  it("locks it, refuses a second open, releases on close and migrates only once", async () => {
    const database = await openDatabase({ dataDir, purpose: "test" });
    try {
      expect(database.engine).toBe("pglite");
      expect(await database.ping()).toBe(true);
      expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, purpose: "test" });

      const second = openDatabase({ dataDir, purpose: "cli" });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/is in use by another process \(pid \d+, a test run started at/);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockPath())).toBe(false);
    await database.close();

    // A holder killed with SIGKILL leaves its lock behind: the next open is not blocked by it.
    await killed((await holdingContender()).child);
    const reopened = await openDatabase({ dataDir, purpose: "server" });
    try {
      const applied = await reopened.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: [] };
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await reopened.close();
    }
  }, 90_000);

  it("says plainly when the migrations are missing, and releases the lock", async () => {
    await expect(openDatabase({ dataDir, migrationsFolder: path.join(dataDir, "nowhere") })).rejects.toThrow(
      /Database migrations were not found in/,
    );
    expect(fs.existsSync(lockPath())).toBe(false);
  });
});
