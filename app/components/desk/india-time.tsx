import { useEffect, useState } from "react";
import { formatIndiaTime, indiaDateTime, indiaTimeZones } from "~/platform/india-time";

/**
 * The viewer's time zone when it is not India's, once the page runs in the browser; null on
 * the server and in the first render (the page is rendered in India's time and stays so
 * without JavaScript).
 */
export function useViewerZone(): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && !indiaTimeZones.has(own)) setZone(own);
  }, []);
  return zone;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

function localFormat(zone: string): Intl.DateTimeFormat {
  let format = localFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-IN", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: zone,
    });
    localFormats.set(zone, format);
  }
  return format;
}

/** "GMT", "GMT+1", "CET"...: the short name of the zone at that moment. */
function zoneName(zone: string, date: Date): string {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(date)
    .find((item) => item.type === "timeZoneName");
  return part?.value ?? zone;
}

/**
 * A moment as the desk shows it: India's time, labelled IST (times on the desk are given in
 * India's time), and beside it the viewer's own time when their browser is in another zone
 * (`compact`: instead of it, labelled with the zone, IST on hover).
 */
export function IndiaTime({ iso, label = true, compact = false }: { iso: string; label?: boolean; compact?: boolean }) {
  const zone = useViewerZone();
  const date = new Date(iso);
  if (compact && zone) {
    // Where one line must stay short (the list): the viewer's time, labelled, with IST on hover.
    return (
      <time dateTime={iso} title={formatIndiaTime(date)} data-zone={zone}>
        {localFormat(zone).format(date)} {zoneName(zone, date)}
      </time>
    );
  }
  return (
    <time dateTime={iso}>
      {label ? formatIndiaTime(date) : indiaDateTime.format(date)}
      {zone ? (
        <span className="desk-local-time" data-zone={zone}>
          {" "}
          ({localFormat(zone).format(date)} {zoneName(zone, date)}, your time)
        </span>
      ) : null}
    </time>
  );
}
