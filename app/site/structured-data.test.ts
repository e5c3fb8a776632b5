import { describe, expect, it } from "vitest";
import { type Branch, defaultBranches } from "~/site/branches";
import { courses } from "~/site/content/courses";
import type { PhotoView } from "~/site/photo-places";
import { formatInr, isoHours, weeksIn } from "./course-schedule";
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

const origin = "https://www.sampige-academy.example";
const [chennai, bangalore] = defaultBranches as [Branch, Branch];

describe("each branch as a local business", () => {
  it("has Google's LocalBusiness shape, with the known address, phone, map and hours", () => {
    const data = branchJsonLd(bangalore, origin) as Json;
    expect(localBusinessProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": ["EducationalOrganization", "LocalBusiness"],
      "@id": `${origin}/contact#branch-bangalore`,
      telephone: "+91 98765 43210",
      address: { streetAddress: "2nd Floor, 14 Residency Road, Ashok Nagar", postalCode: "560025" },
      openingHoursSpecification: [
        {
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
          opens: "09:30",
          closes: "18:30",
        },
      ],
      parentOrganization: { "@id": `${origin}/#organization` },
    });
  });

  it("says nothing it does not know: no street, phone, map or hours for a branch without them", () => {
    const data = branchJsonLd(chennai, origin) as Json;
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
    const { address: _address, ...noAddress } = branchJsonLd(bangalore, origin) as Json;
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
    const data = eventJsonLd(photo, defaultBranches, origin) as Json;
    expect(eventProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      name: "Weekend ESP32 workshop",
      startDate: "2026-03-14",
      image: [`${origin}/uploads/photos/workshops-esp32-0a1b2c3d-480.webp`],
      location: {
        "@type": "Place",
        name: "Sampige Tech Academy, Bangalore",
        address: { addressLocality: "Bengaluru" },
      },
    });
  });

  it("take the institute's address when no branch is given, and are no event without a date", () => {
    const data = eventJsonLd({ ...photo, branch: null }, defaultBranches, origin) as Json;
    expect(eventProblems(data)).toEqual([]);
    expect(data.location).toMatchObject({ name: "Sampige Tech Academy", address: { postalCode: "560025" } });
    expect(eventJsonLd({ ...photo, eventDate: null }, defaultBranches, origin)).toBeUndefined();
    const { startDate: _startDate, ...undated } = data;
    expect(eventProblems(undated)).toEqual(["startDate must be ISO 8601"]);
  });
});
