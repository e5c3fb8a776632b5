// Writes that arrive while earlier ones are running wait for them and go together in the next
// statement: under load most of a statement's cost (a round trip, a transaction, its commit) is
// shared by the group, and nothing waits on a timer unless it asks to (`collectMs`). The public
// forms' filing, the form limit's counters on PostgreSQL and the relay between processes use it
// (decisions 028 and 033).

export interface GroupedWriteOptions {
  /** Groups written at once (PGlite runs one statement at a time; PostgreSQL has cores to spare). */
  parallel?: number;
  /** At most this many items in one group; the rest wait for the next. */
  maxPerGroup?: number;
  /** When nothing is running, an item waits this long for others before its group is written. */
  collectMs?: number;
}

export interface GroupedWrites<T> {
  add(item: T): void;
  /** Writes what is waiting now, and resolves once nothing is waiting or being written. */
  flush(): Promise<void>;
}

/**
 * Groups items for `write`, which settles each item of its group itself (an item carries its own
 * resolve and reject where a caller waits on it): a rejection of `write` is ignored.
 */
export function groupedWrites<T>(
  write: (group: T[]) => Promise<void>,
  { parallel = 1, maxPerGroup = Number.POSITIVE_INFINITY, collectMs = 0 }: GroupedWriteOptions = {},
): GroupedWrites<T> {
  const waiting: T[] = [];
  const running = new Set<Promise<void>>();
  let collecting: NodeJS.Timeout | undefined;

  function writeWaiting(): void {
    clearTimeout(collecting);
    collecting = undefined;
    while (running.size < parallel && waiting.length > 0) {
      const group = waiting.splice(0, maxPerGroup);
      const run: Promise<void> = write(group)
        .catch(() => {})
        .finally(() => {
          running.delete(run);
          writeWaiting();
        });
      running.add(run);
    }
  }

  return {
    add(item) {
      waiting.push(item);
      if (collectMs <= 0) writeWaiting();
      else if (running.size === 0 && !collecting) collecting = setTimeout(writeWaiting, collectMs);
    },
    async flush() {
      writeWaiting();
      while (running.size > 0) await Promise.all(running);
    },
  };
}
