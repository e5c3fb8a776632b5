import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveState = "connecting" | "live" | "reconnecting" | "offline";

/** Longest wait between two attempts after the browser gave up on the stream. */
const maxRetryMs = 30_000;

/**
 * Listens to the staff event stream and reloads the page's data when a new submission
 * arrives, so it comes with the table's own query, filters and scope. The state is shown,
 * so a counsellor knows whether the table is live:
 * - a dropped stream is reopened (by EventSource itself, or here when it gives up), and
 *   the table is reloaded once it is back, for entries that came in meanwhile;
 * - while the browser is offline nothing is fetched (a failed reload would replace the
 *   table with an error);
 * - a stream refused because the session ended reloads the page's data, which leads to
 *   the sign-in page.
 */
export function useLiveUpdates(): { state: LiveState; refreshing: boolean } {
  const revalidator = useRevalidator();
  // The revalidator changes on every render; the stream is opened once per table.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [state, setState] = useState<LiveState>("connecting");

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;
    /** Something may have arrived while the stream was down. */
    let missed = false;

    const refresh = () => {
      if (navigator.onLine) void revalidate.current();
      else missed = true;
    };
    const goOffline = () => {
      source?.close();
      missed = true;
      setState("offline");
    };
    const connect = () => {
      clearTimeout(retry);
      source?.close();
      if (stopped) return;
      if (!navigator.onLine) {
        goOffline();
        return;
      }
      const opened = new EventSource("/staff/events");
      source = opened;
      opened.onopen = () => {
        attempts = 0;
        setState("live");
        if (missed) {
          missed = false;
          refresh();
        }
      };
      opened.onerror = () => {
        if (source !== opened) return;
        missed = true;
        if (!navigator.onLine) {
          goOffline();
          return;
        }
        setState("reconnecting");
        // CONNECTING: the browser retries by itself. CLOSED: it gave up (the answer was not a stream).
        if (opened.readyState === EventSource.CLOSED) void recover();
      };
      opened.addEventListener("submission", refresh);
      // A student record changed (on this desk or another): the list and an open record reload.
      opened.addEventListener("record", refresh);
      // Entries may have come in unheard on the server (its relay between processes was down).
      opened.addEventListener("resync", refresh);
      opened.addEventListener("signed-out", () => {
        // The session ended (signed out elsewhere, role changed, removed): reloading the data leads to /login.
        stopped = true;
        opened.close();
        void revalidate.current();
      });
    };
    const recover = async () => {
      try {
        const probe = await fetch("/staff/events", { redirect: "manual" });
        await probe.body?.cancel();
        if (probe.type === "opaqueredirect") {
          // Sent to the sign-in page: the session has ended. Reloading the data follows that redirect.
          stopped = true;
          void revalidate.current();
          return;
        }
      } catch {
        // Unreachable for now: try again below.
      }
      if (stopped) return;
      retry = setTimeout(connect, Math.min(maxRetryMs, 2_000 * 2 ** attempts));
      attempts += 1;
    };

    window.addEventListener("offline", goOffline);
    window.addEventListener("online", connect);
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", connect);
    };
  }, []);

  return { state, refreshing: revalidator.state === "loading" };
}

const labels: Record<LiveState, string> = {
  connecting: "Connecting…",
  live: "Live: new entries appear here by themselves",
  reconnecting: "Connection lost: reconnecting…",
  offline: "Offline: new entries will appear when the connection is back",
};

export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <p role="status" className={`live-badge live-${state}`}>
      <span aria-hidden="true" className="live-dot" /> {labels[state]}
    </p>
  );
}
