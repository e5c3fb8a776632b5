import { site } from "~/config/site";
import { indiaTimeZone, monthNames } from "~/platform/india-time";
import { type Branch, weekDays } from "~/site/branches";
import type { Course } from "~/site/content/types";
import type { PhotoView } from "~/site/photo-places";
import { batchDayNames, batchLine, type CourseBatches, hoursPerClass, type PublicBatch } from "./batch-rules";
import { batchesOf, batchLastDay, isoHours, weeksIn } from "./course-schedule";

/** schema.org data for search engines, rendered as JSON-LD by pageMeta. */

export function postalAddress() {
  return {
    "@type": "PostalAddress",
    streetAddress: site.address.street,
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    postalCode: site.address.postalCode,
    addressCountry: site.address.country,
  };
}

/** A branch's address with only what is known (a branch without a street address has none here). */
export function branchAddress(branch: Pick<Branch, "address">) {
  const a = branch.address;
  return {
    "@type": "PostalAddress",
    ...(a.street ? { streetAddress: a.street } : {}),
    addressLocality: a.locality,
    addressRegion: a.region,
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
    addressCountry: a.country,
  };
}

/**
 * A branch as Google's local business rich result expects it (name and address required;
 * telephone, url, opening hours recommended), typed both as the school it is and as a local
 * business, and tied to the institute's organization.
 */
export function branchJsonLd(branch: Branch, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": ["EducationalOrganization", "LocalBusiness"],
    "@id": `${origin}/contact#branch-${branch.key}`,
    name: `${site.name}, ${branch.name}`,
    url: `${origin}/contact`,
    image: `${origin}/images/og-default.png`,
    logo: `${origin}/images/logo.svg`,
    email: site.email,
    ...(branch.phone ? { telephone: branch.phone } : {}),
    address: branchAddress(branch),
    ...(branch.mapUrl ? { hasMap: branch.mapUrl } : {}),
    ...(branch.hours
      ? {
          openingHoursSpecification: [
            {
              "@type": "OpeningHoursSpecification",
              dayOfWeek: branch.hours.days.map((code) => weekDays.find((d) => d.code === code)?.schema ?? code),
              opens: branch.hours.opens,
              closes: branch.hours.closes,
            },
          ],
        }
      : {}),
    foundingDate: String(branch.established),
    parentOrganization: { "@id": `${origin}/#organization`, name: site.name, url: `${origin}/` },
  };
}

/**
 * An event photo as Google's event rich result expects it (name, startDate and location with
 * an address required; image, description, organizer, status and attendance mode recommended).
 * Only a photo with a date is an event here: undefined otherwise. The place is the event's
 * branch, or the institute's main address when no branch is given.
 */
export function eventJsonLd(photo: PhotoView, branches: readonly Branch[], origin: string) {
  if (!photo.eventDate) return undefined;
  const branch = branches.find((b) => b.key === photo.branch);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: photo.caption,
    description: photo.caption,
    startDate: photo.eventDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: [new URL(photo.src, origin).href],
    location: branch
      ? { "@type": "Place", name: `${site.name}, ${branch.name}`, address: branchAddress(branch) }
      : { "@type": "Place", name: site.name, address: postalAddress() },
    organizer: { "@type": "Organization", name: site.name, url: `${origin}/` },
  };
}

export function organization(origin: string) {
  return {
    "@type": "EducationalOrganization",
    "@id": `${origin}/#organization`,
    name: site.name,
    slogan: site.tagline,
    description: site.blurb,
    url: `${origin}/`,
    logo: `${origin}/images/logo.svg`,
    email: site.email,
    telephone: site.phone,
    address: postalAddress(),
    sameAs: Object.values(site.links),
  };
}

export function organizationJsonLd(origin: string) {
  return { "@context": "https://schema.org", ...organization(origin) };
}

/**
 * A course as Google's course info rich result expects it: name, description, provider, a paid
 * offer in INR, and one course instance per upcoming batch with its mode, place (a branch, or
 * online), weekly schedule (the days, the hours each week, the number of weeks, first and last
 * day, class times), total workload and its own offer (the batch's fee and seats). A course
 * without upcoming batches has one instance per kind of batch (weekday, weekend) at the
 * institute, with the old free-text start date when that names a day.
 */
export function courseJsonLd(course: Course, origin: string, batches: CourseBatches) {
  const weeks = weeksIn(course.durationIso);
  const courseUrl = `${origin}/courses/${course.id}`;
  const registerUrl = `${origin}/online/register?course=${course.id}`;
  const lowestFee = batches.batches.length > 0 ? Math.min(...batches.batches.map((b) => b.feeInr)) : course.feeInr;
  const instances =
    batches.batches.length > 0
      ? batches.batches.map((batch) => batchInstance(course, batch, weeks, origin))
      : standardInstances(course, weeks, toIsoDate(batches.note), registerUrl);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": `${courseUrl}#course`,
    name: course.title,
    description: course.description,
    url: courseUrl,
    image: `${origin}${course.image.src}`,
    timeRequired: course.durationIso,
    educationalCredentialAwarded: "Course completion certificate",
    inLanguage: "en-IN",
    provider: {
      "@type": "EducationalOrganization",
      "@id": `${origin}/#organization`,
      name: site.name,
      url: `${origin}/`,
    },
    offers: [
      {
        "@type": "Offer",
        category: "Paid",
        price: lowestFee,
        priceCurrency: "INR",
        url: registerUrl,
        availability: "https://schema.org/InStock",
      },
    ],
    syllabusSections: course.syllabus.map((section) => ({
      "@type": "Syllabus",
      name: section.title,
      description: section.topics.join("; "),
    })),
    hasCourseInstance: instances,
  };
}

