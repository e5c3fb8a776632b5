import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ClientConfig } from "pg";
import * as schema from "../../db/schema";
import { type LockPurpose, lockDataDir } from "./data-dir-lock.server";

export { DataDirLockedError, type LockPurpose } from "./data-dir-lock.server";

export type AppSchema = typeof schema;

/** The Drizzle database the repositories take: the same type for PGlite and PostgreSQL. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, AppSchema>;

/**
 * Whether a failed statement broke a unique constraint (SQLSTATE 23505), on either engine: the
 * code sits on the error or on one of its causes (Drizzle wraps the driver's error).
 */
export function isUniqueViolation(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; cause && depth < 5; depth++) {
    if ((cause as { code?: unknown }).code === "23505") return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The rows of a raw `db.execute(sql...)`: node-postgres and PGlite both answer with `{ rows }`,
 * which Drizzle types apart for the two drivers.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

export interface Database {
  db: AppDatabase;
  engine: "pglite" | "postgres";
  /** Ends connections (PostgreSQL) or closes the files and releases the data-directory lock (PGlite). */
  close(): Promise<void>;
  /** True when a trivial query answers (health checks). */
  ping(): Promise<boolean>;
}

export interface OpenDatabaseOptions {
  /** DATA_DIR: the embedded database lives in <dataDir>/pglite. */
  dataDir: string;
  /** DATABASE_URL: use this PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  /** Folder of the drizzle-kit migrations; default db/migrations under the working directory. */
  migrationsFolder?: string;
  /** Who holds the data-directory lock, shown to anyone refused by it. Default "server". */
  purpose?: LockPurpose;
  /** PostgreSQL only: how long to wait for a connection and for a query's answer. */
  timeouts?: PostgresTimeouts;
  /**
   * The embedded database only: called once if its thread stops on its own (a fault in it),
   * after which every query fails. The server's process ends then, so its supervisor starts it
   * again (decision 033).
   */
  onLost?: (error: Error) => void;
}

/**
 * How long the site waits for PostgreSQL before it gives up and answers with its
 * "not sent" page. Without limits, a server that stopped answering (or a connection
 * that died half-open) would hold a request and a pool connection forever.
 */
export interface PostgresTimeouts {
  /** For a new connection, and for a free one when all are busy. */
  connectMs: number;
  /** For a statement's answer (0: no limit). The server cancels it too, at the same limit. */
  queryMs: number;
}

export const defaultPostgresTimeouts: PostgresTimeouts = { connectMs: 5_000, queryMs: 5_000 };

/** DATABASE_CONNECT_TIMEOUT and DATABASE_QUERY_TIMEOUT, in seconds (0 for the query: no limit). */
export function postgresTimeoutsFromEnv(env: NodeJS.ProcessEnv = process.env): PostgresTimeouts {
  return {
    connectMs: secondsSetting(env, "DATABASE_CONNECT_TIMEOUT", defaultPostgresTimeouts.connectMs, false),
    queryMs: secondsSetting(env, "DATABASE_QUERY_TIMEOUT", defaultPostgresTimeouts.queryMs, true),
  };
}

function secondsSetting(env: NodeJS.ProcessEnv, name: string, fallbackMs: number, zeroAllowed: boolean): number {
  const text = env[name]?.trim();
  if (!text) return fallbackMs;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < 0 || (seconds === 0 && !zeroAllowed) || seconds > 3_600) {
    throw new Error(
      `${name} must be a number of seconds${zeroAllowed ? " (0 for no limit)" : ""} up to 3600, not "${text}".`,
    );
  }
  return Math.round(seconds * 1000);
}

/** Any fixed number: it names the advisory lock that serialises migrations across processes. */
const migrationLockKey = 7_311_042;

/**
 * Opens the embedded PGlite database in <dataDir>/pglite (taking the data-directory
 * lock first), or PostgreSQL when databaseUrl is set, and applies pending migrations.
 * Throws DataDirLockedError when another process has the embedded database open.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = path.resolve(options.migrationsFolder ?? "db/migrations");
  if (!fs.existsSync(path.join(migrationsFolder, "meta", "_journal.json"))) {
    throw new Error(`Database migrations were not found in ${migrationsFolder}.`);
  }
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder, options.timeouts ?? defaultPostgresTimeouts)
    : openPglite(options.dataDir, migrationsFolder, options.purpose ?? "server", options.onLost);
}

/**
 * PGlite's buffer cache. PostgreSQL's default (128 MB) lives inside PGlite's WebAssembly memory,
 * which never shrinks, so on a small server it becomes resident memory for good; the data files
 * stay in the operating system's cache anyway. 16 MB keeps the analytics page as fast as 128 MB
 * on a year of page views (decision 016). PGLITE_SHARED_BUFFERS sets another size.
 */
