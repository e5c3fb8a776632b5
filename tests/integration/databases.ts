// Real databases for the integration tests: the embedded PGlite in a temporary folder, and a
// fresh database on the PostgreSQL at 127.0.0.1:5432 (skipped when it is not running, unless
// REQUIRE_POSTGRES=1, as in CI, where its absence fails the run).
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type AppDatabase, type Database, openDatabase, rowsOf } from "../../app/platform/database.server";
import { counterStoreFor } from "../../app/platform/rate-limit.server";
import { postgresQuery, postgresServerUrl, postgresUrlOf } from "../support/processes";
import { copyPgliteTemplate, postgresTemplateDatabase } from "./template-copies";
import { databasePrefix } from "./template-databases";

export type EngineName = Database["engine"];

export { postgresServerUrl };

const postgresRequired = process.env.REQUIRE_POSTGRES === "1";
const postgresHost = (() => {
  const url = new URL(postgresServerUrl);
  return `${url.hostname}:${url.port || 5432}`;
})();

const postgresProblem = await probePostgres();
if (postgresProblem && !postgresRequired) {
  console.warn(`PostgreSQL at ${postgresHost} is not reachable: PostgreSQL tests skipped (${postgresProblem})`);
}

async function probePostgres(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Declares the suite once per engine: "title [pglite]" and "title [postgres]".
 * An unreachable PostgreSQL skips its half, or fails it when REQUIRE_POSTGRES=1.
 */
export function describeEachEngine(
  title: string,
  suite: (engine: EngineName) => void,
  engines: readonly EngineName[] = ["pglite", "postgres"],
): void {
  for (const engine of engines) {
    const name = `${title} [${engine}]`;
    if (engine === "postgres" && postgresProblem) {
      if (postgresRequired) {
        describe(name, () => {
          it("needs the PostgreSQL server (REQUIRE_POSTGRES=1)", () => {
            throw new Error(`PostgreSQL at ${postgresHost} is not reachable: ${postgresProblem}`);
          });
        });
      } else {
        describe.skip(name, () => suite(engine));
      }
      continue;
    }
    describe(name, () => suite(engine));
  }
}

/** A fresh, migrated database of one engine, with what a test needs to reach it again. */
export interface TestDatabase {
  engine: EngineName;
  database: Database;
  /** DATA_DIR: holds the PGlite files (pglite/), uploads and the lock. */
  dataDir: string;
  /** Set for PostgreSQL: DATABASE_URL of this test's own database. */
  databaseUrl?: string;
  /** Empties every table (ids start at 1 again). */
  truncate(): Promise<void>;
  /** Closes the database and removes it (the temporary folder, or the PostgreSQL database). */
  destroy(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server, and how to drop it again: empty, or with `migrated`
 * a copy of the run's migrated template (tests/integration/template-databases.ts).
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${databasePrefix}${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? postgresTemplateDatabase() : "";
  await postgresQuery(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  return {
    url: postgresUrlOf(name),
    drop: async () => {
      await postgresQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

const testTimeouts = { connectMs: 30_000, queryMs: 60_000 };

export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `institute-it-${engine}-`));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const created = await createPostgresDatabase({ migrated: true });
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    await copyPgliteTemplate(dataDir);
  }
  let database: Database;
  try {
    // The site's 5 s query timeout guards a live site; a test waits longer on a busy machine.
    database = await openDatabase({ dataDir, databaseUrl, purpose: "test", timeouts: testTimeouts });
  } catch (error) {
    await dropDatabase();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    engine,
    database,
    dataDir,
    databaseUrl,
    truncate: () => truncateAll(database),
    async destroy() {
      await database.close();
      await dropDatabase();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One database for a whole describe block (opening PGlite costs seconds), emptied
 * by the tests that need it empty. Read .current inside tests and hooks.
 */
export function useTestDatabase(engine: EngineName): { readonly current: TestDatabase } {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await current?.destroy();
  });
  return {
    get current() {
      if (!current) throw new Error("The test database is not open yet: use it inside a test or hook.");
      return current;
    },
  };
}

/**
 * Empties every table of the schema (ids start at 1 again) and the rate-limit counters, which
 * the embedded database keeps in memory; the migrations' own table is elsewhere.
 */
export async function truncateAll(database: Database): Promise<void> {
  await counterStoreFor(database).clearAll();
  const result = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => `"${row.tablename}"`);
  if (tables.length === 0) return;
  if (await emptiedByDeleting(database, tables)) return;
  // Truncating is not bound by the site's statement timeout, which guards the site's queries.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql.raw(`truncate table ${tables.join(", ")} restart identity cascade`));
  });
}

/**
 * TRUNCATE gives every table and index new files: on PostgreSQL a tenth of a second on a quiet
 * server, seconds on a busy one (past the site's statement timeout); on PGlite some 150 ms of the
 * test process's CPU each time (its files are written through Node), against 25-40 ms for
 * deleting the few rows a test leaves (measured 2026-12-07). The rows are deleted instead, in one
 * transaction with triggers and foreign-key checks set aside (the derived tables are emptied
 * too), and every sequence starts again: the same empty database.
 * Setting triggers aside needs a superuser; without one (false) the caller truncates.
 */
async function emptiedByDeleting(database: Database, tables: string[]): Promise<boolean> {
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) await tx.execute(sql.raw(`delete from ${table}`));
      const sequences = await tx.execute(sql`
        select format('%I.%I', n.nspname, c.relname) as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public'`);
      for (const { name } of (sequences as unknown as { rows: { name: string }[] }).rows) {
        await tx.execute(sql.raw(`alter sequence ${name} restart`));
      }
    });
    return true;
  } catch (error) {
    const failure = error as { code?: string; cause?: { code?: string } };
    if ((failure.cause?.code ?? failure.code) === "42501") return false;
    throw error;
  }
}

/**
 * The rows of the students and their facts that `work` read by scanning the tables whole, run in
 * one transaction on one connection. A connection's counts not yet reported to the statistics
 * show in pg_stat_xact_user_tables too, so what `work` read is a difference.
 */
export async function studentRowsReadWhole(
  database: Database,
  work: (executor: AppDatabase) => Promise<void>,
): Promise<{ students: number; studentFacts: number }> {
  return database.db.transaction(async (tx) => {
    const counts = async () => {
      const [row] = rowsOf<{ students: number; facts: number }>(
        await tx.execute(sql`select
          coalesce(sum(seq_tup_read) filter (where relname = 'students'), 0)::int as students,
          coalesce(sum(seq_tup_read) filter (where relname = 'student_facts'), 0)::int as facts
          from pg_stat_xact_user_tables`),
      );
      return { students: row?.students ?? 0, studentFacts: row?.facts ?? 0 };
    };
    const before = await counts();
    await work(tx);
    const after = await counts();
    return { students: after.students - before.students, studentFacts: after.studentFacts - before.studentFacts };
  });
}