const seatsAvailability = {
  open: "https://schema.org/InStock",
  left: "https://schema.org/LimitedAvailability",
  "filling-fast": "https://schema.org/LimitedAvailability",
  full: "https://schema.org/SoldOut",
} as const;

/** A weekly schedule: classes on these days, this long each, for the course's weeks. */
function weeklySchedule(byDay: string[], hoursPerDay: number, weeks: number) {
  return {
    "@type": "Schedule",
    repeatFrequency: "Weekly",
    repeatCount: weeks,
    // Google reads a schedule's duration as the time taken in each repeatFrequency period.
    duration: isoHours(hoursPerDay * byDay.length),
    byDay: byDay.map((day) => `https://schema.org/${day}`),
  };
}

function batchInstance(course: Course, batch: PublicBatch, weeks: number, origin: string) {
  const byDay = batchDayNames[batch.days];
  const hours = hoursPerClass(batch);
  const endDate = batchLastDay(batch.startsOn, course);
  const online = batch.mode === "online";
  return {
    "@type": "CourseInstance",
    name: `${course.title}: ${batchLine(batch)}`,
    courseMode: online ? "Online" : "Onsite",
    // Google reads courseWorkload as the total time the course takes.
    courseWorkload: isoHours(hours * byDay.length * weeks),
    courseSchedule: {
      ...weeklySchedule(byDay, hours, weeks),
      startDate: batch.startsOn,
      endDate,
      startTime: batch.startTime,
      endTime: batch.endTime,
      scheduleTimezone: indiaTimeZone,
    },
    startDate: batch.startsOn,
    endDate,
    location: online
      ? { "@type": "VirtualLocation", url: `${origin}/courses/${course.id}` }
      : {
          "@type": "Place",
          name: `${site.name}, ${batch.branchName}`,
          address: { "@type": "PostalAddress", addressLocality: batch.branchName, addressCountry: "IN" },
        },
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: batch.feeInr,
      priceCurrency: "INR",
      ...(batch.feeIncludes ? { description: `Includes: ${batch.feeIncludes}` } : {}),
      availability: seatsAvailability[batch.seats],
      url: `${origin}/online/register?course=${course.id}&batch=${batch.id}`,
    },
  };
}

function standardInstances(course: Course, weeks: number, isoStart: string | undefined, registerUrl: string) {
  return batchesOf(course).map((batch) => ({
    "@type": "CourseInstance",
    name: `${course.title}: ${batch.label.toLowerCase()}`,
    courseMode: "Onsite",
    courseWorkload: isoHours(batch.hoursPerDay * batch.byDay.length * weeks),
    courseSchedule: {
      ...weeklySchedule(batch.byDay, batch.hoursPerDay, weeks),
      ...(isoStart ? { startDate: isoStart, endDate: batchLastDay(isoStart, course) } : {}),
    },
    ...(isoStart ? { startDate: isoStart } : {}),
    location: {
      "@type": "Place",
      name: site.name,
      address: postalAddress(),
    },
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: course.feeInr,
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      url: registerUrl,
    },
  }));
}

export function courseListJsonLd(courses: Course[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Upcoming new batches",
    itemListElement: courses.map((course, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: `${origin}/courses/${course.id}`,
      name: course.title,
    })),
  };
}

type DateParts = { day: number; month: number; year: number };

const datePatterns: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => DateParts }> = [
  // 2027-01-12
  {
    pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
    read: (m) => ({ year: +(m[1] ?? 0), month: +(m[2] ?? 0), day: +(m[3] ?? 0) }),
  },
  // 12/01/2027, 12-01-2027, 12.01.2027: day first
  {
    pattern: /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/,
    read: (m) => ({ day: +(m[1] ?? 0), month: +(m[2] ?? 0), year: +(m[3] ?? 0) }),
  },
  // 12 January 2027, 12th Jan. 2027
  {
    pattern: /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.? (\d{4})$/,
    read: (m) => ({ day: +(m[1] ?? 0), month: monthNumber(m[2] ?? ""), year: +(m[3] ?? 0) }),
  },
  // January 12, 2027
  {
    pattern: /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/,
    read: (m) => ({ day: +(m[2] ?? 0), month: monthNumber(m[1] ?? ""), year: +(m[3] ?? 0) }),
  },
];

/**
 * Start dates are free text that staff type. Only an unambiguous calendar date becomes
 * structured data: "12 January 2027", "12th Jan 2027", "January 12, 2027", "2027-01-12", or
 * day first with slashes or dashes as written in India ("12/01/2027"). Anything else
 * ("Starting soon", "Mid-February 2027", "March 2027") gives no date rather than a wrong one.
 */
export function toIsoDate(text: string | null): string | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase().replace(/,/g, " ").replace(/\s+/g, " ");
  const parts = datePatterns
    .map(({ pattern, read }) => {
      const m = pattern.exec(t);
      return m ? read(m) : undefined;
    })
    .find(Boolean);
  if (!parts) return undefined;
  const { day, month, year } = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

function monthNumber(word: string): number {
  if (word.length < 3) return 0;
  // "jan", "janu" and "january" are January; "janitor" is not.
  return monthNames.findIndex((name) => name.toLowerCase().startsWith(word)) + 1;
}
