import { EventEmitter } from "node:events";

/**
 * A counter that moves whenever staff change what public pages show (course
 * content, start dates, placed students, reviews). Cached pages rendered under an
 * older version are rendered again. Several processes relay changes to each other
 * through the database's notifications (see events.server.ts).
 */
let version = 0;
const changes = new EventEmitter();

export function contentVersion(): number {
  return version;
}

let forward: (() => void) | undefined;

/** Several processes: also tell the other processes (event-relay.server.ts). */
export function forwardContentChangesTo(send: (() => void) | undefined): void {
  forward = send;
}

export function contentChanged(): void {
  version += 1;
  changes.emit("change");
  forward?.();
}

/** A change made through another process: this process's caches are stale too. */
export function deliverRelayedContentChange(): void {
  version += 1;
  changes.emit("change");
}

export function onContentChange(listener: () => void): () => void {
  changes.on("change", listener);
  return () => changes.off("change", listener);
}
