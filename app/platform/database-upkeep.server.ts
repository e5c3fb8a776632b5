// The embedded database's upkeep (decision 026). A PostgreSQL server's autovacuum keeps every
// table's statistics current and reclaims the rows that updates and deletes leave dead. PGlite
// runs PostgreSQL inside the site's process without its background workers, so neither happens
// unless the site asks: without statistics the planner guesses how many rows a range holds (a
// year of the owner's report, a desk list) and picks plans several times slower, and tables and
// indexes only grow. So on the embedded database the site runs VACUUM (ANALYZE) every night at
// 03:30 India time, when nobody uses the desk (the database answers nothing else meanwhile: a
// few seconds on a desk of 200,000 records), and, looking every 15 s, ANALYZE of a table of some
// size that was never analysed (a database upgraded, restored or copied) or has grown to twice
// what it was when last analysed: a plan a function keeps was chosen for the table as it
// was, and a new site's look-ups planned on empty tables grew slower with every record (a form's
// filing from 1.8 to 5 ms over its first 5,000 students) until an ANALYZE had them planned again.
// A server on PostgreSQL leaves all of this to autovacuum.
import { sql } from "drizzle-orm";
import { type AppDatabase, rowsOf } from "./database.server";
import { logFault } from "./error-log.server";
import { dailyWindow, type Job } from "./scheduler.server";

/** The nightly upkeep's time, India time. */
export const upkeepTime = "03:30";

/**
 * Smaller tables are left to the nightly run: eight pages are read quickly whatever the plan, and
 * the plans a function made on them are made again once the table is analysed at this size.
 */
const analysedFromBytes = 64 * 1024;

/**
 * How often the tables' sizes are compared with their statistics (a look at the catalogue, a few
 * milliseconds of the database's thread): a new site's first burst of forms is planned on counted
 * tables within seconds, not on the empty tables it started with (decision 026).
 */
export const growthCheckMs = 2_000;

/**
 * Tables of some size whose statistics the planner lacks (never analysed nor vacuumed) or took
 * when the table was less than half its size now. Analysing at each doubling costs little over
 * a table's life, and keeps the plans of a growing desk current between nightly runs.
 */
export async function tablesToAnalyse(db: AppDatabase): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace,
      lateral (select pg_relation_size(c.oid) as bytes) as size
    where n.nspname = 'public' and c.relkind = 'r' and size.bytes >= ${analysedFromBytes}
      and (c.reltuples < 0 or size.bytes >= 2 * c.relpages::bigint * current_setting('block_size')::bigint)
    order by 1
  `);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * Counts the rows of the given tables of the public schema afresh, one table a statement: the
 * embedded database answers nothing else while a statement runs, so forms wait for one table's
 * analysis at a time instead of all of them. Answers the milliseconds it took.
 */
async function analyseTables(db: AppDatabase, tables: string[]): Promise<number> {
  return timed(async () => {
    for (const table of tables) await db.execute(sql`analyze public.${sql.identifier(table)}`);
  });
}

/** Reclaims dead rows and counts every table's rows afresh; answers the milliseconds it took. */
export function vacuumAndAnalyse(db: AppDatabase): Promise<number> {
  return timed(() => db.execute(sql`vacuum (analyze)`));
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
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
 * one after the other): the nightly run, and the look at the tables' growth every
 * `growthCheckMs` (the first `firstCheckMs` after a start).
 */
export function databaseUpkeepJobs(
  db: AppDatabase,
  { firstCheckMs = growthCheckMs, everyMs = growthCheckMs }: { firstCheckMs?: number; everyMs?: number } = {},
): Job[] {
  return [
    {
      ...nightly,
      async run() {
        try {
          const ms = await vacuumAndAnalyse(db);
          console.log(`Database upkeep: vacuumed and analysed in ${(ms / 1000).toFixed(1)} s.`);
        } catch (error) {
          logFault("Database upkeep failed (tried again tomorrow night)", error);
        }
      },
    },
    {
      name: "database analysis as tables grow",
      every: "minute",
      firstRunMs: firstCheckMs,
      everyMs,
      async run() {
        try {
          const tables = await tablesToAnalyse(db);
          if (tables.length === 0) return;
          const ms = await analyseTables(db, tables);
          console.log(`Database upkeep: analysed ${tables.join(", ")} in ${(ms / 1000).toFixed(1)} s (new or grown).`);
        } catch (error) {
          logFault("Database upkeep: analysing the grown tables failed (tried again shortly)", error);
        }
      },
    },
  ];
}
