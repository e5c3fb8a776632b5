import { describe, expect, it } from "vitest";
import { courses } from "~/site/content/courses";
import type { PublicBatch } from "./batch-rules";
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

const origin = "https://example.org";

function courseOf(id: string) {
  const course = courses.find((c) => c.id === id);
  if (!course) throw new Error(`no ${id} course`);
  return course;
}

function batch(overrides: Partial<PublicBatch> = {}): PublicBatch {
  return {
    id: 7,
    courseKey: "ai",
    branch: "chennai",
    branchName: "Chennai",
    startsOn: "2027-01-12",
    days: "weekday",
    startTime: "18:30",
    endTime: "20:30",
    mode: "classroom",
    seats: "left",
    seatsLeft: 6,
    feeInr: 55000,
    feeIncludes: "lab access and certificate",
    ...overrides,
  };
}

const isoDuration = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What Google documents for course structured data (Course list and Course info): a Course with
 * name, description, provider and offers (category Free, Partially Free, Subscription or Paid;
 * a price with its currency), and course instances each with a courseMode (Online, Onsite,
 * Blended) and a courseSchedule (duration per period, repeatFrequency Daily, Weekly, Monthly or
 * Yearly, repeatCount in those periods, start and end dates) or a courseWorkload. Says what is
 * missing or wrong; nothing when the data has the documented shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: reads JSON as a search engine would
function googleCourseProblems(data: any): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, what: string) => {
    if (!ok) problems.push(what);
  };
  const data_ = JSON.parse(JSON.stringify(data));
  need(data_["@context"] === "https://schema.org", "@context");
  need(data_["@type"] === "Course", "@type Course");
  need(typeof data_.name === "string" && data_.name.length > 0, "name");
  need(typeof data_.description === "string" && data_.description.length > 0, "description");
  need(typeof data_.provider?.name === "string", "provider.name");
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const checkOffer = (offer: any, where: string) => {
    need(["Free", "Partially Free", "Subscription", "Paid"].includes(offer?.category), `${where}.category`);
    if (offer?.category !== "Free") {
      need(typeof offer?.price === "number" && offer.price >= 0, `${where}.price`);
      need(/^[A-Z]{3}$/.test(offer?.priceCurrency ?? ""), `${where}.priceCurrency`);
    }
    if (offer?.availability !== undefined)
      need(/^https:\/\/schema\.org\/\w+$/.test(offer.availability), `${where}.availability`);
  };
  need(Array.isArray(data_.offers) && data_.offers.length > 0, "offers");
  for (const [i, offer] of (data_.offers ?? []).entries()) checkOffer(offer, `offers[${i}]`);
  const instances = data_.hasCourseInstance;
  need(Array.isArray(instances) && instances.length > 0, "hasCourseInstance");
  for (const [i, instance] of (instances ?? []).entries()) {
    const at = `hasCourseInstance[${i}]`;
    need(instance["@type"] === "CourseInstance", `${at}.@type`);
    need(["Online", "Onsite", "Blended"].includes(instance.courseMode), `${at}.courseMode`);
    need(instance.courseSchedule || instance.courseWorkload, `${at}.courseSchedule or courseWorkload`);
    if (instance.courseWorkload !== undefined) need(isoDuration.test(instance.courseWorkload), `${at}.courseWorkload`);
    const schedule = instance.courseSchedule;
    if (schedule) {
      need(schedule["@type"] === "Schedule", `${at}.courseSchedule.@type`);
      need(isoDuration.test(schedule.duration ?? ""), `${at}.courseSchedule.duration`);
      need(["Daily", "Weekly", "Monthly", "Yearly"].includes(schedule.repeatFrequency), `${at}.repeatFrequency`);
      need(Number.isInteger(schedule.repeatCount) && schedule.repeatCount > 0, `${at}.repeatCount`);
      if (schedule.startDate !== undefined) need(isoDate.test(schedule.startDate), `${at}.courseSchedule.startDate`);
      if (schedule.endDate !== undefined) {
        need(isoDate.test(schedule.endDate) && schedule.endDate >= schedule.startDate, `${at}.courseSchedule.endDate`);
      }
    }
    const location = instance.location;
    if (instance.courseMode === "Online") {
      need(location === undefined || location["@type"] === "VirtualLocation", `${at}.location (online)`);
    } else {
      need(location?.["@type"] === "Place" && location.address?.["@type"] === "PostalAddress", `${at}.location`);
    }
    if (instance.offers !== undefined) checkOffer(instance.offers, `${at}.offers`);
  }
  return problems;
}

