// Working time, India time, Monday to Saturday 09:30-18:30 (the default configuration): nights,
// Sundays and the hours before opening do not count; midnight in India is not midnight in UTC.
import { describe, expect, it } from "vitest";
import {
  checkedWorkingHours,
  isWorkingTime,
  nextWorkingDayAt,
  type WorkingHours,
  workingMsBetween,
  workingTimeBefore,
} from "./working-hours";

const hours: WorkingHours = { days: ["mon", "tue", "wed", "thu", "fri", "sat"], start: "09:30", end: "18:30" };
/** A moment given in India time: "2026-11-23T10:00" (23 Nov 2026 is a Monday). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const minutes = (ms: number) => ms / 60_000;

describe("working time between two moments", () => {
  it("counts the time inside one working day", () => {
    expect(minutes(workingMsBetween(ist("2026-11-23T10:00"), ist("2026-11-23T12:00"), hours))).toBe(120);
  });

  it("starts counting at opening for a student who wrote in at night", () => {
    const arrived = ist("2026-11-24T22:00");
    expect(workingMsBetween(arrived, ist("2026-11-25T09:30"), hours)).toBe(0);
    expect(minutes(workingMsBetween(arrived, ist("2026-11-25T11:30"), hours))).toBe(120);
    // Before opening (05:45 in India is 00:15 UTC, already the next day in UTC): still nothing.
    expect(workingMsBetween(arrived, new Date("2026-11-25T00:15:00Z"), hours)).toBe(0);
  });

  it("stops at closing and skips Sunday", () => {
    expect(minutes(workingMsBetween(ist("2026-11-27T18:00"), ist("2026-11-28T10:30"), hours))).toBe(90);
    expect(minutes(workingMsBetween(ist("2026-11-28T18:00"), ist("2026-11-30T11:00"), hours))).toBe(120);
    expect(workingMsBetween(ist("2026-11-29T10:00"), ist("2026-11-29T17:00"), hours)).toBe(0);
  });

  it("counts a year as 52 weeks of six nine-hour days and a day", () => {
    // 1 Jan 2026 (Thursday) 09:30 to 1 Jan 2027 (Friday) 09:30: 365 days, 52 weeks and one Thursday.
    const year = workingMsBetween(ist("2026-01-01T09:30"), ist("2027-01-01T09:30"), hours);
    expect(minutes(year)).toBe((52 * 6 + 1) * 9 * 60);
  });

  it("is zero when the end is not after the start", () => {
    expect(workingMsBetween(ist("2026-11-23T12:00"), ist("2026-11-23T10:00"), hours)).toBe(0);
  });
});

describe("the moment a working time before another", () => {
  it("goes back inside the day, across the night and over Sunday", () => {
    expect(workingTimeBefore(ist("2026-11-23T12:00"), 120 * 60_000, hours)).toEqual(ist("2026-11-23T10:00"));
    expect(workingTimeBefore(ist("2026-11-25T10:00"), 120 * 60_000, hours)).toEqual(ist("2026-11-24T17:00"));
    expect(workingTimeBefore(ist("2026-11-30T11:00"), 120 * 60_000, hours)).toEqual(ist("2026-11-28T18:00"));
  });

  it("counts from the last closing when asked at night or before opening (India midnight, not UTC's)", () => {
    // 03:00 and 05:45 in India (21:30 and 00:15 UTC, on either side of UTC's midnight).
    expect(workingTimeBefore(ist("2026-11-26T03:00"), 120 * 60_000, hours)).toEqual(ist("2026-11-25T16:30"));
    expect(workingTimeBefore(new Date("2026-11-26T00:15:00Z"), 120 * 60_000, hours)).toEqual(ist("2026-11-25T16:30"));
  });

  it("agrees with workingMsBetween for any moment and length", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let index = 0; index < 500; index++) {
      const to = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 365 * 24 * 60) * 60_000);
      const ms = Math.floor(random() * 40 * 60) * 60_000;
      const from = workingTimeBefore(to, ms, hours);
      expect(workingMsBetween(from, to, hours)).toBe(ms);
      // The latest such moment: a minute later has waited a minute less (unless that minute is off hours).
      if (ms > 0) expect(workingMsBetween(new Date(from.getTime() + 60_000), to, hours)).toBeLessThan(ms);
    }
  });
});

describe("working days", () => {
  it("knows opening and closing, India time", () => {
    expect(isWorkingTime(ist("2026-11-23T09:29"), hours)).toBe(false);
    expect(isWorkingTime(ist("2026-11-23T09:30"), hours)).toBe(true);
    expect(isWorkingTime(ist("2026-11-23T18:29"), hours)).toBe(true);
    expect(isWorkingTime(ist("2026-11-23T18:30"), hours)).toBe(false);
    expect(isWorkingTime(ist("2026-11-29T11:00"), hours)).toBe(false);
  });

  it("finds the next working morning, skipping Sunday", () => {
    expect(nextWorkingDayAt(ist("2026-11-25T15:00"), 1, hours)).toEqual(ist("2026-11-26T09:30"));
    expect(nextWorkingDayAt(ist("2026-11-28T15:00"), 1, hours, "10:00")).toEqual(ist("2026-11-30T10:00"));
    // 23:45 in India on Wednesday is 18:15 UTC: "tomorrow" is Thursday in India.
    expect(nextWorkingDayAt(ist("2026-11-25T23:45"), 1, hours)).toEqual(ist("2026-11-26T09:30"));
  });

  it("refuses a configuration that is not a span of a day or names no working day", () => {
    expect(() => checkedWorkingHours({ ...hours, start: "18:30", end: "09:30" })).toThrow(/not a time span/);
    expect(() => checkedWorkingHours({ ...hours, start: "9:30" })).toThrow(/not a time span/);
    expect(() => checkedWorkingHours({ ...hours, days: [] })).toThrow(/days/);
    expect(checkedWorkingHours(hours)).toBe(hours);
  });
});
