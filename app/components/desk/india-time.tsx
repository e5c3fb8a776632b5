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

interface ZoneFormats {
  /** "28 Nov 2026, 3:31 am" in the zone. */
  time: Intl.DateTimeFormat;
  /** Gives the zone's short name at a moment ("GMT", "GMT+1", "CET"...). */
  name: Intl.DateTimeFormat;
}

const zoneFormats = new Map<string, ZoneFormats>();

/** A zone's formatters, made once per zone: a list renders one time per row. */
function formatsOf(zone: string): ZoneFormats {
  let formats = zoneFormats.get(zone);
  if (!formats) {
    formats = {
      time: new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: zone }),
      name: new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }),
    };
    zoneFormats.set(zone, formats);
  }
  return formats;
}

/** The moment in the viewer's zone, with the zone's short name at that moment: "28 Nov 2026, 3:31 am GMT". */
function inZone(zone: string, date: Date): string {
  const { time, name } = formatsOf(zone);
  const short = name.formatToParts(date).find((item) => item.type === "timeZoneName")?.value ?? zone;
  return `${time.format(date)} ${short}`;
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
        {inZone(zone, date)}
      </time>
    );
  }
  return (
    <time dateTime={iso}>
      {label ? formatIndiaTime(date) : indiaDateTime.format(date)}
      {zone ? (
        <span className="desk-local-time" data-zone={zone}>
          {" "}
          ({inZone(zone, date)}, your time)
        </span>
      ) : null}
    </time>
  );
}
