// The embedded database's upkeep (decision 026). A PostgreSQL server's autovacuum keeps every
// table's statistics current and reclaims the rows that updates and deletes leave dead. PGlite
// runs PostgreSQL inside the site's process without its background workers, so neither happens
// unless the site asks: without statistics the planner guesses how many rows a range holds (a
// year of the owner's report, a desk list) and picks plans several times slower, and tables and
// indexes only grow. So on the embedded database the site runs VACUUM (ANALYZE) every night at
// 03:30 India time, when nobody uses the desk (the database answers nothing else meanwhile: a
// few seconds on a desk of 200,000 records), and ANALYZE shortly after it starts when a table
// of some size has never been analysed (a database upgraded, restored or copied). A server on
// PostgreSQL leaves all of this to autovacuum.
import { sql } from "drizzle-orm";
import { type AppDatabase, rowsOf } from "./database.server";
import { dailyWindow, type Job } from "./scheduler.server";

/** The nightly upkeep's time, India time. */
export const upkeepTime = "03:30";

/** A table at least this large whose rows were never counted is analysed after a start. */
const unanalysedBytes = 1024 * 1024;

/** Tables of some size the planner has no statistics for (never analysed nor vacuumed). */
export async function unanalysedTables(db: AppDatabase): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0
      and pg_relation_size(c.oid) >= ${unanalysedBytes}
    order by 1
  `);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Reclaims dead rows and counts every table's rows afresh; answers the milliseconds it took. */
export async function vacuumAndAnalyse(db: AppDatabase): Promise<number> {
  const started = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  return performance.now() - started;
}

/** The nightly run: every table vacuumed and analysed. */
const nightly = {
  name: "database upkeep",
  every: "day",
  at: upkeepTime,
  // A server that was down at 03:30 but is up again by 04:30 still runs it that night.
  until: "04:30",
} as const;

/** The next nightly run after `now`: the next 03:30 in India. */
export function nextUpkeep(now: Date): Date {
  return dailyWindow(nightly, now).next;
}

/**
 * The embedded database's upkeep, as jobs for the site's scheduler (which runs them in turn,
 * one after the other): the nightly run, and the check a minute (`firstCheckMs`) after a start.
 */
export function databaseUpkeepJobs(db: AppDatabase, { firstCheckMs }: { firstCheckMs?: number } = {}): Job[] {
  return [
    {
      ...nightly,
      async run() {
        try {
          const ms = await vacuumAndAnalyse(db);
          console.log(`Database upkeep: vacuumed and analysed in ${(ms / 1000).toFixed(1)} s.`);
        } catch (error) {
          console.error("Database upkeep failed (tried again tomorrow night):", error);
        }
      },
    },
    {
      name: "database analysis after a start",
      every: "start",
      afterMs: firstCheckMs,
      async run() {
        try {
          const tables = await unanalysedTables(db);
          if (tables.length === 0) return;
          await db.execute(sql`analyze`);
          console.log(`Database upkeep: analysed the tables after a start (never analysed: ${tables.join(", ")}).`);
        } catch (error) {
          console.error("Database upkeep: analysing the tables after a start failed:", error);
        }
      },
    },
  ];
}
