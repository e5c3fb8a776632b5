import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveState = "connecting" | "live" | "reconnecting" | "offline";

/** Longest wait between two attempts after the browser gave up on the stream. */
const maxRetryMs = 30_000;

/** What a page part does with the stream: reload on a change, and follow the connection's state. */
interface Listener {
  /** Something changed (or may have while the stream was down). */
  change(): void;
  /** Whether `change` reloads every loader of the page (then no other part needs to fetch anything). */
  revalidates: boolean;
  /** The session ended: reload the page's data, which leads to the sign-in page. */
  signedOut(): void;
  state(state: LiveState): void;
}

const listeners = new Set<Listener>();
let stream: { state: LiveState; stop(): void } | undefined;
let stopping: ReturnType<typeof setTimeout> | undefined;

/**
 * One stream per page, however many parts listen (the desk's navigation counts and the page's
 * table): a browser allows few connections per site, and each stream holds one open.
 */
function listen(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(stopping);
  stream ??= openStream();
  listener.state(stream.state);
  return () => {
    listeners.delete(listener);
    // Moving between pages unmounts one listener before the next mounts: keep the stream for that moment.
    if (listeners.size === 0) {
      clearTimeout(stopping);
      stopping = setTimeout(() => {
        if (listeners.size > 0) return;
        stream?.stop();
        stream = undefined;
      }, 1_000);
    }
  };
}

/**
 * The staff event stream, told to every listener:
 * - a dropped stream is reopened (by EventSource itself, or here when it gives up), and
 *   the listeners reload once it is back, for entries that came in meanwhile;
 * - while the browser is offline nothing is fetched (a failed reload would replace the
 *   table with an error);
 * - a stream refused because the session ended reloads the page's data, which leads to
 *   the sign-in page.
 */
function openStream(): { state: LiveState; stop(): void } {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let stopped = false;
  /** Something may have arrived while the stream was down. */
  let missed = false;
  const handle = {
    state: "connecting" as LiveState,
    stop() {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      window.removeEventListener("offline", goOffline);
      window.removeEventListener("online", connect);
    },
  };
  const setState = (state: LiveState) => {
    handle.state = state;
    for (const listener of listeners) listener.state(state);
  };
  const changed = () => {
    // One reload of the page's data brings every part's data, the navigation's counts included.
    const reload = [...listeners].find((listener) => listener.revalidates);
    if (reload) reload.change();
    else for (const listener of listeners) listener.change();
  };
  const signedOut = () => {
    for (const listener of listeners) listener.signedOut();
  };

  const refresh = () => {
    if (navigator.onLine) changed();
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
      signedOut();
    });
  };
  const recover = async () => {
    try {
      const probe = await fetch("/staff/events", { redirect: "manual" });
      await probe.body?.cancel();
      if (probe.type === "opaqueredirect") {
        // Sent to the sign-in page: the session has ended. Reloading the data follows that redirect.
        stopped = true;
        signedOut();
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
  return handle;
}

/**
 * Listens to the staff event stream and reloads the page's data when a new submission
 * arrives or a record changes, so it comes with the page's own query, filters and scope
 * (or calls `onChange` instead, e.g. to fetch only the navigation's counts). The state is
 * shown, so a counsellor knows whether the page is live.
 */
export function useLiveUpdates(options: { onChange?: () => void } = {}): {
  /** Undefined until the page's script listens: a page without JavaScript is not live. */
  state: LiveState | undefined;
  refreshing: boolean;
} {
  const revalidator = useRevalidator();
  // The revalidator changes on every render; the stream is listened to once per part.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const [state, setState] = useState<LiveState>();
  // Whether this part reloads the page on a change: fixed for its life (a callback or not).
  const revalidates = !options.onChange;

  useEffect(
    () =>
      listen({
        change: () => (onChange.current ? onChange.current() : void revalidate.current()),
        revalidates,
        signedOut: () => void revalidate.current(),
        state: setState,
      }),
    [revalidates],
  );

  return { state, refreshing: revalidator.state === "loading" };
}

const labels: Record<LiveState, string> = {
  connecting: "Connecting…",
  live: "Live: new entries appear here by themselves",
  reconnecting: "Connection lost: reconnecting…",
  offline: "Offline: new entries will appear when the connection is back",
};

/** The stream's state; nothing before the page's script runs (without it the page does not update itself). */
export function LiveBadge({ state }: { state: LiveState | undefined }) {
  if (!state) return null;
  return (
    <p role="status" className={`live-badge live-${state}`}>
      <span aria-hidden="true" className="live-dot" /> {labels[state]}
    </p>
  );
}
