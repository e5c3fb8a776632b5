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

/** The nightly upkeep, in minutes after midnight in India. */
export const upkeepMinuteOfDay = 3 * 60 + 30;
const indiaOffsetMs = 330 * 60_000;
const dayMs = 86_400_000;

/** A table at least this large whose rows were never counted is analysed after a start. */
const unanalysedBytes = 1024 * 1024;

/** The next upkeep time after `now`: the next 03:30 in India. */
export function nextUpkeep(now: Date): Date {
  const indiaMidnight = Math.floor((now.getTime() + indiaOffsetMs) / dayMs) * dayMs - indiaOffsetMs;
  const today = indiaMidnight + upkeepMinuteOfDay * 60_000;
  return new Date(today > now.getTime() ? today : today + dayMs);
}

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

export interface DatabaseUpkeep {
  /** Vacuums and analyses every table now (the nightly run; tests). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the embedded database's upkeep: the nightly run, and the check after a start. */
export function startDatabaseUpkeep(
  db: AppDatabase,
  { now = () => new Date(), firstCheckMs = 60_000 }: { now?: () => Date; firstCheckMs?: number } = {},
): DatabaseUpkeep {
  // One run at a time, each after the one before (a run asked for during another still happens).
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;
  let nightly: NodeJS.Timeout | undefined;
  const inTurn = (work: () => Promise<void>): Promise<void> => {
    if (stopped) return queue;
    queue = queue.then(work);
    return queue;
  };
  const runNow = () =>
    inTurn(async () => {
      try {
        const ms = await vacuumAndAnalyse(db);
        console.log(`Database upkeep: vacuumed and analysed in ${(ms / 1000).toFixed(1)} s.`);
      } catch (error) {
        console.error("Database upkeep failed (tried again tomorrow night):", error);
      }
    });
  const schedule = () => {
    nightly = setTimeout(
      () => {
        void runNow().finally(() => {
          if (!stopped) schedule();
        });
      },
      Math.max(1_000, nextUpkeep(now()).getTime() - now().getTime()),
    );
    nightly.unref();
  };
  schedule();
  const first = setTimeout(() => {
    void inTurn(async () => {
      try {
        const tables = await unanalysedTables(db);
        if (tables.length === 0) return;
        await db.execute(sql`analyze`);
        console.log(`Database upkeep: analysed the tables after a start (never analysed: ${tables.join(", ")}).`);
      } catch (error) {
        console.error("Database upkeep: analysing the tables after a start failed:", error);
      }
    });
  }, firstCheckMs);
  first.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearTimeout(nightly);
      await queue;
    },
  };
}
