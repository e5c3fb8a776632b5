// First-party page-view counting: no cookies, no identifiers, no IP addresses stored.
// Views are added up in memory and written every few seconds, so counting never slows a
// page down; unique visitors are salted hashes whose salt lives only in memory for a day.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { list as botPatterns, createIsbotFromList } from "isbot";
import type { AppDatabase } from "~/platform/database.server";
import { dailyVisitors, pageViews } from "../../db/schema";

export interface PageView {
  path: string;
  referrer?: string;
  userAgent: string;
  /** Client address: only ever hashed with the day's salt, never stored. */
  address: string;
  /** The landing URL's query, for utm_source, utm_medium, utm_campaign. */
  query: URLSearchParams;
  /** This site's own host: internal navigation is not a referrer. */
  ownHost: string;
  /** The visitor's first page (no first-touch cookie yet): counted as an entry too. */
  entry?: boolean;
  at?: Date;
}

export type DeviceClass = "mobile" | "tablet" | "desktop";

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile|BlackBerry/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The calendar day in India (UTC+05:30, no daylight saving). */
export function indiaDay(at: Date = new Date()): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * isbot's maintained list, less its "headless" entry: a headless Chrome renders the page as a
 * person's browser does (and the analytics property of the old site counted it too), while
 * crawlers, link previews, uptime checkers and page-speed tools stay on the list.
 */
const isbot = createIsbotFromList(botPatterns.filter((pattern) => pattern !== "headless"));

/** Whether a request is one to count: a person's own page load, not a bot's or a prefetch. */
export function isCountable(headers: { userAgent: string; purpose?: string; cookie?: string }): boolean {
  if (!headers.userAgent || isbot(headers.userAgent)) return false;
  if (/prefetch|prerender/i.test(headers.purpose ?? "")) return false;
  // Staff reading the site are not visitors.
  if (/(^|;\s*)([\w.-]+\.)?session_token=/.test(headers.cookie ?? "")) return false;
  return true;
}

function referrerHost(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return "";
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host === ownHost.toLowerCase() ? "" : host.slice(0, 120);
  } catch {
    return "";
  }
}

export interface Campaign {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

// Lower-cased, without control characters, and short: the values come from links anyone can write.
const utm = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? "")
    .replace(/[\p{Cc}\p{Cs}]/gu, "")
    .trim()
    .toLowerCase()
    .slice(0, 80);

/** The utm_source, utm_medium and utm_campaign of a landing URL. */
export function campaignOf(query: URLSearchParams): Campaign {
  return {
    utmSource: utm(query, "utm_source"),
    utmMedium: utm(query, "utm_medium"),
    utmCampaign: utm(query, "utm_campaign"),
  };
}

export interface PageViewCounter {
  record(view: PageView): void;
  /** Writes what has been counted so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createPageViewCounter(db: AppDatabase, { flushEveryMs = 5_000 } = {}): PageViewCounter {
  let counts = new Map<string, { key: typeof pageViews.$inferInsert; views: number; entries: number }>();
  let visitors = new Set<string>();
  let salt = { day: "", value: Buffer.alloc(0) };

  function saltFor(day: string): Buffer {
    // A new random salt each day, never written anywhere: yesterday's hashes cannot be recomputed.
    if (salt.day !== day) salt = { day, value: randomBytes(32) };
    return salt.value;
  }

  const timer = setInterval(() => {
    flush().catch((error) => console.error("Writing page views failed:", error));
  }, flushEveryMs);
  timer.unref();

  function record(view: PageView) {
    const day = indiaDay(view.at);
    const key = {
      day,
      path: view.path.slice(0, 200),
      referrerHost: referrerHost(view.referrer, view.ownHost),
      ...campaignOf(view.query),
      device: deviceClass(view.userAgent),
    };
    const id = JSON.stringify(key);
    const entries = view.entry ? 1 : 0;
    const counted = counts.get(id);
    if (counted) {
      counted.views += 1;
      counted.entries += entries;
    } else counts.set(id, { key, views: 1, entries });
    const visitor = createHash("sha256")
      .update(saltFor(day))
      .update(view.address)
      .update(view.userAgent)
      .digest("base64url");
    visitors.add(`${day} ${visitor.slice(0, 22)}`);
  }

  async function flush() {
    if (counts.size === 0 && visitors.size === 0) return;
    const batch = [...counts.values()];
    const seen = [...visitors];
    counts = new Map();
    visitors = new Set();
    try {
      if (batch.length > 0) {
        await db
          .insert(pageViews)
          .values(batch.map(({ key, views, entries }) => ({ ...key, views, entries })))
          .onConflictDoUpdate({
            target: [
              pageViews.day,
              pageViews.path,
              pageViews.referrerHost,
              pageViews.utmSource,
              pageViews.utmMedium,
              pageViews.utmCampaign,
              pageViews.device,
            ],
            set: {
              views: sql`${pageViews.views} + excluded.views`,
              entries: sql`${pageViews.entries} + excluded.entries`,
            },
          });
      }
      if (seen.length > 0) {
        await db
          .insert(dailyVisitors)
          .values(seen.map((entry) => ({ day: entry.slice(0, 10), visitor: entry.slice(11) })))
          .onConflictDoNothing();
      }
    } catch (error) {
      // Put the counts back so a passing fault loses nothing.
      for (const { key, views, entries } of batch) {
        const id = JSON.stringify(key);
        const counted = counts.get(id);
        if (counted) {
          counted.views += views;
          counted.entries += entries;
        } else counts.set(id, { key, views, entries });
      }
      for (const entry of seen) visitors.add(entry);
      throw error;
    }
  }

  return {
    record,
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch((error) => console.error("Writing page views failed:", error));
    },
  };
}
