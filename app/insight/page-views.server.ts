// First-party page-view counting: no cookies, no identifiers, no IP addresses stored.
// Views are added up in memory and written every few seconds, so counting never slows a
// page down; unique visitors are salted hashes whose salt lives only in memory for a day.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { list as botPatterns, createIsbotFromList } from "isbot";
import type { AppDatabase } from "~/platform/database.server";
import { indiaDay } from "~/platform/india-time";
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

/**
 * Bounds on what links and headers anyone can write put into the counts: a campaign value's
 * length, and how many distinct campaigns (source, medium and campaign together) and referrer
 * hosts a day gets rows of in each process; the rest of the day's are counted under "(other)".
 * A batch of counts whose write keeps failing is dropped after `flushAttempts` tries.
 */
export const pageViewLimits = { valueLength: 80, campaignsPerDay: 100, referrersPerDay: 100, flushAttempts: 5 };

/** Counted in place of campaigns and referrer hosts beyond a day's limit. */
export const otherValue = "(other)";

// Lower-cased, without control characters, and short: the values come from links anyone can write.
const utm = (query: URLSearchParams, name: string) =>
  (query.get(name) ?? "")
    .replace(/[\p{Cc}\p{Cs}]/gu, "")
    .trim()
    .toLowerCase()
    .slice(0, pageViewLimits.valueLength);

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

interface Counted {
  key: typeof pageViews.$inferInsert;
  views: number;
  entries: number;
  /** Writes of these counts that failed so far. */
  attempts: number;
}

export function createPageViewCounter(db: AppDatabase, { flushEveryMs = 5_000 } = {}): PageViewCounter {
  let counts = new Map<string, Counted>();
  /** Each day's visitor hash, with the writes of it that failed so far. */
  let visitors = new Map<string, number>();
  let salt = { day: "", value: Buffer.alloc(0) };
  /** The campaigns and referrer hosts given rows of their own today. */
  let distinct = { day: "", campaigns: new Set<string>(), referrers: new Set<string>() };

  /** `value` itself while the day has room for it (or already has it), else false. */
  function admitted(day: string, kind: "campaigns" | "referrers", value: string, limit: number): boolean {
    if (distinct.day !== day) distinct = { day, campaigns: new Set(), referrers: new Set() };
    const known = distinct[kind];
    if (known.has(value)) return true;
    if (known.size >= limit) return false;
    known.add(value);
    return true;
  }

  function saltFor(day: string): Buffer {
    // A new random salt each day, never written anywhere: yesterday's hashes cannot be recomputed.
    if (salt.day !== day) salt = { day, value: randomBytes(32) };
    return salt.value;
  }

  // A failed write is tried again at the next flush; flush() says when it gives up.
  const timer = setInterval(() => {
    flush().catch(() => {});
  }, flushEveryMs);
  timer.unref();

  function record(view: PageView) {
    const day = indiaDay(view.at);
    let campaign = campaignOf(view.query);
    if (
      campaign.utmSource + campaign.utmMedium + campaign.utmCampaign !== "" &&
      !admitted(day, "campaigns", JSON.stringify(campaign), pageViewLimits.campaignsPerDay)
    ) {
      campaign = { utmSource: otherValue, utmMedium: otherValue, utmCampaign: otherValue };
    }
    let referrer = referrerHost(view.referrer, view.ownHost);
    if (referrer !== "" && !admitted(day, "referrers", referrer, pageViewLimits.referrersPerDay)) referrer = otherValue;
    const key = {
      day,
      path: view.path.slice(0, 200),
      referrerHost: referrer,
      ...campaign,
      device: deviceClass(view.userAgent),
    };
    const id = JSON.stringify(key);
    const entries = view.entry ? 1 : 0;
    const counted = counts.get(id);
    if (counted) {
      counted.views += 1;
      counted.entries += entries;
    } else counts.set(id, { key, views: 1, entries, attempts: 0 });
    const visitor = createHash("sha256")
      .update(saltFor(day))
      .update(view.address)
      .update(view.userAgent)
      .digest("base64url");
    const seen = `${day} ${visitor.slice(0, 22)}`;
    if (!visitors.has(seen)) visitors.set(seen, 0);
  }

  async function flush() {
    if (counts.size === 0 && visitors.size === 0) return;
    const batch = [...counts.values()];
    const seen = [...visitors];
    counts = new Map();
    visitors = new Map();
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
          .values(seen.map(([entry]) => ({ day: entry.slice(0, 10), visitor: entry.slice(11) })))
          .onConflictDoNothing();
      }
    } catch (error) {
      // Put the counts back so a passing fault loses nothing; counts that failed to be written
      // too many times are dropped, so a fault that lasts does not grow them without end.
      const { flushAttempts } = pageViewLimits;
      let droppedViews = 0;
      let droppedVisitors = 0;
      for (const { key, views, entries, attempts } of batch) {
        if (attempts + 1 >= flushAttempts) {
          droppedViews += views;
          continue;
        }
        const id = JSON.stringify(key);
        const counted = counts.get(id);
        if (counted) {
          counted.views += views;
          counted.entries += entries;
          counted.attempts = Math.max(counted.attempts, attempts + 1);
        } else counts.set(id, { key, views, entries, attempts: attempts + 1 });
      }
      for (const [entry, attempts] of seen) {
        if (attempts + 1 >= flushAttempts) droppedVisitors += 1;
        else visitors.set(entry, Math.max(visitors.get(entry) ?? 0, attempts + 1));
      }
      if (droppedViews > 0 || droppedVisitors > 0) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `Page views: ${droppedViews} views and ${droppedVisitors} visitors dropped after ${flushAttempts} failed writes (${reason.split("\n")[0]}).`,
        );
      }
      throw error;
    }
  }

  return {
    record,
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch((error: Error) => console.error(`Writing page views failed: ${error.message}`));
    },
  };
}