export const defaultPgliteSharedBuffers = "16MB";

/** The memory an index build or VACUUM may use inside PGlite (PostgreSQL's default is 64 MB). */
export const pgliteMaintenanceWorkMem = "16MB";

export function pgliteSharedBuffersFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const text = env.PGLITE_SHARED_BUFFERS?.trim();
  if (!text) return defaultPgliteSharedBuffers;
  if (!/^[1-9][0-9]*(kB|MB|GB)$/.test(text)) {
    throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB or 64MB, not "${text}".`);
  }
  return text;
}

/**
 * Creates a new embedded database in a short-lived child process. A database's first
 * initialisation (initdb, run inside PGlite) grows the WebAssembly memory of the process that
 * runs it by some 200 MB, which it never gives back; the site then only reopens the files
 * (decision 016). The caller holds the data-directory lock.
 */
async function initialisePgliteInChild(pgdata: string): Promise<void> {
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = [
    "const [entry, pgdata] = process.argv.slice(1);",
    "require(entry).PGlite.create(pgdata).then((db) => db.close()).then(",
    "  () => process.exit(0),",
    "  (error) => { console.error(error instanceof Error ? error.message : error); process.exit(1); },",
    ");",
  ].join("\n");
  // WebAssembly compiled by the baseline compiler only: the optimising one would compile both of
  // PGlite's modules again in the background for a run that lasts seconds, which doubles the
  // child's peak (1.1 GB against 630 MB measured) and takes no less time.
  const flags = ["--liftoff-only", "--max-semi-space-size=8"];
  const child = spawn(process.execPath, [...flags, "-e", script, pgliteEntry, pgdata], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Creating the embedded database in ${pgdata} failed: ${stderr.trim()}`);
}

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  purpose: LockPurpose,
  onLost: ((error: Error) => void) | undefined,
): Promise<Database> {
  const sharedBuffers = pgliteSharedBuffersFromEnv();
  const lock = await lockDataDir(dataDir, purpose);
  let client: PGlite | undefined;
  try {
    const pgdata = path.join(path.resolve(dataDir), "pglite");
    if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) await initialisePgliteInChild(pgdata);
    // Loaded only for the embedded database: a site on PostgreSQL never needs them.
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }, { openPgliteThread }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
      import("./pglite-thread.server"),
    ]);
    // Durability: with relaxedDurability off (pglite-thread.server.ts), a query answers only once
    // its writes reached the files, and PGlite writes each commit's WAL to them through Node's fs
    // (no write cache of its own). So a stored submission survives the process being killed; it is
    // then in the operating system's cache, and a power cut can still take the last ones (PGlite
    // on Node cannot fsync). tests/integration/crash.test.ts kills the server mid-stream to check it.
    // Trigram indexes make a search by a fragment of a name fast (migration 0017). The database
    // runs on a thread of its own (decision 033).
    const startParams = [
      // An index build or the nightly VACUUM may use up to maintenance_work_mem, and what it
      // touches of the WebAssembly memory stays resident for good: PostgreSQL's 64 MB default
      // left 12 MB more after indexing 400,000 rows than 16 MB does (decision 016).
      "-c",
      `shared_buffers=${sharedBuffers}`,
      "-c",
      `maintenance_work_mem=${pgliteMaintenanceWorkMem}`,
      // A new WAL file (16 MB) is not written out with zeros first: under a load of forms on a new
      // site one was, every second or so, and the filing that met it took ten times as long.
      // PGlite cannot fsync on Node (its -F), so the zeros guarded no allocation (decision 033).
      "-c",
      "wal_init_zero=off",
    ];
    client = await openPgliteThread(pgdata, startParams, { onLost });
    const db = drizzlePglite({ client, schema });
    if (await migrationsPending(db, migrationsFolder)) await migratePglite(db, { migrationsFolder });
    const open = client;
    return {
      db,
      engine: "pglite",
      close: once(async () => {
        try {
          await open.close();
        } finally {
          lock.release();
        }
      }),
      ping: () => ping(db),
    };
  } catch (error) {
    await client?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

/**
 * node-postgres with Drizzle's driver and migrator for it, loaded once a site opens PostgreSQL (as
 * PGlite's modules are loaded only for the embedded database).
 */
async function loadPostgres() {
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  return { pg, drizzlePostgres, migratePostgres };
}

type PostgresModules = Awaited<ReturnType<typeof loadPostgres>>;

async function openPostgres(
  databaseUrl: string,
  migrationsFolder: string,
  timeouts: PostgresTimeouts,
): Promise<Database> {
  // Keep-alive probes find a connection whose peer vanished (a dead machine, a dropped NAT
  // entry) even while it waits for nothing.
  const connection = { connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 10_000 };
  const modules = await loadPostgres();
  await migrateWithLock(modules, connection, timeouts, migrationsFolder);
  const { pg, drizzlePostgres } = modules;

  const pool = new pg.Pool({
    ...connection,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: 30_000,
    ...(timeouts.queryMs > 0 && {
      // The server cancels a statement that runs too long; the client gives up on one whose
      // answer does not come (a hung server, a half-open connection), a moment later.
      statement_timeout: timeouts.queryMs,
      query_timeout: timeouts.queryMs + 500,
      // A transaction left open by a client that went away holds its row locks no longer.
      idle_in_transaction_session_timeout: Math.max(timeouts.queryMs * 6, 30_000),
    }),
  });
  let closing = false;
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on("error", (error) => {
    if (!closing) console.error("PostgreSQL connection lost:", error.message);
  });
  pool.on("connect", (client) => {
    // A connection that dies while lent out fails its queries; the event itself is not a crash.
    client.on("error", () => {});
    // A connection whose query got no answer is out of step with the server for good: close it,
    // so the pool opens a fresh one instead of lending it to the next request.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === "Query read timeout") client.end().catch(() => {});
        });
      }
      return result;
    }) as typeof client.query;
  });
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    engine: "postgres",
    close: once(() => {
      closing = true;
      return pool.end();
    }),
    ping: () => ping(db),
  };
}

