// The site's timed work, in one place (decision 027): jobs that run every minute (the
// reminders), once a day at a time in India (the retention purge, the embedded database's
// nightly upkeep) and once shortly after a start (the upkeep's check for tables never analysed).
//
// A process's jobs run in turn, one after another, never two at once: on the embedded database
// every query waits for the one before anyway, and a vacuum is not slowed by a purge beside it.
// A minute job never overlaps itself, nor queues up behind a long run: a minute that finds it
// still running or waiting is skipped.
//
// A daily job runs once per India day across every process on the database and across
// restarts, as the morning digest does (decision 019): before running, a process claims the
// day in a row of site_settings ("daily_run:<job>", the India day of its last run) with one
// conditional upsert. A second process, or the same one started again, finds the day taken
// and leaves it. The claim comes first, so a run that fails is tried again the next day, not
// the next minute. A process that starts after the job's time catches up the same day, until
// the job's `until` (the end of the day unless said otherwise).
import { sql } from "drizzle-orm";
import { siteSettings } from "../../db/schema";
import type { AppDatabase } from "./database.server";
import { logFault } from "./error-log.server";
import { addIndiaDays, indiaDay, indiaMoment } from "./india-time";

const minuteMs = 60_000;

interface JobBase {
  /** Names the job in logs, in runNow and in its daily claim. */
  name: string;
  /** The work; `now` is the scheduler's clock at the run (tests give their own). */
  run(now: Date): Promise<void>;
}

export interface MinuteJob extends JobBase {
  every: "minute";
  /** The first run after a start (default 5 s). */
  firstRunMs?: number;
  /** Between runs (default a minute; tests shorten it). */
  everyMs?: number;
}

export interface DailyJob extends JobBase {
  every: "day";
  /** "HH:MM", India time. */
  at: string;
  /** "HH:MM", India time: a process that was not up at `at` catches up until then (default "24:00"). */
  until?: string;
  /** The first look after a start, whether today's run is due and not yet made (default a minute). */
  firstCheckMs?: number;
}

export interface AfterStartJob extends JobBase {
  every: "start";
  /** How long after the start (default a minute). */
  afterMs?: number;
}

export type Job = MinuteJob | DailyJob | AfterStartJob;

export interface Scheduler {
  /**
   * Runs a job now, in turn after any run under way (tests, and work asked for by hand). A daily
   * job run so is not claimed; a minute job already running or waiting answers that run.
   */
  runNow(name: string, now?: Date): Promise<void>;
  /** Stops the timers and waits for the run under way. */
  stop(): Promise<void>;
}

/** The key of a daily job's claim in site_settings. */
export const dailyClaimKey = (name: string) => `daily_run:${name}`;

/**
 * Claims `day` for a daily job: true for the one caller, in any process, that took it; false
 * when the day (or a later one) was claimed before. On PostgreSQL a second claim of the same day
 * waits for the first's commit, then finds the day taken.
 */
export async function claimDay(db: AppDatabase, name: string, day: string): Promise<boolean> {
  const claimed = await db
    .insert(siteSettings)
    .values({ key: dailyClaimKey(name), value: day })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: day, updatedAt: sql`now()` },
      setWhere: sql`${siteSettings.value} < ${day}`,
    })
    .returning({ key: siteSettings.key });
  return claimed.length > 0;
}

/** Whether a daily job is due at `at`: past its time today and before its `until`. */
export function dailyWindow(job: Pick<DailyJob, "at" | "until">, at: Date): { day: string; due: boolean; next: Date } {
  const day = indiaDay(at);
  const from = indiaMoment(day, job.at);
  const until = indiaMoment(day, job.until ?? "24:00");
  const due = at >= from && at < until;
  const next = at < from ? from : indiaMoment(addIndiaDays(day, 1), job.at);
  return { day, due, next };
}

/** Starts the timers of these jobs. */
export function startScheduler(
  db: AppDatabase,
  jobs: readonly Job[],
  { now = () => new Date() }: { now?: () => Date } = {},
): Scheduler {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error("Scheduler: two jobs share a name.");
  const timers = new Set<NodeJS.Timeout>();
  /** Minute jobs running or waiting their turn. */
  const pending = new Map<string, Promise<void>>();
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;

  const inTurn = (job: Job, work: () => Promise<void>): Promise<void> => {
    if (stopped) return queue;
    queue = queue.then(async () => {
      if (stopped) return;
      try {
        await work();
      } catch (error) {
        logFault(`Scheduled job "${job.name}" failed`, error);
      }
    });
    return queue;
  };

  const runMinuteJob = (job: MinuteJob, at?: Date): Promise<void> => {
    const running = pending.get(job.name);
    if (running) return running;
    const run = inTurn(job, () => job.run(at ?? now())).finally(() => pending.delete(job.name));
    pending.set(job.name, run);
    return run;
  };

  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const checkDaily = (job: DailyJob) => {
    const at = now();
    const { day, due, next } = dailyWindow(job, at);
    if (due) {
      void inTurn(job, async () => {
        if (await claimDay(db, job.name, day)) await job.run(at);
      });
    }
    // At least a second: a clock exactly on the time does not spin.
    later(Math.max(1_000, next.getTime() - now().getTime()), () => checkDaily(job));
  };

  for (const job of jobs) {
    if (job.every === "minute") {
      later(job.firstRunMs ?? 5_000, () => void runMinuteJob(job));
      const every = setInterval(() => void runMinuteJob(job), job.everyMs ?? minuteMs);
      every.unref();
      timers.add(every);
    } else if (job.every === "day") {
      later(job.firstCheckMs ?? minuteMs, () => checkDaily(job));
    } else {
      later(job.afterMs ?? minuteMs, () => void inTurn(job, () => job.run(now())));
    }
  }

  return {
    runNow(name, at) {
      const job = byName.get(name);
      if (!job) return Promise.reject(new Error(`Scheduler: no job "${name}".`));
      if (job.every === "minute") return runMinuteJob(job, at);
      return inTurn(job, () => job.run(at ?? now()));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await queue;
    },
  };
}
