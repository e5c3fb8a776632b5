// The real site (`http/index.ts`, the production build) in its own process, for tests of
// what an operator sees: restarts, signals, a database that goes away, several processes.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { addStaffAccount, type CliRun, runCli as runCliProcess } from "../support/processes";
import { createPostgresDatabase } from "./databases";
import { studentFormFields } from "./fixtures";

export const staffPassword = "correct horse battery staple kolam";

export interface SiteProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, and wait for the end (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SiteOptions {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}

/**
 * The ports these tests may use: 3700-3999, or TEST_PORTS ("4200-4299") on a shared machine.
 * Test files run side by side in Vitest's workers (VITEST_POOL_ID 1, 2, ...): each worker takes
 * its own quarter of the range, so a port one file frees for a moment (a proxy cut and restored)
 * is never picked by another file.
 */
const portRange = (() => {
  const match = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS?.trim() ?? "");
  const range = match ? { first: Number(match[1]), last: Number(match[2]) } : { first: 3700, last: 3999 };
  const slices = 4;
  const size = Math.floor((range.last - range.first + 1) / slices);
  const worker = Number(process.env.VITEST_POOL_ID);
  if (!Number.isInteger(worker) || worker < 1 || size < 4) return range;
  const first = range.first + ((worker - 1) % slices) * size;
  return { first, last: first + size - 1 };
})();

/** A free port in the tests' range. */
export async function freePort(): Promise<number> {
  const { first, last } = portRange;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${first}-${last}`);
}

export function siteEnv(options: SiteOptions, port?: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: options.dataDir,
    HOST: "127.0.0.1",
    BETTER_AUTH_SECRET: "integration-tests-secret-0123456789abcdef",
    ...options.env,
  };
  if (port !== undefined) env.PORT = String(port);
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // The site's 5 s query limit is for a live site; a test's site waits longer on a busy server,
  // unless the test is about the limit itself (it passes DATABASE_QUERY_TIMEOUT, "" for the default).
  if (options.databaseUrl && !(options.env && "DATABASE_QUERY_TIMEOUT" in options.env))
    env.DATABASE_QUERY_TIMEOUT = "30";
  return env;
}

/** Starts the site and waits for its health check (status 200). */
export async function startSite(options: SiteOptions): Promise<SiteProcess> {
  // Another test file may take the same free port at the same moment: then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOnce(options, await freePort());
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startSiteOnce(options: SiteOptions, port: number): Promise<SiteProcess> {
  const child = spawn(process.execPath, ["http/index.ts"], {
    env: siteEnv(options, port),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${port}`;
  const site: SiteProcess = {
    origin,
    port,
    child,
    output: () => log,
    exited,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (log.includes("EADDRINUSE")) throw new PortTakenError(`Port ${port} was taken`);
      throw new Error(`The site stopped at start:\n${log}`);
    }
    // Its own line first: a health check alone could be answered by another process on the port.
    const up =
      log.includes("Site running at") &&
      (await fetch(`${origin}/healthz`).then(
        (response) => response.status === 200,
        () => false,
      ));
    if (up) return site;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await site.stop();
  throw new Error(`The site did not start within 90 s:\n${log}`);
}

/** Runs the command-line tool (`npm run cli -- ...`) against a data directory or database. */
export function runCli(args: string[], options: SiteOptions & { input?: string }): Promise<CliRun> {
  return runCliProcess(args, siteEnv(options), options.input);
}

/** Creates a staff account with the command-line tool, the way an operator does. */
export async function addStaff(options: SiteOptions, email: string, role: string, courses?: string): Promise<void> {
  await addStaffAccount(siteEnv(options), email, role, staffPassword, courses);
}

/** Signs in through the login form and answers with the session cookie. */
export async function signIn(origin: string, email: string, password = staffPassword): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  const session = cookies.find((cookie) => cookie?.includes("session_token"));
  if (response.status !== 302 || !session) {
    throw new Error(`Signing in as ${email} failed: ${response.status} ${await response.text()}`);
  }
  return cookies.join("; ");
}

/** A valid enquiry or registration (add `course`), with a fresh form token. */
export function studentForm(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...studentFormFields, token: crypto.randomUUID(), ...overrides };
}

/** Posts a form the way the browser does (URL-encoded), not following the redirect. */
export function postForm(
  origin: string,
  pathname: string,
  fields: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, ...headers },
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
  });
}

/** Opens a staff live stream (Server-Sent Events) and collects what it says. */
export async function openStaffStream(origin: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/staff/events`, {
    headers: { Cookie: cookie, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`The live stream answered ${response.status}`);
  let text = "";
  let ended = false;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by the test, or the connection was cut.
    }
    ended = true;
  })();
  return {
    text: () => text,
    /** True once the server ended the stream. */
    ended: () => ended,
    done,
    close: () => controller.abort(),
  };
}

/** Polls `check` until it holds (or fails with `what` after `timeoutMs`). */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Runs `task` over `items` with at most `parallel` at a time. */
export async function inParallel<T, R>(items: readonly T[], parallel: number, task: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      for (;;) {
        const index = next++;
        if (index >= items.length) return;
        results[index] = await task(items[index] as T);
      }
    }),
  );
  return results;
}

/** Two site processes sharing one PostgreSQL database, and the data folder (uploads) two processes on one machine share. */
export interface TwoSites {
  sites: [SiteProcess, SiteProcess];
  dataDir: string;
  databaseUrl: string;
  /** Stops both, drops the database and removes the folder. */
  stop(): Promise<void>;
}

/**
 * Starts two processes of the site on a new PostgreSQL database (migrated from the template when
 * `migrated`, else by the first start), with these staff accounts added first.
 */
export async function startTwoSites(options: {
  label: string;
  migrated?: boolean;
  env?: Record<string, string>;
  staff: [email: string, role: string, courses?: string][];
}): Promise<TwoSites> {
  const created = await createPostgresDatabase({ migrated: options.migrated ?? false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `institute-it-${options.label}-`));
  const siteOptions = { dataDir, databaseUrl: created.url, env: options.env };
  const started: SiteProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((site) => site.stop()));
    await created.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [email, role, courses] of options.staff) await addStaff(siteOptions, email, role, courses);
    await Promise.all([0, 1].map(async () => started.push(await startSite(siteOptions))));
  } catch (error) {
    await stop();
    throw error;
  }
  return { sites: started as [SiteProcess, SiteProcess], dataDir, databaseUrl: created.url, stop };
}