/**
 * Applies pending migrations on a connection of its own, without a query time limit (a
 * migration may rewrite a large table). Several app processes may start together: one
 * migrates while the others wait for the advisory lock.
 */
async function migrateWithLock(
  { pg, drizzlePostgres, migratePostgres }: PostgresModules,
  connection: ClientConfig,
  timeouts: PostgresTimeouts,
  migrationsFolder: string,
): Promise<void> {
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: timeouts.connectMs });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw plainConnectionError(error, connection.connectionString ?? "");
  }
  try {
    const db = drizzlePostgres({ client, schema });
    if (!(await migrationsPending(db, migrationsFolder))) return;
    await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migratePostgres(db, { migrationsFolder });
    await client.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether the database lacks a migration of the folder. Drizzle's migrator, even with nothing to
 * do, reads and hashes every migration file and runs two statements that create its schema and
 * table if missing, in a transaction of its own: some 0.2 s of every start and every command on
 * the embedded database. Drizzle applies each migration newer than the last one recorded, so
 * when the last recorded is the folder's newest there is nothing to apply.
 */
async function migrationsPending(db: AppDatabase, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    const last = rowsOf<{ last: string | number | null }>(result)[0]?.last;
    return last === null || last === undefined || Number(last) < newest;
  } catch {
    // No migrations table yet: a new database.
    return true;
  }
}

/** Says which server could not be reached (never its password). */
function plainConnectionError(error: unknown, databaseUrl: string): Error {
  const reason = error instanceof Error ? error.message : String(error);
  let where = "the PostgreSQL server in DATABASE_URL";
  try {
    const url = new URL(databaseUrl);
    where = `the PostgreSQL database ${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL)`;
  } catch {
    // Not a URL (e.g. a key=value string): keep the generic words.
  }
  return new Error(`Could not connect to ${where}: ${reason}`, { cause: error });
}

/** A health check must answer quickly even when the database hangs. */
const pingTimeoutMs = 3_000;

async function ping(db: AppDatabase): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), pingTimeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= action();
    return done;
  };
}