describe("course structured data", () => {
  it("has one instance per upcoming batch, with the schedule the batch really has", () => {
    // A five-month course taught two hours an evening, Monday to Friday.
    const ai = courseOf("ai");
    expect(ai.durationIso).toBe("P5M");
    const data = courseJsonLd(ai, origin, { batches: [batch()], note: null });
    expect(googleCourseProblems(data)).toEqual([]);
    expect(data.hasCourseInstance).toHaveLength(1);
    const [instance] = data.hasCourseInstance;
    expect(instance).toMatchObject({
      courseMode: "Onsite",
      startDate: "2027-01-12",
      // 22 weeks from Tuesday 12 January: the last day is Monday 14 June.
      endDate: "2027-06-14",
      courseWorkload: "PT220H",
      courseSchedule: {
        repeatFrequency: "Weekly",
        repeatCount: 22,
        duration: "PT10H",
        byDay: [
          "https://schema.org/Monday",
          "https://schema.org/Tuesday",
          "https://schema.org/Wednesday",
          "https://schema.org/Thursday",
          "https://schema.org/Friday",
        ],
        startDate: "2027-01-12",
        endDate: "2027-06-14",
        startTime: "18:30",
        endTime: "20:30",
        scheduleTimezone: "Asia/Kolkata",
      },
      location: { "@type": "Place", address: { addressLocality: "Chennai", addressCountry: "IN" } },
      offers: {
        category: "Paid",
        price: 55000,
        priceCurrency: "INR",
        description: "Includes: lab access and certificate",
        availability: "https://schema.org/LimitedAvailability",
        url: `${origin}/online/register?course=ai&batch=7`,
      },
    });
    // Not the daily count of classes read as days (the schedule once said Daily, 110).
    expect(instance?.courseSchedule).not.toMatchObject({ repeatFrequency: "Daily" });
  });

  it("says online for an online batch, full for a full one, and offers the course from its lowest fee", () => {
    const embedded = courseOf("embedded");
    const data = courseJsonLd(embedded, origin, {
      batches: [
        batch({ id: 1, courseKey: "embedded", mode: "online", seats: "full", seatsLeft: null, feeInr: 42000 }),
        batch({ id: 2, courseKey: "embedded", days: "weekend", startTime: "10:00", endTime: "16:00", feeInr: 45000 }),
      ],
      note: null,
    });
    expect(googleCourseProblems(data)).toEqual([]);
    const [online, weekend] = data.hasCourseInstance;
    expect(online).toMatchObject({
      courseMode: "Online",
      location: { "@type": "VirtualLocation", url: `${origin}/courses/embedded` },
      offers: { availability: "https://schema.org/SoldOut", price: 42000 },
    });
    // Six hours on Saturday and on Sunday: twelve a week, for 17 weeks.
    expect(weekend).toMatchObject({
      courseSchedule: { repeatFrequency: "Weekly", repeatCount: 17, duration: "PT12H" },
      courseWorkload: "PT204H",
    });
    expect(data.offers[0]).toMatchObject({ category: "Paid", priceCurrency: "INR", price: 42000 });
  });

  it("without batches, describes the weekday and weekend pattern, with the old start date when it names a day", () => {
    const embedded = courseOf("embedded");
    const data = courseJsonLd(embedded, origin, { batches: [], note: "12 January 2027" });
    expect(googleCourseProblems(data)).toEqual([]);
    const [weekday, weekend] = data.hasCourseInstance;
    expect(weekday).toMatchObject({
      courseMode: "Onsite",
      startDate: "2027-01-12",
      courseWorkload: isoHours(embedded.schedule.weekdayHours * 5 * weeksIn(embedded.durationIso)),
      courseSchedule: { duration: "PT12H30M", repeatFrequency: "Weekly", repeatCount: 17, startDate: "2027-01-12" },
      location: { address: { addressLocality: "Bengaluru" } },
    });
    expect(weekend?.courseSchedule).toMatchObject({ duration: "PT12H", repeatCount: 17 });
    expect(data.offers[0]).toMatchObject({ price: embedded.feeInr });
    expect(data.syllabusSections).toHaveLength(embedded.syllabus.length);

    const undated = courseJsonLd(courseOf("ai"), origin, { batches: [], note: "Mid-February 2027" });
    expect(googleCourseProblems(undated)).toEqual([]);
    expect(undated.hasCourseInstance[0]).not.toHaveProperty("startDate");
  });

  it("the check itself finds what Google would refuse", () => {
    const data = courseJsonLd(courseOf("ai"), origin, { batches: [batch()], note: null });
    const broken = JSON.parse(JSON.stringify(data));
    broken.offers[0].category = "Cheap";
    broken.hasCourseInstance[0].courseMode = "Classroom";
    broken.hasCourseInstance[0].courseSchedule.repeatFrequency = "Fortnightly";
    delete broken.hasCourseInstance[0].location;
    expect(googleCourseProblems(broken)).toEqual([
      "offers[0].category",
      "hasCourseInstance[0].courseMode",
      "hasCourseInstance[0].repeatFrequency",
      "hasCourseInstance[0].location",
    ]);
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
