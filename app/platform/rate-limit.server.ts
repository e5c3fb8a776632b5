import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "./database.server";
import { groupedWrites } from "./grouped-writes.server";

/**
 * Fixed-window counters per key. One process on the embedded database keeps them in
 * memory; processes sharing PostgreSQL keep them in its rate_limit_counters table, so a
 * limit counts every process's requests (docs/decisions/009-shared-limits-and-faults.md).
 */
export interface CounterWindow {
  /** Hits counted in the current window. */
  count: number;
  /** Milliseconds until the window ends. */
  remainingMs: number;
}

export interface CounterStore {
  /** Adds one to the key's current window (starting a new one once the last has ended). */
  hit(key: string, windowMs: number): Promise<CounterWindow>;
  /** The key's current window, or undefined when it has none. */
  peek(key: string): Promise<CounterWindow | undefined>;
  /** Takes one hit back from the key's current window (an attempt that turned out not to count). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets every key's count (a database emptied for a test starts with no counts). */
  clearAll(): Promise<void>;
}

export function minutes(count: number): number {
  return count * 60_000;
}

/** Counters in this process's memory: enough for one process. */
export function createMemoryCounterStore(): CounterStore {
  const windows = new Map<string, { resetAt: number; count: number }>();
  let nextSweep = 0;
  const current = (key: string, now: number) => {
    if (now >= nextSweep) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      nextSweep = now + minutes(1);
    }
    const window = windows.get(key);
    return window && window.resetAt > now ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = current(key, now);
      if (window) window.count += 1;
      else {
        window = { resetAt: now + windowMs, count: 1 };
        windows.set(key, window);
      }
      return { count: window.count, remainingMs: window.resetAt - now };
    },
    async peek(key) {
      const now = Date.now();
      const window = current(key, now);
      return window ? { count: window.count, remainingMs: window.resetAt - now } : undefined;
    },
    async release(key) {
      const window = current(key, Date.now());
      if (window && window.count > 0) window.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
    async clearAll() {
      windows.clear();
    },
  };
}

/** Ended windows are deleted now and then, by whichever process counts next. */
const sweepEveryMs = minutes(10);

/**
 * Counters in PostgreSQL, shared by every process, timed by the database's clock so processes on
 * machines whose clocks differ still agree on the windows. A hit made while none is being
 * written is written at once; hits made while one is written wait for it and go together in the
 * next statement, one atomic upsert that adds each key's hits (the row lock orders concurrent
 * writes on a key, here and in other processes). Under a load of forms from one address that is
 * one statement and one commit for a group of forms instead of one each, waiting in turn on the
 * key's row (bench/results.md, "Forms against the baseline"). Each hit's count is the one it
 * would have had alone, in the order the hits were made.
 */
export function createDatabaseCounterStore(database: Database): CounterStore {
  const { db } = database;
  let nextSweep = 0;
  interface CounterRow {
    count: number;
    remaining_ms: number | string;
  }
  const windowOf = (row: CounterRow): CounterWindow => ({
    count: Number(row.count),
    remainingMs: Math.max(0, Number(row.remaining_ms)),
  });

  interface Hit {
    key: string;
    windowMs: number;
  }

  /** Writes one group of hits: each key once, with its number of hits; the keys in one order, so two processes' groups never wait on each other's rows in a circle. */
  async function writeHits(group: Hit[]): Promise<PromiseSettledResult<CounterWindow>[]> {
    // A new window takes the length the key's first hit asked for, as it would one at a time.
    const byKey = new Map<string, { n: number; windowMs: number }>();
    for (const hit of group) {
      const key = byKey.get(hit.key);
      if (key) key.n += 1;
      else byKey.set(hit.key, { n: 1, windowMs: hit.windowMs });
    }
    // The statement takes the keys in its own order (order by), the same in every process.
    const keys = [...byKey].map(([key, { n, windowMs }]) => ({ key, n, window_ms: windowMs }));
    const result = await db.execute(sql`
      insert into rate_limit_counters as r (key, count, reset_at)
      select t.key, t.n, now() + t.window_ms * interval '1 millisecond'
      from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as t(key text, n integer, window_ms integer)
      order by t.key
      on conflict (key) do update set
        count = case when r.reset_at <= now() then excluded.count else r.count + excluded.count end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      returning key, count, extract(epoch from (reset_at - now())) * 1000 as remaining_ms`);
    // A key's hits count up to its window's count, in the order they were made: the first of them
    // counted the window's count less the others.
    const next = new Map(
      rowsOf<CounterRow & { key: string }>(result).map((row) => {
        const window = windowOf(row);
        return [row.key, { ...window, count: window.count - (byKey.get(row.key)?.n ?? 1) + 1 }];
      }),
    );
    return group.map((hit): PromiseSettledResult<CounterWindow> => {
      const window = next.get(hit.key);
      if (!window) return { status: "rejected", reason: new Error("The rate-limit counter was not returned.") };
      return { status: "fulfilled", value: { count: window.count++, remainingMs: window.remainingMs } };
    });
  }

  const hits = groupedWrites(writeHits);

  return {
    hit(key, windowMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        nextSweep = now + sweepEveryMs;
        db.execute(sql`delete from rate_limit_counters where reset_at < now()`).catch(() => {});
      }
      return hits.add({ key, windowMs });
    },
    async peek(key) {
      const result = await db.execute(sql`
        select count, extract(epoch from (reset_at - now())) * 1000 as remaining_ms
        from rate_limit_counters where key = ${key} and reset_at > now()`);
      const [row] = rowsOf<CounterRow>(result);
      return row && windowOf(row);
    },
    async release(key) {
      await db.execute(sql`
        update rate_limit_counters set count = count - 1 where key = ${key} and reset_at > now() and count > 0`);
    },
    async clear(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
    async clearAll() {
      await db.execute(sql`delete from rate_limit_counters`);
    },
  };
}

const stores = new WeakMap<Database, CounterStore>();

/** The counters of the site on this database: shared in PostgreSQL, in memory on PGlite. */
export function counterStoreFor(database: Database): CounterStore {
  let store = stores.get(database);
  if (!store) {
    store = database.engine === "postgres" ? createDatabaseCounterStore(database) : createMemoryCounterStore();
    stores.set(database, store);
  }
  return store;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimit {
  /** Records one attempt; refused with the seconds to wait once the key has used its allowance. */
  consume(key: string): Promise<RateDecision>;
}

export function createRateLimit(
  { limit, windowMs }: { limit: number; windowMs: number },
  store: CounterStore = createMemoryCounterStore(),
): RateLimit {
  return {
    async consume(key) {
      const window = await store.hit(key, windowMs);
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.remainingMs / 1000)) };
    },
  };
}

/** "60/10m" -> 60 per 10 minutes; "5/30s"; "100/1h". */
export function parseRateSetting(setting: string | undefined, fallback: { limit: number; windowMs: number }) {
  const match = setting ? /^(\d+)\/(\d+)(s|m|h)$/.exec(setting.trim()) : null;
  if (!match) return fallback;
  const unit = { s: 1000, m: 60_000, h: 3_600_000 }[match[3] as "s" | "m" | "h"];
  return { limit: Number(match[1]), windowMs: Number(match[2]) * unit };
}
