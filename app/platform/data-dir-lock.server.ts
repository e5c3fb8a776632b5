import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

// PGlite does not lock its data directory, and two processes writing to it corrupt it. So
// whatever opens the embedded database first takes the lock in <dataDir>/lock: a Unix socket
// it listens on. The operating system closes a socket when its process ends, however it ends,
// so a lock is held exactly as long as its holder lives: connecting to a holder's socket
// succeeds, connecting to one left by a dead process is refused. No process ids are compared
// (two containers sharing a volume may both run their server as pid 1).
//
// The lock is a series of generations, <dataDir>/lock/1, 2, 3...: each a hard link to the
// socket of the process that took it. To take the lock, a process binds a socket under a name
// of its own, finds the highest generation, checks that its holder is gone, and hard-links its
// socket as the next generation. A hard link is never created over an existing name, so of
// the processes that saw the same dead holder exactly one gets the next generation; nothing
// has to be deleted to take over, so nobody can delete a live holder's lock by mistake. The
// new holder then checks that no later generation exists and every earlier one is dead (a
// process that slept between looking and linking loses here), and removes the dead ones.

export type LockPurpose = "server" | "cli" | "test";

/** What the holder of a lock says about itself when asked. */
export interface LockHolder {
  /** Its process id, as that process sees it (in a container, often 1). */
  pid: number;
  startedAt: string;
  purpose: LockPurpose;
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Gives the lock up (only if it is still ours). Safe to call twice. */
  release(): void;
}

const holderNames: Record<LockPurpose, string> = {
  server: "the web server",
  cli: "a command-line task",
  test: "a test run",
};

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  /** Undefined when the holder did not say who it is in time (it may be busy starting). */
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
 * Locks held by this process, so a second open here is refused too. Kept on globalThis: a
 * dev server that re-evaluates this module must still see its locks.
 */
const shared = globalThis as typeof globalThis & { __dataDirLocks?: Map<string, DataDirLock> };
const firstLoad = shared.__dataDirLocks === undefined;
const held: Map<string, DataDirLock> = shared.__dataDirLocks ?? new Map();
shared.__dataDirLocks = held;

/** How long a living holder has to say who it is before the refusal names no one. */
const holderAnswerMs = 2_000;
/** Unix socket addresses are limited to about 108 bytes (104 on macOS). */
const maxSocketAddress = 100;
/** How old another process's own-name must be before it is cleaned up as dead. */
const ownNameGraceMs = 60_000;

type Probe = { state: "missing" } | { state: "dead" } | { state: "alive"; holder: LockHolder | undefined };

/**
 * Takes the exclusive lock on dataDir (created if missing), or throws DataDirLockedError
 * naming the process that holds it. A lock whose holder has ended (killed, crashed, machine
 * restarted) does not count: its socket refuses connections.
 */
