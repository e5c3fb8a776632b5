// Work a request starts that must finish even when its client goes away: a form a student sent
// is stored although their phone lost the connection. React Router stops waiting for an action
// once its request is aborted, and the action runs on; the server's stop (http/app.ts) waits for
// this work before it closes the database, so the rest of it does not fail on a closed one.
const running = new Set<Promise<unknown>>();

/** Runs `work` as lasting: the server's stop waits for it. */
export function lasting<T>(work: Promise<T>): Promise<T> {
  const tracked = work.finally(() => running.delete(tracked));
  running.add(tracked);
  return tracked;
}

/** Resolves once no lasting work is running, or after `withinMs` at most. */
export async function lastingWorkSettled(withinMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, withinMs);
  });
  const settled = (async () => {
    while (running.size > 0) await Promise.allSettled(running);
  })();
  await Promise.race([settled, late]);
  clearTimeout(timer);
}
