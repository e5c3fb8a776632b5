// The embedded database's upkeep (decision 026): PGlite runs no autovacuum, so the site analyses
// a table never analysed, or grown to twice its size when last analysed, within seconds, and
// vacuums and analyses every table each night at 03:30 India time.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rowsOf } from "../../app/platform/database.server";
import { databaseUpkeepJobs, nextUpkeep, tablesToAnalyse } from "../../app/platform/database-upkeep.server";
import { startScheduler } from "../../app/platform/scheduler.server";
import { describeEachEngine, useTestDatabase } from "./databases";

it("runs each night at 03:30 in India, whatever the server's time zone", () => {
  // 03:29 in India is 21:59 UTC the day before.
  expect(nextUpkeep(new Date("2026-11-26T21:59:00Z")).toISOString()).toBe("2026-11-26T22:00:00.000Z");
  // Just past it: the next night.
  expect(nextUpkeep(new Date("2026-11-26T22:00:00Z")).toISOString()).toBe("2026-11-27T22:00:00.000Z");
  // Midday in India, and midnight UTC (05:30 in India): tonight's.
  expect(nextUpkeep(new Date("2026-11-27T06:30:00Z")).toISOString()).toBe("2026-11-27T22:00:00.000Z");
  expect(nextUpkeep(new Date("2026-11-28T00:00:00Z")).toISOString()).toBe("2026-11-28T22:00:00.000Z");
});

describeEachEngine(
  "the embedded database's upkeep",
  (engine) => {
    const test = useTestDatabase(engine);
    const db = () => test.current.database.db;
    const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));
    /** The planner's idea of how many rows the table holds. */
    const estimate = async () => {
      const [plan] = await rows<{ "QUERY PLAN": string }>(sql`explain select * from upkeep_probe`);
      return Number(/rows=(\d+)/.exec(plan?.["QUERY PLAN"] ?? "")?.[1]);
    };

    it("analyses a table never analysed, and again each time it has doubled, and vacuums every night", async () => {
      await db().execute(sql`drop table if exists upkeep_probe`);
      await db().execute(sql`create table upkeep_probe (id integer primary key, filler text not null)`);
      // Under 64 kB (300 rows of some 130 bytes: 40 kB), a table is left to the nightly run.
      await db().execute(sql`
        insert into upkeep_probe select n, repeat('x', 100) from generate_series(1, 300) as n`);
      expect(await tablesToAnalyse(db())).not.toContain("upkeep_probe");
      await db().execute(sql`
        insert into upkeep_probe select n, repeat('x', 100) from generate_series(301, 20000) as n`);
      expect(await tablesToAnalyse(db())).toContain("upkeep_probe");
      // Left to guess, the planner's count is far from the 20,000 rows.
      expect(Math.abs((await estimate()) - 20_000)).toBeGreaterThan(2_000);
      /** The rows the statistics counted at the table's last analysis. */
      const counted = async () =>
        Number(
          (await rows<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = 'upkeep_probe'`))[0]
            ?.n,
        );

      const upkeep = startScheduler(db(), databaseUpkeepJobs(db(), { firstCheckMs: 0, everyMs: 200 }));
      try {
        await expect.poll(() => tablesToAnalyse(db()), { timeout: 10_000 }).toEqual([]);
        expect(await estimate()).toBe(20_000);
        expect(await counted()).toBe(20_000);

        // Grown by half: not analysed again (the planner scales the last count by the table's size).
        await db().execute(sql`
          insert into upkeep_probe select n, repeat('x', 100) from generate_series(20001, 30000) as n`);
        expect(await tablesToAnalyse(db())).toEqual([]);
        // Grown to twice its size at the last analysis: analysed again within moments.
        await db().execute(sql`
          insert into upkeep_probe select n, repeat('x', 100) from generate_series(30001, 40000) as n`);
        await expect.poll(counted, { timeout: 10_000 }).toBe(40_000);

        // The nightly run: dead rows reclaimed, statistics current.
        await db().execute(sql`delete from upkeep_probe where id > 5000`);
        // The delete's counts reach the statistics at most once a second, when the connection is
        // idle: flushed now, they cannot land after the vacuum's own and count the rows dead again.
        await db().execute(sql`select pg_stat_force_next_flush()`);
        await upkeep.runNow("database upkeep");
        const [stats] = await rows<{ dead: number; vacuumed: boolean }>(sql`
          select n_dead_tup::int as dead, last_vacuum is not null as vacuumed
          from pg_stat_user_tables where relname = 'upkeep_probe'`);
        expect(stats).toEqual({ dead: 0, vacuumed: true });
        expect(await estimate()).toBe(5_000);
      } finally {
        await upkeep.stop();
        await db().execute(sql`drop table if exists upkeep_probe`);
      }
    });
  },
  ["pglite"],
);
