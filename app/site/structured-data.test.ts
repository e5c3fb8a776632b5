import { describe, expect, it } from "vitest";
import { rupees } from "~/platform/indian-numbers";
import { type Branch, defaultBranches } from "~/site/branches";
import { courses } from "~/site/content/courses";
import type { PhotoView } from "~/site/photo-places";
import type { PublicBatch } from "./batch-rules";
import { isoHours, weeksIn } from "./course-schedule";
import { branchJsonLd, courseJsonLd, eventJsonLd, toIsoDate } from "./structured-data";

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
    expect(rupees(45000)).toBe("₹45,000");
    expect(rupees(125000)).toBe("₹1,25,000");
  });
});

// The shapes Google documents for its rich results, as checks: what is required must be there,
// and what is recommended must be well-formed when given.
// LocalBusiness: https://developers.google.com/search/docs/appearance/structured-data/local-business
// Event: https://developers.google.com/search/docs/appearance/structured-data/event
type Json = Record<string, unknown>;
const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);

function postalAddressProblems(address: unknown, where: string): string[] {
  const a = address as Json | undefined;
  if (a?.["@type"] !== "PostalAddress") return [`${where}: a PostalAddress is required`];
  const problems: string[] = [];
  if (typeof a.addressLocality !== "string" || !a.addressLocality) problems.push(`${where}.addressLocality`);
  if (typeof a.addressCountry !== "string" || !/^[A-Z]{2}$/.test(a.addressCountry))
    problems.push(`${where}.addressCountry`);
  for (const key of ["streetAddress", "addressRegion", "postalCode"]) {
    if (key in a && (typeof a[key] !== "string" || !a[key])) problems.push(`${where}.${key} is empty`);
  }
  return problems;
}

function localBusinessProblems(data: Json): string[] {
  const problems: string[] = [];
  const types = ([] as unknown[]).concat(data["@type"]);
  if (data["@context"] !== "https://schema.org") problems.push("@context");
  if (!types.includes("LocalBusiness")) problems.push("@type must include LocalBusiness");
  if (typeof data.name !== "string" || !data.name) problems.push("name is required");
  problems.push(...postalAddressProblems(data.address, "address"));
  if ("telephone" in data && !/^\+\d[\d\s-]{8,}$/.test(String(data.telephone))) problems.push("telephone");
  if ("url" in data && !isUrl(data.url)) problems.push("url");
  if ("hasMap" in data && !isUrl(data.hasMap)) problems.push("hasMap");
  for (const spec of (data.openingHoursSpecification as Json[] | undefined) ?? []) {
    if (spec["@type"] !== "OpeningHoursSpecification") problems.push("openingHoursSpecification.@type");
    const days = spec.dayOfWeek as string[];
    if (
      !Array.isArray(days) ||
      days.length === 0 ||
      days.some((d) => !/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(d))
    )
      problems.push("openingHoursSpecification.dayOfWeek");
    for (const key of ["opens", "closes"]) {
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(String(spec[key]))) problems.push(`openingHoursSpecification.${key}`);
    }
  }
  return problems;
}

function eventProblems(data: Json): string[] {
  const problems: string[] = [];
  if (data["@context"] !== "https://schema.org") problems.push("@context");
  if (data["@type"] !== "Event") problems.push("@type");
  if (typeof data.name !== "string" || !data.name) problems.push("name is required");
  if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(String(data.startDate))) problems.push("startDate must be ISO 8601");
  const location = data.location as Json | undefined;
  if (location?.["@type"] !== "Place") problems.push("location must be a Place");
  else {
    if (typeof location.name !== "string") problems.push("location.name");
    problems.push(...postalAddressProblems(location.address, "location.address"));
  }
  const images = ([] as unknown[]).concat(data.image ?? []);
  if (images.length === 0 || !images.every(isUrl)) problems.push("image must be absolute URLs");
  const statuses = ["EventScheduled", "EventCancelled", "EventMovedOnline", "EventPostponed", "EventRescheduled"];
  if (!statuses.map((s) => `https://schema.org/${s}`).includes(String(data.eventStatus))) problems.push("eventStatus");
  const modes = ["Offline", "Online", "Mixed"].map((m) => `https://schema.org/${m}EventAttendanceMode`);
  if (!modes.includes(String(data.eventAttendanceMode))) problems.push("eventAttendanceMode");
  const organizer = data.organizer as Json | undefined;
  if (organizer && (typeof organizer.name !== "string" || !isUrl(organizer.url))) problems.push("organizer");
  return problems;
}

const siteOrigin = "https://www.sampige-academy.example";
const [chennai, bangalore] = defaultBranches as [Branch, Branch];

describe("each branch as a local business", () => {
  it("has Google's LocalBusiness shape, with the known address, phone, map and hours", () => {
    const data = branchJsonLd(bangalore, siteOrigin) as Json;
    expect(localBusinessProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": ["EducationalOrganization", "LocalBusiness"],
      "@id": `${siteOrigin}/contact#branch-bangalore`,
      telephone: "+91 98765 43210",
      address: { streetAddress: "2nd Floor, 14 Residency Road, Ashok Nagar", postalCode: "560025" },
      openingHoursSpecification: [
        {
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
          opens: "09:30",
          closes: "18:30",
        },
      ],
      parentOrganization: { "@id": `${siteOrigin}/#organization` },
    });
  });

  it("says nothing it does not know: no street, phone, map or hours for a branch without them", () => {
    const data = branchJsonLd(chennai, siteOrigin) as Json;
    expect(localBusinessProblems(data)).toEqual([]);
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      addressLocality: "Chennai",
      addressRegion: "Tamil Nadu",
      addressCountry: "IN",
    });
    for (const key of ["telephone", "hasMap", "openingHoursSpecification"]) expect(data).not.toHaveProperty(key);
  });

  it("is caught by the check when a required part is missing", () => {
    const { address: _address, ...noAddress } = branchJsonLd(bangalore, siteOrigin) as Json;
    expect(localBusinessProblems(noAddress)).toEqual(["address: a PostalAddress is required"]);
  });
});

describe("event photos as events", () => {
  const photo: PhotoView = {
    id: 9,
    place: "workshops",
    src: "/uploads/photos/workshops-esp32-0a1b2c3d-480.webp",
    avif: null,
    webp: null,
    width: 480,
    height: 320,
    alt: "Students wiring ESP32 boards",
    caption: "Weekend ESP32 workshop",
    eventDate: "2026-03-14",
    branch: "bangalore",
  };

  it("have Google's Event shape: name, date, the branch as the place, the photo as the image", () => {
    const data = eventJsonLd(photo, defaultBranches, siteOrigin) as Json;
    expect(eventProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      name: "Weekend ESP32 workshop",
      startDate: "2026-03-14",
      image: [`${siteOrigin}/uploads/photos/workshops-esp32-0a1b2c3d-480.webp`],
      location: {
        "@type": "Place",
        name: "Sampige Tech Academy, Bangalore",
        address: { addressLocality: "Bengaluru" },
      },
    });
  });

  it("take the institute's address when no branch is given, and are no event without a date", () => {
    const data = eventJsonLd({ ...photo, branch: null }, defaultBranches, siteOrigin) as Json;
    expect(eventProblems(data)).toEqual([]);
    expect(data.location).toMatchObject({ name: "Sampige Tech Academy", address: { postalCode: "560025" } });
    expect(eventJsonLd({ ...photo, eventDate: null }, defaultBranches, siteOrigin)).toBeUndefined();
    const { startDate: _startDate, ...undated } = data;
    expect(eventProblems(undated)).toEqual(["startDate must be ISO 8601"]);
  });
});