export async function lockDataDir(dataDir: string, purpose: LockPurpose): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const lockDir = path.join(dir, "lock");
  const ours = held.get(lockDir);
  if (ours) throw new DataDirLockedError(dir, ours.holder, purpose);
  // The embedded database, the auth secret and uploads live here: only the owner may enter.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  await setAsideOldLockFile(dir, lockDir, purpose);

  const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), purpose };
  for (let attempt = 0; attempt < 10; attempt++) {
    fs.mkdirSync(lockDir, { recursive: true });
    // A name of our own first: the generation's name is only ever made as a hard link to it.
    const ownName = path.join(lockDir, `.${randomBytes(8).toString("hex")}`);
    let server: net.Server;
    try {
      server = await listen(ownName, holder);
    } catch (error) {
      // The folder went away meanwhile (its last holder released it): make it again.
      if (errorCode(error) === "ENOENT") continue;
      throw new Error(`Could not create the lock ${lockDir}: ${(error as Error).message}`, { cause: error });
    }
    const ownInode = inodeOf(ownName);
    if (ownInode === undefined) {
      // Another process's clean-up took our name between bind and listen, while it refused
      // connections: start again under a new one.
      server.close();
      continue;
    }
    const giveUp = () => {
      unlinkIfSame(ownName, ownInode);
      server.close();
    };

    const top = highestGeneration(lockDir);
    if (top > 0) {
      const found = await probe(path.join(lockDir, String(top)));
      if (found.state === "alive") {
        giveUp();
        throw new DataDirLockedError(dir, found.holder, purpose);
      }
    }
    const generation = top + 1;
    const lockPath = path.join(lockDir, String(generation));
    try {
      fs.linkSync(ownName, lockPath);
    } catch (error) {
      giveUp();
      // Another process took this generation (or released and removed the folder): look again.
      if (errorCode(error) === "EEXIST" || errorCode(error) === "ENOENT") continue;
      throw error;
    }
    fs.rmSync(ownName, { force: true });

    const rival = await rivalOf(lockDir, generation);
    if (rival === undefined && sameInode(lockPath, ownInode)) {
      await removeDead(lockDir, generation);
      return remember(lockDir, lockPath, ownInode, server, holder);
    }
    unlinkIfSame(lockPath, ownInode);
    server.close();
    if (rival?.state === "alive") throw new DataDirLockedError(dir, rival.holder, purpose);
  }
  throw new Error(`Could not take the lock ${lockDir}: other processes keep changing it. Try again.`);
}

/** What the living holder of dataDir's lock says about itself; undefined when nobody holds it. */
export async function readDataDirLock(dataDir: string): Promise<LockHolder | undefined> {
  const lockDir = path.join(path.resolve(dataDir), "lock");
  const top = highestGeneration(lockDir);
  if (top === 0) return undefined;
  const found = await probe(path.join(lockDir, String(top)));
  return found.state === "alive" ? found.holder : undefined;
}

/** Listens on a Unix socket at file; each connection is told who holds the lock. */
function listen(file: string, holder: LockHolder): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on("error", () => {});
      socket.end(`${JSON.stringify(holder)}\n`);
    });
    server.once("error", reject);
    server.listen(socketAddress(file), () => {
      server.off("error", reject);
      server.on("error", () => {});
      // The lock must never be what keeps a finished process alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a lock socket's holder lives, and who it says it is. */
function probe(file: string): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = net.connect(socketAddress(file));
    let text = "";
    let connected = false;
    const timer = setTimeout(() => finish(), holderAnswerMs);
    function finish(error?: NodeJS.ErrnoException) {
      clearTimeout(timer);
      socket.destroy();
      if (!connected) {
        const code = error?.code;
        // Any other failure (no permission, a full backlog) might hide a living holder.
        if (code === "ECONNREFUSED") return resolve({ state: "dead" });
        if (code === "ENOENT") return resolve({ state: "missing" });
      }
      resolve({ state: "alive", holder: parseHolder(text) });
    }
    socket.on("connect", () => {
      connected = true;
    });
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.length > 4_096) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (error) => finish(error));
  });
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(parsed.pid) && typeof parsed.startedAt === "string") {
      return { pid: parsed.pid as number, startedAt: parsed.startedAt, purpose: parsed.purpose ?? "server" };
    }
  } catch {
    // It connected but said nothing readable: a holder all the same.
  }
  return undefined;
}

/**
 * After linking generation `mine`: the process that must win instead, if any. A later
 * generation means someone else already took over; a living earlier one means we looked at
 * the folder before its holder linked (it wins, or it is about to lose and leave).
 */
async function rivalOf(lockDir: string, mine: number): Promise<Probe | undefined> {
  const generations = generationsIn(lockDir);
  if (generations.some((generation) => generation > mine)) {
    return probe(path.join(lockDir, String(Math.max(...generations))));
  }
  for (const generation of generations.filter((generation) => generation < mine)) {
    const found = await probe(path.join(lockDir, String(generation)));
    if (found.state === "alive") return found;
  }
  return undefined;
}

