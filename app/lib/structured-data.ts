import { site } from "~/config/site";
import type { Course } from "~/content/types";

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

export function courseJsonLd(course: Course, origin: string, startDate: string | null) {
  const isoStart = toIsoDate(startDate);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: `${origin}/courses/${course.id}`,
    image: `${origin}${course.image.src}`,
    timeRequired: course.durationIso,
    educationalCredentialAwarded: "Course completion certificate",
    inLanguage: "en-IN",
    provider: { "@type": "EducationalOrganization", name: site.name, url: `${origin}/` },
    offers: [
      {
        "@type": "Offer",
        category: "Paid",
        price: course.feeInr,
        priceCurrency: "INR",
        url: `${origin}/online/register?course=${course.id}`,
        availability: "https://schema.org/InStock",
      },
    ],
    hasCourseInstance: [
      {
        "@type": "CourseInstance",
        courseMode: "Onsite",
        courseWorkload: course.weeklyWorkloadIso,
        courseSchedule: {
          "@type": "Schedule",
          duration: course.weeklyWorkloadIso,
          repeatFrequency: "Weekly",
          repeatCount: weeksIn(course.durationIso),
        },
        ...(isoStart ? { startDate: isoStart } : {}),
        location: {
          "@type": "Place",
          name: site.name,
          address: postalAddress(),
        },
      },
    ],
  };
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

/** "P4M" -> 17 weeks; "P12W" -> 12. Rough, for the schedule's repeat count. */
function weeksIn(isoDuration: string): number {
  const months = /P(\d+)M/.exec(isoDuration);
  if (months) return Math.round((Number(months[1]) * 52) / 12);
  const weeks = /P(\d+)W/.exec(isoDuration);
  return weeks ? Number(weeks[1]) : 12;
}

/** Start dates are free text; only a recognisable calendar date becomes structured data. */
export function toIsoDate(text: string | null): string | undefined {
  if (!text) return undefined;
  const parsed = Date.parse(`${text} UTC`);
  if (Number.isNaN(parsed)) return undefined;
  return new Date(parsed).toISOString().slice(0, 10);
}
