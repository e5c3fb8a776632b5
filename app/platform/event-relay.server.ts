// Several app processes on one PostgreSQL behave as one site: each tells the others about
// new submissions and student record changes (for open staff desks) and content changes (for page caches) through
// PostgreSQL's LISTEN/NOTIFY. One process on the embedded database needs none of this.
//
// The listening connection is kept for as long as the process runs: when it is lost (PostgreSQL
// restarted, a network cut, a connection that stopped answering), it is opened again with a
// growing wait between attempts, without end. Notifications sent while it was down are lost, so
// once it is back the process catches up: every cached page is rendered again and open staff
// tables reload their lists.
import { randomUUID } from "node:crypto";
import type { Client } from "pg";
import { type ChangedPages, deliverRelayedContentChange, forwardContentChangesTo } from "./content-version.server";
import {
  deliverMissedSubmissions,
  deliverRelayedRecordChange,
  deliverRelayedSubmission,
  forwardRecordChangesTo,
  forwardSubmissionsTo,
  type RecordEvent,
  type SubmissionEvent,
} from "./events.server";
import { allWritten, groupedWrites } from "./grouped-writes.server";

const channel = "institute_events";

type RelayBody =
  | { type: "submission"; event: SubmissionEvent }
  | { type: "record"; event: RecordEvent }
  | { type: "content"; pages: ChangedPages };
type RelayMessage = RelayBody & { from: string };

/** Waits between attempts to listen again: from half a second, doubling, at most 15 s. */
export const reconnectDelays = { firstMs: 500, maxMs: 15_000 };
/** How often the listening connection is checked, and how long the check may take. */
const checkEveryMs = 30_000;
const checkTimeoutMs = 10_000;
/** Notifications sent in one statement at most (each is its own message, under PostgreSQL's 8,000 bytes). */
const maxMessagesPerStatement = 100;
/**
 * How long a message waits for others before it is sent: a desk hears of a form that much later,
 * which nobody sees, and a busy moment's forms cost the database one statement between them.
 */
const sendAfterMs = 10;
/** TCP keep-alive: a connection dropped without a word (a NAT, a dead host) is noticed. */
const keepAlive = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 };

/** The wait before attempt `attempt` (0 = the first retry): doubling, capped, with jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const ceiling = Math.min(reconnectDelays.maxMs, reconnectDelays.firstMs * 2 ** Math.min(attempt, 30));
  // Between half and all of the ceiling: processes cut off together do not all return at once.
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface EventRelay {
  close(): Promise<void>;
}

export async function startEventRelay(databaseUrl: string): Promise<EventRelay> {
  const { default: pg } = await import("pg");
  const self = randomUUID();
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 5_000, ...keepAlive });
  sender.on("error", (error) => console.error("Event relay connection failed:", error.message));
  let listener: Client | undefined;
  let closing = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  /** Set once the first connection stood: later ones are reconnections that must catch up. */
  let connectedBefore = false;

  function receive(payload: string | undefined) {
    let message: RelayMessage;
    try {
      message = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (message.from === self) return;
    if (message.type === "submission") deliverRelayedSubmission(message.event);
    else if (message.type === "record") deliverRelayedRecordChange(message.event);
    else if (message.type === "content") deliverRelayedContentChange(message.pages ?? "all");
  }

  /** Drops a lost connection (once) and plans the next attempt. */
  function lost(client: Client, reason: string) {
    if (listener !== client) return;
    listener = undefined;
    clearInterval(check);
    // Not awaited: a connection that stopped answering may never finish closing.
    client.end().catch(() => {});
    if (closing) return;
    console.error(`Event relay lost its connection (${reason}): listening again shortly.`);
    scheduleListen();
  }

  function scheduleListen() {
    if (closing) return;
    const wait = reconnectDelay(attempt);
    attempt += 1;
    retry = setTimeout(() => void listen(), wait);
    retry.unref();
  }

  async function listen(): Promise<void> {
    if (closing) return;
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, ...keepAlive });
    client.on("notification", (notification) => receive(notification.payload));
    client.on("error", (error) => lost(client, error.message));
    client.on("end", () => lost(client, "closed"));
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (listener === client) {
        listener = undefined;
        client.end().catch(() => {});
        if (attempt === 0 || attempt % 10 === 0) {
          console.error(`Event relay cannot listen yet (${(error as Error).message}): trying again.`);
        }
        scheduleListen();
      }
      return;
    }
    if (listener !== client || closing) {
      client.end().catch(() => {});
      return;
    }
    if (connectedBefore) {
      console.log("Event relay listening again: cached pages are rendered anew and staff tables reload.");
      // What the other processes said meanwhile is lost: assume everything changed.
      deliverRelayedContentChange("all");
      deliverMissedSubmissions();
    }
    connectedBefore = true;
    attempt = 0;
    // A connection that hangs (no error, no answer) is noticed by a regular check.
    check = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), checkTimeoutMs);
      });
      Promise.race([client.query("select 1"), timeout])
        .catch((error: Error) => lost(client, error.message))
        .finally(() => clearTimeout(timer));
    }, checkEveryMs);
    check.unref();
  }

  // Messages are collected for a moment (sendAfterMs) and sent together, as are those made while
  // a statement is sending: one round trip for the forms of a busy moment instead of one each.
  // Each is still a notification of its own, as every version of the site reads them.
  // A group that could not be sent is logged once, and its messages are dropped: the pages
  // catch up on their next load.
  const notifications = groupedWrites<string>(
    (payloads) =>
      sender
        .query("select pg_notify($1, payload) from unnest($2::text[]) as payload", [channel, payloads])
        .catch((error: Error) => console.error("Telling other processes failed:", error.message))
        .then(() => allWritten(payloads.map(() => undefined))),
    { maxPerGroup: maxMessagesPerStatement, collectMs: sendAfterMs },
  );
  function send(message: RelayBody) {
    void notifications.add(JSON.stringify({ ...message, from: self }));
  }

  await listen();
  forwardSubmissionsTo((event) => send({ type: "submission", event }));
  forwardRecordChangesTo((event) => send({ type: "record", event }));
  forwardContentChangesTo((pages) => send({ type: "content", pages }));
  return {
    async close() {
      closing = true;
      clearTimeout(retry);
      clearInterval(check);
      forwardSubmissionsTo(undefined);
      forwardRecordChangesTo(undefined);
      forwardContentChangesTo(undefined);
      // What was said just before is still sent.
      await notifications.flush();
      const open = listener;
      listener = undefined;
      await open?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