/** Removes earlier generations and own-names whose processes are gone. */
async function removeDead(lockDir: string, mine: number) {
  const names = safeReaddir(lockDir).filter((name) => {
    const generation = Number(name);
    return name.startsWith(".") || (Number.isInteger(generation) && generation > 0 && generation < mine);
  });
  for (const name of names) {
    const file = path.join(lockDir, name);
    // A socket refuses connections for a moment between its bind and its listen: an own-name
    // that new is left to its process, which may be about to listen on it.
    if (name.startsWith(".") && Date.now() - (mtimeOf(file) ?? 0) < ownNameGraceMs) continue;
    // A dead socket never comes back to life, and nobody links a name that exists.
    if ((await probe(file)).state === "dead") fs.rmSync(file, { force: true });
  }
}

function remember(
  lockDir: string,
  lockPath: string,
  inode: number,
  server: net.Server,
  holder: LockHolder,
): DataDirLock {
  const lock: DataDirLock = {
    path: lockPath,
    holder,
    release() {
      if (held.get(lockDir) !== lock) return;
      held.delete(lockDir);
      unlinkIfSame(lockPath, inode);
      server.close();
      // The folder goes too when nothing else is in it.
      try {
        fs.rmdirSync(lockDir);
      } catch {
        // Another process's socket is in it, or it is gone already.
      }
    },
  };
  held.set(lockDir, lock);
  return lock;
}

// A process that ends without closing its database (process.exit, an uncaught error) leaves no
// lock file behind either. (A killed one leaves its socket file, which refuses connections.)
if (firstLoad) {
  process.on("exit", () => {
    for (const lock of [...held.values()]) {
      try {
        lock.release();
      } catch {
        // Nothing more can be done while exiting; a dead socket does not block the next start.
      }
    }
  });
}

/**
 * Earlier versions kept the lock in a plain file <dataDir>/lock naming a pid. While that
 * process runs (an older version still serving), refuse; once it is gone, remove the file.
 */
async function setAsideOldLockFile(dir: string, lockDir: string, purpose: LockPurpose) {
  let text: string;
  try {
    if (!fs.statSync(lockDir).isFile()) return;
    text = fs.readFileSync(lockDir, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  const holder = parseHolder(text);
  if (holder && holder.pid !== process.pid && processExists(holder.pid)) {
    throw new DataDirLockedError(dir, holder, purpose);
  }
  fs.rmSync(lockDir, { force: true });
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

function highestGeneration(lockDir: string): number {
  return Math.max(0, ...generationsIn(lockDir));
}

function generationsIn(lockDir: string): number[] {
  return safeReaddir(lockDir)
    .map(Number)
    .filter((generation) => Number.isInteger(generation) && generation > 0);
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    if (errorCode(error) === "ENOENT" || errorCode(error) === "ENOTDIR") return [];
    throw error;
  }
}

function sameInode(file: string, inode: number): boolean {
  return inodeOf(file) === inode;
}

function inodeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).ino;
  } catch {
    return undefined;
  }
}

function mtimeOf(file: string): number | undefined {
  try {
    return fs.lstatSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Removes file only while it is still our socket (never a name someone else linked since). */
function unlinkIfSame(file: string, inode: number) {
  if (sameInode(file, inode)) fs.rmSync(file, { force: true });
}

/**
 * The address to bind or connect to for a socket file: its absolute path, or, when that is
 * longer than a Unix socket address may be, its path from the working directory.
 */
function socketAddress(file: string): string {
  if (Buffer.byteLength(file) <= maxSocketAddress) return file;
  const relative = path.relative(process.cwd(), file);
  if (Buffer.byteLength(relative) <= maxSocketAddress) return relative;
  throw new Error(
    `The data folder's path is too long for its lock (a Unix socket address has at most ${maxSocketAddress} bytes): ${path.dirname(path.dirname(file))}. Use a shorter DATA_DIR.`,
  );
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
