/**
 * A fixed-window counter per key, in memory. Enough for one process; several
 * processes sharing PostgreSQL need a shared store (see docs/operations.md).
 */
export interface RateLimit {
  /** Records one attempt; false when the key has used up its allowance. */
  consume(key: string): boolean;
  /** Seconds until the key may try again (0 when allowed now). */
  retryAfter(key: string): number;
  reset(key: string): void;
}

export function minutes(count: number): number {
  return count * 60_000;
}

export function createRateLimit({ limit, windowMs }: { limit: number; windowMs: number }): RateLimit {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = Date.now();

  function current(key: string, now: number) {
    if (now - lastSweep > windowMs) {
      for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
      lastSweep = now;
    }
    const window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) return undefined;
    return window;
  }

  return {
    consume(key) {
      const now = Date.now();
      const window = current(key, now);
      if (!window) {
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
    retryAfter(key) {
      const now = Date.now();
      const window = current(key, now);
      if (!window || window.count <= limit) return 0;
      return Math.ceil((window.startedAt + windowMs - now) / 1000);
    },
    reset(key) {
      windows.delete(key);
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
