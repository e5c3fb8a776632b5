// The site as the benchmark starts it: the production server (`node http/index.ts`) as a child
// process on 127.0.0.1:BENCH_PORT, on a data directory of its own and, for PostgreSQL, a database
// of its own; its admin account made with the command-line tool; SQL run on its database while
// the site is stopped; an admin signed in.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { sleep } from "./figures.ts";
import { request } from "./http.ts";
import { track } from "./processes.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const resultsFile = path.join(root, "bench", "results.md");
export const host = "127.0.0.1";
export const appPort = Number(process.env.BENCH_PORT ?? 3640);
export const origin = `http://${host}:${appPort}`;
const adminEmail = "bench.admin@example.org";
const adminPassword = `bench-${randomBytes(12).toString("hex")}`;

export interface Engine {
  name: "pglite" | "postgres";
  dataDir: string;
  databaseUrl?: string;
}

export function serverEnv(engine: Engine): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    // Pages weighed with placed students and their photos, as a trial install shows them.
    DEMO_CONTENT: "on",
    HOST: host,
    PORT: String(appPort),
    DATA_DIR: engine.dataDir,
    FORM_RATE_LIMIT: "1000000/1m",
    PUBLIC_URL: "",
    SMTP_URL: "",
  };
  if (engine.databaseUrl) env.DATABASE_URL = engine.databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * Starts the site of the tree at `siteRoot` (this one by default, or the kept baseline's) on
 * `port` (BENCH_PORT by default) and waits for its health check.
 */
export async function startSite(engine: Engine, settings: NodeJS.ProcessEnv = {}, siteRoot = root, port = appPort) {
  const child = track(
    spawn(process.execPath, ["http/index.ts"], {
      cwd: siteRoot,
      env: { ...serverEnv(engine), PORT: String(port), ...settings },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  // A first start on a new data directory creates the embedded database: minutes on a busy machine.
  for (let i = 0; i < 1_200; i++) {
    if (child.exitCode !== null) throw new Error(`The site stopped at start (is port ${port} in use?)`);
    const up = await request(`http://${host}:${port}/healthz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) return child;
    await sleep(250);
  }
  throw new Error("The site did not start within five minutes.");
}

export function addAdmin(engine: Engine): void {
  const made = spawnSync(process.execPath, ["cli/main.ts", "user", "add", "--email", adminEmail, "--role", "admin"], {
    cwd: root,
    env: serverEnv(engine),
    input: `${adminPassword}\n`,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`Creating the admin account failed: ${made.stderr || made.stdout}`);
}

export type Query = (sql: string) => Promise<unknown[]>;

/**
 * Runs SQL on the engine's database while no site process has it open. An embedded database is
 * opened with the PGlite of the tree at `siteRoot` (the kept baseline's for its own databases).
 */
export async function withDatabase<T>(engine: Engine, work: (query: Query) => Promise<T>, siteRoot = root) {
  if (engine.databaseUrl) {
    const client = new pg.Client({ connectionString: engine.databaseUrl });
    await client.connect();
    try {
      return await work(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await importFromTree<typeof import("@electric-sql/pglite")>(siteRoot, "@electric-sql/pglite");
  const { pg_trgm } = await importFromTree<typeof import("@electric-sql/pglite/contrib/pg_trgm")>(
    siteRoot,
    "@electric-sql/pglite/contrib/pg_trgm",
  );
  const client = await PGlite.create(path.join(engine.dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await work(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.close();
  }
}

/** A module of a tree's own dependencies: this tree's as usual, another's from its node_modules. */
async function importFromTree<T>(siteRoot: string, specifier: string): Promise<T> {
  if (siteRoot === root) return (await import(specifier)) as T;
  const resolved = createRequire(path.join(siteRoot, "package.json")).resolve(specifier);
  return (await import(pathToFileURL(resolved).href)) as T;
}

export async function signIn(origin: string): Promise<string> {
  const answer = await request(`${origin}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email: adminEmail, password: adminPassword }).toString(),
  });
  const cookies = (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]);
  if (answer.status !== 302 || cookies.length === 0) throw new Error(`Signing in answered ${answer.status}`);
  return cookies.join("; ");
}
