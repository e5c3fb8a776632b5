// Page-view counting and the dashboard's figures, against known data on both engines.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { shareOf } from "../../app/components/desk/shares";
import {
  conversionsByCampaign,
  conversionsByLandingPage,
  devices,
  entryConversion,
  figuresPerDay,
  topCampaigns,
  topPages,
  topReferrers,
} from "../../app/insight/analytics-report.server";
import { createPageViewCounter, deviceClass, isCountable } from "../../app/insight/page-views.server";
import { indiaDay } from "../../app/platform/india-time";
import { enquiries, pageViews, registrations } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

const phone =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const laptop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

it("skips bots, prefetches and signed-in staff", () => {
  expect(isCountable({ userAgent: phone })).toBe(true);
  expect(isCountable({ userAgent: googlebot })).toBe(false);
  expect(isCountable({ userAgent: phone, purpose: "prefetch" })).toBe(false);
  expect(isCountable({ userAgent: laptop, cookie: "a=1; better-auth.session_token=abc" })).toBe(false);
  expect(isCountable({ userAgent: "" })).toBe(false);
});

it("counts a headless Chrome, which renders the page like a person's browser, but not crawlers and tools", () => {
  const headless =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36";
  expect(isCountable({ userAgent: headless })).toBe(true);
  for (const tool of [
    "curl/8.5.0",
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "WhatsApp/2.23.20.0",
    "python-requests/2.31.0",
  ]) {
    expect(isCountable({ userAgent: tool }), tool).toBe(false);
  }
});

