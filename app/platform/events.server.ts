import { EventEmitter } from "node:events";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";

/** A new enquiry or registration, announced to open staff tables. */
export interface SubmissionEvent {
  kind: SubmissionKind;
  id: string;
  /** A registration's course value, so coordinators hear only their own. */
  course?: string;
}

/**
 * In-process event bus. One process with the embedded database needs nothing
 * more; several processes on PostgreSQL relay through LISTEN/NOTIFY.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

let forward: ((event: SubmissionEvent) => void) | undefined;

/** Several processes: also hand each new submission to the other processes (event-relay.server.ts). */
export function forwardSubmissionsTo(send: ((event: SubmissionEvent) => void) | undefined): void {
  forward = send;
}

export function publishSubmission(event: SubmissionEvent): void {
  bus.emit("submission", event);
  forward?.(event);
}

/** A submission another process received: told to this process's open streams only. */
export function deliverRelayedSubmission(event: SubmissionEvent): void {
  bus.emit("submission", event);
}

export function onSubmission(listener: (event: SubmissionEvent) => void): () => void {
  bus.on("submission", listener);
  return () => bus.off("submission", listener);
}

/**
 * Submissions may have been missed: the relay to the other processes was down for a while
 * (event-relay.server.ts). Open staff tables reload their lists.
 */
export function deliverMissedSubmissions(): void {
  bus.emit("missed");
}

export function onMissedSubmissions(listener: () => void): () => void {
  bus.on("missed", listener);
  return () => bus.off("missed", listener);
}

/** A student record changed (a stage, an owner, a follow-up, a note or a call): open desks showing it reload. */
export interface RecordEvent {
  id: number;
  /** The record's courses, so a coordinator hears only about records of their course. */
  courses: string[];
}

let forwardRecord: ((event: RecordEvent) => void) | undefined;

/** Several processes: also hand each record change to the other processes (event-relay.server.ts). */
export function forwardRecordChangesTo(send: ((event: RecordEvent) => void) | undefined): void {
  forwardRecord = send;
}

/** Announces a record change to open desks; it touches no public page (the page cache stays). */
export function publishRecordChange(event: RecordEvent): void {
  bus.emit("record", event);
  forwardRecord?.(event);
}

/** A record change made through another process: told to this process's open streams only. */
export function deliverRelayedRecordChange(event: RecordEvent): void {
  bus.emit("record", event);
}

export function onRecordChange(listener: (event: RecordEvent) => void): () => void {
  bus.on("record", listener);
  return () => bus.off("record", listener);
}

/** Open live streams end when the server shuts down (they would otherwise hold it open). */
const shutdownListeners = new Set<() => void>();

export function onShutdown(listener: () => void): () => void {
  shutdownListeners.add(listener);
  return () => shutdownListeners.delete(listener);
}

export function closeLiveStreams(): void {
  for (const listener of shutdownListeners) listener();
  shutdownListeners.clear();
}
