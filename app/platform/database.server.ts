import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { type LockPurpose, lockDataDir } from "./data-dir-lock.server";

export { DataDirLockedError, type LockPurpose } from "./data-dir-lock.server";

export type AppSchema = typeof schema;

/** The Drizzle database the repositories take: the same type for PGlite and PostgreSQL. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, AppSchema>;

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
    ? openPostgres(options.databaseUrl, migrationsFolder)
    : openPglite(options.dataDir, migrationsFolder, options.purpose ?? "server");
}

async function openPglite(dataDir: string, migrationsFolder: string, purpose: LockPurpose): Promise<Database> {
  const lock = lockDataDir(dataDir, purpose);
  let client: PGlite | undefined;
  try {
    // Durability: with relaxedDurability off, a query answers only once its writes reached the
    // files, and PGlite writes each commit's WAL to them through Node's fs (no write cache of its
    // own). So a stored submission survives the process being killed; it is then in the
    // operating system's cache, and a power cut can still take the last ones (PGlite on Node
    // cannot fsync). tests/integration/crash.test.ts kills the server mid-stream to check it.
    client = await PGlite.create(path.join(path.resolve(dataDir), "pglite"), { relaxedDurability: false });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
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

async function openPostgres(databaseUrl: string, migrationsFolder: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  let closing = false;
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on("error", (error) => {
    if (!closing) console.error("PostgreSQL connection lost:", error.message);
  });
  const db = drizzlePostgres({ client: pool, schema });
  let locker: pg.PoolClient;
  try {
    locker = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw plainConnectionError(error, databaseUrl);
  }
  try {
    // Several app processes may start together: one migrates, the others wait for it.
    await locker.query("select pg_advisory_lock($1)", [migrationLockKey]);
    await migratePostgres(db, { migrationsFolder });
  } catch (error) {
    locker.release();
    await pool.end().catch(() => {});
    throw error;
  }
  await locker.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
  locker.release();
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
