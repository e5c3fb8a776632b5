import fs from "node:fs";
import path from "node:path";

// PGlite does not lock its data directory, and two processes writing to it corrupt it.
// So whatever opens the embedded database first takes <dataDir>/lock, created with O_EXCL.

export type LockPurpose = "server" | "cli" | "test";

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  startedAt: string;
  purpose: LockPurpose;
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Removes the lock file (only if it is still ours). Safe to call twice. */
  release(): void;
}

const holderNames: Record<LockPurpose, string> = {
  server: "the web server",
  cli: "a command-line task",
  test: "a test run",
};

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  /** Undefined while the other process is still writing its lock file. */
  readonly holder: LockHolder | undefined;

  constructor(dataDir: string, holder: LockHolder | undefined, purpose: LockPurpose) {
    const who = holder
      ? `pid ${holder.pid}, ${holderNames[holder.purpose] ?? "another program"} started at ${shownTime(holder.startedAt)}`
      : "it is being opened right now";
    const advice =
      purpose === "server"
        ? "Stop it first, then start the site again."
        : "Stop it first, or run this command while the site is stopped.";
    super(`The database in ${shownPath(dataDir)} is in use by another process (${who}). ${advice}`);
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/**
 * Lock files held by this process, so a second open here is refused too. Kept on
 * globalThis: a dev server that re-evaluates this module must still see its locks.
 */
const shared = globalThis as typeof globalThis & { __dataDirLocks?: Map<string, DataDirLock> };
const firstLoad = shared.__dataDirLocks === undefined;
const held: Map<string, DataDirLock> = shared.__dataDirLocks ?? new Map();
shared.__dataDirLocks = held;
/** A lock file still empty after this long was left by a process that died while writing it. */
const unwrittenGraceMs = 10_000;
/** How far a holder's process start may lie after its lock time before we call the pid reused. */
const pidReuseSlackMs = 5_000;

/**
 * Takes the exclusive lock on dataDir (created if missing), or throws
 * DataDirLockedError naming the process that holds it. A lock left by a process
 * that is gone (killed, crashed, machine restarted) is taken over.
 */
export function lockDataDir(dataDir: string, purpose: LockPurpose): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "lock");
  const ours = held.get(lockPath);
  if (ours) throw new DataDirLockedError(dir, ours.holder, purpose);

  for (let attempt = 0; attempt < 5; attempt++) {
    const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), purpose };
    if (tryCreate(lockPath, holder)) return remember(lockPath, holder);

    const found = readLockFile(lockPath);
    if (found === "missing") continue;
    if (found === "unwritten") {
      if (ageMs(lockPath) < unwrittenGraceMs) throw new DataDirLockedError(dir, undefined, purpose);
    } else if (isAlive(found)) {
      throw new DataDirLockedError(dir, found, purpose);
    }
    removeStale(lockPath, found);
  }
  throw new Error(`Could not take the lock ${lockPath}: other processes keep changing it. Try again.`);
}

/** The current holder of dataDir's lock, if any (alive or not). */
export function readDataDirLock(dataDir: string): LockHolder | undefined {
  const found = readLockFile(path.join(path.resolve(dataDir), "lock"));
  return typeof found === "object" ? found : undefined;
}

function tryCreate(lockPath: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, "wx");
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function remember(lockPath: string, holder: LockHolder): DataDirLock {
  const lock: DataDirLock = {
    path: lockPath,
    holder,
    release() {
      if (held.get(lockPath) !== lock) return;
      held.delete(lockPath);
      const current = readLockFile(lockPath);
      if (typeof current === "object" && current.pid === holder.pid && current.startedAt === holder.startedAt) {
        fs.rmSync(lockPath, { force: true });
      }
    },
  };
  held.set(lockPath, lock);
  return lock;
}

// A process that ends without closing its database (process.exit, an uncaught error) still frees it.
if (firstLoad) {
  process.on("exit", () => {
    for (const lock of [...held.values()]) {
      try {
        lock.release();
      } catch {
        // Nothing more can be done while exiting; the next start takes over the stale lock.
      }
    }
  });
}

function readLockFile(lockPath: string): LockHolder | "missing" | "unwritten" {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "missing";
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.startedAt === "string") {
      return { pid: parsed.pid as number, startedAt: parsed.startedAt, purpose: parsed.purpose ?? "server" };
    }
  } catch {
    // Empty or half-written: the caller decides by the file's age.
  }
  return "unwritten";
}

function isAlive(holder: LockHolder): boolean {
  // Our own pid, but not in `held`: left by an earlier process that had the same pid
  // (common in containers, where the server's pid is the same on every start).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (errorCode(error) !== "EPERM") return false;
  }
  const started = processStartTime(holder.pid);
  const lockedAt = Date.parse(holder.startedAt);
  // A process that started after the lock was taken cannot have taken it: its pid was reused.
  if (started !== undefined && Number.isFinite(lockedAt) && started > lockedAt + pidReuseSlackMs) return false;
  return true;
}

/** Removes a stale lock unless another process replaced it meanwhile (it may be taking over too). */
function removeStale(lockPath: string, stale: LockHolder | "unwritten") {
  const guardPath = `${lockPath}.takeover`;
  let guard: number;
  try {
    guard = fs.openSync(guardPath, "wx");
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    if (ageMs(guardPath) > unwrittenGraceMs) fs.rmSync(guardPath, { force: true });
    return;
  }
  try {
    const now = readLockFile(lockPath);
    const same =
      stale === "unwritten"
        ? now === "unwritten"
        : typeof now === "object" && now.pid === stale.pid && now.startedAt === stale.startedAt;
    if (same) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.closeSync(guard);
    fs.rmSync(guardPath, { force: true });
  }
}

/** Start time of a process in ms since the epoch, from /proc on Linux; undefined elsewhere. */
function processStartTime(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime, in clock ticks since boot) follows the ")" that ends the command name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[19]);
    const bootLine = fs.readFileSync("/proc/stat", "utf8").match(/^btime (\d+)$/m);
    if (!bootLine || !Number.isFinite(ticks)) return undefined;
    // Linux reports starttime in USER_HZ, which is 100 on every mainstream build.
    return Number(bootLine[1]) * 1000 + (ticks / 100) * 1000;
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function shownPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  if (relative === "") return ".";
  if (relative.startsWith("..") || path.isAbsolute(relative)) return dir;
  return `./${relative}`;
}

function shownTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
