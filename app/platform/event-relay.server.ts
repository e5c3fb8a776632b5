// Several app processes on one PostgreSQL behave as one site: each tells the others about
// new submissions (for open staff tables) and content changes (for page caches) through
// PostgreSQL's LISTEN/NOTIFY. One process on the embedded database needs none of this.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { type ChangedPages, deliverRelayedContentChange, forwardContentChangesTo } from "./content-version.server";
import { deliverRelayedSubmission, forwardSubmissionsTo, type SubmissionEvent } from "./events.server";

const channel = "institute_events";

type RelayBody = { type: "submission"; event: SubmissionEvent } | { type: "content"; pages: ChangedPages };
type RelayMessage = RelayBody & { from: string };

export interface EventRelay {
  close(): Promise<void>;
}

export async function startEventRelay(databaseUrl: string): Promise<EventRelay> {
  const self = randomUUID();
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sender.on("error", (error) => console.error("Event relay connection failed:", error.message));
  let listener: pg.Client | undefined;
  let closing = false;

  function receive(payload: string | undefined) {
    let message: RelayMessage;
    try {
      message = JSON.parse(payload ?? "");
    } catch {
      return;
    }
    if (message.from === self) return;
    if (message.type === "submission") deliverRelayedSubmission(message.event);
    else if (message.type === "content") deliverRelayedContentChange(message.pages ?? "all");
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on("notification", (notification) => receive(notification.payload));
    client.on("error", (error) => {
      console.error("Event relay lost its connection:", error.message);
      client.end().catch(() => {});
      // Keep trying: live tables and caches must follow other processes again once PostgreSQL is back.
      if (!closing) setTimeout(() => listen().catch(() => {}), 1_000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
  }

  function send(message: RelayBody) {
    sender
      .query("select pg_notify($1, $2)", [channel, JSON.stringify({ ...message, from: self })])
      .catch((error: Error) => console.error("Telling other processes failed:", error.message));
  }

  await listen();
  forwardSubmissionsTo((event) => send({ type: "submission", event }));
  forwardContentChangesTo((pages) => send({ type: "content", pages }));
  return {
    async close() {
      closing = true;
      forwardSubmissionsTo(undefined);
      forwardContentChangesTo(undefined);
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
