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

export function contentChanged(): void {
  version += 1;
  changes.emit("change");
}

export function onContentChange(listener: () => void): () => void {
  changes.on("change", listener);
  return () => changes.off("change", listener);
}
