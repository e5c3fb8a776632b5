// PostgreSQL for the benchmark: whether the server is reachable, and a throw-away database per
// use (named after TEST_DATABASE_PREFIX, dropped at the end).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { atCleanUp } from "./processes.ts";

export const postgresServer = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Why PostgreSQL cannot be used, or undefined when it can. */
export async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: postgresServer, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServer, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database, named TEST_DATABASE_PREFIX (which keeps a run's databases apart from
 * another's on a shared server), then `label`, then random: its URL, and how to drop it again.
 */
export async function createPostgresDatabase(label = "bench"): Promise<{ url: string; drop(): Promise<void> }> {
  const prefix = process.env.TEST_DATABASE_PREFIX ?? "";
  const name = `${/^[a-z0-9_]{1,40}$/i.test(prefix) ? prefix : ""}${label}_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A new empty database, dropped at the end of the run; answers its URL. */
export async function postgresDatabase(): Promise<string> {
  const { url, drop } = await createPostgresDatabase();
  atCleanUp(drop);
  return url;
}
