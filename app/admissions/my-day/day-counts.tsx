import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { NavCounts } from "~/admissions/my-day/my-day";
import { useLiveUpdates } from "~/admissions/records/live-updates";

/** How often the counts are fetched again with nothing heard: a follow-up becomes overdue by the clock alone. */
const clockRefreshMs = 60_000;

/**
 * The navigation's My day counts, kept live: fetched again (only the counts, /desk/counts) when
 * the desk's event stream says a record changed or a form arrived, every minute while the page
 * is in view, and when the tab comes back into view. A page that reloads its own data on the
 * same events brings new counts with it: the newer of the two answers is shown.
 */
export function useLiveNavCounts(initial: NavCounts | null): NavCounts | null {
  const fetcher = useFetcher<NavCounts>({ key: "desk-nav-counts" });
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const enabled = initial !== null;
  const refresh = () => {
    if (enabled && document.visibilityState === "visible") void load.current("/desk/counts");
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useLiveUpdates({ onChange: () => refreshRef.current() });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => refreshRef.current(), clockRefreshMs);
    const onVisible = () => refreshRef.current();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled]);
  if (!initial) return null;
  const fetched = fetcher.data;
  return fetched && fetched.of === initial.of && fetched.at > initial.at ? fetched : initial;
}

function shown(count: number, cap: number): string {
  return count >= cap ? `${cap}+` : String(count);
}

/** "3 overdue · 5 today · 2 new" beside My day in the navigation; nothing when all are zero. */
export function NavCountBadges({ counts }: { counts: NavCounts }) {
  const parts = [
    { key: "overdue", n: counts.overdue, label: "overdue" },
    { key: "today", n: counts.today, label: "today" },
    { key: "new", n: counts.new, label: "new" },
    ...(counts.of === "team" ? [{ key: "late", n: counts.late, label: "late" }] : []),
  ].filter((part) => part.n > 0);
  return (
    <span className="nav-counts" data-testid="nav-counts">
      {parts.length === 0 ? (
        <span className="nav-count nav-count-clear">all clear</span>
      ) : (
        parts.map((part) => (
          <span key={part.key} className={`nav-count nav-count-${part.key}`}>
            {shown(part.n, counts.cap)} {part.label}
          </span>
        ))
      )}
    </span>
  );
}
