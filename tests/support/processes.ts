// The site and its command-line tool as separate processes, the way an operator runs them:
// shared by the integration and browser suites, so each test starts them the same way.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { pgliteCompilerFlags } from "../../http/pglite-compiler.ts";

const cliEntry = path.resolve("cli/main.ts");

/** The local PostgreSQL the suites use (trust auth); TEST_POSTGRES_URL, when set, overrides it. */
export const postgresServerUrl = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run cli -- <args>` with this environment, the input on standard input. The compiler
 * flag its PGLITE_WASM_COMPILER asks for is given to Node at once: the tool would otherwise start
 * Node again with it (cli/main.ts), some 0.2 s of a processor a run, and the suites run it some
 * 140 times (that restart is tested in tests/integration/heap-settings.test.ts).
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv, input = "", timeoutMs = 120_000): Promise<CliRun> {
  const compiler = pgliteCompilerFlags(env, []);
  const nodeFlags = "flags" in compiler ? compiler.flags : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, cliEntry, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

/**
 * Runs `work` with this file-creation mask, which the processes it starts inherit (000: an
 * operator's shell that gives new files to everyone). The test's own mask is put back after.
 */
export async function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
  const previous = process.umask(mask);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

/** Creates a staff account with the command-line tool, as an operator does. */
export async function addStaffAccount(
  env: NodeJS.ProcessEnv,
  email: string,
  role: string,
  password: string,
  /** A counsellor's courses, as the command line takes them: "iot" or "embedded,iot". */
  courses?: string,
): Promise<void> {
  const args = ["user", "add", "--email", email, "--role", role, ...(courses ? ["--courses", courses] : [])];
  const made = await runCli(args, env, `${password}\n`);
  if (made.code !== 0) throw new Error(`Creating ${email} failed: ${made.stdout}${made.stderr}`);
}

/** Starts the production site (`http/index.ts`) with this environment. */
export function spawnSite(env: NodeJS.ProcessEnv, stdio: "ignore" | "pipe" | "inherit" = "ignore"): ChildProcess {
  return spawn(process.execPath, ["http/index.ts"], {
    env,
    stdio: ["ignore", stdio, stdio === "ignore" ? "inherit" : stdio],
  });
}

/**
 * Waits until the site answers its health check; fails at once if the process ends first. A
 * failure says what the last check met (no listener yet, an answer other than 200, or no
 * answer within 5 s), so a site that listens but hangs is told from one still starting.
 */
export async function waitForSite(origin: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastSeen = "not checked yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The site for ${origin} stopped at start (exit ${child.exitCode ?? child.signalCode}; its health check last: ${lastSeen})`,
      );
    }
    const up = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        lastSeen = `${response.status} ${await response.text()}`;
        return response.ok;
      },
      (error: Error) => {
        lastSeen = error.name === "TimeoutError" ? "no answer within 5 s" : "not listening";
        return false;
      },
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The site for ${origin} did not start within ${timeoutMs / 1000} s (its health check last: ${lastSeen})`,
  );
}

/** SIGTERM, then waits for the process to end (SIGKILL after `graceMs`). */
export async function stopChild(child: ChildProcess | undefined, graceMs = 20_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** One statement on the local PostgreSQL (on `database`, or the server's default one). */
export async function postgresQuery(statement: string, database?: string): Promise<pg.QueryResult> {
  const url = new URL(postgresServerUrl);
  if (database) url.pathname = `/${database}`;
  // Five seconds: a busy machine (a suite's parallel workers) can be slow to accept a connection.
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of a database on the local PostgreSQL server. */
export function postgresUrlOf(database: string): string {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
