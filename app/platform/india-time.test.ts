import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addIndiaDays,
  dayInWords,
  formatIndiaTime,
  fromIndiaInput,
  indiaClock,
  indiaDateTime,
  indiaDay,
  indiaDayStart,
  indiaDays,
  indiaFormat,
  indiaMidnight,
  indiaMoment,
  indiaTimestamp,
  indiaTimeZone,
  indiaToday,
  isIndiaDay,
  nextIndiaMidnight,
  toIndiaInput,
} from "./india-time";

const utc = (iso: string) => new Date(`${iso}Z`);

describe("the day in India", () => {
  it("turns at 18:30 UTC: 18:29 is still today, 18:30 is tomorrow", () => {
    expect(indiaDay(utc("2026-11-28T18:29:59.999"))).toBe("2026-11-28");
    expect(indiaDay(utc("2026-11-28T18:30:00"))).toBe("2026-11-29");
    // Early morning in India is still the previous day in UTC.
    expect(indiaDay(utc("2026-11-27T20:00:00"))).toBe("2026-11-28");
  });

  it("turns over months, years and a leap day", () => {
    expect(indiaDay(utc("2026-11-30T18:30:00"))).toBe("2026-12-01");
    expect(indiaDay(utc("2026-12-31T18:29:00"))).toBe("2026-12-31");
    expect(indiaDay(utc("2026-12-31T18:30:00"))).toBe("2027-01-01");
    expect(indiaDay(utc("2028-02-28T18:30:00"))).toBe("2028-02-29");
    expect(indiaDay(utc("2027-02-28T18:30:00"))).toBe("2027-03-01");
  });

  it("gives today as the moments from its midnight to the next", () => {
    expect(indiaToday(utc("2026-11-28T18:29:00"))).toEqual({
      start: utc("2026-11-27T18:30:00"),
      end: utc("2026-11-28T18:30:00"),
    });
    expect(indiaToday(utc("2026-11-28T18:30:00"))).toEqual({
      start: utc("2026-11-28T18:30:00"),
      end: utc("2026-11-29T18:30:00"),
    });
    expect(indiaDayStart(utc("2026-12-31T18:30:00")).toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(nextIndiaMidnight(utc("2026-12-31T18:29:00")).toISOString()).toBe("2026-12-31T18:30:00.000Z");
  });

  it("reads a picked day and a range of days as India's midnights", () => {
    expect(indiaMidnight("2027-01-01").toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(indiaDays("2026-11-01", "2026-11-30")).toEqual({
      start: utc("2026-10-31T18:30:00"),
      end: utc("2026-11-30T18:30:00"),
    });
    expect(addIndiaDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addIndiaDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(isIndiaDay("2028-02-29")).toBe(true);
    expect(isIndiaDay("2027-02-29")).toBe(false);
    expect(isIndiaDay("28-11-2026")).toBe(false);
  });

  it("says what a clock in India shows, and when it shows a time", () => {
    expect(indiaClock(utc("2026-11-28T02:31:00"))).toEqual({ day: "2026-11-28", hour: 8, minute: 1, weekday: 6 });
    expect(indiaClock(utc("2026-11-28T18:30:00"))).toEqual({ day: "2026-11-29", hour: 0, minute: 0, weekday: 0 });
    expect(indiaMoment("2026-11-28", "03:30").toISOString()).toBe("2026-11-27T22:00:00.000Z");
    expect(indiaMoment("2026-11-28", "24:00").toISOString()).toBe("2026-11-28T18:30:00.000Z");
  });
});

describe("India's time in forms, CSV files and pages", () => {
  it("fills and reads a date-and-time field as India time", () => {
    expect(toIndiaInput(utc("2026-11-25T11:00:00"))).toBe("2026-11-25T16:30");
    expect(toIndiaInput("2026-12-31T18:45:00.000Z")).toBe("2027-01-01T00:15");
    expect(fromIndiaInput("2026-11-25T16:30")?.toISOString()).toBe("2026-11-25T11:00:00.000Z");
    expect(fromIndiaInput("2027-01-01T00:15")?.toISOString()).toBe("2026-12-31T18:45:00.000Z");
    for (const bad of ["", "tomorrow", "2026-11-25 16:30", "2026-11-25T25:00", "2026-02-30T10:00"]) {
      expect(fromIndiaInput(bad)).toBeUndefined();
    }
  });

  it("writes CSV times with the offset", () => {
    expect(indiaTimestamp(utc("2027-01-12T04:35:09"))).toBe("2027-01-12 10:05:09 +05:30");
    expect(indiaTimestamp(utc("2026-12-31T18:30:00"))).toBe("2027-01-01 00:00:00 +05:30");
  });

  it("formats a moment as the desk shows it, labelled IST where asked", () => {
    expect(formatIndiaTime(utc("2026-11-28T02:31:00"))).toBe("28 Nov 2026, 8:01 am IST");
    expect(formatIndiaTime("2026-12-31T18:29:00.000Z")).toBe("31 Dec 2026, 11:59 pm IST");
    expect(indiaDateTime.format(utc("2026-12-31T18:30:00"))).toBe("1 Jan 2027, 12:00 am");
    expect(indiaFormat({ dateStyle: "long" }).format(utc("2026-11-30T18:30:00"))).toBe("1 December 2026");
    // The same options give the same formatter.
    expect(indiaFormat({ dateStyle: "long" })).toBe(indiaFormat({ dateStyle: "long" }));
  });
});

describe("India's time without Intl, as Intl gives it", () => {
  const intlClock = new Intl.DateTimeFormat("en-CA", {
    timeZone: indiaTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const intlDay = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

  it("reads India's clock as Intl does for Asia/Kolkata, at any moment since +05:30 began (1945)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1946-01-01T00:00:00Z"), max: new Date("2200-01-01T00:00:00Z"), noInvalidDate: true }),
        (at) => {
          const parts = Object.fromEntries(intlClock.formatToParts(at).map((part) => [part.type, part.value]));
          const clock = indiaClock(at);
          expect(clock.day).toBe(`${parts.year}-${parts.month}-${parts.day}`);
          expect(clock.hour).toBe(Number(parts.hour));
          expect(clock.minute).toBe(Number(parts.minute));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("writes a day out as Intl's en-IN long date does", () => {
    expect(dayInWords("2025-03-14")).toBe("14 March 2025");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        (at) => {
          expect(dayInWords(at.toISOString().slice(0, 10))).toBe(intlDay.format(at));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
