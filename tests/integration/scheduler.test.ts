// The site's scheduler (decision 027): minute jobs never overlap themselves, daily jobs run
// once per India day across processes and restarts, jobs run in turn, and stop() stops it all.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { type AppDatabase, type Database, openDatabase } from "../../app/platform/database.server";
import {
  claimDay,
  dailyClaimKey,
  dailyWindow,
  type Job,
  type Scheduler,
  startScheduler,
} from "../../app/platform/scheduler.server";
import { siteSettings } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";

const ist = (local: string) => new Date(`${local}:00+05:30`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("finds a daily job due from its time to its 'until', India time, and knows the next time", () => {
  const job = { at: "03:30", until: "04:30" };
  expect(dailyWindow(job, ist("2026-11-28T03:29"))).toEqual({
    day: "2026-11-28",
    due: false,
    next: ist("2026-11-28T03:30"),
  });
  expect(dailyWindow(job, ist("2026-11-28T03:30"))).toEqual({
    day: "2026-11-28",
    due: true,
    next: ist("2026-11-29T03:30"),
  });
  expect(dailyWindow(job, ist("2026-11-28T04:30")).due).toBe(false);
  // The India day turns at 18:30 UTC: 23:59 on the 31st is still the old year's.
  expect(dailyWindow({ at: "00:00" }, ist("2026-12-31T23:59"))).toEqual({
    day: "2026-12-31",
    due: true,
    next: ist("2027-01-01T00:00"),
  });
  expect(dailyWindow({ at: "00:00" }, ist("2027-01-01T00:00")).day).toBe("2027-01-01");
});

describeEachEngine("the scheduler", (engine) => {
  const test = useTestDatabase(engine);
  const started: Scheduler[] = [];
  const opened: Database[] = [];
  const start = (db: AppDatabase, jobs: Job[], now?: () => Date) => {
    const scheduler = startScheduler(db, jobs, { now });
    started.push(scheduler);
    return scheduler;
  };
  /** Another process's handle on the same database (PostgreSQL); the embedded one is one process's alone. */
  const secondHandle = async (): Promise<AppDatabase> => {
    if (!test.current.databaseUrl) return test.current.database.db;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "institute-it-scheduler-"));
    const second = await openDatabase({ dataDir, databaseUrl: test.current.databaseUrl, purpose: "test" });
    opened.push(second);
    return second.db;
  };

  afterEach(async () => {
    await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
    for (const database of opened.splice(0)) await database.close();
    await test.current.truncate();
  });

  it("claims a day once, whichever process asks first, and a later day again", async () => {
    const db = test.current.database.db;
    const other = await secondHandle();
    const claims = await Promise.all([
      claimDay(db, "purge", "2026-11-28"),
      claimDay(other, "purge", "2026-11-28"),
      claimDay(db, "purge", "2026-11-28"),
      claimDay(other, "purge", "2026-11-28"),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // An earlier day (a clock set back) is not run again; the next day is.
    expect(await claimDay(other, "purge", "2026-11-27")).toBe(false);
    expect(await claimDay(other, "purge", "2026-11-29")).toBe(true);
    // Each job has its own claim.
    expect(await claimDay(db, "upkeep", "2026-11-29")).toBe(true);
  });

  it("runs a daily job once a day across two processes and a restart, and again the next day", async () => {
    const db = test.current.database.db;
    const other = await secondHandle();
    let clock = ist("2026-11-28T10:00");
    const runs: string[] = [];
    const job = (): Job => ({
      name: "purge",
      every: "day",
      at: "00:00",
      firstCheckMs: 0,
      run: async (now) => {
        runs.push(now.toISOString());
      },
    });
    const claimed = async () =>
      (
        await db
          .select()
          .from(siteSettings)
          .where(eq(siteSettings.key, dailyClaimKey("purge")))
      )[0]?.value;

    // Two processes started after midnight: each catches up on today, one of them runs it.
    const first = start(db, [job()], () => clock);
    const second = start(other, [job()], () => clock);
    await expect.poll(claimed).toBe("2026-11-28");
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toEqual([clock.toISOString()]);

    // Started again the same day: already done.
    clock = ist("2026-11-28T18:00");
    const again = start(db, [job()], () => clock);
    await sleep(200);
    await again.stop();
    expect(runs).toHaveLength(1);

    // The next day it runs again.
    clock = ist("2026-11-29T00:01");
    start(other, [job()], () => clock);
    await expect.poll(() => runs.length).toBe(2);
    expect(await claimed()).toBe("2026-11-29");
  });

  it("does not run a daily job outside its hours, nor after stop()", async () => {
    const db = test.current.database.db;
    const runs: Date[] = [];
    const job = (firstCheckMs: number): Job => ({
      name: "upkeep",
      every: "day",
      at: "03:30",
      until: "04:30",
      firstCheckMs,
      run: async (now) => {
        runs.push(now);
      },
    });
    // At 10:00 the night's run is over: nothing until tomorrow.
    start(db, [job(0)], () => ist("2026-11-28T10:00"));
    // Due, but stopped before its first look.
    await start(db, [job(100)], () => ist("2026-11-28T03:45")).stop();
    await sleep(300);
    expect(runs).toEqual([]);
    expect(await db.select().from(siteSettings)).toEqual([]);
  });

  it("never overlaps a minute job with itself nor queues its missed minutes, and stops", async () => {
    const db = test.current.database.db;
    let running = 0;
    let most = 0;
    let runs = 0;
    const scheduler = start(db, [
      {
        name: "slow",
        every: "minute",
        firstRunMs: 0,
        everyMs: 20,
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(100);
          running -= 1;
          runs += 1;
        },
      },
    ]);
    // Asked for by hand while it runs: the same run answers.
    const a = scheduler.runNow("slow");
    const b = scheduler.runNow("slow");
    expect(a).toBe(b);
    await sleep(450);
    await scheduler.stop();
    expect(most).toBe(1);
    // About four runs of 100 ms fit in 450 ms; ticks every 20 ms would have queued some twenty.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(5);
    const stoppedAt = runs;
    await sleep(150);
    expect(runs).toBe(stoppedAt);
    expect(running).toBe(0);
  });

  it("runs a process's jobs in turn, one after another", async () => {
    const db = test.current.database.db;
    const log: string[] = [];
    const slowly = (name: string) => async () => {
      log.push(`${name} starts`);
      await sleep(50);
      log.push(`${name} ends`);
    };
    const scheduler = start(db, [
      { name: "after start", every: "start", afterMs: 0, run: slowly("after start") },
      { name: "nightly", every: "day", at: "03:30", firstCheckMs: 60_000, run: slowly("nightly") },
      { name: "minute", every: "minute", firstRunMs: 60_000, run: slowly("minute") },
    ]);
    await sleep(10);
    // Asked for while the after-start job runs: each waits its turn, none is dropped.
    await Promise.all([scheduler.runNow("nightly"), scheduler.runNow("minute"), scheduler.runNow("nightly")]);
    expect(log).toEqual([
      "after start starts",
      "after start ends",
      "nightly starts",
      "nightly ends",
      "minute starts",
      "minute ends",
      "nightly starts",
      "nightly ends",
    ]);
    await expect(scheduler.runNow("no such job")).rejects.toThrow('no job "no such job"');
  });
});
