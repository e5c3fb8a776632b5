import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";

/**
 * What staff changed about the public site, as the public pages it affects: their canonical
 * paths, or every page ("all") when a process may have missed changes (its relay to the other
 * processes was down). The module that writes the content names the pages (app/site/public-pages.ts
 * says which pages show what) and announces the change once its write is committed.
 */
export type ChangedPages = readonly string[] | "all";

/**
 * Versions of the public content. Every change moves the content version (caches of the
 * content itself follow it) and the version of each page it affects. A cached page is kept
 * with the version its path had when its render began: a change during the render makes it
 * stale at once. Several processes relay changes to each other through the database's
 * notifications (event-relay.server.ts).
 */
let version = 0;
/** The version at which every page last changed at once. */
let allPagesVersion = 0;
const pageVersions = new Map<string, number>();
const changes = new EventEmitter();
changes.setMaxListeners(0);

/** Moves with every change to public content, whichever pages it affects. */
export function contentVersion(): number {
  return version;
}

/** The version of one public page (its canonical path): moves only when what it shows changes. */
export function pageVersion(path: string): number {
  return Math.max(allPagesVersion, pageVersions.get(path) ?? 0);
}

let forward: ((pages: ChangedPages) => void) | undefined;

/** Several processes: also tell the other processes (event-relay.server.ts). */
export function forwardContentChangesTo(send: ((pages: ChangedPages) => void) | undefined): void {
  forward = send;
}

function apply(pages: ChangedPages): void {
  version += 1;
  if (pages === "all") allPagesVersion = version;
  else for (const path of pages) pageVersions.set(path, version);
  changes.emit("change", pages);
}

/**
 * Announces a committed change to public content: these pages are rendered again, in this
 * process and (through the relay) in the others. Call it after the write's transaction has
 * committed (a render that began before it is never kept).
 */
export function contentChanged(pages: ChangedPages): void {
  const deferred = pendingChanges.getStore();
  if (deferred) {
    deferred.push(pages);
    return;
  }
  apply(pages);
  forward?.(pages);
}

/** Changes announced inside a transaction (see afterCommit), held until it has committed. */
const pendingChanges = new AsyncLocalStorage<ChangedPages[]>();

/**
 * Runs a transaction (`work`) so that what its writes announce with contentChanged takes
 * effect once it has committed, and not at all when it fails: a page rendered while the
 * transaction was still open would otherwise be cached with the old content as if it were new.
 * Inside another such scope, the outer one announces.
 */
export async function afterCommit<T>(work: () => Promise<T>): Promise<T> {
  if (pendingChanges.getStore()) return work();
  const announced: ChangedPages[] = [];
  const result = await pendingChanges.run(announced, work);
  for (const pages of announced) contentChanged(pages);
  return result;
}

/** A change made through another process, or missed while the relay was down: this process's caches are stale too. */
export function deliverRelayedContentChange(pages: ChangedPages): void {
  apply(pages);
}

/**
 * Content that changes with time rather than by an edit (a batch that started yesterday): each
 * process notices it by its own clock, so it is not relayed to the others.
 */
export function contentExpired(pages: ChangedPages): void {
  apply(pages);
}

export function onContentChange(listener: (pages: ChangedPages) => void): () => void {
  changes.on("change", listener);
  return () => changes.off("change", listener);
}
