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

export interface GroupedWrites<T, R> {
  /** Waits with the others, and resolves with the item's own outcome once its group is written. */
  add(item: T): Promise<R>;
  /** Writes what is waiting now, and resolves once nothing is waiting or being written. */
  flush(): Promise<void>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

const noOutcome = () => new Error("The grouped write gave no outcome for this item.");

/**
 * Groups items for `write`, which answers each item's outcome in the group's order (as
 * Promise.allSettled does). A write that fails fails each of its items; an item it gives no
 * outcome fails too, so no caller is left waiting.
 */
export function groupedWrites<T, R = void>(
  write: (group: T[]) => Promise<readonly PromiseSettledResult<R>[]>,
  { parallel = 1, maxPerGroup = Number.POSITIVE_INFINITY, collectMs = 0 }: GroupedWriteOptions = {},
): GroupedWrites<T, R> {
  const waiting: Waiting<T, R>[] = [];
  const running = new Set<Promise<void>>();
  let collecting: NodeJS.Timeout | undefined;

  async function writeGroup(group: Waiting<T, R>[]): Promise<void> {
    let outcomes: readonly PromiseSettledResult<R>[];
    try {
      outcomes = await write(group.map((entry) => entry.item));
    } catch (error) {
      for (const entry of group) entry.reject(error);
      return;
    }
    for (const [index, entry] of group.entries()) {
      const outcome = outcomes[index];
      if (outcome?.status === "fulfilled") entry.resolve(outcome.value);
      else entry.reject(outcome ? outcome.reason : noOutcome());
    }
  }

  function writeWaiting(): void {
    clearTimeout(collecting);
    collecting = undefined;
    while (running.size < parallel && waiting.length > 0) {
      const run: Promise<void> = writeGroup(waiting.splice(0, maxPerGroup)).finally(() => {
        running.delete(run);
        writeWaiting();
      });
      running.add(run);
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (collectMs <= 0) writeWaiting();
        else if (running.size === 0 && !collecting) collecting = setTimeout(writeWaiting, collectMs);
      });
    },
    async flush() {
      writeWaiting();
      while (running.size > 0) await Promise.all(running);
    },
  };
}

/** Every item of a group written as one: the outcome of each is `value`'s. */
export function allWritten<R>(values: readonly R[]): PromiseSettledResult<R>[] {
  return values.map((value) => ({ status: "fulfilled", value }));
}
