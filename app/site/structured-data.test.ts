import { describe, expect, it } from "vitest";
import { courses } from "~/site/content/courses";
import { formatInr, isoHours, weeksIn } from "./course-schedule";
import { courseJsonLd, toIsoDate } from "./structured-data";

describe("start dates typed by staff", () => {
  it("become ISO dates when they name one day unambiguously", () => {
    expect(toIsoDate("12 January 2027")).toBe("2027-01-12");
    expect(toIsoDate("12th Jan 2027")).toBe("2027-01-12");
    expect(toIsoDate("1st Sept. 2026")).toBe("2026-09-01");
    expect(toIsoDate("January 12, 2027")).toBe("2027-01-12");
    expect(toIsoDate("2027-01-12")).toBe("2027-01-12");
    // Day first, as dates are written in India.
    expect(toIsoDate("5/3/2027")).toBe("2027-03-05");
    expect(toIsoDate("05-03-2027")).toBe("2027-03-05");
  });

  it("give no date rather than a wrong one", () => {
    for (const text of [
      null,
      "",
      "Starting soon",
      "March 2027",
      "Mid-February 2027",
      "Batch 2",
      "Jan 12",
      "31 February 2027",
      "12 Janitor 2027",
      "13/13/2027",
    ]) {
      expect(toIsoDate(text), String(text)).toBeUndefined();
    }
  });
});

describe("course structured data", () => {
  it("has one instance per batch, with total workload, daily sessions and the start date", () => {
    const embedded = courses.find((c) => c.id === "embedded");
    if (!embedded) throw new Error("no embedded course");
    const data = courseJsonLd(embedded, "https://example.org", "12 January 2027");
    expect(data.offers[0]).toMatchObject({ category: "Paid", priceCurrency: "INR", price: embedded.feeInr });
    const [weekday, weekend] = data.hasCourseInstance;
    expect(weekday).toMatchObject({
      courseMode: "Onsite",
      startDate: "2027-01-12",
      courseWorkload: isoHours(embedded.schedule.weekdayHours * 5 * weeksIn(embedded.durationIso)),
      courseSchedule: { duration: "PT2H30M", repeatFrequency: "Daily", repeatCount: 5 * 17 },
      location: { address: { addressLocality: "Bengaluru" } },
    });
    expect(weekend?.courseSchedule).toMatchObject({ duration: "PT6H", repeatCount: 2 * 17 });
    expect(data.syllabusSections).toHaveLength(embedded.syllabus.length);
  });

  it("leaves out the start date when none is known", () => {
    const ai = courses.find((c) => c.id === "ai");
    if (!ai) throw new Error("no AI course");
    const data = courseJsonLd(ai, "https://example.org", null);
    expect(data.hasCourseInstance[0]).not.toHaveProperty("startDate");
  });
});

describe("numbers shown to students", () => {
  it("writes durations and rupees the expected way", () => {
    expect(isoHours(2.5)).toBe("PT2H30M");
    expect(isoHours(204)).toBe("PT204H");
    expect(weeksIn("P6M")).toBe(26);
    expect(formatInr(45000)).toBe("₹45,000");
    expect(formatInr(125000)).toBe("₹1,25,000");
  });
});
