import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveState = "connecting" | "live" | "reconnecting";

/**
 * Listens to the staff event stream and reloads the page's data when a new
 * submission arrives. EventSource reconnects by itself after a drop; the state
 * is shown so a counsellor knows whether the table is live.
 */
export function useLiveUpdates(): { state: LiveState; arrivals: number } {
  const revalidator = useRevalidator();
  const [state, setState] = useState<LiveState>("connecting");
  const [arrivals, setArrivals] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream per page; the revalidator changes every render
  useEffect(() => {
    const source = new EventSource("/staff/events");
    source.onopen = () => setState("live");
    source.onerror = () => setState("reconnecting");
    source.addEventListener("submission", () => {
      setArrivals((n) => n + 1);
      revalidator.revalidate();
    });
    return () => source.close();
  }, []);
  return { state, arrivals };
}

const labels: Record<LiveState, string> = {
  connecting: "Connecting…",
  live: "Live: new entries appear here by themselves",
  reconnecting: "Connection lost: reconnecting…",
};

export function LiveBadge({ state }: { state: LiveState }) {
  return (
    <p role="status" className={`live-badge live-${state}`}>
      <span aria-hidden="true" className="live-dot" /> {labels[state]}
    </p>
  );
}
