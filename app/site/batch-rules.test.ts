import { afterEach, describe, expect, it, vi } from "vitest";
import { pageVersion } from "~/platform/content-version.server";
import { indiaDay, nextIndiaMidnight } from "~/platform/india-time";
import {
  batchDateLabel,
  batchLine,
  batchOption,
  batchSeatsOf,
  clockLabel,
  hoursPerClass,
  nextStartLine,
  type PublicBatch,
  seatsLine,
} from "./batch-rules";
import { pagesShowingAnyBatches, startBatchDayRollover } from "./batches.server";

const batch: PublicBatch = {
  id: 3,
  courseKey: "iot",
  branch: "chennai",
  branchName: "Chennai",
  startsOn: "2027-01-16",
  days: "weekend",
  startTime: "09:30",
  endTime: "13:00",
  mode: "classroom",
  seats: "open",
  seatsLeft: null,
  feeInr: 40000,
  feeIncludes: "",
};

describe("a batch's seats", () => {
  it("are counted from its total and enrolled students, or are the word set by hand without a total", () => {
    const counted = { seats: "open" as const, seatsTotal: 20 };
    expect(batchSeatsOf(counted, 0, 5)).toEqual({ seats: "left", seatsLeft: 20 });
    expect(batchSeatsOf(counted, 14, 5)).toEqual({ seats: "left", seatsLeft: 6 });
    expect(batchSeatsOf(counted, 15, 5)).toEqual({ seats: "filling-fast", seatsLeft: 5 });
    expect(batchSeatsOf(counted, 19, 5)).toEqual({ seats: "filling-fast", seatsLeft: 1 });
    expect(batchSeatsOf(counted, 20, 5)).toEqual({ seats: "full", seatsLeft: 0 });
    // More enrolled than seats (a total lowered by hand in the database): full, never negative.
    expect(batchSeatsOf(counted, 23, 5)).toEqual({ seats: "full", seatsLeft: 0 });
    expect(batchSeatsOf({ seats: "filling-fast", seatsTotal: null }, 3, 5)).toEqual({
      seats: "filling-fast",
      seatsLeft: null,
    });
    expect(batchSeatsOf({ seats: "open", seatsTotal: null }, 3, 5)).toEqual({ seats: "open", seatsLeft: null });
    expect(seatsLine({ seats: "filling-fast", seatsLeft: 1 })).toBe("Filling fast: 1 seat left");
    expect(seatsLine({ seats: "filling-fast", seatsLeft: 4 })).toBe("Filling fast: 4 seats left");
  });
});

describe("a batch in words", () => {
  it("reads dates, times and seats the way students say them", () => {
    expect(batchDateLabel("2027-01-16")).toBe("Sat, 16 Jan 2027");
    expect(clockLabel("09:30")).toBe("9:30 am");
    expect(clockLabel("12:00")).toBe("12 pm");
    expect(clockLabel("00:15")).toBe("12:15 am");
    expect(clockLabel("18:05")).toBe("6:05 pm");
    expect(hoursPerClass(batch)).toBe(3.5);
    expect(seatsLine(batch)).toBeUndefined();
    expect(seatsLine({ seats: "left", seatsLeft: 1 })).toBe("1 seat left");
    expect(seatsLine({ seats: "left", seatsLeft: 12 })).toBe("12 seats left");
    expect(seatsLine({ seats: "filling-fast", seatsLeft: null })).toBe("Filling fast");
    expect(seatsLine({ seats: "full", seatsLeft: null })).toBe("Full");
    expect(batchLine(batch)).toBe("Starts Sat, 16 Jan 2027: weekends, 9:30 am to 1 pm (classroom, Chennai)");
    expect(batchLine({ ...batch, mode: "online" })).toBe("Starts Sat, 16 Jan 2027: weekends, 9:30 am to 1 pm (online)");
    // The year only when it is not this year's.
    expect(batchOption(batch, new Date("2026-12-20T10:00:00Z"))).toBe(
      "Sat 16 Jan 2027: weekends, 9:30 am to 1 pm, Chennai",
    );
    expect(batchOption({ ...batch, mode: "online" }, new Date("2027-01-02T10:00:00Z"))).toBe(
      "Sat 16 Jan: weekends, 9:30 am to 1 pm, online",
    );
  });

  it("names the next batch, else what staff typed, else 'Starting soon'", () => {
    expect(nextStartLine({ batches: [batch], note: null })).toBe("Sat, 16 Jan 2027");
    // The next batch a student can still join; a full one only when every batch is full.
    const full = { ...batch, id: 2, startsOn: "2027-01-09", seats: "full" as const };
    expect(nextStartLine({ batches: [full, batch], note: null })).toBe("Sat, 16 Jan 2027");
    expect(nextStartLine({ batches: [full], note: null })).toBe("Sat, 9 Jan 2027");
    expect(nextStartLine({ batches: [], note: "Mid-February 2027" })).toBe("Mid-February 2027");
    expect(nextStartLine({ batches: [], note: null })).toBe("Starting soon");
  });
});

describe("the day in India", () => {
  it("turns at midnight India time (18:30 UTC)", () => {
    expect(indiaDay(new Date("2027-01-15T18:29:59Z"))).toBe("2027-01-15");
    expect(indiaDay(new Date("2027-01-15T18:30:00Z"))).toBe("2027-01-16");
    expect(nextIndiaMidnight(new Date("2027-01-15T10:00:00Z")).toISOString()).toBe("2027-01-15T18:30:00.000Z");
    expect(nextIndiaMidnight(new Date("2027-01-15T18:30:00Z")).toISOString()).toBe("2027-01-16T18:30:00.000Z");
  });
});

describe("batches that start hide themselves", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the pages showing batches are rendered again at each midnight in India, and no others", () => {
    vi.useFakeTimers({ now: new Date("2027-01-15T12:00:00Z") });
    const pages = pagesShowingAnyBatches();
    expect(pages).toEqual(expect.arrayContaining(["/", "/about/admissions", "/online/register", "/courses/iot"]));
    const versions = () => Object.fromEntries([...pages, "/about/facilities"].map((page) => [page, pageVersion(page)]));
    const before = versions();
    const rollover = startBatchDayRollover();
    try {
      vi.advanceTimersByTime(6 * 60 * 60 * 1000); // 18:00 UTC, 23:30 in India
      expect(versions()).toEqual(before);
      vi.advanceTimersByTime(31 * 60 * 1000); // just past midnight in India
      const after = versions();
      for (const page of pages) expect(after[page], page).toBeGreaterThan(before[page] ?? 0);
      expect(after["/about/facilities"]).toBe(before["/about/facilities"]);
      vi.advanceTimersByTime(24 * 60 * 60 * 1000); // and again the next night
      expect(versions()["/"]).toBeGreaterThan(after["/"] ?? 0);
    } finally {
      rollover.stop();
    }
  });
});