it("classes devices and days in India", () => {
  expect(deviceClass(phone)).toBe("mobile");
  expect(deviceClass(laptop)).toBe("desktop");
  expect(deviceClass("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
  // 20:00 UTC is already the next day in India.
  expect(indiaDay(new Date("2027-01-11T20:00:00Z"))).toBe("2027-01-12");
});

describeEachEngine("page-view analytics", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  beforeEach(async () => {
    await test.current.truncate();
  });

  it("adds up views per page, referrer, campaign and device, and counts unique visitors without storing addresses", async () => {
    const counter = createPageViewCounter(db(), { flushEveryMs: 60_000 });
    const at = new Date("2027-01-12T06:00:00Z");
    const view = (path: string, extra: Partial<Parameters<typeof counter.record>[0]> = {}) =>
      counter.record({
        path,
        userAgent: phone,
        address: "203.0.113.7",
        query: new URLSearchParams(),
        ownHost: "site.example",
        at,
        ...extra,
      });
    view("/");
    view("/courses/iot");
    view("/courses/iot", { referrer: "https://www.google.com/search?q=iot", address: "198.51.100.2" });
    view("/courses/iot", { referrer: "https://site.example/", userAgent: laptop, address: "198.51.100.3" });
    view("/contact", { query: new URLSearchParams("utm_source=Instagram&utm_medium=social&utm_campaign=jan-batch") });
    await counter.flush();
    // A second flush adds to the same rows rather than replacing them.
    view("/courses/iot");
    await counter.close();

    const range = { from: "2027-01-11", to: "2027-01-13" };
    const days = await figuresPerDay(db(), range);
    expect(days.map((d) => [d.day, d.views, d.visitors])).toEqual([
      ["2027-01-11", 0, 0],
      ["2027-01-12", 6, 3],
      ["2027-01-13", 0, 0],
    ]);
    expect(await topPages(db(), range)).toEqual([
      { label: "/courses/iot", views: 4 },
      { label: "/", views: 1 },
      { label: "/contact", views: 1 },
    ]);
    expect(await topReferrers(db(), range)).toEqual([{ label: "www.google.com", views: 1 }]);
    expect(await topCampaigns(db(), range)).toEqual([{ label: "instagram / social / jan-batch", views: 1 }]);
    expect(await devices(db(), range)).toEqual([
      { label: "mobile", views: 5 },
      { label: "desktop", views: 1 },
    ]);
    const stored = JSON.stringify(await db().execute("select * from daily_visitors" as never));
    expect(stored).not.toContain("203.0.113.7");
  });

  it("keeps a day's campaigns and referrers to a bounded number of rows, counting the rest under (other)", async () => {
    const counter = createPageViewCounter(db(), { flushEveryMs: 60_000 });
    const at = new Date("2027-02-03T06:00:00Z");
    const view = (query: string, referrer?: string) =>
      counter.record({
        path: "/",
        userAgent: phone,
        address: "203.0.113.9",
        query: new URLSearchParams(query),
        ownHost: "site.example",
        referrer,
        at,
      });
    view(`utm_source=mail&utm_campaign=${"x".repeat(5_000)}`);
    for (let i = 0; i < 250; i++) view(`utm_source=s${i}&utm_campaign=c${i}`, `https://r${i}.example/`);
    // One already counted today still has its own row after the limit is reached.
    view("utm_source=s1&utm_campaign=c1");
    view("");
    await counter.close();

    const rows = await db().select().from(pageViews).where(eq(pageViews.day, "2027-02-03"));
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(253);
    const campaigns = new Set(rows.map((row) => `${row.utmSource}/${row.utmMedium}/${row.utmCampaign}`));
    // 100 a day, plus (other) and none.
    expect(campaigns.size).toBe(102);
    expect(Math.max(...rows.map((row) => row.utmCampaign.length))).toBe(80);
    const other = rows.filter((row) => row.utmSource === "(other)").reduce((sum, row) => sum + row.views, 0);
    expect(other).toBe(151);
    expect(rows.filter((row) => row.utmSource === "s1").reduce((sum, row) => sum + row.views, 0)).toBe(2);
    const referrers = new Set(rows.map((row) => row.referrerHost).filter((host) => host !== ""));
    expect(referrers.size).toBe(101);
    expect(rows.filter((row) => row.referrerHost === "(other)").reduce((sum, row) => sum + row.views, 0)).toBe(150);
  });

  it("drops counts whose write keeps failing after a few attempts, with one log line", async () => {
    const counter = createPageViewCounter(db(), { flushEveryMs: 60_000 });
    const view = (path: string) =>
      counter.record({ path, userAgent: phone, address: "203.0.113.7", query: new URLSearchParams(), ownHost: "x" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // The table is out of reach (as when a migration broke it): every write fails.
    await db().execute("alter table page_views rename to page_views_away" as never);
    try {
      view("/");
      view("/courses/iot");
      view("/courses/iot");
      for (let attempt = 1; attempt <= 5; attempt++) {
        await expect(counter.flush()).rejects.toThrow();
      }
      expect(logged.mock.calls.map((call) => call.join(" "))).toEqual([
        expect.stringMatching(/^Page views: 3 views and 1 visitors dropped after 5 failed writes/),
      ]);
    } finally {
      await db().execute("alter table page_views_away rename to page_views" as never);
      logged.mockRestore();
    }
    // Nothing of the dropped batch is left to be written; what comes next is counted as usual.
    view("/about/review");
    await counter.close();
    const rows = await db().select().from(pageViews);
    expect(rows.map((row) => [row.path, row.views])).toEqual([["/about/review", 1]]);
  });

  it("puts enquiries per day beside the views, by the day in India", async () => {
    await createSubmission(db(), "enquiry", { ...student(), email: "a@example.com" }, { submissionToken: "t-1" });
    const today = indiaDay();
    const days = await figuresPerDay(db(), { from: today, to: today });
    expect(days).toEqual([{ day: today, views: 0, visitors: 0, enquiries: 1, registrations: 0 }]);
  });
});

describeEachEngine("conversion by landing page and campaign", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  it("puts each submission's first touch beside the entries there", async () => {
    const counter = createPageViewCounter(db(), { flushEveryMs: 60_000 });
    const at = new Date("2027-01-12T06:00:00Z");
    const land = (path: string, query = "", times = 1) => {
      for (let i = 0; i < times; i++) {
        counter.record({
          path,
          userAgent: phone,
          address: `198.51.100.${i}`,
          query: new URLSearchParams(query),
          ownHost: "site.example",
          at,
          entry: true,
        });
      }
    };
    land("/courses/iot", "", 40);
    land("/courses/iot", "utm_source=instagram&utm_medium=social&utm_campaign=jan-batch", 10);
    land("/", "", 50);
    // Later pages of the same visits are views, not entries.
    counter.record({ path: "/contact", userAgent: phone, address: "x", query: new URLSearchParams(), ownHost: "", at });
    await counter.close();

    const instagram = {
      landingPage: "/courses/iot",
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "jan-batch",
    };
    const plain = (landingPage: string) => ({ landingPage, utmSource: "", utmMedium: "", utmCampaign: "" });
    const submitted = new Date("2027-01-12T07:00:00Z");
    // Four students: Asha (c-1), Kavya (c-2, then two registrations), Bala (c-3), Chitra (c-4, no first touch).
    const who = (name: string, mobile: string) => student({ name, email: `${name.toLowerCase()}@example.in`, mobile });
    const kavya = who("Kavya", "9876500002");
    const stored = [
      await createSubmission(db(), "enquiry", who("Asha", "9876500001"), {
        submissionToken: "c-1",
        firstTouch: plain("/courses/iot"),
      }),
      await createSubmission(db(), "enquiry", kavya, { submissionToken: "c-2", firstTouch: instagram }),
      await createSubmission(db(), "enquiry", who("Bala", "9876500003"), {
        submissionToken: "c-3",
        firstTouch: plain("/"),
      }),
      await createSubmission(db(), "enquiry", who("Chitra", "9876500004"), { submissionToken: "c-4" }),
    ];
    const registered = [
      await createSubmission(db(), "registration", kavya, { submissionToken: "c-5", firstTouch: instagram }),
      await createSubmission(
        db(),
        "registration",
        { ...kavya, course: "iot" },
        { submissionToken: "c-6", firstTouch: instagram },
      ),
    ];
    for (const { id } of stored) await db().update(enquiries).set({ createdAt: submitted }).where(eq(enquiries.id, id));
    for (const { id } of registered) {
      await db().update(registrations).set({ createdAt: submitted }).where(eq(registrations.id, id));
    }

    const range = { from: "2027-01-12", to: "2027-01-12" };
    // A student who sent three forms is one student: the rate is students over entries, never over 100%.
    expect(await conversionsByLandingPage(db(), range)).toEqual([
      { label: "/courses/iot", entries: 50, enquiries: 2, registrations: 2, students: 2 },
      { label: "/", entries: 50, enquiries: 1, registrations: 0, students: 1 },
      { label: "", entries: 0, enquiries: 1, registrations: 0, students: 1 },
    ]);
    expect(await conversionsByCampaign(db(), range)).toEqual([
      { label: "instagram / social / jan-batch", entries: 10, enquiries: 1, registrations: 2, students: 1 },
    ]);
    // The whole: 100 entries, three students with a known first page, Chitra without one.
    expect(await entryConversion(db(), range)).toEqual({ entries: 100, students: 3, unattributed: 1 });
    expect(shareOf(3, 100)).toBe(3);
    expect(shareOf(1, 0)).toBeNull();
    // More students than entries (their visits began before the range): not a share, no rate.
    expect(shareOf(11, 4)).toBeNull();
    expect(shareOf(4, 4)).toBe(100);
    // Another day has none of it.
    expect(await conversionsByLandingPage(db(), { from: "2027-01-13", to: "2027-01-13" })).toEqual([]);
  });
});
